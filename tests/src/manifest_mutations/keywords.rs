//! Single mutations of a valid object, one per schema keyword at each node of its schema: a value of the wrong
//! type, out of its enum, bounds, lengths, pattern or format, a list too short or long or with a repeated item
//! or key, a missing required field, an undeclared field, a union form matched twice or not at all — and the
//! values at the edges that keep the keyword (a bound itself, a string of exactly the maximum length).

use serde_json::{Value, json};

use super::instance::{is_int_or_string, minimal, variant};
use super::mutation::Mutation;
use super::path::{MAP_KEY, Step, ensure, field_name, get};

/// How deep the walk goes into a schema.
const MAX_DEPTH: usize = 8;

/// The longest list the generator writes to exceed a `maxItems`.
const MAX_LIST: u64 = 64;

/// A change at one node.
enum Edit {
    /// The node becomes this value.
    Set(Value),
    /// The node (an object) loses these properties.
    Remove(Vec<String>),
    /// The node (an object) gains these properties.
    Add(Vec<(String, Value)>),
}

/// The mutations of `base` for every keyword of `schema`. With `create_missing`, absent optional fields are
/// created (as minimal instances) to be mutated; without it, only the fields `base` has are (built-in kinds,
/// whose code-only rules a generated field may break).
pub fn keyword_mutations(schema: &Value, base: &Value, create_missing: bool) -> Vec<Mutation> {
    let mut walk = Walk { root: schema, base, create_missing, out: Vec::new() };
    if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
        for (name, property) in properties {
            // apiVersion, kind and metadata are the server's own: the metadata mutations cover them.
            if !matches!(name.as_str(), "apiVersion" | "kind" | "metadata" | "status") {
                walk.node(property, vec![Step::Field(name.clone())], 1);
            }
        }
    }
    walk.out
}

struct Walk<'a> {
    root: &'a Value,
    base: &'a Value,
    create_missing: bool,
    out: Vec<Mutation>,
}

impl Walk<'_> {
    fn node(&mut self, schema: &Value, steps: Vec<Step>, depth: usize) {
        if depth > MAX_DEPTH || (!self.create_missing && get(self.base, &steps).is_none()) {
            return;
        }
        let mut object = self.base.clone();
        let Some(current) = ensure(&mut object, self.root, &steps).cloned() else { return };
        for (concept, what, edit) in edits(schema, &current) {
            let mut changed = object.clone();
            let Some(node) = ensure(&mut changed, self.root, &steps) else { continue };
            match edit {
                Edit::Set(value) => *node = value,
                Edit::Remove(names) => {
                    for name in names {
                        node.as_object_mut().map(|fields| fields.remove(&name));
                    }
                }
                Edit::Add(fields) => {
                    if let Some(object) = node.as_object_mut() {
                        object.extend(fields);
                    }
                }
            }
            self.out.push(Mutation { concept, field: field_name(&steps), what, object: changed });
        }
        if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
            for (name, property) in properties {
                let mut child = steps.clone();
                child.push(Step::Field(name.clone()));
                self.node(property, child, depth + 1);
            }
        }
        if let Some(items) = schema.get("items").filter(|i| i.is_object()) {
            let mut child = steps.clone();
            child.push(Step::Item(0));
            self.node(items, child, depth + 1);
        }
        if let Some(values) = schema.get("additionalProperties").filter(|v| v.is_object()) {
            let key = current.as_object().and_then(|f| f.keys().next().cloned()).unwrap_or_else(|| MAP_KEY.to_owned());
            let mut child = steps;
            child.push(Step::Key(key));
            self.node(values, child, depth + 1);
        }
    }
}

fn number(schema: &Value, key: &str) -> Option<f64> {
    schema.get(key).and_then(Value::as_f64)
}

fn flag(schema: &Value, key: &str) -> bool {
    schema.get(key).and_then(Value::as_bool).unwrap_or(false)
}

fn string_of(length: u64) -> Value {
    json!("a".repeat(length as usize))
}

/// Every edit of one node with the keyword it tests and what it does.
fn edits(schema: &Value, current: &Value) -> Vec<(String, String, Edit)> {
    let mut edits = Vec::new();
    let mut push = |concept: &str, what: String, edit: Edit| edits.push((concept.to_owned(), what, edit));
    let declared = schema.get("type").and_then(Value::as_str);
    if is_int_or_string(schema) {
        push("int-or-string", "a boolean".into(), Edit::Set(json!(true)));
        push("int-or-string", "a fraction".into(), Edit::Set(json!(1.5)));
        push("int-or-string", "a string".into(), Edit::Set(json!("50%")));
        push("int-or-string", "an integer".into(), Edit::Set(json!(3)));
    } else if let Some(declared) = declared {
        let wrong = match declared {
            "string" => json!(12345),
            "integer" => json!("7"),
            "number" => json!("7.5"),
            "boolean" => json!("yes"),
            "array" | "object" => json!("a string"),
            _ => json!(null),
        };
        push("type", format!("a {} where {declared} is declared", kind_of(&wrong)), Edit::Set(wrong));
        if declared == "integer" {
            push("type", "a fraction where integer is declared".into(), Edit::Set(json!(2.5)));
        }
    }
    let nullable = if flag(schema, "nullable") { "nullable" } else { "null" };
    push(nullable, "null".into(), Edit::Set(Value::Null));
    if let Some(allowed) = schema.get("enum").and_then(Value::as_array) {
        let outside = if declared == Some("integer") { json!(987654) } else { json!("NotInTheEnum") };
        push("enum", "a value outside the enum".into(), Edit::Set(outside));
        if let Some(last) = allowed.last() {
            push("enum", "the enum's last value".into(), Edit::Set(last.clone()));
        }
    }
    if matches!(declared, Some("integer" | "number")) {
        number_edits(schema, declared == Some("integer"), &mut push);
    }
    if declared == Some("string") || is_int_or_string(schema) {
        string_edits(schema, &mut push);
    }
    if declared == Some("array") {
        array_edits(schema, current, &mut push);
    }
    if let Some(fields) = current.as_object().filter(|_| declared == Some("object") || declared.is_none()) {
        object_edits(schema, fields, &mut push);
    }
    edits
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::String(_) => "string",
        Value::Number(_) => "number",
        Value::Bool(_) => "boolean",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
        Value::Null => "null",
    }
}

fn number_edits(schema: &Value, integer: bool, push: &mut impl FnMut(&str, String, Edit)) {
    let at = |x: f64| if integer { json!(x as i64) } else { json!(x) };
    let step = if integer { 1.0 } else { 0.5 };
    if let Some(min) = number(schema, "minimum") {
        let exclusive = flag(schema, "exclusiveMinimum");
        let concept = if exclusive { "exclusiveMinimum" } else { "minimum" };
        push(concept, format!("{} (the minimum)", at(min)), Edit::Set(at(min)));
        push(concept, format!("{} (below the minimum)", at(min - step)), Edit::Set(at(min - step)));
        push(concept, format!("{} (above the minimum)", at(min + step)), Edit::Set(at(min + step)));
    }
    if let Some(max) = number(schema, "maximum") {
        let exclusive = flag(schema, "exclusiveMaximum");
        let concept = if exclusive { "exclusiveMaximum" } else { "maximum" };
        push(concept, format!("{} (the maximum)", at(max)), Edit::Set(at(max)));
        push(concept, format!("{} (above the maximum)", at(max + step)), Edit::Set(at(max + step)));
    }
    if let Some(multiple) = number(schema, "multipleOf") {
        push("multipleOf", "not a multiple".into(), Edit::Set(at(multiple * 3.0 + step.min(multiple / 2.0))));
        push("multipleOf", "a multiple".into(), Edit::Set(at(multiple * 3.0)));
    }
    if integer && schema.get("format").and_then(Value::as_str) == Some("int32") {
        push("format:int32", "2^31, past int32".into(), Edit::Set(json!(2_147_483_648i64)));
        push("format:int32", "2^31-1, the largest int32".into(), Edit::Set(json!(2_147_483_647i64)));
    }
}

fn string_edits(schema: &Value, push: &mut impl FnMut(&str, String, Edit)) {
    if let Some(max) = schema.get("maxLength").and_then(Value::as_u64).filter(|max| *max < 100_000) {
        push("maxLength", format!("{} characters (one over)", max + 1), Edit::Set(string_of(max + 1)));
        push("maxLength", format!("{max} characters (the maximum)"), Edit::Set(string_of(max)));
    }
    if let Some(min) = schema.get("minLength").and_then(Value::as_u64).filter(|min| *min > 0) {
        push("minLength", format!("{} characters (one short)", min - 1), Edit::Set(string_of(min - 1)));
        push("minLength", format!("{min} characters (the minimum)"), Edit::Set(string_of(min)));
    }
    if schema.get("pattern").is_some() {
        push("pattern", "a string matching nothing usual".into(), Edit::Set(json!("!Not Matching!")));
    }
    if let Some(format) = schema.get("format").and_then(Value::as_str)
        && super::instance::formatted(format, 0).is_some()
    {
        push(&format!("format:{format}"), format!("not a {format}"), Edit::Set(json!(format!("not-a-{format}!"))));
        push(&format!("format:{format}"), "an empty string".into(), Edit::Set(json!("")));
    }
}

fn array_edits(schema: &Value, current: &Value, push: &mut impl FnMut(&str, String, Edit)) {
    let items = schema.get("items").cloned().unwrap_or_else(|| json!({}));
    let distinct = |count: u64| Value::Array((0..count as usize).map(|n| variant(&items, n)).collect());
    if let Some(min) = schema.get("minItems").and_then(Value::as_u64).filter(|min| *min > 0 && *min <= MAX_LIST) {
        push("minItems", format!("{} items (one short)", min - 1), Edit::Set(distinct(min - 1)));
    }
    if let Some(max) = schema.get("maxItems").and_then(Value::as_u64).filter(|max| *max < MAX_LIST) {
        push("maxItems", format!("{} items (one over)", max + 1), Edit::Set(distinct(max + 1)));
        push("maxItems", format!("{max} items (the maximum)"), Edit::Set(distinct(max)));
    }
    let list_type = schema.get("x-kubernetes-list-type").and_then(Value::as_str);
    let first = current.get(0).cloned().unwrap_or_else(|| minimal(&items));
    match list_type {
        Some("set") => push("list-type:set", "an item twice".into(), Edit::Set(json!([first.clone(), first]))),
        Some("map") => {
            let twin = first.clone();
            push("list-type:map", "two items with the same keys".into(), Edit::Set(json!([first, twin])));
            push("list-type:map", "two items with distinct keys".into(), Edit::Set(distinct(2)));
        }
        _ if flag(schema, "uniqueItems") => {
            push("uniqueItems", "an item twice".into(), Edit::Set(json!([first.clone(), first])));
        }
        _ => {}
    }
}

fn object_edits(schema: &Value, fields: &serde_json::Map<String, Value>, push: &mut impl FnMut(&str, String, Edit)) {
    let required: Vec<String> = super::mutation::instance_names(schema.get("required"));
    for name in required.iter().filter(|name| fields.contains_key(*name)) {
        push("required", format!("without {name}"), Edit::Remove(vec![name.clone()]));
    }
    let properties = schema.get("properties").and_then(Value::as_object);
    let values = schema.get("additionalProperties").filter(|v| v.is_object());
    if flag(schema, "x-kubernetes-preserve-unknown-fields") {
        push("preserve-unknown-fields", "an undeclared field".into(), Edit::Add(vec![unknown_field()]));
    } else if properties.is_some() && values.is_none() {
        push("unknown field", "an undeclared field".into(), Edit::Add(vec![unknown_field()]));
    }
    if let Some(values) = values {
        let wrong = if values.get("type").and_then(Value::as_str) == Some("array") { json!("x") } else { json!([1]) };
        push("additionalProperties", "a value of the wrong type".into(), Edit::Add(vec![("extra".into(), wrong)]));
        push("additionalProperties", "another valid value".into(), Edit::Add(vec![("extra".into(), minimal(values))]));
    }
    if let Some(properties) = properties {
        let optional: Vec<(String, Value)> = properties
            .iter()
            .filter(|(name, _)| !fields.contains_key(*name))
            .map(|(name, property)| (name.clone(), minimal(property)))
            .collect();
        if !optional.is_empty() {
            push("optional fields", "every optional field set".into(), Edit::Add(optional));
        }
    }
    if let Some(max) = schema.get("maxProperties").and_then(Value::as_u64).filter(|max| *max < MAX_LIST) {
        let filler = values.map(minimal).unwrap_or_else(|| json!("x"));
        let extra = (fields.len() as u64..=max).map(|n| (format!("p{n}"), filler.clone())).collect();
        push("maxProperties", format!("{} properties (one over)", max + 1), Edit::Add(extra));
    }
    if let Some(min) = schema.get("minProperties").and_then(Value::as_u64).filter(|min| *min > 0) {
        let keep = min.saturating_sub(1) as usize;
        let dropped: Vec<String> = fields.keys().skip(keep).cloned().collect();
        push("minProperties", format!("{keep} properties (one short)"), Edit::Remove(dropped));
    }
    if flag(schema, "x-kubernetes-embedded-resource") {
        push("embedded-resource", "without kind".into(), Edit::Remove(vec!["kind".into()]));
    }
    for junctor in ["oneOf", "anyOf"] {
        let Some(members) = schema.get(junctor).and_then(Value::as_array) else { continue };
        let forms: Vec<String> =
            members.iter().flat_map(|m| super::mutation::instance_names(m.get("required"))).collect();
        if forms.is_empty() {
            continue;
        }
        push(junctor, "no form's fields".into(), Edit::Remove(forms.clone()));
        let all = forms
            .iter()
            .map(|name| {
                let property = properties.and_then(|p| p.get(name)).cloned().unwrap_or_else(|| json!({}));
                (name.clone(), fields.get(name).cloned().unwrap_or_else(|| minimal(&property)))
            })
            .collect();
        push(junctor, "every form's fields".into(), Edit::Add(all));
    }
    if let Some(forbidden) = schema.get("not") {
        let names = super::mutation::instance_names(forbidden.get("required"));
        let added = names
            .iter()
            .map(|name| {
                let property = properties.and_then(|p| p.get(name)).cloned().unwrap_or_else(|| json!({}));
                (name.clone(), minimal(&property))
            })
            .collect();
        push("not", "the forbidden form's fields".into(), Edit::Add(added));
    }
}

fn unknown_field() -> (String, Value) {
    ("kapiUnknownField".to_owned(), json!("x"))
}
