//! Kubernetes' protobuf body: the `k8s\0` magic, then a `runtime.Unknown` whose `typeMeta` names the object and
//! whose `raw` holds the object's message, both read and written with the types built from `generated/proto`.

use kapi_proto_roundtrip::pb::k8s::io::apimachinery::pkg::runtime::{TypeMeta, Unknown};
use kapi_proto_roundtrip::{Hints, to_json, to_message};
use prost::Message as _;
use prost_reflect::{DescriptorPool, DynamicMessage, MessageDescriptor, ReflectMessage as _, Value as Field};
use serde_json::Value;

use crate::discovery::StoredKind;

const MAGIC: &[u8] = b"k8s\0";

/// The generated message of `kind`: in the package of its group's first label (`core` for the core group) and its
/// version, under `k8s.io`.
pub fn message_of(pool: &DescriptorPool, kind: &StoredKind) -> Option<MessageDescriptor> {
    let label = if kind.group.is_empty() { "core" } else { kind.group.split('.').next().unwrap_or_default() };
    let suffix = format!(".{label}.{}.{}", kind.version, kind.kind);
    pool.all_messages().find(|m| m.full_name().starts_with("k8s.io.") && m.full_name().ends_with(&suffix))
}

/// The object in a protobuf body, as JSON with its `apiVersion` and `kind` from the envelope.
pub fn decode(body: &[u8], message: &MessageDescriptor, hints: &Hints) -> Result<Value, String> {
    let inner = body.strip_prefix(MAGIC).ok_or("the body does not start with k8s\\0")?;
    let unknown = Unknown::decode(inner).map_err(|e| format!("runtime.Unknown: {e}"))?;
    let type_meta = unknown.type_meta.unwrap_or_default();
    let raw = unknown.raw.unwrap_or_default();
    let object = DynamicMessage::decode(message.clone(), raw.as_slice())
        .map_err(|e| format!("{} does not decode: {e}", message.full_name()))?;
    if let Some(path) = first_unknown_field(&object, "") {
        return Err(format!("the server's bytes hold a field our .proto does not have: {path}"));
    }
    let mut json = to_json(&object, hints)?;
    let map = json.as_object_mut().ok_or("the object is not a JSON object")?;
    map.insert("apiVersion".to_owned(), Value::from(type_meta.api_version.unwrap_or_default()));
    map.insert("kind".to_owned(), Value::from(type_meta.kind.unwrap_or_default()));
    Ok(json)
}

/// `object` (JSON, with `apiVersion` and `kind`) as a protobuf body.
pub fn encode(object: &Value, message: &MessageDescriptor, hints: &Hints) -> Result<Vec<u8>, String> {
    let text = |field: &str| object[field].as_str().map(str::to_owned);
    let mut fields = object.as_object().cloned().ok_or("the object is not a JSON object")?;
    fields.remove("apiVersion");
    fields.remove("kind");
    let dynamic = to_message(&Value::Object(fields), message, hints)?;
    let unknown = Unknown {
        type_meta: Some(TypeMeta { api_version: text("apiVersion"), kind: text("kind") }),
        raw: Some(dynamic.encode_to_vec()),
        content_encoding: Some(String::new()),
        content_type: Some(String::new()),
    };
    let mut body = MAGIC.to_vec();
    body.extend(unknown.encode_to_vec());
    Ok(body)
}

/// The path of the first field, at any depth, that our descriptors do not know (a field number upstream uses and
/// ours does not).
fn first_unknown_field(message: &DynamicMessage, path: &str) -> Option<String> {
    if let Some(field) = message.unknown_fields().next() {
        return Some(format!("{path} (in {}) field number {}", message.descriptor().full_name(), field.number()));
    }
    message.fields().find_map(|(field, value)| {
        let here = format!("{path}.{}", field.json_name());
        match value {
            Field::Message(inner) => first_unknown_field(inner, &here),
            Field::List(items) => items.iter().enumerate().find_map(|(i, item)| match item {
                Field::Message(inner) => first_unknown_field(inner, &format!("{here}[{i}]")),
                _ => None,
            }),
            Field::Map(entries) => entries.iter().find_map(|(key, item)| match item {
                Field::Message(inner) => first_unknown_field(inner, &format!("{here}[{key:?}]")),
                _ => None,
            }),
            _ => None,
        }
    })
}
