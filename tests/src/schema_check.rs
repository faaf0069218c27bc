//! An oracle for "every default and example satisfies the schema it sits in", over generated documents as
//! published: OpenAPI 3.0 and swagger 2.0 schemas are first rewritten into JSON Schema 2020-12 (`nullable` as a
//! null type, exclusive-bound flags as values, `$ref`s into `$defs`), then each value is validated with the
//! jsonschema crate against the node it sits on. Written apart from the generator's own check.

use std::collections::HashMap;

use serde_json::{Map, Value, json};

/// One default or example its schema rejects.
#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    pub definition: String,
    /// RFC 6901 pointer to the node carrying the value.
    pub pointer: String,
    /// `default`, `example` or `examples`.
    pub keyword: String,
    pub value: Value,
    pub problem: String,
}

/// Rewrites an OpenAPI 3.0 / swagger 2.0 schema into 2020-12; `ref_prefix` is the document's definitions prefix.
pub fn to_2020_12(schema: &Value, ref_prefix: &str) -> Value {
    let Value::Object(map) = schema else { return schema.clone() };
    let mut out = Map::new();
    for (key, value) in map {
        let value = match key.as_str() {
            "properties" | "patternProperties" => Value::Object(
                value.as_object().into_iter().flatten().map(|(k, v)| (k.clone(), to_2020_12(v, ref_prefix))).collect(),
            ),
            "items" | "additionalProperties" | "not" => to_2020_12(value, ref_prefix),
            "allOf" | "anyOf" | "oneOf" => {
                Value::Array(value.as_array().into_iter().flatten().map(|v| to_2020_12(v, ref_prefix)).collect())
            }
            "$ref" => json!(value.as_str().unwrap_or_default().replacen(ref_prefix, "#/$defs/", 1)),
            _ => value.clone(),
        };
        out.insert(key.clone(), value);
    }
    for (flag, bound) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
        if out.get(flag) == Some(&json!(true)) {
            let bound = out.remove(bound).unwrap_or(Value::Null);
            out.insert(flag.to_owned(), bound);
        } else if out.get(flag) == Some(&json!(false)) {
            out.remove(flag);
        }
    }
    if out.remove("nullable") == Some(json!(true)) {
        match out.get("type").cloned() {
            Some(Value::String(name)) => {
                out.insert("type".to_owned(), json!([name, "null"]));
            }
            _ => {
                let rest = Value::Object(std::mem::take(&mut out));
                out.insert("anyOf".to_owned(), json!([rest, {"type": "null"}]));
            }
        }
        if let Some(Value::Array(values)) = out.get_mut("enum") {
            values.push(Value::Null);
        }
    }
    Value::Object(out)
}

/// Remembers the verdicts on definitions already checked: documents repeat the same definitions.
#[derive(Debug, Default)]
pub struct Checker {
    /// (definition, its closure serialised) -> what was found.
    seen: HashMap<(String, String), Vec<Violation>>,
}

impl Checker {
    /// Every default and example among `defs` (2020-12, keyed by definition name) that its node rejects.
    pub fn violations(&mut self, defs: &Map<String, Value>) -> Vec<Violation> {
        let mut found = Vec::new();
        for name in defs.keys() {
            let reached = closure(defs, name);
            let key = (name.clone(), Value::Object(reached.clone()).to_string());
            let verdict = self.seen.entry(key).or_insert_with(|| violations_of(name, &reached));
            found.extend(verdict.iter().cloned());
        }
        found
    }
}

/// `name` and every definition it reaches through `$ref`s.
fn closure(defs: &Map<String, Value>, name: &str) -> Map<String, Value> {
    let mut reached = Map::new();
    let mut pending = vec![name.to_owned()];
    while let Some(next) = pending.pop() {
        if reached.contains_key(&next) {
            continue;
        }
        let Some(schema) = defs.get(&next) else { continue };
        let mut targets = Vec::new();
        references(schema, &mut targets);
        pending.extend(targets);
        reached.insert(next, schema.clone());
    }
    reached
}

fn references(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(target) = map.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/$defs/")) {
                out.push(target.replace("~1", "/").replace("~0", "~"));
            }
            map.values().for_each(|v| references(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| references(v, out)),
        _ => {}
    }
}

/// The violations inside the definition `name`, whose closure is `defs`.
fn violations_of(name: &str, defs: &Map<String, Value>) -> Vec<Violation> {
    let mut found = Vec::new();
    {
        let Some(schema) = defs.get(name) else { return found };
        let mut values = Vec::new();
        collect_values(schema, &mut Vec::new(), &mut values);
        for (tokens, keyword, value) in values {
            let pointer: String =
                tokens.iter().map(|t| format!("/{}", t.replace('~', "~0").replace('/', "~1"))).collect();
            let escaped = name.replace('~', "~0").replace('/', "~1");
            let root = json!({
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "$defs": defs,
                "$ref": format!("#/$defs/{escaped}{pointer}"),
            });
            let problem = match jsonschema::validator_for(&root) {
                Ok(validator) => validator.iter_errors(&value).map(|e| e.to_string()).collect::<Vec<_>>().join("; "),
                Err(error) => format!("schema does not compile: {error}"),
            };
            if !problem.is_empty() {
                found.push(Violation { definition: name.to_owned(), pointer, keyword, value, problem });
            }
        }
    }
    found
}

/// `(pointer tokens, keyword, value)` for every default / example / examples entry of a schema tree.
fn collect_values(schema: &Value, at: &mut Vec<String>, out: &mut Vec<(Vec<String>, String, Value)>) {
    let Value::Object(map) = schema else { return };
    for keyword in ["default", "example"] {
        if let Some(value) = map.get(keyword) {
            out.push((at.clone(), keyword.to_owned(), value.clone()));
        }
    }
    for value in map.get("examples").and_then(Value::as_array).into_iter().flatten() {
        out.push((at.clone(), "examples".to_owned(), value.clone()));
    }
    let mut descend = |tokens: &[&str], child: &Value, out: &mut Vec<_>| {
        at.extend(tokens.iter().map(|t| (*t).to_owned()));
        collect_values(child, at, out);
        at.truncate(at.len() - tokens.len());
    };
    for (name, child) in map.get("properties").and_then(Value::as_object).into_iter().flatten() {
        descend(&["properties", name], child, out);
    }
    for keyword in ["items", "additionalProperties", "not"] {
        if let Some(child) = map.get(keyword) {
            descend(&[keyword], child, out);
        }
    }
    for keyword in ["allOf", "anyOf", "oneOf"] {
        for (index, child) in map.get(keyword).and_then(Value::as_array).into_iter().flatten().enumerate() {
            descend(&[keyword, &index.to_string()], child, out);
        }
    }
}
