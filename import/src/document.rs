//! The documents `kapi import` reads, told apart by their content: an OpenAPI v3 document, a swagger 2.0 document,
//! or CustomResourceDefinitions (YAML or JSON, several to a file, or a `List` of them).

use serde_json::Value;

/// One input, as read.
#[derive(Debug, Clone, PartialEq)]
pub enum Document {
    OpenApiV3(Value),
    Swagger(Value),
    Crds(Vec<Value>),
}

/// Reads `text` (named `origin` in messages) as one of the documents kapi imports.
pub fn read(origin: &str, text: &str) -> Result<Document, String> {
    let values: Vec<Value> = match serde_json::from_str::<Value>(text) {
        Ok(value) => vec![value],
        Err(_) => serde_saphyr::from_multiple::<Value>(text)
            .map_err(|e| format!("{origin}: neither JSON nor YAML: {e}"))?
            .into_iter()
            .filter(|value| !value.is_null())
            .collect(),
    };
    if let [value] = values.as_slice() {
        if value.get("openapi").and_then(Value::as_str).is_some_and(|v| v.starts_with("3.")) {
            return Ok(Document::OpenApiV3(value.clone()));
        }
        if value.get("swagger").and_then(Value::as_str) == Some("2.0") {
            return Ok(Document::Swagger(value.clone()));
        }
    }
    let mut crds = Vec::new();
    for value in values {
        match value.get("kind").and_then(Value::as_str) {
            Some("CustomResourceDefinition") => crds.push(value),
            Some("List") => {
                let items = value.get("items").and_then(Value::as_array).cloned().unwrap_or_default();
                for item in items {
                    if item.get("kind").and_then(Value::as_str) != Some("CustomResourceDefinition") {
                        return Err(format!("{origin}: a List item is not a CustomResourceDefinition"));
                    }
                    crds.push(item);
                }
            }
            _ => {
                return Err(format!(
                    "{origin}: not an OpenAPI v3 document, a swagger 2.0 document or a CustomResourceDefinition"
                ));
            }
        }
    }
    if crds.is_empty() {
        return Err(format!("{origin}: holds no document"));
    }
    Ok(Document::Crds(crds))
}
