//! Label selectors (`labelSelector`), read and matched as kube-apiserver does: comma-separated requirements on an
//! object's labels (`k=v`, `k==v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`, `k`, `!k`, `k>n`, `k<n`), all of which
//! must hold. An object without labels is matched as one with an empty label map.

mod parse;
mod requirement;
mod syntax;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::fmt;

use requirement::Requirement;

/// A parsed label selector; the empty one selects everything.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selector {
    requirements: Vec<Requirement>,
}

/// A label selector that does not parse, with the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidSelector {
    selector: String,
    reason: String,
}

impl fmt::Display for InvalidSelector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unable to parse label selector {:?}: {}", self.selector, self.reason)
    }
}

impl std::error::Error for InvalidSelector {}

impl Selector {
    /// Reads `text`; blank text is the empty selector.
    pub fn parse(text: &str) -> Result<Self, InvalidSelector> {
        parse::requirements(text)
            .map(|requirements| Self { requirements })
            .map_err(|reason| InvalidSelector { selector: text.to_owned(), reason })
    }

    /// True when every requirement holds for `labels` (`None`: no labels).
    pub fn matches(&self, labels: Option<&BTreeMap<String, String>>) -> bool {
        self.requirements.iter().all(|requirement| requirement.holds(labels.and_then(|l| l.get(&requirement.key))))
    }

    /// True when the selector has no requirement (selects everything).
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.requirements.is_empty()
    }
}
