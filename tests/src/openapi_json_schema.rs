//! An OpenAPI v3 document's component schema as a JSON Schema a validator can run: the oracle for documents kapi
//! writes (CRDs checked against Kubernetes' own CustomResourceDefinition schema).

use serde_json::{Map, Value, json};

const COMPONENTS: &str = "#/components/schemas/";

/// JSON Schema (2020-12) for component `name` of `document`. Components become `$defs`, `nullable` admits null,
/// and, when `closed`, an object that lists its properties admits no others (what `kubectl --validate=strict`
/// enforces), so a misspelt or unsupported field fails.
pub fn component_json_schema(document: &Value, name: &str, closed: bool) -> Value {
    let components = document["components"]["schemas"].as_object().expect("the document has component schemas");
    let defs: Map<String, Value> = components.iter().map(|(k, v)| (k.clone(), convert(v, closed))).collect();
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$ref": format!("#/$defs/{name}"),
        "$defs": defs,
    })
}

fn convert(schema: &Value, closed: bool) -> Value {
    let Value::Object(map) = schema else { return schema.clone() };
    let mut out = Map::new();
    for (key, value) in map {
        let converted = match key.as_str() {
            "$ref" => json!(value.as_str().unwrap_or_default().replace(COMPONENTS, "#/$defs/")),
            "properties" => Value::Object(
                value.as_object().into_iter().flatten().map(|(k, v)| (k.clone(), convert(v, closed))).collect(),
            ),
            "items" | "additionalProperties" | "not" if value.is_object() => convert(value, closed),
            "allOf" | "anyOf" | "oneOf" => {
                Value::Array(value.as_array().into_iter().flatten().map(|v| convert(v, closed)).collect())
            }
            _ => value.clone(),
        };
        out.insert(key.clone(), converted);
    }
    if out.remove("nullable") == Some(Value::Bool(true))
        && let Some(Value::String(single)) = out.get("type").cloned()
    {
        out.insert("type".to_owned(), json!([single, "null"]));
    }
    if closed && out.contains_key("properties") && !out.contains_key("additionalProperties") {
        out.insert("additionalProperties".to_owned(), json!(false));
    }
    Value::Object(out)
}
