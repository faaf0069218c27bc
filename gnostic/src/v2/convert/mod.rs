//! Converting a swagger JSON document into `openapi.v2` messages, following gnostic's `openapi_v2.NewDocument`.
//!
//! Objects are checked against the keys gnostic allows (plus `x-` extensions), and the object each value
//! becomes is chosen the way gnostic chooses it (by `$ref`, `in`, `type`, `flow`). Map entries come out sorted by
//! key so equal documents give equal bytes.

mod document;
mod operation;
mod parameters;
mod schema;
mod security;

pub(super) use document::document;

use super::messages::{
    Any, Definitions, Header, Headers, NamedAny, NamedHeader, NamedParameter, NamedResponse, NamedSchema,
    NamedSecurityDefinitionsItem, Parameter, ParameterDefinitions, Properties, Response, ResponseDefinitions, Schema,
    SecurityDefinitions, SecurityDefinitionsItem,
};
use crate::reader::{Obj, Problems, named_lists};
use crate::yaml::to_yaml;
use serde_json::Value;

named_lists! {
    Definitions of NamedSchema(Schema),
    Properties of NamedSchema(Schema),
    ParameterDefinitions of NamedParameter(Parameter),
    ResponseDefinitions of NamedResponse(Response),
    Headers of NamedHeader(Header),
    SecurityDefinitions of NamedSecurityDefinitionsItem(SecurityDefinitionsItem),
}

/// A free-form value as gnostic stores it: YAML text, no parsed value.
fn any(value: &Value) -> Any {
    Any { value: None, yaml: to_yaml(value) }
}

/// The `x-` keys of `object`, sorted.
fn extensions(object: &Obj<'_>) -> Vec<NamedAny> {
    object.extensions().into_iter().map(|(name, value)| named_any(name.to_owned(), value)).collect()
}

fn named_any(name: String, value: &Value) -> NamedAny {
    NamedAny { name, value: Some(any(value)) }
}

/// The free-form value under `key`, if present.
fn optional_any(object: &Obj<'_>, key: &str) -> Option<Any> {
    object.get(key).map(any)
}

/// The list under `key` as free-form values (an `enum`).
fn anys(problems: &mut Problems, object: &Obj<'_>, key: &str) -> Vec<Any> {
    object.list(problems, key).iter().map(any).collect()
}
