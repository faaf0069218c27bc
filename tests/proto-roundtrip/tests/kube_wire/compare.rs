//! Comparing objects as JSON: what protobuf cannot tell apart from absence, what the server fills in differently
//! on every create, and the first path where two objects differ.

use serde_json::{Map, Value};

/// `value` without what protobuf does not distinguish from an unset field: go-to-protobuf writes every
/// non-pointer field, so its zero values (`""`, `0`, `false`, empty lists, maps and structs) appear on the wire
/// where JSON leaves them out, and nulls never do.
pub fn without_zero_values(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(key, value)| (key.clone(), without_zero_values(value)))
                .filter(|(_, value)| !is_zero(value))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_zero_values).collect()),
        other => other.clone(),
    }
}

/// `value` without the `apiVersion` and `kind` of the objects embedded in it (a StatefulSet's claim templates,
/// recognised by their `metadata`): a kind's message has no fields for them, so protobuf does not carry them.
pub fn without_nested_type_meta(value: &Value) -> Value {
    fn strip(value: &Value, nested: bool) -> Value {
        match value {
            Value::Object(map) => {
                let embedded = nested && map.contains_key("metadata");
                let kept = map.iter().filter(|(key, _)| !(embedded && matches!(key.as_str(), "apiVersion" | "kind")));
                Value::Object(kept.map(|(key, value)| (key.clone(), strip(value, true))).collect())
            }
            Value::Array(items) => Value::Array(items.iter().map(|item| strip(item, true)).collect()),
            other => other.clone(),
        }
    }
    strip(value, false)
}

fn is_zero(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Bool(flag) => !flag,
        Value::Number(number) => number.as_f64() == Some(0.0),
        Value::String(text) => text.is_empty(),
        Value::Array(items) => items.is_empty(),
        Value::Object(map) => map.is_empty(),
    }
}

/// `object` without what the server sets anew on every create (identity, version, times of the managed fields, a
/// PersistentVolume's `status.lastPhaseTransitionTime`, stamped with the time of the create: two creates a second
/// apart differ there) and, when `keep_name` is false, without its name.
pub fn without_server_set_fields(object: &Value, keep_name: bool) -> Value {
    let mut object = object.clone();
    if let Some(status) = object.get_mut("status").and_then(Value::as_object_mut) {
        status.remove("lastPhaseTransitionTime");
    }
    if let Some(metadata) = object.get_mut("metadata").and_then(Value::as_object_mut) {
        for field in ["uid", "resourceVersion", "creationTimestamp"] {
            metadata.remove(field);
        }
        if !keep_name {
            metadata.remove("name");
        }
        if let Some(Value::Array(entries)) = metadata.get_mut("managedFields") {
            for entry in entries.iter_mut().filter_map(Value::as_object_mut) {
                entry.remove("time");
            }
        }
    }
    object
}

/// The first place where `left` and `right` differ, as `path: left ≠ right`; `None` when they are equal.
pub fn first_difference(left: &Value, right: &Value) -> Option<String> {
    difference_at("", left, right)
}

fn difference_at(path: &str, left: &Value, right: &Value) -> Option<String> {
    match (left, right) {
        (Value::Object(a), Value::Object(b)) => object_difference(path, a, b),
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            a.iter().zip(b).enumerate().find_map(|(i, (x, y))| difference_at(&format!("{path}[{i}]"), x, y))
        }
        (a, b) if numbers_equal(a, b) || a == b => None,
        (a, b) => Some(format!("{}: {} ≠ {}", display_path(path), short(a), short(b))),
    }
}

fn object_difference(path: &str, a: &Map<String, Value>, b: &Map<String, Value>) -> Option<String> {
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter().find_map(|key| {
        let child = format!("{path}.{key}");
        match (a.get(key), b.get(key)) {
            (Some(x), Some(y)) => difference_at(&child, x, y),
            (Some(x), None) => Some(format!("{}: {} ≠ (absent)", display_path(&child), short(x))),
            (None, Some(y)) => Some(format!("{}: (absent) ≠ {}", display_path(&child), short(y))),
            (None, None) => None,
        }
    })
}

/// `1` and `1.0` are the same JSON number.
fn numbers_equal(a: &Value, b: &Value) -> bool {
    matches!((a, b), (Value::Number(x), Value::Number(y)) if x.as_f64() == y.as_f64())
}

fn display_path(path: &str) -> &str {
    if path.is_empty() { "(the object)" } else { path }
}

fn short(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 120 { format!("{}…", text.chars().take(120).collect::<String>()) } else { text }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn differences_name_their_path() {
        let left = json!({"spec": {"a": [1, {"b": "x"}]}});
        let right = json!({"spec": {"a": [1, {"b": "y"}]}});
        assert_eq!(first_difference(&left, &right).as_deref(), Some(".spec.a[1].b: \"x\" ≠ \"y\""));
        assert_eq!(first_difference(&left, &left), None);
        let nested = json!({"kind": "A", "spec": {"claims": [{"kind": "B", "metadata": {}}], "x": {"kind": "C"}}});
        let expected = json!({"kind": "A", "spec": {"claims": [{"metadata": {}}], "x": {"kind": "C"}}});
        assert_eq!(without_nested_type_meta(&nested), expected);
        let zeros = json!({"a": "", "b": {"c": 0, "d": []}, "e": [false]});
        assert_eq!(without_zero_values(&zeros), json!({"e": [false]}));
    }
}
