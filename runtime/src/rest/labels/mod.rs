//! Label selectors (`labelSelector`), read and matched as kube-apiserver does: comma-separated requirements on an
//! object's labels (`k=v`, `k==v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`, `k`, `!k`, `k>n`, `k<n`), all of which
//! must hold. An object without labels is matched as one with an empty label map.

mod parse;
mod syntax;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// A parsed label selector; the empty one selects everything.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Selector {
    requirements: Vec<Requirement>,
}

/// One condition on the label `key`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Requirement {
    key: String,
    test: Test,
}

/// What a requirement asks of its label.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Test {
    /// Present with one of these values (`=`, `==`, `in`).
    In(BTreeSet<String>),
    /// Absent, or present with none of these values (`!=`, `notin`).
    NotIn(BTreeSet<String>),
    /// Present, whatever its value.
    Exists,
    /// Absent.
    DoesNotExist,
    /// Present with a whole number above this one.
    GreaterThan(i64),
    /// Present with a whole number below this one.
    LessThan(i64),
}

/// A label selector that does not parse, with the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct InvalidSelector {
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

impl Requirement {
    /// Whether the requirement holds for a label whose value is `value` (`None`: the label is absent).
    fn holds(&self, value: Option<&String>) -> bool {
        match (&self.test, value) {
            (Test::In(values), Some(value)) => values.contains(value),
            (Test::NotIn(values), Some(value)) => !values.contains(value),
            (Test::Exists, Some(_)) | (Test::NotIn(_) | Test::DoesNotExist, None) => true,
            (Test::GreaterThan(bound), Some(value)) => value.parse::<i64>().is_ok_and(|number| number > *bound),
            (Test::LessThan(bound), Some(value)) => value.parse::<i64>().is_ok_and(|number| number < *bound),
            (Test::DoesNotExist, Some(_)) | (_, None) => false,
        }
    }
}
