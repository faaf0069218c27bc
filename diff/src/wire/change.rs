//! A wire change as the rules find it, before the comparison places it in a group-version.

use crate::rule::Rule;

/// A change as the rules find it, before it is placed in a group-version: the package and the element, the file it
/// is reported in, what it is about (`field 5`, `value 2`, `reserved range [5,9]`; empty for the element itself),
/// and what changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Change {
    pub rule: Rule,
    pub package: String,
    pub element: String,
    pub path: String,
    pub file: String,
    pub subject: String,
    pub what: String,
}

impl Change {
    /// The detail as findings print it: `<file> <subject>: <what>`, buf's coordinates (its file and the number it
    /// names) first, so that the two tools' reports can be laid side by side.
    pub(super) fn detail(&self) -> String {
        match self.subject.as_str() {
            "" => format!("{}: {}", self.file, self.what),
            subject => format!("{} {subject}: {}", self.file, self.what),
        }
    }
}
