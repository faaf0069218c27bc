//! `LabelSelector` and its requirements.

use super::{convert_list, upstream};
use crate::meta::v1::{LabelSelector, LabelSelectorRequirement};

impl From<LabelSelector> for upstream::LabelSelector {
    fn from(selector: LabelSelector) -> Self {
        let LabelSelector { match_labels, match_expressions } = selector;
        Self { match_expressions: convert_list(match_expressions), match_labels }
    }
}

impl From<upstream::LabelSelector> for LabelSelector {
    fn from(selector: upstream::LabelSelector) -> Self {
        let upstream::LabelSelector { match_expressions, match_labels } = selector;
        Self { match_labels, match_expressions: convert_list(match_expressions) }
    }
}

impl From<LabelSelectorRequirement> for upstream::LabelSelectorRequirement {
    fn from(requirement: LabelSelectorRequirement) -> Self {
        let LabelSelectorRequirement { key, operator, values } = requirement;
        Self { key, operator, values }
    }
}

impl From<upstream::LabelSelectorRequirement> for LabelSelectorRequirement {
    fn from(requirement: upstream::LabelSelectorRequirement) -> Self {
        let upstream::LabelSelectorRequirement { key, operator, values } = requirement;
        Self { key, operator, values }
    }
}
