//! Reading encoded documents back through the upstream descriptors, field by field, as a client would.

use super::upstream::descriptor;
use prost_reflect::{DynamicMessage, ReflectMessage, Value};

/// Decodes `bytes` as the upstream message `full_name`, requiring that nothing in it is unknown upstream.
pub(super) fn decode(bytes: &[u8], full_name: &str) -> DynamicMessage {
    let message = DynamicMessage::decode(descriptor(full_name), bytes)
        .unwrap_or_else(|e| panic!("the bytes decode as upstream {full_name}: {e}"));
    assert_no_unknown_fields(&message, full_name);
    message
}

fn assert_no_unknown_fields(message: &DynamicMessage, path: &str) {
    assert_eq!(message.unknown_fields().count(), 0, "{path} carries fields upstream does not declare");
    for (field, value) in message.fields() {
        let path = format!("{path}.{}", field.name());
        match value {
            Value::Message(inner) => assert_no_unknown_fields(inner, &path),
            Value::List(items) => {
                for item in items.iter().filter_map(Value::as_message) {
                    assert_no_unknown_fields(item, &path);
                }
            }
            _ => {}
        }
    }
}

/// The message under `name`, which must be set.
pub(super) fn message(parent: &DynamicMessage, name: &str) -> DynamicMessage {
    assert!(parent.has_field_by_name(name), "{}.{name} is set", parent.descriptor().full_name());
    match parent.get_field_by_name(name).as_deref() {
        Some(Value::Message(m)) => m.clone(),
        other => panic!("{}.{name} is a message, found {other:?}", parent.descriptor().full_name()),
    }
}

/// The string under `name` (empty when unset).
pub(super) fn string(parent: &DynamicMessage, name: &str) -> String {
    match parent.get_field_by_name(name).as_deref() {
        Some(Value::String(s)) => s.clone(),
        other => panic!("{}.{name} is a string, found {other:?}", parent.descriptor().full_name()),
    }
}

/// The items of the repeated field `name`.
pub(super) fn list(parent: &DynamicMessage, name: &str) -> Vec<Value> {
    match parent.get_field_by_name(name).as_deref() {
        Some(Value::List(items)) => items.clone(),
        other => panic!("{}.{name} is a list, found {other:?}", parent.descriptor().full_name()),
    }
}

/// The messages of the repeated field `name`.
pub(super) fn messages(parent: &DynamicMessage, name: &str) -> Vec<DynamicMessage> {
    list(parent, name).iter().map(|v| v.as_message().cloned().expect("a list of messages")).collect()
}

/// The `name`s of a list of `Named*` messages, in wire order.
pub(super) fn names(parent: &DynamicMessage, list_name: &str) -> Vec<String> {
    messages(parent, list_name).iter().map(|m| string(m, "name")).collect()
}

/// The `value` of the `Named*` entry called `key` in the repeated field `list_name`.
pub(super) fn entry(parent: &DynamicMessage, list_name: &str, key: &str) -> DynamicMessage {
    let found = messages(parent, list_name).into_iter().find(|m| string(m, "name") == key);
    let named = found.unwrap_or_else(|| panic!("{}.{list_name} has {key:?}", parent.descriptor().full_name()));
    message(&named, "value")
}

/// The YAML text of the extension `key` in the repeated `NamedAny` field `list_name`.
pub(super) fn extension_yaml(parent: &DynamicMessage, list_name: &str, key: &str) -> String {
    string(&entry(parent, list_name, key), "yaml")
}
