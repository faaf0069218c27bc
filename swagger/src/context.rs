//! What every operation of a swagger 2.0 document may lean on: document-level media types, and the shared
//! `parameters` and `responses` that `$ref`s point into.

use serde_json::{Map, Value};

use super::error::ConversionError;

/// The document-wide parts of a swagger 2.0 document an operation inherits or refers to.
#[derive(Debug)]
pub(super) struct Context<'a> {
    parameters: Option<&'a Map<String, Value>>,
    responses: Option<&'a Map<String, Value>>,
    /// Document-level `consumes`, used by operations that name none.
    pub consumes: Vec<String>,
    /// Document-level `produces`, used by operations that name none.
    pub produces: Vec<String>,
}

impl<'a> Context<'a> {
    /// The document-wide parts of `root`.
    pub fn new(root: &'a Map<String, Value>) -> Self {
        Self {
            parameters: root.get("parameters").and_then(Value::as_object),
            responses: root.get("responses").and_then(Value::as_object),
            consumes: media_types(root.get("consumes")),
            produces: media_types(root.get("produces")),
        }
    }

    /// `value` itself, or the shared parameter or response its `$ref` names: OpenAPI 3.0 documents are split per
    /// group-version, so shared pieces are written out where they are used.
    pub fn resolve<'v>(&'v self, value: &'v Value) -> Result<&'v Value, ConversionError> {
        let Some(target) = value.get("$ref").and_then(Value::as_str) else { return Ok(value) };
        let found = if let Some(name) = target.strip_prefix("#/parameters/") {
            self.parameters.and_then(|shared| shared.get(name))
        } else if let Some(name) = target.strip_prefix("#/responses/") {
            self.responses.and_then(|shared| shared.get(name))
        } else {
            return Ok(value);
        };
        found.ok_or_else(|| ConversionError::dangling_reference(target))
    }
}

/// The media types of a `consumes`/`produces` list, or of an operation's when `own` is present.
pub(super) fn media_types(list: Option<&Value>) -> Vec<String> {
    list.and_then(Value::as_array)
        .map(|items| items.iter().filter_map(Value::as_str).map(str::to_owned).collect())
        .unwrap_or_default()
}

/// The operation's own media types when it lists any, else the document's, else JSON.
pub(super) fn effective_media_types(own: Option<&Value>, document: &[String]) -> Vec<String> {
    let own = media_types(own);
    if !own.is_empty() {
        own
    } else if !document.is_empty() {
        document.to_vec()
    } else {
        vec!["application/json".to_owned()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn shared_parameters_and_responses_are_resolved() {
        let Value::Object(root) = json!({
            "parameters": {"pretty": {"in": "query", "name": "pretty", "type": "string"}},
            "responses": {"gone": {"description": "Gone"}},
        }) else {
            panic!("object")
        };
        let context = Context::new(&root);
        let reference = json!({"$ref": "#/parameters/pretty"});
        let parameter = context.resolve(&reference).expect("resolves");
        assert_eq!(parameter["name"], "pretty");
        assert_eq!(context.resolve(&json!({"$ref": "#/responses/gone"})).expect("resolves")["description"], "Gone");
        let missing = context.resolve(&json!({"$ref": "#/parameters/absent"})).expect_err("dangling");
        assert!(missing.to_string().contains("#/parameters/absent"));
    }

    #[test]
    fn operation_media_types_override_the_document_and_json_is_the_fallback() {
        let document = vec!["application/yaml".to_owned()];
        assert_eq!(effective_media_types(Some(&json!(["*/*"])), &document), ["*/*"]);
        assert_eq!(effective_media_types(None, &document), ["application/yaml"]);
        assert_eq!(effective_media_types(Some(&json!([])), &[]), ["application/json"]);
    }
}
