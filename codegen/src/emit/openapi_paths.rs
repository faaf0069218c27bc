//! The paths of an OpenAPI 3 document, written from the typed path items: each operation with its parameters
//! inline, request body and responses by media type, and Kubernetes' extensions. Shared by the group-version
//! documents of every edition and the documents of group-versions published as CRDs.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use serde_json::{Map, Value, json};

use crate::emit::operations::{Body, Operation, Parameter, PathItem, Payload, Response, operation_extensions};
use crate::infra::pieces::{Piece, render_at};
use crate::infra::render::Renderer;

/// The depth of a definition in an OpenAPI 3 document (`components.schemas.<name>`), which every document of the
/// group-versions (of both editions, and as CRDs) renders its shared definitions for.
pub(crate) const SCHEMAS_DEPTH: usize = 3;

/// The depth of an operation's parameter in a document: `paths.<path>.<method>.parameters[i]`.
const OPERATION_PARAMETER_DEPTH: usize = 5;

/// The paths of `items` as a piece of a document; `finish` is given each request body and response (the CRD
/// documents rename the references in them). Parameters come from `parameters`, rendered once.
pub(crate) fn paths_piece<'a>(
    items: &'a BTreeMap<String, PathItem>,
    renderer: &Renderer,
    parameters: &'a ParameterTexts,
    finish: &dyn Fn(&mut Value),
) -> Piece<'a> {
    let paths = items.iter().map(|(path, item)| {
        let mut members = Vec::with_capacity(item.operations.len() + 1);
        if !item.parameters.is_empty() {
            members.push((Cow::Borrowed("parameters"), parameters.list(&item.parameters)));
        }
        for (method, operation) in &item.operations {
            members.push((Cow::Borrowed(method.as_str()), operation_piece(operation, renderer, parameters, finish)));
        }
        (Cow::Borrowed(path.as_str()), Piece::Object(members))
    });
    Piece::Object(paths.collect())
}

fn operation_piece<'a>(
    operation: &'a Operation,
    renderer: &Renderer,
    parameters: &'a ParameterTexts,
    finish: &dyn Fn(&mut Value),
) -> Piece<'a> {
    let mut rest = Map::new();
    rest.insert("description".to_owned(), json!(operation.description));
    rest.insert("operationId".to_owned(), json!(operation.id));
    rest.insert("tags".to_owned(), json!([operation.tag]));
    if let Some(body) = &operation.body {
        rest.insert("requestBody".to_owned(), request_body(body, renderer));
    }
    let responses = operation.responses.iter().map(|r| (r.code.to_string(), response(r, renderer))).collect();
    rest.insert("responses".to_owned(), Value::Object(responses));
    operation_extensions(operation, &mut rest);
    let mut members: Vec<(Cow<'a, str>, Piece<'a>)> = rest
        .into_iter()
        .map(|(key, mut value)| {
            if key == "requestBody" || key == "responses" {
                finish(&mut value);
            }
            (Cow::Owned(key), Piece::value(value))
        })
        .collect();
    if !operation.parameters.is_empty() {
        members.push((Cow::Borrowed("parameters"), parameters.list(&operation.parameters)));
    }
    Piece::Object(members)
}

/// Every distinct parameter of a generation's operations, rendered once: the same few dozen parameters, most
/// with descriptions of hundreds of bytes, are in the paths of every group-version.
#[derive(Debug)]
pub(crate) struct ParameterTexts {
    /// Looked up for every parameter of every operation: by foldhash, as SipHash over descriptions of hundreds of
    /// bytes was a tenth of a second at 3 000 groups.
    texts: HashMap<Parameter, Box<str>, foldhash::fast::FixedState>,
    /// How a parameter is written: OpenAPI 3 and swagger 2.0 differ.
    render: fn(&Parameter) -> Value,
}

impl ParameterTexts {
    /// The parameters of every path item of `items`, written by `render` (as OpenAPI 3's: [`parameter_value`]).
    pub fn of<'i>(
        items: impl IntoIterator<Item = &'i BTreeMap<String, PathItem>>,
        render: fn(&Parameter) -> Value,
    ) -> Self {
        let mut texts = HashMap::default();
        let all = items.into_iter().flat_map(BTreeMap::values);
        let parameters =
            all.flat_map(|item| item.operations.values().flat_map(|o| &o.parameters).chain(&item.parameters));
        for parameter in parameters {
            if !texts.contains_key(parameter) {
                texts.insert(parameter.clone(), render_at(&render(parameter), OPERATION_PARAMETER_DEPTH));
            }
        }
        Self { texts, render }
    }

    /// `parameters` as an array piece.
    pub fn list<'a>(&'a self, parameters: &'a [Parameter]) -> Piece<'a> {
        Piece::Array(parameters.iter().map(|parameter| self.piece(parameter)).collect())
    }

    /// One parameter as a piece; one missing from the texts is rendered in place.
    pub fn piece<'a>(&'a self, parameter: &Parameter) -> Piece<'a> {
        match self.texts.get(parameter) {
            Some(text) => Piece::Rendered { text, at: OPERATION_PARAMETER_DEPTH },
            None => Piece::value((self.render)(parameter)),
        }
    }
}

/// A parameter inline, its schema with `uniqueItems: true` as upstream writes them.
pub(crate) fn parameter_value(parameter: &Parameter) -> Value {
    let mut out = json!({
        "name": parameter.name,
        "in": parameter.location.as_str(),
        "description": parameter.description,
        "schema": {"type": parameter.param_type.as_str(), "uniqueItems": true},
    });
    if parameter.required {
        out["required"] = json!(true);
    }
    out
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
        out["content"] = content(body.media.iter().map(AsRef::as_ref), payload(&body.schema, renderer));
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
