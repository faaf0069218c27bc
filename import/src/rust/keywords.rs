//! The keywords of a schema position as `#[kapi(...)]` attributes: each one the derive has an attribute for is
//! taken out of the position's keywords; what is left afterwards has no attribute, and the caller falls back.

use kapi_model::{SchemaObject, ValidationRule};
use serde_json::Value;

use super::names::string_literal;

/// Takes every keyword of `object` that has an attribute, returning the attributes. `is_list` and `is_object`
/// say which shape-specific attributes the field's type allows.
pub fn take_attributes(object: &mut SchemaObject) -> Result<Vec<String>, String> {
    let mut attributes = Vec::new();
    let mut push = |text: String| attributes.push(text);
    if let Some(default) = object.default.take() {
        push(format!("default_json = {}", string_literal(&json_text(&default)?)));
    }
    if let Some(format) = object.format.take() {
        push(format!("format = {}", string_literal(&format)));
    }
    if std::mem::take(&mut object.nullable) {
        push("nullable".into());
    }
    if let Some(title) = object.title.take() {
        push(format!("title = {}", string_literal(&title)));
    }
    if !object.enum_values.is_empty() {
        let values: Option<Vec<String>> = object.enum_values.iter().map(|v| v.as_str().map(string_literal)).collect();
        match values {
            Some(values) => push(format!("enum_values = [{}]", values.join(", "))),
            // Numbers (an HTTP status code's allowed values): written as JSON.
            None => push(format!(
                "enum_values_json = {}",
                string_literal(&json_text(&Value::from(object.enum_values.clone()))?)
            )),
        }
        object.enum_values.clear();
    }
    if !object.known_values.is_empty() {
        let values: Option<Vec<String>> = object.known_values.iter().map(|v| v.as_str().map(string_literal)).collect();
        let values = values.ok_or("an open enum of values other than strings")?;
        object.known_values.clear();
        push(format!("known_values = [{}]", values.join(", ")));
    }
    let bounds = &mut object.bounds;
    for (name, value) in [("minimum", bounds.minimum.take()), ("maximum", bounds.maximum.take())]
        .into_iter()
        .chain([("multiple_of", bounds.multiple_of.take())])
    {
        if let Some(number) = value {
            push(format!("{name} = {}", number_literal(&number)));
        }
    }
    for (name, flag) in [
        ("exclusive_minimum", std::mem::take(&mut bounds.exclusive_minimum)),
        ("exclusive_maximum", std::mem::take(&mut bounds.exclusive_maximum)),
        ("unique_items", std::mem::take(&mut bounds.unique_items)),
    ] {
        if flag {
            push(name.into());
        }
    }
    for (name, count) in [
        ("min_length", bounds.min_length.take()),
        ("max_length", bounds.max_length.take()),
        ("min_items", bounds.min_items.take()),
        ("max_items", bounds.max_items.take()),
        ("min_properties", bounds.min_properties.take()),
        ("max_properties", bounds.max_properties.take()),
    ] {
        if let Some(count) = count {
            push(format!("{name} = {count}"));
        }
    }
    if let Some(pattern) = bounds.pattern.take() {
        push(format!("pattern = {}", string_literal(&pattern)));
    }
    if let Some(example) = object.example.take() {
        push(format!("example_json = {}", string_literal(&json_text(&example)?)));
    }
    for (name, flag) in [
        ("deprecated", std::mem::take(&mut object.deprecated)),
        ("read_only", std::mem::take(&mut object.read_only)),
        ("write_only", std::mem::take(&mut object.write_only)),
    ] {
        if flag {
            push(name.into());
        }
    }
    // Subschemas that only validate (the Rust type gives the type): written as JSON in the model's form.
    for (name, list) in [
        ("one_of", std::mem::take(&mut object.one_of)),
        ("any_of", std::mem::take(&mut object.any_of)),
        ("all_of", std::mem::take(&mut object.all_of)),
    ] {
        if !list.is_empty() {
            push(format!(
                "{name}_json = {}",
                string_literal(&json_text(&serde_json::to_value(&list).map_err(|e| e.to_string())?)?)
            ));
        }
    }
    if let Some(not) = object.not.take() {
        push(format!(
            "not_json = {}",
            string_literal(&json_text(&serde_json::to_value(&not).map_err(|e| e.to_string())?)?)
        ));
    }
    let extensions = &mut object.kubernetes;
    if let Some(list_type) = extensions.list_type.take() {
        push(format!("list_type = \"{}\"", list_type.as_str()));
    }
    if !extensions.list_map_keys.is_empty() {
        let keys: Vec<String> = extensions.list_map_keys.drain(..).map(|k| string_literal(&k)).collect();
        push(format!("list_map_keys = [{}]", keys.join(", ")));
    }
    if let Some(map_type) = extensions.map_type.take() {
        push(format!("map_type = \"{}\"", map_type.as_str()));
    }
    if let Some(strategy) = extensions.patch_strategy.take() {
        push(format!("patch_strategy = {}", string_literal(&strategy)));
    }
    if let Some(key) = extensions.patch_merge_key.take() {
        push(format!("patch_merge_key = {}", string_literal(&key)));
    }
    for (name, flag) in [
        ("preserve_unknown_fields", std::mem::take(&mut extensions.preserve_unknown_fields)),
        ("embedded_resource", std::mem::take(&mut extensions.embedded_resource)),
    ] {
        if flag {
            push(name.into());
        }
    }
    for rule in std::mem::take(&mut extensions.validations) {
        push(validation(&rule));
    }
    Ok(attributes)
}

/// `validation(rule = "...", message = "...", ...)`.
fn validation(rule: &ValidationRule) -> String {
    let mut parts = vec![format!("rule = {}", string_literal(&rule.rule))];
    for (name, text) in [
        ("message", &rule.message),
        ("message_expression", &rule.message_expression),
        ("reason", &rule.reason),
        ("field_path", &rule.field_path),
    ] {
        if let Some(text) = text {
            parts.push(format!("{name} = {}", string_literal(text)));
        }
    }
    if let Some(flag) = rule.optional_old_self {
        parts.push(format!("optional_old_self = {flag}"));
    }
    format!("validation({})", parts.join(", "))
}

fn json_text(value: &Value) -> Result<String, String> {
    serde_json::to_string(value).map_err(|e| e.to_string())
}

/// A number as a Rust literal the attribute reads back as the same JSON number.
fn number_literal(number: &serde_json::Number) -> String {
    number.to_string()
}
