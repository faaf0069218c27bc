//! What a version cannot hold, kept in an annotation so a round trip through it loses nothing.
//!
//! An object written in v1alpha1 and stored in v1 must read back in v1alpha1 as it was written, even when v1 has no
//! place for some of its fields. Kubernetes keeps such fields in annotations; so does kapi, generically: after a
//! conversion the result is converted back, and whatever did not survive is recorded, per source version, as a
//! JSON merge patch (RFC 7386) in one annotation. Converting to that version again applies it.

use serde_json::{Map, Value};

/// The annotation holding, per version, the merge patch that restores what the object's current version lacks.
pub const STASH_ANNOTATION: &str = "kapi.dev/conversion-stash";

/// Removes the stash from `object`'s annotations and returns it (empty when there is none or it is unreadable).
pub(crate) fn take(object: &mut Value) -> Map<String, Value> {
    let Some(annotations) = object.pointer_mut("/metadata/annotations").and_then(Value::as_object_mut) else {
        return Map::new();
    };
    let stash = annotations.remove(STASH_ANNOTATION);
    if annotations.is_empty()
        && let Some(metadata) = object.get_mut("metadata").and_then(Value::as_object_mut)
    {
        metadata.remove("annotations");
    }
    let text = stash.as_ref().and_then(Value::as_str).unwrap_or_default();
    serde_json::from_str(text).unwrap_or_default()
}

/// Writes `stash` into `object`'s annotations, unless it is empty.
pub(crate) fn put(object: &mut Value, stash: &Map<String, Value>) {
    if stash.is_empty() {
        return;
    }
    let Some(fields) = object.as_object_mut() else { return };
    let metadata = fields.entry("metadata").or_insert_with(|| Value::Object(Map::new()));
    let Some(metadata) = metadata.as_object_mut() else { return };
    let annotations = metadata.entry("annotations").or_insert_with(|| Value::Object(Map::new()));
    if let Some(annotations) = annotations.as_object_mut() {
        let text = serde_json::to_string(stash).unwrap_or_default();
        annotations.insert(STASH_ANNOTATION.to_owned(), Value::String(text));
    }
}

/// The merge patch turning `from` into `to`, or `None` when they are equal.
pub(crate) fn diff(from: &Value, to: &Value) -> Option<Value> {
    match (from, to) {
        (Value::Object(from), Value::Object(to)) => {
            let mut patch = Map::new();
            for (key, value) in to {
                match from.get(key) {
                    Some(old) if old == value => {}
                    Some(old) => {
                        if let Some(inner) = diff(old, value) {
                            patch.insert(key.clone(), inner);
                        }
                    }
                    None => {
                        patch.insert(key.clone(), value.clone());
                    }
                }
            }
            for key in from.keys().filter(|key| !to.contains_key(*key)) {
                patch.insert(key.clone(), Value::Null);
            }
            (!patch.is_empty()).then_some(Value::Object(patch))
        }
        _ => (from != to).then(|| to.clone()),
    }
}

/// A merge patch split into one patch per changed value (a scalar, an array, or an object replacing a non-object).
pub(crate) fn leaves(patch: &Value) -> Vec<Value> {
    match patch {
        Value::Object(fields) if !fields.is_empty() => fields
            .iter()
            .flat_map(|(key, value)| {
                leaves(value).into_iter().map(|leaf| {
                    let mut wrapped = Map::new();
                    wrapped.insert(key.clone(), leaf);
                    Value::Object(wrapped)
                })
            })
            .collect(),
        other => vec![other.clone()],
    }
}

/// Applies a merge patch (RFC 7386) to `target`.
pub(crate) fn apply(target: &mut Value, patch: &Value) {
    let Value::Object(patch) = patch else {
        *target = patch.clone();
        return;
    };
    if !target.is_object() {
        *target = Value::Object(Map::new());
    }
    let Value::Object(fields) = target else { return };
    for (key, value) in patch {
        if value.is_null() {
            fields.remove(key);
        } else {
            apply(fields.entry(key.clone()).or_insert(Value::Null), value);
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_diff_applied_gives_the_target() {
        let from = json!({"spec": {"a": 1, "b": {"c": 2}, "gone": true}, "kept": [1]});
        let to = json!({"spec": {"a": 1, "b": {"c": 3, "d": 4}}, "kept": [1], "new": "x"});
        let patch = diff(&from, &to).expect("they differ");
        assert_eq!(patch, json!({"spec": {"b": {"c": 3, "d": 4}, "gone": null}, "new": "x"}));
        let mut patched = from.clone();
        apply(&mut patched, &patch);
        assert_eq!(patched, to);
        assert_eq!(diff(&to, &to), None);
        let split = leaves(&patch);
        assert_eq!(split.len(), 4, "{split:?}");
        let mut again = from;
        for leaf in &split {
            apply(&mut again, leaf);
        }
        assert_eq!(again, to, "the leaves together are the patch");
    }

    #[test]
    fn the_stash_round_trips_through_annotations() {
        let mut object = json!({"metadata": {"name": "a"}});
        let mut stash = Map::new();
        stash.insert("v1alpha1".into(), json!({"spec": {"compress": true}}));
        put(&mut object, &stash);
        assert!(object["metadata"]["annotations"][STASH_ANNOTATION].is_string());
        assert_eq!(take(&mut object), stash);
        assert_eq!(object, json!({"metadata": {"name": "a"}}), "an annotation map left empty is removed");
    }
}
