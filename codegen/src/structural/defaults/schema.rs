//! A CRD schema node as JSON Schema (draft 2020-12), to validate defaults the way the API server validates
//! objects: `nullable` admits null before anything else is checked, int-or-string means integer or string,
//! OpenAPI 3.0's boolean exclusive bounds become numeric ones, and extensions and documentation are dropped.

use serde_json::{Map, Value, json};

use crate::emit::jsonschema::DRAFT_2020_12;
use crate::structural::node::{Additional, Node, key};

/// Keywords whose meaning is the same in both dialects.
const COPIED: [&str; 13] = [
    "enum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "uniqueItems",
    "multipleOf",
    "maxProperties",
    "minProperties",
    "required",
    "maximum",
    "minimum",
];

/// Why `node` rejects `value`, if it does. A node that cannot be compiled is left to the rules that say why.
pub(super) fn violation(node: Node<'_>, value: &Value) -> Option<String> {
    let mut schema = convert(node);
    if let Value::Object(map) = &mut schema {
        map.insert("$schema".to_owned(), json!(DRAFT_2020_12));
    }
    let validator = jsonschema::validator_for(&schema).ok()?;
    let problems: Vec<String> = validator.iter_errors(value).map(|error| describe(&error)).collect();
    (!problems.is_empty()).then(|| problems.join("; "))
}

fn describe(error: &jsonschema::ValidationError<'_>) -> String {
    let at = error.instance_path().to_string();
    if at.is_empty() { error.to_string() } else { format!("at {at}: {error}") }
}

/// `node` in JSON Schema.
pub(super) fn convert(node: Node<'_>) -> Value {
    let source = node.keywords();
    let mut out = Map::new();
    for name in COPIED {
        if let Some(value) = source.get(name).filter(|value| !value.is_null()) {
            out.insert(name.to_owned(), value.clone());
        }
    }
    exclusive_bound(source, &mut out, "exclusiveMaximum", "maximum");
    exclusive_bound(source, &mut out, "exclusiveMinimum", "minimum");
    if node.int_or_string() {
        out.insert(key::TYPE.to_owned(), json!(["integer", "string"]));
    } else if let Some(name) = node.type_name() {
        out.insert(key::TYPE.to_owned(), json!(name));
    }
    children(node, &mut out);
    if node.nullable() {
        return json!({"anyOf": [{"type": "null"}, out]});
    }
    Value::Object(out)
}

fn exclusive_bound(source: &Map<String, Value>, out: &mut Map<String, Value>, exclusive: &str, inclusive: &str) {
    if source.get(exclusive) == Some(&Value::Bool(true))
        && let Some(bound) = out.remove(inclusive)
    {
        out.insert(exclusive.to_owned(), bound);
    }
}

fn children(node: Node<'_>, out: &mut Map<String, Value>) {
    let properties: Map<String, Value> =
        node.properties().into_iter().map(|(name, child)| (name.to_owned(), convert(child))).collect();
    if !properties.is_empty() {
        out.insert(key::PROPERTIES.to_owned(), Value::Object(properties));
    }
    if let Some(items) = node.items() {
        out.insert(key::ITEMS.to_owned(), convert(items));
    }
    match node.additional() {
        Additional::Schema(values) => {
            out.insert(key::ADDITIONAL_PROPERTIES.to_owned(), convert(values));
        }
        Additional::Allowed(allowed) => {
            out.insert(key::ADDITIONAL_PROPERTIES.to_owned(), json!(allowed));
        }
        Additional::Absent => {}
    }
    for junctor in [key::ALL_OF, key::ANY_OF, key::ONE_OF] {
        let branches: Vec<Value> = node.branches(junctor).into_iter().map(|(_, branch)| convert(branch)).collect();
        if !branches.is_empty() {
            out.insert(junctor.to_owned(), Value::Array(branches));
        }
    }
    if let Some(not) = node.not() {
        out.insert(key::NOT.to_owned(), convert(not));
    }
}
