//! OpenAPI documents compared directly: an OpenAPI v3 (3.0 or 3.1) or swagger 2.0 document, JSON or YAML, from
//! anywhere, not only kapi's own trees.
//!
//! A document is read into its operations (a method on a path): their parameters, request body and responses,
//! each with its schema read into kapi's model as `kapi import` reads schemas. Two documents are compared
//! operation by operation; every schema is walked by the same rules as a kind's, in the direction its values
//! travel (the schema rules): a request's schema breaks senders when it narrows, a response's breaks readers when
//! it gives them what they may not expect (a field gone or optional, a type changed, a new enum value, null).
//!
//! A finding's location is the operation (`POST /pets`, as the old document writes the path) and where in it:
//! `request body.age`, `query parameter status`, `response 200.data.name`; when a body's media types carry
//! different schemas, the media type follows (`response 200 application/json`).

mod compare;
mod prepare;
mod read;

pub use compare::compare;

use crate::rule::Rule;

/// The rules only documents give rise to: their operations, and what a response alone can break.
pub const RULES: &[Rule] = &[
    Rule::PathRemoved,
    Rule::OperationRemoved,
    Rule::ParameterRemoved,
    Rule::ParameterRequired,
    Rule::RequestBodyRequired,
    Rule::MediaTypeRemoved,
    Rule::ResponseRemoved,
    Rule::FieldOptional,
    Rule::NullableAdded,
];
pub use read::{Document, is_document, read};
