//! The operations of a document's paths, reduced to what says which resources the API serves: the path, the HTTP
//! method, Kubernetes' action and kind extensions, what a success answers with, and the query parameters.

use kapi_model::GroupVersionKind;
use serde_json::Value;

/// One operation of a path.
#[derive(Debug, Clone, PartialEq)]
pub struct Operation {
    pub path: String,
    /// Lower case, as documents key them (`get`, `post`).
    pub method: String,
    /// `x-kubernetes-action`.
    pub action: String,
    /// `x-kubernetes-group-version-kind`.
    pub kind: GroupVersionKind,
    /// The definition a `200` answer refers to, when it refers to one.
    pub answer: Option<String>,
    /// The media types of the `200` answer.
    pub answer_media_types: Vec<String>,
    /// The query parameters: name, JSON type and description.
    pub query: Vec<QueryParameter>,
}

/// A query parameter of an operation.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryParameter {
    pub name: String,
    pub param_type: String,
    pub description: Option<String>,
}

/// The methods a path item can hold.
const METHODS: [&str; 8] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/// Every operation of `paths` that carries Kubernetes' action and kind extensions; `v3` tells an OpenAPI v3
/// document (answers under `content`, parameter types under `schema`) from a swagger 2.0 one.
pub fn operations(paths: &serde_json::Map<String, Value>, v3: bool, produces: &[String]) -> Vec<Operation> {
    let mut found = Vec::new();
    for (path, item) in paths {
        let shared = item.get("parameters").and_then(Value::as_array).cloned().unwrap_or_default();
        for method in METHODS {
            let Some(operation) = item.get(method) else { continue };
            let action = operation.get("x-kubernetes-action").and_then(Value::as_str);
            let kind = operation.get("x-kubernetes-group-version-kind").cloned();
            let (Some(action), Some(Ok(kind))) = (action, kind.map(serde_json::from_value::<GroupVersionKind>)) else {
                continue;
            };
            let own = operation.get("parameters").and_then(Value::as_array).cloned().unwrap_or_default();
            let query = shared.iter().chain(&own).filter_map(|p| query_parameter(p, v3)).collect();
            let ok = operation.get("responses").and_then(|r| r.get("200"));
            let (answer, answer_media_types) = match ok {
                Some(ok) if v3 => {
                    let content = ok.get("content").and_then(Value::as_object);
                    let media: Vec<String> = content.map(|c| c.keys().cloned().collect()).unwrap_or_default();
                    let schema = content.and_then(|c| c.values().next()).and_then(|m| m.get("schema"));
                    (schema.and_then(|s| reference(s, "#/components/schemas/")), media)
                }
                Some(ok) => {
                    let media = operation
                        .get("produces")
                        .and_then(Value::as_array)
                        .map(|list| list.iter().filter_map(Value::as_str).map(str::to_owned).collect())
                        .unwrap_or_else(|| produces.to_vec());
                    (ok.get("schema").and_then(|s| reference(s, "#/definitions/")), media)
                }
                None => (None, Vec::new()),
            };
            found.push(Operation {
                path: path.clone(),
                method: method.to_owned(),
                action: action.to_owned(),
                kind,
                answer,
                answer_media_types,
                query,
            });
        }
    }
    found
}

fn reference(schema: &Value, prefix: &str) -> Option<String> {
    schema.get("$ref")?.as_str()?.strip_prefix(prefix).map(str::to_owned)
}

fn query_parameter(parameter: &Value, v3: bool) -> Option<QueryParameter> {
    if parameter.get("in")?.as_str()? != "query" {
        return None;
    }
    let typed = if v3 { parameter.get("schema")? } else { parameter };
    Some(QueryParameter {
        name: parameter.get("name")?.as_str()?.to_owned(),
        param_type: typed.get("type")?.as_str()?.to_owned(),
        description: parameter.get("description").and_then(Value::as_str).map(str::to_owned),
    })
}
