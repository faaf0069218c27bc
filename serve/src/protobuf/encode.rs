//! A Kubernetes JSON document as a `DynamicMessage` of its generated protobuf message, walking both together.
//!
//! go-to-protobuf names every field exactly as its JSON key, so a key is found by field name. The walk follows
//! Kubernetes' conventions rather than the protobuf JSON mapping: `kind` and `apiVersion` without a field of their
//! own are the inline `TypeMeta` (carried by the envelope, never inside the object), `null` means absent, a named
//! list type (`meta/v1.Verbs`) is a message whose `items` hold the JSON array, and the types with a custom JSON
//! form (Time, Quantity, IntOrString, …) are converted in [`super::well_known`]. A Go struct embedded inline
//! (`IngressRule`'s `IngressRuleValue`) is one message field whose own fields' keys sit in the owner's JSON: a key
//! without a field goes into such a field, when exactly one has a field for it. Anything else that does not fit
//! is an error naming the JSON path: the definitions and the documents disagree.

use std::collections::{BTreeMap, HashMap};

use prost_reflect::{DynamicMessage, FieldDescriptor, Kind, MapKey, MessageDescriptor, Value as Field};
use serde_json::Value;

use super::field::set;
use super::well_known;

/// JSON keys of the inline `TypeMeta`: dropped when the message has no field of that name.
const INLINE_TYPE_META: [&str; 2] = ["kind", "apiVersion"];

/// `json` as a message of type `desc`; `at` is its JSON path, for errors.
pub(crate) fn message(desc: &MessageDescriptor, json: &Value, at: &str) -> Result<DynamicMessage, String> {
    if let Some(special) = well_known::message(desc, json, at)? {
        return Ok(special);
    }
    if let Value::Array(_) = json
        && let Some(items) = named_list_items(desc)
    {
        let mut out = DynamicMessage::new(desc.clone());
        set(&mut out, &items, field_value(&items, json, at)?, at)?;
        return Ok(out);
    }
    let Value::Object(object) = json else {
        return Err(format!("{at}: expected an object ({}), found {}", desc.full_name(), type_name(json)));
    };
    let mut out = DynamicMessage::new(desc.clone());
    // The keys of embedded structs, gathered per embedding field (by number, the order of the message).
    let mut embedded: BTreeMap<u32, (FieldDescriptor, serde_json::Map<String, Value>)> = BTreeMap::new();
    for (key, value) in object {
        if value.is_null() {
            continue;
        }
        let child = format!("{at}.{key}");
        let Some(field) = field_for(desc, key) else {
            if INLINE_TYPE_META.contains(&key.as_str()) {
                continue;
            }
            if let Some(embedding) = embedding_field(desc, object, key) {
                let entry = embedded.entry(embedding.number()).or_insert_with(|| (embedding, serde_json::Map::new()));
                entry.1.insert(key.clone(), value.clone());
                continue;
            }
            return Err(format!("{child}: {} has no field {key:?}", desc.full_name()));
        };
        set(&mut out, &field, field_value(&field, value, &child)?, &child)?;
    }
    for (field, keys) in embedded.into_values() {
        let child = format!("{at}(.{})", field.name());
        set(&mut out, &field, single(&field.kind(), &Value::Object(keys), &child)?, &child)?;
    }
    Ok(out)
}

/// The field a JSON key names: go-to-protobuf names fields as their keys.
fn field_for(desc: &MessageDescriptor, key: &str) -> Option<FieldDescriptor> {
    desc.get_field_by_name(key).or_else(|| desc.get_field_by_json_name(key))
}

/// The one singular message field of `desc` that stands for an embedded struct carrying `key`: the JSON has no key
/// of its own for it, and its message has a field named `key`. None when no field, or several, would do.
fn embedding_field(
    desc: &MessageDescriptor,
    object: &serde_json::Map<String, Value>,
    key: &str,
) -> Option<FieldDescriptor> {
    let mut candidates = desc.fields().filter(|field| {
        let Kind::Message(inner) = field.kind() else { return false };
        !field.is_list()
            && !field.is_map()
            && !object.contains_key(field.name())
            && !object.contains_key(field.json_name())
            && field_for(&inner, key).is_some()
    });
    let only = candidates.next()?;
    candidates.next().is_none().then_some(only)
}

/// go-to-protobuf turns a named slice type (`type Verbs []string`) into a message with one repeated `items`.
fn named_list_items(desc: &MessageDescriptor) -> Option<FieldDescriptor> {
    let mut fields = desc.fields();
    let only = fields.next()?;
    (fields.next().is_none() && only.name() == "items" && only.is_list()).then_some(only)
}

fn field_value(field: &FieldDescriptor, json: &Value, at: &str) -> Result<Field, String> {
    if field.is_map() {
        return map(field, json, at);
    }
    if field.is_list() {
        let Value::Array(items) = json else {
            return Err(format!("{at}: expected a list, found {}", type_name(json)));
        };
        let kind = field.kind();
        let values = items.iter().enumerate().map(|(i, item)| single(&kind, item, &format!("{at}[{i}]")));
        return values.collect::<Result<Vec<_>, _>>().map(Field::List);
    }
    single(&field.kind(), json, at)
}

fn map(field: &FieldDescriptor, json: &Value, at: &str) -> Result<Field, String> {
    let (Kind::Message(entry), Value::Object(object)) = (field.kind(), json) else {
        return Err(format!("{at}: expected an object (a map), found {}", type_name(json)));
    };
    let (key_kind, value_kind) = (entry.map_entry_key_field().kind(), entry.map_entry_value_field().kind());
    let mut out = HashMap::with_capacity(object.len());
    for (key, value) in object {
        let child = format!("{at}.{key}");
        out.insert(map_key(&key_kind, key, &child)?, single(&value_kind, value, &child)?);
    }
    Ok(Field::Map(out))
}

fn map_key(kind: &Kind, key: &str, at: &str) -> Result<MapKey, String> {
    let parsed = match kind {
        Kind::String => Some(MapKey::String(key.to_owned())),
        Kind::Bool => key.parse().ok().map(MapKey::Bool),
        Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => key.parse().ok().map(MapKey::I32),
        Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => key.parse().ok().map(MapKey::I64),
        Kind::Uint32 | Kind::Fixed32 => key.parse().ok().map(MapKey::U32),
        Kind::Uint64 | Kind::Fixed64 => key.parse().ok().map(MapKey::U64),
        _ => None,
    };
    parsed.ok_or_else(|| format!("{at}: {key:?} is not a {kind:?} map key"))
}

/// One value of a singular field or one element of a list.
fn single(kind: &Kind, json: &Value, at: &str) -> Result<Field, String> {
    let converted = match kind {
        Kind::Message(desc) => return message(desc, json, at).map(Field::Message),
        Kind::Enum(desc) => match json {
            Value::String(name) => desc.get_value_by_name(name).map(|v| Field::EnumNumber(v.number())),
            _ => integer(json).and_then(|n| i32::try_from(n).ok()).map(Field::EnumNumber),
        },
        Kind::String => json.as_str().map(|s| Field::String(s.to_owned())),
        Kind::Bool => json.as_bool().map(Field::Bool),
        Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => {
            integer(json).and_then(|n| i32::try_from(n).ok()).map(Field::I32)
        }
        Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => integer(json).map(Field::I64),
        Kind::Uint32 | Kind::Fixed32 => unsigned(json).and_then(|n| u32::try_from(n).ok()).map(Field::U32),
        Kind::Uint64 | Kind::Fixed64 => unsigned(json).map(Field::U64),
        #[expect(clippy::cast_possible_truncation, reason = "a float field holds what fits")]
        Kind::Float => json.as_f64().map(|f| Field::F32(f as f32)),
        Kind::Double => json.as_f64().map(Field::F64),
        Kind::Bytes => json.as_str().and_then(well_known::base64).map(|b| Field::Bytes(b.into())),
    };
    converted.ok_or_else(|| format!("{at}: {} does not fit a {kind:?} field", type_name(json)))
}

/// A JSON integer; quoted integers too, as the protobuf JSON mapping writes 64-bit ones.
fn integer(json: &Value) -> Option<i64> {
    json.as_i64().or_else(|| json.as_str().and_then(|s| s.parse().ok()))
}

fn unsigned(json: &Value) -> Option<u64> {
    json.as_u64().or_else(|| json.as_str().and_then(|s| s.parse().ok()))
}

fn type_name(json: &Value) -> &'static str {
    match json {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
#[path = "encode_tests.rs"]
mod tests;
