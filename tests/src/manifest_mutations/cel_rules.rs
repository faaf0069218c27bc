//! Mutations aimed at CEL rules (`x-kubernetes-validations`): for each rule, the scalar fields it can read (the
//! node itself and its fields two levels down) take values from a fixed pool that keep their own keywords, so
//! the rule alone decides; lists it reads get none, one, two distinct or two equal items. Some break the rule,
//! some keep it, and the server says which.

use serde_json::{Value, json};

use super::instance::{fits, minimal, variant};
use super::mutation::Mutation;
use super::path::{MAP_KEY, Step, ensure, field_name, schema_at};

/// How many values one field takes per rule.
const PER_FIELD: usize = 8;

/// Strings, numbers and booleans that rules commonly look at: names, URLs, durations, times, image tags.
fn pool() -> Vec<Value> {
    let strings = [
        "",
        "a",
        "abc",
        "Abc",
        "-a",
        "a.b",
        "a.b.c",
        "x:latest",
        "x:1.0",
        "https://example.com",
        "http://example.com",
        "1h",
        "2h",
        "30m",
        "2019-01-01T00:00:00Z",
        "2030-01-01T00:00:00Z",
        "s",
        "m",
        "h",
        "[0-9]+",
        "a1b22",
        "host.example.com",
        "Not A Label",
    ];
    let numbers = [-1i64, 0, 1, 5, 50, 100, 101, 150, 200, 65535, 65536];
    let mut values: Vec<Value> = strings.iter().map(|s| json!(s)).collect();
    values.push(json!("a".repeat(64)));
    values.extend(numbers.iter().map(|n| json!(n)));
    values.extend([json!(true), json!(false)]);
    values
}

/// One rule and where it sits.
#[derive(Debug, Clone)]
pub struct RuleSite {
    /// The node's field (kubectl style), the rule's text and its static message.
    pub field: String,
    pub rule: String,
    pub message: Option<String>,
    /// Whether it reads `oldSelf` (a transition rule: not run on create).
    pub transition: bool,
    /// Whether its message is computed (`messageExpression`).
    pub message_expression: bool,
}

/// Every rule of `schema` with the steps to its node (items and map values at their first position).
pub fn rule_sites(schema: &Value) -> Vec<(Vec<Step>, RuleSite)> {
    let mut sites = Vec::new();
    collect(schema, Vec::new(), &mut sites, 0);
    sites
}

fn collect(schema: &Value, steps: Vec<Step>, out: &mut Vec<(Vec<Step>, RuleSite)>, depth: usize) {
    if depth > 10 {
        return;
    }
    for rule in schema.get("x-kubernetes-validations").and_then(Value::as_array).into_iter().flatten() {
        let text = rule.get("rule").and_then(Value::as_str).unwrap_or_default().to_owned();
        let site = RuleSite {
            field: field_name(&steps),
            transition: text.contains("oldSelf"),
            message_expression: rule.get("messageExpression").is_some(),
            message: rule.get("message").and_then(Value::as_str).map(str::to_owned),
            rule: text,
        };
        out.push((steps.clone(), site));
    }
    for (name, property) in schema.get("properties").and_then(Value::as_object).into_iter().flatten() {
        let mut child = steps.clone();
        child.push(Step::Field(name.clone()));
        collect(property, child, out, depth + 1);
    }
    if let Some(items) = schema.get("items").filter(|i| i.is_object()) {
        let mut child = steps.clone();
        child.push(Step::Item(0));
        collect(items, child, out, depth + 1);
    }
    if let Some(values) = schema.get("additionalProperties").filter(|v| v.is_object()) {
        let mut child = steps;
        child.push(Step::Key(MAP_KEY.to_owned()));
        collect(values, child, out, depth + 1);
    }
}

/// For every rule of `schema` not about transitions: `base` with the rule's node created and its readable
/// scalars set to pool values, one at a time; lists it reads get none, one, or two distinct items.
pub fn rule_mutations(schema: &Value, base: &Value) -> Vec<Mutation> {
    let mut out = Vec::new();
    for (steps, site) in rule_sites(schema) {
        if site.transition || steps.first() == Some(&Step::Field("metadata".to_owned())) {
            continue;
        }
        let Some(node_schema) = schema_at(schema, &steps) else { continue };
        let mut prepared = base.clone();
        if ensure(&mut prepared, schema, &steps).is_none() {
            continue;
        }
        out.push(Mutation {
            concept: "cel".into(),
            field: site.field.clone(),
            what: format!("rule `{}`: the node as made", site.rule),
            object: prepared.clone(),
        });
        for (relative, field_schema) in readable(node_schema) {
            let mut target = steps.clone();
            target.extend(relative);
            let candidates: Vec<Value> = match field_schema.get("type").and_then(Value::as_str) {
                Some("array") => {
                    let items = field_schema.get("items").cloned().unwrap_or_else(|| json!({}));
                    let (first, second) = (variant(&items, 0), variant(&items, 1));
                    // Also an item twice, for rules about unique items (`exists_one`, `all(a, all(b, …))`).
                    vec![
                        json!([]),
                        json!([first.clone()]),
                        json!([first.clone(), second]),
                        json!([first.clone(), first]),
                    ]
                }
                Some("object") => vec![json!({}), minimal(field_schema)],
                _ => pool().into_iter().filter(|v| fits(field_schema, v)).take(PER_FIELD).collect(),
            };
            for candidate in candidates {
                let mut object = prepared.clone();
                let Some(node) = ensure(&mut object, schema, &target) else { continue };
                *node = candidate.clone();
                out.push(Mutation {
                    concept: "cel".into(),
                    field: site.field.clone(),
                    what: format!("rule `{}`: {} = {candidate}", site.rule, field_name(&target)),
                    object,
                });
            }
        }
    }
    out
}

/// The node's own value (when scalar) and its fields one and two levels down, with their schemas.
fn readable(schema: &Value) -> Vec<(Vec<Step>, &Value)> {
    let mut found = Vec::new();
    let declared = schema.get("type").and_then(Value::as_str);
    if !matches!(declared, Some("object") | None) || schema.get("x-kubernetes-int-or-string").is_some() {
        found.push((Vec::new(), schema));
    }
    for (name, property) in schema.get("properties").and_then(Value::as_object).into_iter().flatten() {
        found.push((vec![Step::Field(name.clone())], property));
        for (inner, grandchild) in property.get("properties").and_then(Value::as_object).into_iter().flatten() {
            if grandchild.get("type").and_then(Value::as_str) != Some("object") {
                found.push((vec![Step::Field(name.clone()), Step::Field(inner.clone())], grandchild));
            }
        }
    }
    found
}
