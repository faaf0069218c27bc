//! Rule 4: parameters. A body parameter becomes a `requestBody` with one content entry per consumed media type;
//! every other parameter moves its type keywords into a `schema`, and `collectionFormat` becomes `style`/`explode`.

use serde_json::{Map, Value, json};

use super::context::Context;
use super::error::ConversionError;
use super::report::{Findings, Unrestored};
use super::schema::convert_schema;
use super::walk::escape;

/// The swagger 2.0 parameter keys that describe the value, and so belong in an OpenAPI 3.0 `schema`.
const SCHEMA_KEYS: &[&str] = &[
    "type",
    "format",
    "items",
    "enum",
    "default",
    "uniqueItems",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "multipleOf",
];

/// A list of swagger 2.0 parameters in OpenAPI 3.0 form.
#[derive(Debug, Default)]
pub(super) struct Parameters {
    pub parameters: Vec<Value>,
    pub request_body: Option<Value>,
}

/// Converts the parameter list at pointer `at`; `consumes` are the media types a body is sent as.
pub(super) fn convert_parameters(
    list: &[Value],
    at: &str,
    consumes: &[String],
    context: &Context<'_>,
    findings: &mut Findings,
) -> Result<Parameters, ConversionError> {
    let mut out = Parameters::default();
    let mut form_fields = Vec::new();
    for (index, parameter) in list.iter().enumerate() {
        let at = format!("{at}/{index}");
        let parameter = context.resolve(parameter)?.as_object().ok_or_else(|| ConversionError::not_an_object(&at))?;
        match location(parameter, &at)? {
            "body" => out.request_body = Some(request_body(parameter, &at, consumes, findings)),
            "formData" => form_fields.push(parameter),
            _ => out.parameters.push(simple_parameter(parameter, &at, findings)),
        }
    }
    if !form_fields.is_empty() {
        out.request_body = Some(form_body(&form_fields, at, consumes, findings));
    }
    Ok(out)
}

fn location<'p>(parameter: &'p Map<String, Value>, at: &str) -> Result<&'p str, ConversionError> {
    let name = parameter.get("name").and_then(Value::as_str);
    match (parameter.get("in").and_then(Value::as_str), name) {
        (Some(location), Some(_)) => Ok(location),
        _ => Err(ConversionError::malformed_parameter(at)),
    }
}

/// `{in: body, schema}` → `{content: {<media type>: {schema}}}`, keeping description, required and extensions.
fn request_body(parameter: &Map<String, Value>, at: &str, consumes: &[String], findings: &mut Findings) -> Value {
    let schema = convert_schema(parameter.get("schema").unwrap_or(&json!({})), &format!("{at}/schema"), findings);
    let mut body = Map::new();
    body.insert("content".to_owned(), content(consumes, &schema));
    for (key, value) in parameter {
        if key == "description" || key == "required" || key.starts_with("x-") {
            body.insert(key.clone(), value.clone());
        }
    }
    Value::Object(body)
}

/// `{<media type>: {schema}}` for every media type.
pub(super) fn content(media_types: &[String], schema: &Value) -> Value {
    let entries = media_types.iter().map(|media_type| (media_type.clone(), json!({ "schema": schema })));
    Value::Object(entries.collect())
}

/// A query, path, header or cookie parameter: the value keywords move into `schema`.
fn simple_parameter(parameter: &Map<String, Value>, at: &str, findings: &mut Findings) -> Value {
    let mut out = Map::new();
    let mut schema = Map::new();
    for (key, value) in parameter {
        if SCHEMA_KEYS.contains(&key.as_str()) {
            schema.insert(key.clone(), value.clone());
        } else if key != "collectionFormat" {
            out.insert(key.clone(), value.clone());
        }
    }
    strip_collection_formats(&mut schema);
    let location = parameter.get("in").and_then(Value::as_str).unwrap_or_default();
    if schema.get("type").and_then(Value::as_str) == Some("array") {
        let format = parameter.get("collectionFormat").and_then(Value::as_str).unwrap_or("csv");
        match style(location, format) {
            Some(style) => out.extend(style),
            None => findings.push((format!("{at}/collectionFormat"), Unrestored::CollectionFormat)),
        }
    }
    out.insert("schema".to_owned(), convert_schema(&Value::Object(schema), &format!("{at}/schema"), findings));
    Value::Object(out)
}

/// v2 `items` objects may carry their own `collectionFormat` (nested arrays); OpenAPI 3.0 schemas have none.
fn strip_collection_formats(schema: &mut Map<String, Value>) {
    schema.remove("collectionFormat");
    if let Some(Value::Object(items)) = schema.get_mut("items") {
        strip_collection_formats(items);
    }
}

/// The `style`/`explode` pair that serializes an array as `collectionFormat` did; empty when it is the default
/// for the location, `None` when OpenAPI 3.0 has no such style.
fn style(location: &str, collection_format: &str) -> Option<Map<String, Value>> {
    let query_like = location == "query" || location == "formData";
    let pair = match (collection_format, query_like) {
        ("csv", true) => json!({"style": "form", "explode": false}),
        // `simple`, unexploded, is already the default for path and header parameters.
        ("csv", false) => json!({}),
        ("multi", _) => json!({"style": "form", "explode": true}),
        ("ssv", true) => json!({"style": "spaceDelimited", "explode": false}),
        ("pipes", true) => json!({"style": "pipeDelimited", "explode": false}),
        _ => return None,
    };
    pair.as_object().cloned()
}

/// Form fields become the properties of one object sent as a form.
fn form_body(fields: &[&Map<String, Value>], at: &str, consumes: &[String], findings: &mut Findings) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    for field in fields {
        let name = field.get("name").and_then(Value::as_str).unwrap_or_default();
        let mut schema: Map<String, Value> = field
            .iter()
            .filter(|(key, _)| SCHEMA_KEYS.contains(&key.as_str()))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        if schema.get("type").and_then(Value::as_str) == Some("file") {
            schema.insert("type".to_owned(), json!("string"));
            schema.insert("format".to_owned(), json!("binary"));
        }
        strip_collection_formats(&mut schema);
        let pointer = format!("{at}/{}", escape(name));
        properties.insert(name.to_owned(), convert_schema(&Value::Object(schema), &pointer, findings));
        if field.get("required") == Some(&Value::Bool(true)) {
            required.push(json!(name));
        }
    }
    let mut schema = json!({"type": "object", "properties": properties});
    if !required.is_empty() {
        schema["required"] = Value::Array(required);
    }
    let forms: Vec<String> = consumes.iter().filter(|media| media.contains("form")).cloned().collect();
    let media_types = if forms.is_empty() { vec!["application/x-www-form-urlencoded".to_owned()] } else { forms };
    json!({ "content": content(&media_types, &schema) })
}

#[cfg(test)]
#[path = "parameters_tests.rs"]
mod tests;
