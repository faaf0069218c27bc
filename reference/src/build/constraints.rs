//! Constraints in words: bounds, patterns, enumerations, list and map semantics.

use kapi_model::{Bounds, ListType, SchemaNode, SchemaObject};
use serde_json::Value;

/// What a property's schema constrains beyond its type, worded; code in backticks.
pub fn constraints(node: &SchemaNode) -> Vec<String> {
    let object = node.keywords();
    let mut words = type_constraints(object);
    if object.read_only {
        words.push("read-only".to_owned());
    }
    if object.write_only {
        words.push("write-only".to_owned());
    }
    if let Some(SchemaNode::Inline(items)) = object.items.as_deref() {
        let mut of_items = type_constraints(items);
        of_items.retain(|word| !word.is_empty());
        words.extend(of_items.into_iter().map(|word| format!("each item: {word}")));
    }
    words
}

/// What a schema constrains about its value as a whole.
pub fn type_constraints(object: &SchemaObject) -> Vec<String> {
    let mut words = bounds(&object.bounds);
    if !object.enum_values.is_empty() {
        words.push(format!("one of: {}", values(&object.enum_values)));
    }
    if !object.known_values.is_empty() {
        words.push(format!("known values: {} (others are accepted)", values(&object.known_values)));
    }
    if object.nullable {
        words.push("nullable".to_owned());
    }
    let extensions = &object.kubernetes;
    match (extensions.list_type, extensions.list_map_keys.as_slice()) {
        (Some(ListType::Map), keys) if !keys.is_empty() => {
            words.push(format!("list type: `map`, keyed by {}", code_list(keys)))
        }
        (Some(list_type), _) => words.push(format!("list type: `{}`", list_type.as_str())),
        (None, _) => {}
    }
    if let Some(map_type) = extensions.map_type {
        words.push(format!("map type: `{}`", map_type.as_str()));
    }
    match (&extensions.patch_strategy, &extensions.patch_merge_key) {
        (Some(strategy), Some(key)) => words.push(format!("patch strategy: `{strategy}`, merge key `{key}`")),
        (Some(strategy), None) => words.push(format!("patch strategy: `{strategy}`")),
        _ => {}
    }
    words.extend(variant_notes(object));
    for union in &extensions.unions {
        if let Some(discriminator) = &union.discriminator {
            words.push(format!("union, discriminated by `{discriminator}`"));
        }
    }
    words
}

/// What `oneOf`/`anyOf` mean for the value, then each variant's description (its fields are marked with it).
fn variant_notes(object: &SchemaObject) -> Vec<String> {
    let (variants, rule) = if object.one_of.is_empty() {
        (&object.any_of, "at least one of these")
    } else {
        (&object.one_of, "exactly one of these")
    };
    if variants.is_empty() {
        return Vec::new();
    }
    let mut notes = vec![format!("{rule} {} variants applies", variants.len())];
    for (index, variant) in variants.iter().enumerate() {
        let mut note = format!("variant {}", index + 1);
        if let Some(target) = variant.target() {
            note.push_str(&format!(": `{}`", target.short_name()));
        }
        if let Some(description) = &variant.keywords().description {
            note.push_str(&format!(": {description}"));
        }
        notes.push(note);
    }
    notes
}

fn bounds(bounds: &Bounds) -> Vec<String> {
    let mut words = Vec::new();
    if let Some(minimum) = &bounds.minimum {
        let relation = if bounds.exclusive_minimum { ">" } else { "≥" };
        words.push(format!("{relation} {minimum}"));
    }
    if let Some(maximum) = &bounds.maximum {
        let relation = if bounds.exclusive_maximum { "<" } else { "≤" };
        words.push(format!("{relation} {maximum}"));
    }
    if let Some(step) = &bounds.multiple_of {
        words.push(format!("multiple of {step}"));
    }
    push_range(&mut words, "length", bounds.min_length, bounds.max_length);
    if let Some(pattern) = &bounds.pattern {
        words.push(format!("pattern: `{pattern}`"));
    }
    push_range(&mut words, "items", bounds.min_items, bounds.max_items);
    if bounds.unique_items {
        words.push("unique items".to_owned());
    }
    push_range(&mut words, "properties", bounds.min_properties, bounds.max_properties);
    words
}

/// `length: 1 to 63`, `items: at least 1`, `properties: at most 8`.
fn push_range(words: &mut Vec<String>, what: &str, low: Option<u64>, high: Option<u64>) {
    match (low, high) {
        (Some(low), Some(high)) if low == high => words.push(format!("{what}: exactly {low}")),
        (Some(low), Some(high)) => words.push(format!("{what}: {low} to {high}")),
        (Some(low), None) => words.push(format!("{what}: at least {low}")),
        (None, Some(high)) => words.push(format!("{what}: at most {high}")),
        (None, None) => {}
    }
}

/// Values as code: strings bare (`Always`), anything else as JSON (`3`, `null`).
fn values(values: &[Value]) -> String {
    let words: Vec<String> = values
        .iter()
        .map(|value| match value {
            Value::String(text) if !text.is_empty() && !text.contains('`') => text.clone(),
            other => other.to_string(),
        })
        .collect();
    code_list(&words)
}

fn code_list(words: &[String]) -> String {
    words.iter().map(|word| format!("`{word}`")).collect::<Vec<_>>().join(", ")
}

/// A default value as compact JSON.
pub fn default_text(value: &Value) -> String {
    value.to_string()
}
