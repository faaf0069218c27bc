//! JSON values as CEL sees them, following the schema the way the API server does: integers (`integer`,
//! `format: int64`) are CEL ints, `number`s are doubles, int-or-string values keep whichever they are, objects with
//! `properties` are maps keyed by escaped property names (so `has()` works), maps keep their keys, lists their
//! order, and `null` is null.

use std::collections::HashMap;
use std::sync::Arc;

use cel::Value as CelValue;
use cel::objects::{Key, Map};
use serde_json::Value;

use crate::escape::escape;
use crate::library::time;
use crate::schema::Schema;

/// `value` as a CEL value, typed by `schema`; `resource_root` marks the root of an object (or of an embedded
/// resource), where rules see only `apiVersion`, `kind` and `metadata.name`/`metadata.generateName` of metadata.
pub fn to_cel(value: &Value, schema: Schema<'_>, resource_root: bool) -> CelValue {
    match value {
        Value::Null => CelValue::Null,
        Value::Bool(b) => CelValue::Bool(*b),
        Value::Number(number) => number_to_cel(number, schema),
        Value::String(text) => string_to_cel(text, schema),
        Value::Array(items) => {
            let item_schema = schema.items();
            let items = items.iter().map(|item| to_cel(item, child(item_schema), is_embedded(item_schema))).collect();
            CelValue::List(Arc::new(items))
        }
        Value::Object(fields) => object_to_cel(fields, schema, resource_root),
    }
}

/// A string, or what its `format` makes of it on the API server: `date-time` and `date` are timestamps, `duration`
/// a duration, `byte` the bytes it encodes in base64. A value its format does not parse stays a string (the server
/// refuses such an object before its rules run).
fn string_to_cel(text: &str, schema: Schema<'_>) -> CelValue {
    let converted = match (schema.type_name(), schema.format()) {
        (Some("string"), Some("date-time")) => time::parse_date_time(text).map(CelValue::Timestamp),
        (Some("string"), Some("date")) => time::parse_date(text).map(CelValue::Timestamp),
        (Some("string"), Some("duration")) => time::parse_openapi_duration(text).map(CelValue::Duration),
        (Some("string"), Some("byte")) => decode_base64(text).map(|bytes| CelValue::Bytes(Arc::new(bytes))),
        _ => None,
    };
    converted.unwrap_or_else(|| CelValue::String(Arc::new(text.to_owned())))
}

/// Standard base64 with padding, as Go's `base64.StdEncoding` decodes it (line breaks ignored).
fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let sextet = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let clean: Vec<u8> = text.bytes().filter(|c| !matches!(c, b'\r' | b'\n')).collect();
    if !clean.len().is_multiple_of(4) {
        return None;
    }
    let mut out = Vec::with_capacity(clean.len() / 4 * 3);
    for (index, chunk) in clean.chunks(4).enumerate() {
        let last = index == clean.len() / 4 - 1;
        let padding = chunk.iter().rev().take_while(|c| **c == b'=').count();
        if padding > 2 || (padding > 0 && !last) {
            return None;
        }
        let mut bits: u32 = 0;
        for (position, c) in chunk.iter().enumerate() {
            let value = if position >= 4 - padding { 0 } else { sextet(*c)? };
            bits = bits << 6 | u32::from(value);
        }
        let bytes = bits.to_be_bytes();
        out.extend_from_slice(&bytes[1..4 - padding]);
    }
    Some(out)
}

/// The schema used where a node says nothing: any JSON.
static OPEN: Value = Value::Null;

fn child(schema: Option<Schema<'_>>) -> Schema<'_> {
    schema.unwrap_or(Schema::new(&OPEN))
}

fn is_embedded(schema: Option<Schema<'_>>) -> bool {
    schema.is_some_and(|s| s.flag("x-kubernetes-embedded-resource"))
}

fn number_to_cel(number: &serde_json::Number, schema: Schema<'_>) -> CelValue {
    let integral = || number.as_i64().map(CelValue::Int).or_else(|| number.as_u64().map(CelValue::UInt));
    let double = || CelValue::Float(number.as_f64().unwrap_or(f64::NAN));
    match schema.type_name() {
        // A `number` field is a double even when the JSON has no fraction (`1` is `1.0` to a rule).
        Some("number") => double(),
        _ => integral().unwrap_or_else(double),
    }
}

fn object_to_cel(fields: &serde_json::Map<String, Value>, schema: Schema<'_>, resource_root: bool) -> CelValue {
    let mut map = HashMap::with_capacity(fields.len());
    if schema.is_map() {
        let values = schema.additional_properties();
        for (key, value) in fields {
            map.insert(Key::from(key.as_str()), to_cel(value, child(values), is_embedded(values)));
        }
    } else {
        for (name, value) in fields {
            let property = schema.property(name);
            // Names that cannot be spelled in CEL are left out, as the API server leaves them out.
            let Some(escaped) = escape(name) else { continue };
            let converted = if resource_root && name == "metadata" {
                root_metadata(value)
            } else {
                to_cel(value, child(property), is_embedded(property))
            };
            map.insert(Key::from(escaped), converted);
        }
    }
    CelValue::Map(Map { map: Arc::new(map) })
}

/// The part of an object's metadata rules may read: its name and generated-name prefix.
fn root_metadata(value: &Value) -> CelValue {
    let mut map = HashMap::new();
    for key in ["name", "generateName"] {
        if let Some(Value::String(text)) = value.get(key) {
            map.insert(Key::from(key), CelValue::String(Arc::new(text.clone())));
        }
    }
    CelValue::Map(Map { map: Arc::new(map) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_follow_the_schema_type() {
        let integer = json!({"type": "integer", "format": "int64"});
        assert_eq!(to_cel(&json!(3), Schema::new(&integer), false), CelValue::Int(3));
        let number = json!({"type": "number"});
        assert_eq!(to_cel(&json!(3), Schema::new(&number), false), CelValue::Float(3.0));
        let int_or_string = json!({"x-kubernetes-int-or-string": true});
        assert_eq!(to_cel(&json!(3), Schema::new(&int_or_string), false), CelValue::Int(3));
        assert_eq!(to_cel(&json!("25%"), Schema::new(&int_or_string), false), CelValue::from("25%"));
    }

    #[test]
    fn formatted_strings_become_timestamps_durations_and_bytes() {
        let format = |format: &str| json!({"type": "string", "format": format});
        let bytes = to_cel(&json!("aGVsbG8="), Schema::new(&format("byte")), false);
        assert_eq!(bytes, CelValue::Bytes(Arc::new(b"hello".to_vec())));
        let duration = to_cel(&json!("1h"), Schema::new(&format("duration")), false);
        assert_eq!(duration, CelValue::Duration(chrono::Duration::hours(1)));
        let time = to_cel(&json!("2024-01-02T03:04:05Z"), Schema::new(&format("date-time")), false);
        assert!(matches!(time, CelValue::Timestamp(_)), "{time:?}");
        let date = to_cel(&json!("2024-01-02"), Schema::new(&format("date")), false);
        assert!(matches!(date, CelValue::Timestamp(_)), "{date:?}");
        let unparsed = to_cel(&json!("soon"), Schema::new(&format("duration")), false);
        assert_eq!(unparsed, CelValue::from("soon"));
        assert_eq!(decode_base64("aGk="), Some(b"hi".to_vec()));
        assert_eq!(decode_base64("aGk"), None);
    }

    #[test]
    fn property_names_are_escaped_and_root_metadata_is_narrowed() {
        let schema = json!({"type": "object", "properties": {"x-y": {"type": "string"}}});
        let object = json!({"x-y": "a", "metadata": {"name": "n", "labels": {"a": "b"}}});
        let CelValue::Map(map) = to_cel(&object, Schema::new(&schema), true) else { panic!("a map") };
        assert!(map.map.contains_key(&Key::from("x__dash__y")));
        let Some(CelValue::Map(metadata)) = map.map.get(&Key::from("metadata")) else { panic!("metadata") };
        assert!(metadata.map.contains_key(&Key::from("name")));
        assert!(!metadata.map.contains_key(&Key::from("labels")));
    }
}
