//! Why a field is wrong, as apimachinery's `field.ErrorType` names it: the `reason` of a `metav1.Status` cause.
//! Each check states its reason where it finds the problem, so nothing is recovered by parsing messages.

use std::fmt;

/// The kind of a field error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reason {
    /// `FieldValueNotFound`: a reference to something that does not exist.
    NotFound,
    /// `FieldValueRequired`: a required field is missing or empty.
    Required,
    /// `FieldValueDuplicate`: a value repeats one that must be unique.
    Duplicate,
    /// `FieldValueInvalid`: a value of the right type but not acceptable.
    Invalid,
    /// `FieldValueNotSupported`: a value outside a fixed set.
    NotSupported,
    /// `FieldValueForbidden`: a field that may not be set here.
    Forbidden,
    /// `FieldValueTooLong`: a value over its length limit.
    TooLong,
    /// `FieldValueTooMany`: a list or map with too many entries.
    TooMany,
    /// `FieldValueTypeInvalid`: a value of the wrong JSON type.
    TypeInvalid,
    /// `InternalError`: the server could not check the field at all.
    Internal,
}

impl Reason {
    /// The name a `metav1.Status` cause carries (`FieldValueInvalid`, …).
    pub fn cause_reason(self) -> &'static str {
        match self {
            Reason::NotFound => "FieldValueNotFound",
            Reason::Required => "FieldValueRequired",
            Reason::Duplicate => "FieldValueDuplicate",
            Reason::Invalid => "FieldValueInvalid",
            Reason::NotSupported => "FieldValueNotSupported",
            Reason::Forbidden => "FieldValueForbidden",
            Reason::TooLong => "FieldValueTooLong",
            Reason::TooMany => "FieldValueTooMany",
            Reason::TypeInvalid => "FieldValueTypeInvalid",
            Reason::Internal => "InternalError",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.cause_reason())
    }
}

/// Which check found a problem; it decides how the problem reads as a server answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Origin {
    /// The document cannot be decoded into its kind at all: an unknown apiVersion or kind, or an `ObjectMeta`
    /// field of the wrong JSON type (the server fails before any validation; status `InternalError`).
    Decode,
    /// A field the kind's schema does not declare (strict decoding, before validation).
    UnknownField,
    /// The object metadata rules the server applies to every object (names, labels, annotations, …).
    Metadata,
    /// The kind's OpenAPI schema.
    Schema,
    /// A check the server applies in code to a built-in kind, beyond its published schema.
    BuiltinRule,
    /// The validation of a CustomResourceDefinition object itself (its schemas and rules).
    Crd,
    /// A CEL rule (`x-kubernetes-validations`).
    Cel,
}
