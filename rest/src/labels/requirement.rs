//! One requirement of a label selector: a label's key and the test its value must pass.

use std::collections::BTreeSet;

/// One condition on the label `key`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Requirement {
    pub key: String,
    pub test: Test,
}

/// What a requirement asks of its label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Test {
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

impl Requirement {
    /// Whether the requirement holds for a label whose value is `value` (`None`: the label is absent).
    pub fn holds(&self, value: Option<&String>) -> bool {
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
