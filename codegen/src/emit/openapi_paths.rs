//! The paths of an OpenAPI 3 document, written from the typed path items: each operation with its parameters
//! inline, request body and responses by media type, and Kubernetes' extensions. Shared by the group-version
//! documents of every edition and the documents of group-versions published as CRDs.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use crate::emit::operations::{Body, Operation, Parameter, PathItem, Payload, Response, operation_extensions};
use crate::infra::render::Renderer;

pub(crate) fn render_paths(items: &BTreeMap<String, PathItem>, renderer: &Renderer) -> Value {
    let mut out = Map::new();
    for (path, item) in items {
        let mut item_json = Map::new();
        if !item.parameters.is_empty() {
            item_json.insert("parameters".to_owned(), parameters(&item.parameters));
        }
        for (method, operation) in &item.operations {
            item_json.insert(method.as_str().to_owned(), render_operation(operation, renderer));
        }
        out.insert(path.clone(), Value::Object(item_json));
    }
    Value::Object(out)
}

fn render_operation(operation: &Operation, renderer: &Renderer) -> Value {
    let mut out = Map::new();
    out.insert("description".to_owned(), json!(operation.description));
    out.insert("operationId".to_owned(), json!(operation.id));
    out.insert("tags".to_owned(), json!([operation.tag]));
    if !operation.parameters.is_empty() {
        out.insert("parameters".to_owned(), parameters(&operation.parameters));
    }
    if let Some(body) = &operation.body {
        out.insert("requestBody".to_owned(), request_body(body, renderer));
    }
    let responses = operation.responses.iter().map(|r| (r.code.to_string(), response(r, renderer))).collect();
    out.insert("responses".to_owned(), Value::Object(responses));
    operation_extensions(operation, &mut out);
    Value::Object(out)
}

/// Parameters inline, each schema with `uniqueItems: true` as upstream writes them.
fn parameters(parameters: &[Parameter]) -> Value {
    let rendered = parameters.iter().map(|p| {
        let mut out = json!({
            "name": p.name,
            "in": p.location.as_str(),
            "description": p.description,
            "schema": {"type": p.param_type.as_str(), "uniqueItems": true},
        });
        if p.required {
            out["required"] = json!(true);
        }
        out
    });
    Value::Array(rendered.collect())
}

fn content<'m>(media: impl IntoIterator<Item = &'m str>, schema: Value) -> Value {
    Value::Object(media.into_iter().map(|m| (m.to_owned(), json!({ "schema": schema.clone() }))).collect())
}

fn request_body(body: &Body, renderer: &Renderer) -> Value {
    let mut out = json!({ "content": content(body.media.iter().copied(), renderer.reference(&body.schema)) });
    if body.required {
        out["required"] = json!(true);
    }
    out
}

fn response(response: &Response, renderer: &Renderer) -> Value {
    let mut out = json!({ "description": response.description });
    if let Some(body) = &response.content {
        out["content"] = content(body.media.iter().map(String::as_str), payload(&body.schema, renderer));
    }
    out
}

/// A response's schema: a reference to its definition, or a plain string.
pub(crate) fn payload(payload: &Payload, renderer: &Renderer) -> Value {
    match payload {
        Payload::Object(name) => renderer.reference(name),
        Payload::Text => json!({"type": "string"}),
    }
}
