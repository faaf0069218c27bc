//! A dynamic protobuf message back to the JSON serde reads the corpus' types from: the inverse of
//! [`crate::to_proto`]. Unset fields are left out, as the corpus' types leave out empty optional fields.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use prost_reflect::{DynamicMessage, FieldDescriptor, Kind, MapKey, ReflectMessage, Value};
use serde_json::{Map, Value as Json};

use crate::hints::Hints;
use crate::special::{Form, form};
use crate::time;

/// The JSON form of `message`.
pub fn to_json(message: &DynamicMessage, hints: &Hints) -> Result<Json, String> {
    let descriptor = message.descriptor();
    let field = |name: &str| message.get_field_by_name(name).map(|value| value.into_owned());
    let int = |name: &str| field(name).and_then(|v| v.as_i64().or(v.as_i32().map(i64::from))).unwrap_or_default();
    let is_empty = message.fields().next().is_none();
    Ok(match form(&descriptor, hints) {
        // Go writes a zero time as an empty message (and JSON as null), not as the Unix epoch.
        Form::Time | Form::MicroTime if is_empty => Json::Null,
        Form::Time => Json::String(time::format_seconds(int("seconds"))),
        Form::MicroTime => {
            let nanos = i32::try_from(int("nanos")).map_err(|e| e.to_string())?;
            Json::String(time::format_micros(int("seconds"), nanos))
        }
        Form::IntOrString if int("type") == 0 => Json::from(int("intVal")),
        Form::IntOrString | Form::Quantity => {
            let name = if descriptor.full_name().ends_with("IntOrString") { "strVal" } else { "string" };
            Json::String(field(name).and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default())
        }
        Form::JsonText(text) => {
            let bytes = message.get_field(&text).as_bytes().cloned().unwrap_or_default();
            serde_json::from_slice(&bytes).map_err(|e| format!("{}: {e}", descriptor.full_name()))?
        }
        Form::Wrapper(items) => value_json(&items, &message.get_field(&items), descriptor.full_name(), hints)?,
        Form::Alternatives => {
            // Go writes the shape that is set: a non-empty list first, then a message, else the boolean.
            let set: Vec<(FieldDescriptor, &Value)> = message.fields().collect();
            let list = set.iter().find(|(_, v)| matches!(v, Value::List(items) if !items.is_empty()));
            let chosen = list.or_else(|| set.iter().find(|(_, v)| matches!(v, Value::Message(_))));
            match chosen.or_else(|| set.iter().find(|(_, v)| matches!(v, Value::Bool(_)))) {
                Some((field, value)) => value_json(field, value, descriptor.full_name(), hints)?,
                None => Json::Bool(false),
            }
        }
        Form::Object => {
            let mut object = Map::new();
            let embedded = hints.embedded(descriptor.full_name());
            for (field, value) in message.fields() {
                let json = value_json(&field, value, descriptor.full_name(), hints)?;
                // An embedded struct's fields go back into this object, as serde flattens them.
                match json {
                    Json::Object(inner) if embedded.is_some_and(|fields| fields.contains_key(field.json_name())) => {
                        object.extend(inner)
                    }
                    json => {
                        object.insert(field.json_name().to_owned(), json);
                    }
                }
            }
            Json::Object(object)
        }
    })
}

/// A field's value as JSON: maps as objects, lists as arrays.
fn value_json(field: &FieldDescriptor, value: &Value, owner: &str, hints: &Hints) -> Result<Json, String> {
    match value {
        Value::Map(entries) => {
            let mut object = Map::new();
            for (key, entry) in entries {
                let MapKey::String(key) = key else { return Err(format!("{owner}: a map key is not a string")) };
                let value_field = match field.kind() {
                    Kind::Message(entry_type) => entry_type.map_entry_value_field(),
                    _ => return Err(format!("{owner}.{} is not a map", field.name())),
                };
                object.insert(key.clone(), single(&value_field, entry, owner, field.json_name(), hints)?);
            }
            Ok(Json::Object(object))
        }
        Value::List(items) => {
            let items: Result<Vec<Json>, String> =
                items.iter().map(|item| single(field, item, owner, field.json_name(), hints)).collect();
            items.map(Json::Array)
        }
        single_value => single(field, single_value, owner, field.json_name(), hints),
    }
}

fn single(
    field: &FieldDescriptor,
    value: &Value,
    owner: &str,
    json_field: &str,
    hints: &Hints,
) -> Result<Json, String> {
    Ok(match value {
        Value::Message(message) => to_json(message, hints)?,
        Value::String(text) => Json::String(text.clone()),
        Value::Bool(flag) => Json::Bool(*flag),
        Value::I32(number) => Json::from(*number),
        Value::I64(number) => Json::from(*number),
        Value::F64(number) => Json::from(*number),
        Value::F32(number) => Json::from(f64::from(*number)),
        Value::Bytes(bytes) if hints.is_byte_string(owner, json_field) => Json::String(STANDARD.encode(bytes)),
        Value::Bytes(bytes) => serde_json::from_slice(bytes).map_err(|e| format!("{owner}.{json_field}: {e}"))?,
        other => return Err(format!("{owner}.{} holds an unexpected {other:?}", field.name())),
    })
}
