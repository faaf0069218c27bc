//! What a definition says about its protobuf form: fixed field numbers, wrapped lists, and hand-written message
//! shapes for the types whose wire form does not follow from their JSON schema.

use std::collections::BTreeMap;

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use crate::schema::SchemaNode;

/// Protobuf facts about one definition; empty for most of them, which are derived from the schema alone.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ProtoInfo {
    /// Field numbers fixed by `#[kapi(proto = N)]`, by the field's JSON name. Fields without one are numbered by
    /// the generator's ledger.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub numbers: BTreeMap<String, u32>,
    /// List fields carried inside a named wrapper message `{ repeated T items = 1; }` in the definition's package,
    /// by JSON field name (go-to-protobuf writes named slice types such as meta/v1 `Verbs` this way).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub wrappers: BTreeMap<String, String>,
    /// Protobuf field names set by `#[kapi(proto_name = "...")]`, by JSON name; other fields are named after their
    /// JSON name (made a valid identifier). Kubernetes' types carry go-to-protobuf's names (`uID`, `Webhooks`).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub names: BTreeMap<String, String>,
    /// Fields only the protobuf form has, in declaration order, by name: serde-skipped fields with a `proto = N`
    /// (upstream's wire format may be newer than the JSON the corpus mirrors, as meta/v1 `ListMeta.shardInfo`).
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub wire_only: IndexMap<String, SchemaNode>,
    /// Flattened fields the protobuf form carries as one embedded message each, in declaration order, by field
    /// name: go-to-protobuf writes a Go struct embedded inline in JSON (networking/v1 `IngressRule`'s
    /// `IngressRuleValue`) as a message field of its own, so the properties it brings are not fields of this
    /// message. Their numbers are in `numbers`.
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub embedded: IndexMap<String, SchemaNode>,
    /// Flattened fields of `inline` types the protobuf form still carries as one embedded message each, by field
    /// name: go-to-protobuf gives every embedded Go struct a message, even where Kubernetes' OpenAPI has no
    /// definition for it (core/v1 `Probe`'s `ProbeHandler`, `Volume`'s `VolumeSource`). Their numbers are in
    /// `numbers`.
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub embedded_inline: IndexMap<String, InlineMessage>,
    /// The message as written by hand, replacing the one derived from the schema (time stamps are
    /// `{seconds, nanos}` on the wire but RFC 3339 strings in JSON).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<ProtoMessage>,
}

impl ProtoInfo {
    /// True when the definition says nothing about protobuf.
    pub fn is_empty(&self) -> bool {
        self == &Self::default()
    }
}

/// The protobuf message of an embedded type that has no definition of its own: it lives in the embedding
/// definition's package, named after the Rust type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InlineMessage {
    /// The message's name (`ProbeHandler`), without a package.
    pub name: String,
    /// The comment of the embedding field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_description: Option<String>,
    /// The embedded type's schema: an object whose properties the embedding object carries inline in JSON.
    pub schema: SchemaNode,
    /// The embedded type's own protobuf facts (its field numbers).
    #[serde(default, skip_serializing_if = "ProtoInfo::is_empty")]
    pub proto: ProtoInfo,
}

/// A message shape given by hand: its fields in declaration order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProtoMessage {
    /// The fields, in the order they are written.
    pub fields: Vec<ProtoField>,
}

impl ProtoMessage {
    /// A message with these fields.
    pub fn new(fields: Vec<ProtoField>) -> Self {
        Self { fields }
    }

    /// A message with no fields (meta/v1 `Patch`).
    pub fn empty() -> Self {
        Self::default()
    }
}

/// One field of a hand-written message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProtoField {
    /// The field name, as upstream spells it (`seconds`, `intVal`, `Raw`).
    pub name: String,
    /// The field number.
    pub number: u32,
    /// The scalar type.
    #[serde(rename = "type")]
    pub scalar: ProtoScalar,
    /// `repeated` rather than `optional`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub repeated: bool,
}

impl ProtoField {
    /// An `optional` scalar field.
    pub fn optional(name: &str, number: u32, scalar: ProtoScalar) -> Self {
        Self { name: name.to_owned(), number, scalar, repeated: false }
    }
}

fn is_false(flag: &bool) -> bool {
    !*flag
}

/// The protobuf scalar types kapi writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProtoScalar {
    /// `double`
    Double,
    /// `float`
    Float,
    /// `int32`
    Int32,
    /// `int64`
    Int64,
    /// `bool`
    Bool,
    /// `string`
    String,
    /// `bytes`
    Bytes,
}

impl ProtoScalar {
    /// The type's name in a .proto file.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Double => "double",
            Self::Float => "float",
            Self::Int32 => "int32",
            Self::Int64 => "int64",
            Self::Bool => "bool",
            Self::String => "string",
            Self::Bytes => "bytes",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proto_facts_round_trip_through_the_model_and_vanish_when_empty() -> serde_json::Result<()> {
        assert_eq!(serde_json::to_value(ProtoInfo::default())?, serde_json::json!({}));
        let mut info = ProtoInfo::default();
        info.numbers.insert("metadata".into(), 1);
        info.wrappers.insert("verbs".into(), "Verbs".into());
        info.message = Some(ProtoMessage::new(vec![ProtoField::optional("seconds", 1, ProtoScalar::Int64)]));
        let json = serde_json::to_value(&info)?;
        assert_eq!(json["message"]["fields"][0], serde_json::json!({"name": "seconds", "number": 1, "type": "int64"}));
        assert_eq!(serde_json::from_value::<ProtoInfo>(json)?, info);
        Ok(())
    }
}
