//! Converting an OpenAPI 3 JSON document into `openapi.v3` messages, following gnostic's
//! `openapi_v3.NewDocument`.
//!
//! Objects are checked against the keys gnostic allows (plus `x-` extensions); an object with `$ref` becomes a
//! `Reference`, as gnostic decides for every `...OrReference`. Map entries come out sorted by key so equal
//! documents give equal bytes.

/// Defines `$name`, converting a value into `$or`: a `Reference` when it has `$ref`, otherwise what `$convert`
/// makes of it (the `$variant` choice of the oneof in `$module`).
macro_rules! or_reference_converter {
    ($(#[$doc:meta])* $name:ident -> $or:ident, $module:ident::$variant:ident, $convert:ident) => {
        $(#[$doc])*
        pub(super) fn $name(problems: &mut Problems, value: &Value, path: String) -> $or {
            let oneof = if is_reference(value) {
                $module::Oneof::Reference(reference(problems, value, path))
            } else {
                $module::Oneof::$variant(Box::new($convert(problems, value, path)))
            };
            $or { oneof: Some(oneof) }
        }
    };
}

mod bodies;
mod document;
mod operation;
mod schema;
mod security;

pub(super) use document::document;

use super::messages::{
    Any, CallbackOrReference, CallbacksOrReferences, Encoding, Encodings, ExampleOrReference, ExamplesOrReferences,
    HeaderOrReference, HeadersOrReferences, LinkOrReference, LinksOrReferences, MediaType, MediaTypes, NamedAny,
    NamedCallbackOrReference, NamedEncoding, NamedExampleOrReference, NamedHeaderOrReference, NamedLinkOrReference,
    NamedMediaType, NamedParameterOrReference, NamedRequestBodyOrReference, NamedResponseOrReference,
    NamedSchemaOrReference, NamedSecuritySchemeOrReference, NamedServerVariable, NamedString, ParameterOrReference,
    ParametersOrReferences, Properties, Reference, RequestBodiesOrReferences, RequestBodyOrReference,
    ResponseOrReference, ResponsesOrReferences, SchemaOrReference, SchemasOrReferences, SecuritySchemeOrReference,
    SecuritySchemesOrReferences, ServerVariable, ServerVariables, Strings,
};
use crate::reader::{Obj, Problems, kind_of, named_lists};
use crate::yaml::to_yaml;
use serde_json::Value;

named_lists! {
    SchemasOrReferences of NamedSchemaOrReference(SchemaOrReference),
    Properties of NamedSchemaOrReference(SchemaOrReference),
    ResponsesOrReferences of NamedResponseOrReference(ResponseOrReference),
    ParametersOrReferences of NamedParameterOrReference(ParameterOrReference),
    ExamplesOrReferences of NamedExampleOrReference(ExampleOrReference),
    RequestBodiesOrReferences of NamedRequestBodyOrReference(RequestBodyOrReference),
    HeadersOrReferences of NamedHeaderOrReference(HeaderOrReference),
    SecuritySchemesOrReferences of NamedSecuritySchemeOrReference(SecuritySchemeOrReference),
    LinksOrReferences of NamedLinkOrReference(LinkOrReference),
    CallbacksOrReferences of NamedCallbackOrReference(CallbackOrReference),
    MediaTypes of NamedMediaType(MediaType),
    Encodings of NamedEncoding(Encoding),
    ServerVariables of NamedServerVariable(ServerVariable),
}

/// A free-form value as gnostic stores it: YAML text, no parsed value.
fn any(value: &Value) -> Any {
    Any { value: None, yaml: to_yaml(value) }
}

fn named_any(name: String, value: &Value) -> NamedAny {
    NamedAny { name, value: Some(any(value)) }
}

/// The `x-` keys of `object`, sorted.
fn extensions(object: &Obj<'_>) -> Vec<NamedAny> {
    object.extensions().into_iter().map(|(name, value)| named_any(name.to_owned(), value)).collect()
}

/// The free-form value under `key`, if present.
fn optional_any(object: &Obj<'_>, key: &str) -> Option<Any> {
    object.get(key).map(any)
}

/// Whether gnostic reads `value` as a `Reference` rather than the object a `...OrReference` otherwise holds.
fn is_reference(value: &Value) -> bool {
    value.get("$ref").is_some()
}

/// Converts a `{"$ref": ...}` object.
fn reference(problems: &mut Problems, value: &Value, path: String) -> Reference {
    let Some(o) = Obj::new(problems, value, path, "a reference") else { return Reference::default() };
    o.check_keys_without_extensions(problems, &["$ref", "summary", "description"], &["$ref"]);
    Reference {
        _ref: o.string(problems, "$ref"),
        summary: o.string(problems, "summary"),
        description: o.string(problems, "description"),
    }
}

/// A map of strings (a discriminator's mapping, OAuth scopes).
fn strings(problems: &mut Problems, o: &Obj<'_>) -> Strings {
    let named = o.each(problems, |problems, value, path| match value {
        Value::String(s) => s.clone(),
        other => {
            problems.add(&path, format_args!("must be a string, found {}", kind_of(other)));
            String::new()
        }
    });
    Strings { additional_properties: named.into_iter().map(|(name, value)| NamedString { name, value }).collect() }
}
