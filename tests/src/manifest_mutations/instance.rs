//! Minimal valid instances of a schema: required properties only, the first enum value, values inside the
//! bounds, strings of the declared format and pattern, defaults where declared. The server checks each base
//! object made so (a schema's CEL rules may still refuse one).

use serde_json::{Map, Value, json};

/// How deep a minimal instance goes (schemas of recursive types are cut there).
const MAX_DEPTH: usize = 12;

/// A minimal valid instance of `schema`.
pub fn minimal(schema: &Value) -> Value {
    instance(schema, 0, 0)
}

/// The `n`-th of distinct valid instances of `schema` (for list items that must differ).
pub fn variant(schema: &Value, n: usize) -> Value {
    instance(schema, n, 0)
}

fn instance(schema: &Value, n: usize, depth: usize) -> Value {
    if let Some(default) = schema.get("default").filter(|_| n == 0) {
        return default.clone();
    }
    if let Some(allowed) = schema.get("enum").and_then(Value::as_array).filter(|a| !a.is_empty()) {
        return allowed[n % allowed.len()].clone();
    }
    if is_int_or_string(schema) {
        return json!(n + 1);
    }
    match schema.get("type").and_then(Value::as_str) {
        Some("object") | None if depth < MAX_DEPTH => object(schema, n, depth),
        Some("object") | None => json!({}),
        Some("array") => array(schema, depth),
        Some("string") => json!(string(schema, n)),
        Some("integer") => json!(integer(schema, n)),
        Some("number") => json!(integer(schema, n)),
        Some("boolean") => json!(n % 2 == 1),
        Some(_) => Value::Null,
    }
}

pub fn is_int_or_string(schema: &Value) -> bool {
    schema.get("x-kubernetes-int-or-string").and_then(Value::as_bool).unwrap_or(false)
}

fn object(schema: &Value, n: usize, depth: usize) -> Value {
    let properties = schema.get("properties").and_then(Value::as_object);
    let mut fields = Map::new();
    let mut wanted: Vec<&str> = names(schema.get("required"));
    // A union of forms (`oneOf`/`anyOf` members naming required fields): take the first form.
    for junctor in ["oneOf", "anyOf"] {
        if let Some(first) = schema.get(junctor).and_then(Value::as_array).and_then(|m| m.first()) {
            wanted.extend(names(first.get("required")));
        }
    }
    if schema.get("x-kubernetes-embedded-resource").and_then(Value::as_bool).unwrap_or(false) {
        fields.insert("apiVersion".to_owned(), json!("v1"));
        fields.insert("kind".to_owned(), json!("ConfigMap"));
    }
    for name in wanted {
        let property = properties.and_then(|p| p.get(name)).cloned().unwrap_or_else(|| json!({}));
        // The first variant of a key field differs per item (map lists need distinct keys).
        fields.insert(name.to_owned(), instance(&property, n, depth + 1));
    }
    let least = schema.get("minProperties").and_then(Value::as_u64).unwrap_or(0) as usize;
    if let Some(properties) = properties {
        for (name, property) in properties {
            if fields.len() >= least {
                break;
            }
            fields.entry(name.clone()).or_insert_with(|| instance(property, n, depth + 1));
        }
    }
    if let Some(values) = schema.get("additionalProperties").filter(|v| v.is_object()) {
        let mut key = 0;
        while fields.len() < least {
            fields.insert(format!("k{key}"), instance(values, key, depth + 1));
            key += 1;
        }
    }
    Value::Object(fields)
}

fn names(list: Option<&Value>) -> Vec<&str> {
    list.and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect()
}

fn array(schema: &Value, depth: usize) -> Value {
    let least = schema.get("minItems").and_then(Value::as_u64).unwrap_or(0) as usize;
    let items = schema.get("items").cloned().unwrap_or_else(|| json!({}));
    Value::Array((0..least).map(|n| instance(&items, n, depth + 1)).collect())
}

fn integer(schema: &Value, n: usize) -> i64 {
    let bound = |key: &str| schema.get(key).and_then(Value::as_f64);
    let exclusive = |key: &str| schema.get(key).and_then(Value::as_bool).unwrap_or(false);
    let low =
        bound("minimum").map(|m| if exclusive("exclusiveMinimum") { m.floor() as i64 + 1 } else { m.ceil() as i64 });
    let high =
        bound("maximum").map(|m| if exclusive("exclusiveMaximum") { m.ceil() as i64 - 1 } else { m.floor() as i64 });
    let mut value = low.unwrap_or(1).max(1) + n as i64;
    if let Some(high) = high {
        value = value.min(high);
    }
    if let Some(step) = bound("multipleOf").filter(|s| *s >= 1.0) {
        value = (value as f64 / step).ceil() as i64 * step as i64;
    }
    value
}

/// Strings of each format the server checks, valid.
pub fn formatted(format: &str, n: usize) -> Option<String> {
    Some(match format {
        "date-time" => format!("2024-01-0{}T00:00:00Z", n % 9 + 1),
        "date" => format!("2024-01-0{}", n % 9 + 1),
        "duration" => format!("{}h", n + 1),
        "byte" => ["aGVsbG8=", "d29ybGQ=", "a2FwaQ=="][n % 3].to_owned(),
        "uuid" => format!("123e4567-e89b-12d3-a456-42661417400{}", n % 10),
        "ipv4" => format!("10.0.0.{}", n % 250 + 1),
        "ipv6" => format!("fd00::{}", n % 250 + 1),
        "cidr" => format!("10.{}.0.0/16", n % 250),
        "hostname" => format!("host{n}.example.com"),
        "email" => format!("user{n}@example.com"),
        "uri" => format!("https://example.com/{n}"),
        _ => return None,
    })
}

/// Candidate strings tried against a `pattern`, in order.
const PATTERN_CANDIDATES: &[&str] =
    &["a", "abc", "a1", "example", "a-b", "a.b", "A", "Abc", "1", "12", "a_b", "x:1", "1h", "/a", "ab/cd", "a@b.c"];

fn string(schema: &Value, n: usize) -> String {
    let format = schema.get("format").and_then(Value::as_str).unwrap_or_default();
    let mut text = formatted(format, n).unwrap_or_else(|| format!("v{n}"));
    if let Some(pattern) = schema.get("pattern").and_then(Value::as_str)
        && let Ok(regex) = regex::Regex::new(pattern)
        && !regex.is_match(&text)
        && let Some(found) = PATTERN_CANDIDATES.iter().find(|c| regex.is_match(c))
    {
        text = if n == 0 { (*found).to_owned() } else { format!("{found}{n}") };
        if !regex.is_match(&text) {
            text = (*found).to_owned();
        }
    }
    let least = schema.get("minLength").and_then(Value::as_u64).unwrap_or(0) as usize;
    while text.chars().count() < least {
        text.push('a');
    }
    if let Some(most) = schema.get("maxLength").and_then(Value::as_u64) {
        text = text.chars().take(most as usize).collect();
    }
    text
}

/// Whether a scalar candidate satisfies a scalar schema's own keywords (type, enum, bounds, lengths, pattern,
/// format), so a candidate that only tests a CEL rule does not also break a keyword.
pub fn fits(schema: &Value, value: &Value) -> bool {
    if let Some(allowed) = schema.get("enum").and_then(Value::as_array)
        && !allowed.contains(value)
    {
        return false;
    }
    let bound = |key: &str| schema.get(key).and_then(Value::as_f64);
    let exclusive = |key: &str| schema.get(key).and_then(Value::as_bool).unwrap_or(false);
    let kind = schema.get("type").and_then(Value::as_str);
    match value {
        Value::String(text) => {
            if !(kind == Some("string") || is_int_or_string(schema)) {
                return false;
            }
            let length = text.chars().count() as f64;
            let format = schema.get("format").and_then(Value::as_str).unwrap_or_default();
            let pattern_ok = schema
                .get("pattern")
                .and_then(Value::as_str)
                .is_none_or(|p| regex::Regex::new(p).is_ok_and(|r| r.is_match(text)));
            bound("maxLength").is_none_or(|m| length <= m)
                && bound("minLength").is_none_or(|m| length >= m)
                && pattern_ok
                && (formatted(format, 0).is_none() || format_like(format, text))
        }
        Value::Number(number) => {
            let Some(x) = number.as_f64() else { return false };
            let integral = number.is_i64() || number.is_u64();
            let type_ok = match kind {
                Some("integer") => integral,
                Some("number") => true,
                _ => is_int_or_string(schema) && integral,
            };
            type_ok
                && bound("minimum").is_none_or(|m| if exclusive("exclusiveMinimum") { x > m } else { x >= m })
                && bound("maximum").is_none_or(|m| if exclusive("exclusiveMaximum") { x < m } else { x <= m })
                && (kind != Some("integer")
                    || schema.get("format").and_then(Value::as_str) != Some("int32")
                    || i32::try_from(number.as_i64().unwrap_or(i64::MAX)).is_ok())
        }
        Value::Bool(_) => kind == Some("boolean"),
        _ => false,
    }
}

/// A rough check of the formats this generator writes, so CEL candidates stay within their format.
fn format_like(format: &str, text: &str) -> bool {
    (0..4).any(|n| formatted(format, n).as_deref() == Some(text))
}
