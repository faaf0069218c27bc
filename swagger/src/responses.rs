//! Rule 5: responses. A response's `schema` becomes `content` with one entry per produced media type; headers
//! get a `schema`, and v2 `examples` (keyed by media type) move into the matching content entry.

use serde_json::{Map, Value, json};

use super::context::Context;
use super::error::ConversionError;
use super::parameters::content;
use super::report::Findings;
use super::schema::convert_schema;
use super::walk::escape;

/// Converts the `responses` object at pointer `at`; `produces` are the media types the operation answers with.
pub(super) fn convert_responses(
    responses: &Map<String, Value>,
    at: &str,
    produces: &[String],
    context: &Context<'_>,
    findings: &mut Findings,
) -> Result<Value, ConversionError> {
    let mut out = Map::new();
    for (code, response) in responses {
        let at = format!("{at}/{}", escape(code));
        if code.starts_with("x-") {
            out.insert(code.clone(), response.clone());
            continue;
        }
        let response = context.resolve(response)?.as_object().ok_or_else(|| ConversionError::not_an_object(&at))?;
        out.insert(code.clone(), convert_response(response, &at, produces, findings));
    }
    Ok(Value::Object(out))
}

fn convert_response(response: &Map<String, Value>, at: &str, produces: &[String], findings: &mut Findings) -> Value {
    let mut out = Map::new();
    // OpenAPI 3.0 requires a description on every response.
    out.insert("description".to_owned(), response.get("description").cloned().unwrap_or_else(|| json!("")));
    for (key, value) in response {
        match key.as_str() {
            "description" | "examples" => {}
            "schema" => {
                let schema = convert_schema(value, &format!("{at}/schema"), findings);
                let mut entries = content(produces, &schema);
                add_examples(&mut entries, response.get("examples"));
                out.insert("content".to_owned(), entries);
            }
            "headers" => {
                out.insert("headers".to_owned(), headers(value, &format!("{at}/headers"), findings));
            }
            _ => {
                out.insert(key.clone(), value.clone());
            }
        }
    }
    Value::Object(out)
}

/// v2 `examples` map media types to values; each lands in the content entry of its media type, if there is one.
fn add_examples(content: &mut Value, examples: Option<&Value>) {
    let Some(Value::Object(examples)) = examples else { return };
    for (media_type, example) in examples {
        if let Some(Value::Object(entry)) = content.get_mut(media_type) {
            entry.insert("example".to_owned(), example.clone());
        }
    }
}

/// Response headers: like simple parameters, their value keywords move into a `schema`.
fn headers(headers: &Value, at: &str, findings: &mut Findings) -> Value {
    let Value::Object(headers) = headers else { return headers.clone() };
    let converted = headers.iter().map(|(name, header)| {
        let Value::Object(header) = header else { return (name.clone(), header.clone()) };
        let (mut kept, mut schema) = (Map::new(), Map::new());
        for (key, value) in header {
            match key.as_str() {
                "description" => kept.insert(key.clone(), value.clone()),
                "collectionFormat" => None,
                _ if key.starts_with("x-") => kept.insert(key.clone(), value.clone()),
                _ => schema.insert(key.clone(), value.clone()),
            };
        }
        let pointer = format!("{at}/{}", escape(name));
        kept.insert("schema".to_owned(), convert_schema(&Value::Object(schema), &pointer, findings));
        (name.clone(), Value::Object(kept))
    });
    Value::Object(converted.collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn convert(responses: Value, produces: &[&str]) -> Value {
        let root = Map::new();
        let context = Context::new(&root);
        let produces: Vec<String> = produces.iter().map(|media| (*media).to_owned()).collect();
        let responses = responses.as_object().cloned().expect("an object");
        convert_responses(&responses, "/r", &produces, &context, &mut Findings::new()).expect("converts")
    }

    #[test]
    fn schema_becomes_content_per_produced_media_type() {
        let responses = json!({"200": {"description": "OK", "schema": {"$ref": "#/definitions/a.B"}},
            "401": {"description": "Unauthorized"}});
        let out = convert(responses, &["application/json", "application/yaml"]);
        let reference = json!({"schema": {"$ref": "#/components/schemas/a.B"}});
        let expected = json!({
            "200": {"description": "OK", "content": {"application/json": reference, "application/yaml": reference}},
            "401": {"description": "Unauthorized"},
        });
        assert_eq!(out, expected);
    }

    #[test]
    fn examples_and_headers_follow() {
        let responses = json!({"200": {"description": "OK", "schema": {"type": "string"},
            "examples": {"application/json": "hi", "text/plain": "ignored"},
            "headers": {"X-Rate": {"type": "integer", "description": "left"}}}});
        let out = convert(responses, &["application/json"]);
        assert_eq!(out["200"]["content"]["application/json"]["example"], "hi");
        assert_eq!(out["200"]["headers"]["X-Rate"], json!({"description": "left", "schema": {"type": "integer"}}));
    }

    #[test]
    fn a_response_without_description_gets_an_empty_one() {
        let out = convert(json!({"default": {"schema": {"type": "object"}}}), &["application/json"]);
        assert_eq!(out["default"]["description"], "");
    }
}
