//! Arbitrary JSON inside a schema (`default`, `example`, `enum`): held as `serde_json::Value`, published as the
//! opaque `JSON` definition those fields refer to.

use kapi::Registry;
use kapi::model::{ProtoScalar, SchemaNode};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use super::names::PACKAGE;
use crate::special::{described, single_field_message, special_schema};

/// Any JSON value, as the named type `JSON`: what a schema's `default`, `example` and `enum` entries are.
///
/// [`JsonSchemaProps`](super::JsonSchemaProps) holds those as plain [`Value`]s; this type gives them their
/// definition, and suits fields of other types that hold a free JSON value.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Json(pub Value);

special_schema!(
    Json,
    package = PACKAGE,
    name = "JSON",
    body = described(
        "Any JSON value: a boolean, a number, a string, an array, an object or null. Carried as its JSON text on \
         the protobuf wire."
    ),
    // go-to-protobuf's form: the value's JSON text.
    proto = single_field_message("raw", ProtoScalar::Bytes)
);

impl From<Value> for Json {
    fn from(value: Value) -> Self {
        Self(value)
    }
}

/// The schema of a field holding one JSON value: a reference to `JSON`.
pub(super) fn json_value_schema(registry: &mut Registry) -> SchemaNode {
    registry.schema_for::<Json>()
}

/// The schema of a field holding a list of JSON values: an array of references to `JSON`.
pub(super) fn json_values_schema(registry: &mut Registry) -> SchemaNode {
    registry.schema_for::<Vec<Json>>()
}

/// The schema of a field holding a JSON number kept as written (`5` stays `5`, `0.5` stays `0.5`): a double, as
/// upstream declares it.
pub(super) fn number_schema(registry: &mut Registry) -> SchemaNode {
    registry.schema_for::<f64>()
}

/// Reads a field that is present as `Some`, `null` included, so `"default": null` survives a round trip
/// (a plain `Option<Value>` would read it as absent).
pub(super) fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}
