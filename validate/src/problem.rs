//! One problem with one document, as `kapi validate` reports it.

use std::fmt;

use crate::reason::{Origin, Reason};

/// One problem with one document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The file, as given.
    pub file: String,
    /// The document's number in the file, from 1.
    pub document: usize,
    /// `Kind/name` of the object, as far as the document says.
    pub object: String,
    /// The field, kubectl style (`spec.ports[1].port`); empty for the document as a whole.
    pub field: String,
    /// The kind of problem, as the server's field error names it.
    pub reason: Reason,
    /// Which check found it.
    pub origin: Origin,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Problem {
    /// `FILE:DOC: Kind/name: field: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let field = if self.field.is_empty() { "<root>" } else { &self.field };
        write!(f, "{}:{}: {}: {field}: {}", self.file, self.document, self.object, self.message)
    }
}
