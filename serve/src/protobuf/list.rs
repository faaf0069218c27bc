//! A document with one long list (an aggregated discovery list's `items`, thousands of groups) encoded element by
//! element, so a reload re-encodes only the elements that changed: a repeated message field is on the wire each
//! element's own bytes behind the field's tag and a length, in order, so cached elements can be copied in. The
//! bytes equal [`Codec::encode`](super::Codec::encode)'s.

use std::collections::HashMap;
use std::sync::Arc;

use prost::Message;
use prost::encoding::{WireType, encode_key, encode_varint};
use prost_reflect::{Kind, MessageDescriptor};
use serde_json::{Map, Value};

use super::encode;

/// Encoded list elements by their JSON (compact, as `serde_json` writes it).
pub(crate) type ElementCache = Arc<HashMap<Vec<u8>, Vec<u8>>>;

/// The message `desc` of `document`, whose field `list` is encoded element by element, taking elements found in
/// `cache`; returns the object bytes (not yet framed) and the cache of every element now in the list. `None` when
/// the message does not fit (no such repeated message field, or another field numbered after it, which the
/// generic encoder would write after the elements).
pub(crate) fn encode_list(
    desc: &MessageDescriptor,
    document: &Value,
    list: &str,
    cache: Option<&ElementCache>,
) -> Option<Result<(Vec<u8>, ElementCache), String>> {
    let field = desc.get_field_by_name(list)?;
    let Kind::Message(element) = field.kind() else { return None };
    if !field.is_list() || desc.fields().any(|other| other.number() > field.number()) {
        return None;
    }
    let object = document.as_object()?;
    let elements = match object.get(list) {
        Some(Value::Array(elements)) => elements.as_slice(),
        Some(Value::Null) | None => &[],
        Some(_) => return None,
    };
    Some(encode_elements(desc, &element, object, list, field.number(), elements, cache))
}

fn encode_elements(
    desc: &MessageDescriptor,
    element: &MessageDescriptor,
    object: &Map<String, Value>,
    list: &str,
    number: u32,
    elements: &[Value],
    cache: Option<&ElementCache>,
) -> Result<(Vec<u8>, ElementCache), String> {
    let rest: Map<String, Value> =
        object.iter().filter(|(key, _)| *key != list).map(|(k, v)| (k.clone(), v.clone())).collect();
    let mut out = encode::message(desc, &Value::Object(rest), "$")?.encode_to_vec();
    let mut next = HashMap::with_capacity(elements.len());
    for (index, value) in elements.iter().enumerate() {
        let key = serde_json::to_vec(value).map_err(|e| e.to_string())?;
        let bytes = match cache.and_then(|cache| cache.get(&key)) {
            Some(bytes) => bytes.clone(),
            None => encode::message(element, value, &format!("$.{list}[{index}]"))?.encode_to_vec(),
        };
        encode_key(number, WireType::LengthDelimited, &mut out);
        encode_varint(bytes.len() as u64, &mut out);
        out.extend_from_slice(&bytes);
        next.insert(key, bytes);
    }
    Ok((out, Arc::new(next)))
}
