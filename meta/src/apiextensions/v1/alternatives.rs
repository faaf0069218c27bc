//! Reading and publishing the keyword values that take one of two JSON forms ([`JsonSchemaPropsOrArray`],
//! [`JsonSchemaPropsOrBool`], [`JsonSchemaPropsOrStringArray`]).
//!
//! They are read by looking at the JSON: an object is always the schema. Their published schema is only a
//! description (the value is polymorphic), while on the protobuf wire each is a message with one field per form,
//! as go-to-protobuf writes upstream's structs.

use std::fmt;

use kapi::model::derive_support::wire_only;
use kapi::model::{DefName, DefinitionInfo, SchemaNode};
use kapi::{Registry, Schema};
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::json_schema_props::{
    JsonSchemaProps, JsonSchemaPropsOrArray, JsonSchemaPropsOrBool, JsonSchemaPropsOrStringArray,
};
use super::names::PACKAGE;
use crate::special::{body, described};

/// A visitor reading either form of one of these enums: an object as the schema (wrapped by `schema`), the other
/// form by the visitor method of its JSON kind; `expected` names both for error messages.
struct SchemaOr<T> {
    expected: &'static str,
    schema: fn(JsonSchemaProps) -> T,
}

impl<T> SchemaOr<T> {
    fn read_schema<'de, A: MapAccess<'de>>(&self, map: A) -> Result<T, A::Error> {
        JsonSchemaProps::deserialize(MapAccessDeserializer::new(map)).map(self.schema)
    }
}

impl<'de> Visitor<'de> for SchemaOr<JsonSchemaPropsOrArray> {
    type Value = JsonSchemaPropsOrArray;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expected)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.read_schema(map)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        Vec::deserialize(SeqAccessDeserializer::new(seq)).map(JsonSchemaPropsOrArray::Schemas)
    }
}

impl<'de> Visitor<'de> for SchemaOr<JsonSchemaPropsOrBool> {
    type Value = JsonSchemaPropsOrBool;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expected)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.read_schema(map)
    }

    fn visit_bool<E: serde::de::Error>(self, allows: bool) -> Result<Self::Value, E> {
        Ok(JsonSchemaPropsOrBool::Allows(allows))
    }
}

impl<'de> Visitor<'de> for SchemaOr<JsonSchemaPropsOrStringArray> {
    type Value = JsonSchemaPropsOrStringArray;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expected)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.read_schema(map)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        Vec::deserialize(SeqAccessDeserializer::new(seq)).map(JsonSchemaPropsOrStringArray::Properties)
    }
}

impl<'de> Deserialize<'de> for JsonSchemaPropsOrArray {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let schema = |schema| Self::Schema(Box::new(schema));
        deserializer.deserialize_any(SchemaOr { expected: "a schema object or an array of them", schema })
    }
}

impl<'de> Deserialize<'de> for JsonSchemaPropsOrBool {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let schema = |schema| Self::Schema(Box::new(schema));
        deserializer.deserialize_any(SchemaOr { expected: "a schema object or a boolean", schema })
    }
}

impl<'de> Deserialize<'de> for JsonSchemaPropsOrStringArray {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let schema = |schema| Self::Schema(Box::new(schema));
        deserializer.deserialize_any(SchemaOr { expected: "a schema object or an array of property names", schema })
    }
}

/// Records the package and upstream's numbers of the wire-only fields: the message is built from those fields,
/// as the JSON form (polymorphic, so the schema is only a description) says nothing about it.
fn describe_wire_fields(info: &mut DefinitionInfo, numbers: &[(&str, u32)]) {
    info.package = Some(PACKAGE.to_owned());
    for (field, number) in numbers {
        info.proto.numbers.insert((*field).to_owned(), *number);
    }
}

impl Schema for JsonSchemaPropsOrArray {
    fn definition_name() -> Option<DefName> {
        Some(DefName::from_package(PACKAGE, "JSONSchemaPropsOrArray"))
    }

    fn schema(registry: &mut Registry) -> SchemaNode {
        wire_only::<JsonSchemaProps, Self>(registry, "schema", None);
        wire_only::<Vec<JsonSchemaProps>, Self>(registry, "jSONSchemas", None);
        body(described(
            "The value of `items`: a schema that every item matches, or an array of schemas, one per position.",
        ))
    }

    fn describe_definition(info: &mut DefinitionInfo) {
        describe_wire_fields(info, &[("schema", 1), ("jSONSchemas", 2)]);
    }
}

impl Schema for JsonSchemaPropsOrBool {
    fn definition_name() -> Option<DefName> {
        Some(DefName::from_package(PACKAGE, "JSONSchemaPropsOrBool"))
    }

    fn schema(registry: &mut Registry) -> SchemaNode {
        wire_only::<bool, Self>(registry, "allows", None);
        wire_only::<JsonSchemaProps, Self>(registry, "schema", None);
        body(described(
            "Either a boolean saying whether further values are allowed, or a schema that further values must \
             match. When a schema is given, further values are allowed.",
        ))
    }

    fn describe_definition(info: &mut DefinitionInfo) {
        describe_wire_fields(info, &[("allows", 1), ("schema", 2)]);
    }
}

impl Schema for JsonSchemaPropsOrStringArray {
    fn definition_name() -> Option<DefName> {
        Some(DefName::from_package(PACKAGE, "JSONSchemaPropsOrStringArray"))
    }

    fn schema(registry: &mut Registry) -> SchemaNode {
        wire_only::<JsonSchemaProps, Self>(registry, "schema", None);
        wire_only::<Vec<String>, Self>(registry, "property", None);
        body(described(
            "Either a schema that the object must also match, or a list of property names that must also be \
             present.",
        ))
    }

    fn describe_definition(info: &mut DefinitionInfo) {
        describe_wire_fields(info, &[("schema", 1), ("property", 2)]);
    }
}
