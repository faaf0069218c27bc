//! Converts one swagger 2.0 path item: its operations' parameters and responses (rules 4 and 5), keeping
//! path-level parameters at path level and every other key (tags, operationId, `x-kubernetes-*`) as it is.

use serde_json::{Map, Value};

use super::context::{Context, effective_media_types};
use super::error::ConversionError;
use super::parameters::convert_parameters;
use super::report::Findings;
use super::responses::convert_responses;
use super::walk::escape;

/// The keys of a path item that hold operations.
const METHODS: &[&str] = &["get", "put", "post", "delete", "options", "head", "patch"];
/// Operation keys that OpenAPI 3.0 says differently (media types move into content, schemes into servers).
const DROPPED: &[&str] = &["consumes", "produces", "schemes"];

/// The path item `item` of `path` in OpenAPI 3.0 form.
pub(super) fn convert_path_item(
    path: &str,
    item: &Value,
    context: &Context<'_>,
    findings: &mut Findings,
) -> Result<Value, ConversionError> {
    let at = format!("/paths/{}", escape(path));
    let item = item.as_object().ok_or_else(|| ConversionError::not_an_object(&at))?;
    let mut out = Map::new();
    let mut shared_body = None;
    if let Some(list) = item.get("parameters").and_then(Value::as_array) {
        let converted = convert_parameters(list, &format!("{at}/parameters"), &context.consumes, context, findings)?;
        out.insert("parameters".to_owned(), Value::Array(converted.parameters));
        // A path-level body is every operation's body unless the operation has its own.
        shared_body = converted.request_body;
    }
    for (key, value) in item {
        if key == "parameters" {
            continue;
        }
        let converted = if METHODS.contains(&key.as_str()) {
            convert_operation(value, &format!("{at}/{key}"), shared_body.as_ref(), context, findings)?
        } else {
            value.clone()
        };
        out.insert(key.clone(), converted);
    }
    Ok(Value::Object(out))
}

fn convert_operation(
    operation: &Value,
    at: &str,
    shared_body: Option<&Value>,
    context: &Context<'_>,
    findings: &mut Findings,
) -> Result<Value, ConversionError> {
    let operation = operation.as_object().ok_or_else(|| ConversionError::not_an_object(at))?;
    let consumes = effective_media_types(operation.get("consumes"), &context.consumes);
    let produces = effective_media_types(operation.get("produces"), &context.produces);
    let mut out = Map::new();
    let mut request_body = shared_body.cloned();
    for (key, value) in operation {
        match key.as_str() {
            "parameters" => {
                let list = value.as_array().map(Vec::as_slice).unwrap_or_default();
                let converted = convert_parameters(list, &format!("{at}/parameters"), &consumes, context, findings)?;
                if !converted.parameters.is_empty() {
                    out.insert(key.clone(), Value::Array(converted.parameters));
                }
                request_body = converted.request_body.or(request_body);
            }
            "responses" => {
                let responses =
                    value.as_object().ok_or_else(|| ConversionError::not_an_object(format!("{at}/responses")))?;
                let converted = convert_responses(responses, &format!("{at}/responses"), &produces, context, findings)?;
                out.insert(key.clone(), converted);
            }
            _ if DROPPED.contains(&key.as_str()) => {}
            _ => {
                out.insert(key.clone(), value.clone());
            }
        }
    }
    if let Some(body) = request_body {
        out.insert("requestBody".to_owned(), body);
    }
    Ok(Value::Object(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn convert(item: Value) -> Value {
        let Value::Object(root) = json!({"consumes": ["*/*"], "produces": ["application/json"]}) else {
            panic!("object")
        };
        let context = Context::new(&root);
        convert_path_item("/apis/a/v1/xs", &item, &context, &mut Findings::new()).expect("converts")
    }

    #[test]
    fn path_level_parameters_stay_at_path_level() {
        let item = json!({
            "parameters": [{"in": "path", "name": "namespace", "required": true, "type": "string"}],
            "get": {"operationId": "list", "responses": {"200": {"description": "OK"}}},
        });
        let out = convert(item);
        assert_eq!(out["parameters"][0]["schema"], json!({"type": "string"}));
        assert!(out["get"].get("parameters").is_none());
    }

    #[test]
    fn operations_lose_media_type_lists_and_keep_extensions() {
        let item = json!({"post": {
            "consumes": ["application/yaml"], "produces": ["application/yaml"], "schemes": ["https"],
            "x-kubernetes-action": "post", "tags": ["a_v1"],
            "parameters": [{"in": "body", "name": "body", "schema": {"type": "object"}}],
            "responses": {"201": {"description": "Created", "schema": {"type": "object"}}},
        }});
        let out = convert(item);
        let post = out["post"].as_object().expect("an operation");
        assert!(DROPPED.iter().all(|key| !post.contains_key(*key)));
        assert_eq!(post["x-kubernetes-action"], "post");
        assert_eq!(post["requestBody"]["content"], json!({"application/yaml": {"schema": {"type": "object"}}}));
        assert!(post["responses"]["201"]["content"].get("application/yaml").is_some());
    }

    #[test]
    fn document_media_types_apply_when_the_operation_names_none() {
        let item = json!({"put": {
            "parameters": [{"in": "body", "name": "body", "schema": {"type": "object"}}],
            "responses": {"200": {"description": "OK", "schema": {"type": "object"}}},
        }});
        let out = convert(item);
        assert!(out["put"]["requestBody"]["content"].get("*/*").is_some());
        assert!(out["put"]["responses"]["200"]["content"].get("application/json").is_some());
    }
}
