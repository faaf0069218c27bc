//! Why a swagger 2.0 document could not be converted at all.

use std::fmt;

/// A swagger 2.0 document the converter cannot read: its messages name the offending place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversionError {
    kind: ErrorKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum ErrorKind {
    NotAnObject(String),
    NotSwagger2(String),
    DanglingReference(String),
    MalformedParameter(String),
}

impl ConversionError {
    /// `what` (a JSON pointer or a name) should be an object and is not.
    pub(crate) fn not_an_object(what: impl Into<String>) -> Self {
        Self { kind: ErrorKind::NotAnObject(what.into()) }
    }

    /// The `swagger` field is missing or not `"2.0"`; `found` is what it holds.
    pub(crate) fn not_swagger2(found: impl Into<String>) -> Self {
        Self { kind: ErrorKind::NotSwagger2(found.into()) }
    }

    /// A `$ref` names something the document does not define.
    pub(crate) fn dangling_reference(reference: impl Into<String>) -> Self {
        Self { kind: ErrorKind::DanglingReference(reference.into()) }
    }

    /// A parameter lacks `in` or `name`; `at` says where it is.
    pub(crate) fn malformed_parameter(at: impl Into<String>) -> Self {
        Self { kind: ErrorKind::MalformedParameter(at.into()) }
    }
}

impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::NotAnObject(what) => write!(f, "{what} is not a JSON object"),
            ErrorKind::NotSwagger2(found) => write!(f, "not a swagger 2.0 document (swagger field: {found})"),
            ErrorKind::DanglingReference(reference) => write!(f, "reference {reference} names nothing in the document"),
            ErrorKind::MalformedParameter(at) => write!(f, "parameter at {at} has no `in` or no `name`"),
        }
    }
}

impl std::error::Error for ConversionError {}
