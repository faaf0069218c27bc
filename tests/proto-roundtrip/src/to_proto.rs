//! JSON as serde writes the corpus' types, to a dynamic protobuf message: field by field through the descriptors,
//! with the few messages whose JSON form differs ([`crate::special`]) converted by hand.

use std::collections::HashMap;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use prost_reflect::{DynamicMessage, FieldDescriptor, Kind, MapKey, MessageDescriptor, ReflectMessage, Value};
use serde_json::Value as Json;

use crate::hints::Hints;
use crate::special::{Form, form};
use crate::time;

/// `json` as a message of type `descriptor`; unknown fields and mismatched types are errors.
pub fn to_message(json: &Json, descriptor: &MessageDescriptor, hints: &Hints) -> Result<DynamicMessage, String> {
    let mut message = DynamicMessage::new(descriptor.clone());
    match (form(descriptor, hints), json) {
        (Form::Time | Form::MicroTime, Json::String(text)) => {
            let (seconds, nanos) = time::parse(text)?;
            set(&mut message, "seconds", Value::I64(seconds))?;
            set(&mut message, "nanos", Value::I32(nanos))?;
        }
        (Form::IntOrString, Json::Number(number)) => {
            set(&mut message, "type", Value::I64(0))?;
            set(&mut message, "intVal", Value::I32(int32(number)?))?;
        }
        (Form::IntOrString, Json::String(text)) => {
            set(&mut message, "type", Value::I64(1))?;
            set(&mut message, "strVal", Value::String(text.clone()))?;
        }
        (Form::Quantity, Json::String(text)) => set(&mut message, "string", Value::String(text.clone()))?,
        (Form::JsonText(field), any) => message.set_field(&field, Value::Bytes(json_text(any)?.into())),
        (Form::Wrapper(field), Json::Array(_)) => {
            let items = field_value(&field, json, descriptor.full_name(), hints)?;
            message.set_field(&field, items);
        }
        (Form::Alternatives, any) => {
            let fields: Vec<FieldDescriptor> = descriptor.fields().collect();
            let of_kind = |wanted: fn(&FieldDescriptor) -> bool| fields.iter().find(|f| wanted(f)).cloned();
            let is_message = |f: &FieldDescriptor| matches!(f.kind(), Kind::Message(_)) && !f.is_list();
            let is_bool = |f: &FieldDescriptor| f.kind() == Kind::Bool;
            let chosen = match any {
                Json::Array(_) => of_kind(FieldDescriptor::is_list),
                Json::Bool(_) => of_kind(is_bool),
                _ => of_kind(is_message),
            };
            let field = chosen.ok_or_else(|| format!("{} cannot hold {any}", descriptor.full_name()))?;
            message.set_field(&field, field_value(&field, any, descriptor.full_name(), hints)?);
            // Go reads a schema where a boolean could be as "allowed".
            if let (Json::Object(_), Some(flag)) = (any, of_kind(is_bool)) {
                message.set_field(&flag, Value::Bool(true));
            }
        }
        (Form::Object, Json::Object(entries)) if entries.keys().any(|key| is_type_meta(descriptor, key)) => {
            let rest = entries.iter().filter(|(key, _)| !is_type_meta(descriptor, key));
            return to_message(&Json::Object(rest.map(|(k, v)| (k.clone(), v.clone())).collect()), descriptor, hints);
        }
        (Form::Object, Json::Object(entries)) => {
            let mut entries = entries.clone();
            // An embedded struct's properties sit in this object in JSON and in one field's message on the wire.
            for (name, carried) in hints.embedded(descriptor.full_name()).into_iter().flatten() {
                let inner: serde_json::Map<String, Json> =
                    carried.iter().filter_map(|key| entries.remove(key).map(|value| (key.clone(), value))).collect();
                if inner.values().all(Json::is_null) {
                    continue;
                }
                let field = descriptor
                    .get_field_by_json_name(name)
                    .ok_or_else(|| format!("{} has no embedded field `{name}`", descriptor.full_name()))?;
                let converted = field_value(&field, &Json::Object(inner), descriptor.full_name(), hints)?;
                message.set_field(&field, converted);
            }
            for (key, value) in entries.iter().filter(|(_, value)| !value.is_null()) {
                let field = descriptor
                    .get_field_by_json_name(key)
                    .ok_or_else(|| format!("{} has no field for JSON key `{key}`", descriptor.full_name()))?;
                let converted = field_value(&field, value, descriptor.full_name(), hints)?;
                message.set_field(&field, converted);
            }
        }
        (_, other) => return Err(format!("{} cannot hold {other}", descriptor.full_name())),
    }
    Ok(message)
}

/// True when `key` is the `apiVersion` or `kind` of an object embedded in another (a StatefulSet's claim
/// templates): a kind's message has no fields for them, the envelope carries them at the top only.
fn is_type_meta(descriptor: &MessageDescriptor, key: &str) -> bool {
    matches!(key, "apiVersion" | "kind")
        && descriptor.get_field_by_json_name(key).is_none()
        && descriptor.get_field_by_name("metadata").is_some()
}

/// Sets the field called `name` of a hand-written message.
fn set(message: &mut DynamicMessage, name: &str, value: Value) -> Result<(), String> {
    let field = message.descriptor().get_field_by_name(name);
    let field = field.ok_or_else(|| format!("{} has no field `{name}`", message.descriptor().full_name()))?;
    message.set_field(&field, value);
    Ok(())
}

/// The value of `field` (of message `owner`) from its JSON: a map, a list or a single value.
fn field_value(field: &FieldDescriptor, json: &Json, owner: &str, hints: &Hints) -> Result<Value, String> {
    let context = || format!("{owner}.{}", field.name());
    if field.is_map() {
        let (Json::Object(entries), Kind::Message(entry)) = (json, field.kind()) else {
            return Err(format!("{} is a map but the JSON is {json}", context()));
        };
        let value_field = entry.map_entry_value_field();
        let mut map = HashMap::new();
        for (key, value) in entries {
            map.insert(MapKey::String(key.clone()), single(&value_field, value, owner, field.json_name(), hints)?);
        }
        return Ok(Value::Map(map));
    }
    if field.is_list() {
        let Json::Array(items) = json else { return Err(format!("{} is a list but the JSON is {json}", context())) };
        let values: Result<Vec<Value>, String> =
            items.iter().map(|item| single(field, item, owner, field.json_name(), hints)).collect();
        return values.map(Value::List);
    }
    single(field, json, owner, field.json_name(), hints)
}

/// One value of `field`'s type; `json_field` names the field in `owner` for the bytes hint.
fn single(field: &FieldDescriptor, json: &Json, owner: &str, json_field: &str, hints: &Hints) -> Result<Value, String> {
    let mismatch = || format!("{owner}.{json_field} ({:?}) cannot hold {json}", field.kind());
    Ok(match (field.kind(), json) {
        (Kind::Message(message), _) => Value::Message(to_message(json, &message, hints)?),
        (Kind::String, Json::String(text)) => Value::String(text.clone()),
        (Kind::Bool, Json::Bool(flag)) => Value::Bool(*flag),
        (Kind::Int32, Json::Number(number)) => Value::I32(int32(number)?),
        (Kind::Int64, Json::Number(number)) => Value::I64(number.as_i64().ok_or_else(mismatch)?),
        (Kind::Double, Json::Number(number)) => Value::F64(number.as_f64().ok_or_else(mismatch)?),
        // Narrowing is the point: the field is a float.
        (Kind::Float, Json::Number(number)) => Value::F32(number.as_f64().ok_or_else(mismatch)? as f32),
        (Kind::Bytes, Json::String(text)) if hints.is_byte_string(owner, json_field) => {
            Value::Bytes(STANDARD.decode(text).map_err(|e| format!("{owner}.{json_field}: {e}"))?.into())
        }
        (Kind::Bytes, any) => Value::Bytes(json_text(any)?.into()),
        _ => return Err(mismatch()),
    })
}

fn int32(number: &serde_json::Number) -> Result<i32, String> {
    number.as_i64().and_then(|n| i32::try_from(n).ok()).ok_or_else(|| format!("{number} is not an int32"))
}

fn json_text(json: &Json) -> Result<Vec<u8>, String> {
    serde_json::to_vec(json).map_err(|e| e.to_string())
}
