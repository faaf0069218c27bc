//! What the whole swagger document and the one assembled from units ([`super::units`]) both render: the reached
//! definitions, each definition's schema under its conventions, the document's frame and each path item.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{Conventions, DefName};
use serde_json::{Map, Value, json};

use super::loss::{LossEntry, LossLocation};
use crate::emit::openapi_paths::{ParameterTexts, payload};
use crate::emit::operations::{self, Operation, Parameter, PathItem, media, operation_extensions, security_scheme};
use crate::error::Error;
use crate::infra::context::Context;
use crate::infra::pieces::Piece;
use crate::infra::render::{Dialect, Renderer};

/// The definitions every served group-version's operations reach.
pub(super) fn reached(ctx: &Context<'_>) -> Result<BTreeSet<DefName>, Error> {
    let mut roots = BTreeMap::new();
    for group_version in &ctx.group_versions {
        roots.extend(operations::referenced(ctx.operations(group_version)));
    }
    Ok(ctx.closure(roots)?.into_iter().cloned().collect())
}

/// Renders swagger 2.0 definitions, each under its own conventions: Kubernetes' types lose what kube-apiserver
/// strips, the others only what swagger 2.0 cannot say.
pub(super) struct DefinitionRenderer {
    lossless: Renderer,
    kubernetes: Renderer,
}

impl DefinitionRenderer {
    pub fn new() -> Self {
        Self {
            lossless: Renderer::new(&Dialect::SWAGGER_V2),
            kubernetes: Renderer::new(&Dialect::SWAGGER_V2_KUBERNETES),
        }
    }

    /// `name`'s schema and what writing it dropped; `None` for a name with no definition.
    pub fn render(&mut self, ctx: &Context<'_>, name: &DefName) -> Option<(Value, Vec<LossEntry>)> {
        let schema = ctx.definitions().get(name)?;
        let renderer = match ctx.conventions_of(name) {
            Conventions::Kubernetes => &mut self.kubernetes,
            Conventions::Lossless | Conventions::Crd => &mut self.lossless,
        };
        let value = renderer.schema(schema);
        let entries = renderer.take_dropped().into_iter().map(|dropped| LossEntry {
            location: LossLocation::Definition(name.to_string()),
            pointer: dropped.pointer,
            keyword: dropped.keyword,
            rule: dropped.rule,
            value: dropped.value,
        });
        Some((value, entries.collect()))
    }

    /// The renderer paths refer to definitions with.
    pub fn references(&self) -> &Renderer {
        &self.lossless
    }
}

/// The document's members besides `definitions` and `paths`.
pub(super) fn frame(ctx: &Context<'_>) -> Map<String, Value> {
    let info = &ctx.profile.info;
    let mut frame = Map::new();
    frame.insert("swagger".to_owned(), json!("2.0"));
    frame.insert("info".to_owned(), json!({"title": info.title, "version": info.version}));
    if let Some(scheme) = &ctx.profile.bearer_token {
        frame.insert("securityDefinitions".to_owned(), Value::Object(security_scheme(scheme)));
        frame.insert("security".to_owned(), json!([{ scheme.name.clone(): [] }]));
    }
    frame
}

pub(super) fn path_item(item: &PathItem, renderer: &Renderer, schemes: &[String]) -> Value {
    let mut item_json = Map::new();
    if !item.parameters.is_empty() {
        let parameters = item.parameters.iter().map(parameter).collect();
        item_json.insert("parameters".to_owned(), Value::Array(parameters));
    }
    for (method, operation) in &item.operations {
        item_json.insert(method.as_str().to_owned(), render_operation(operation, renderer, schemes));
    }
    Value::Object(item_json)
}

/// `item` as a piece of the document, its parameters from `texts` (written by [`parameter`]).
pub(super) fn path_item_piece<'a>(
    item: &'a PathItem,
    renderer: &Renderer,
    schemes: &[String],
    texts: &'a ParameterTexts,
) -> Piece<'a> {
    let mut members = Vec::with_capacity(item.operations.len() + 1);
    if !item.parameters.is_empty() {
        members.push((Cow::Borrowed("parameters"), texts.list(&item.parameters)));
    }
    for (method, operation) in &item.operations {
        let (rest, parameters) = operation_parts(operation, renderer, schemes);
        let mut operation_members: Vec<(Cow<'a, str>, Piece<'a>)> =
            rest.into_iter().map(|(key, value)| (Cow::Owned(key), Piece::value(value))).collect();
        if !parameters.is_empty() {
            let pieces = parameters.into_iter().map(|(_, parameter)| match parameter {
                OperationParameter::Query(parameter) => texts.piece(parameter),
                OperationParameter::Body(body) => Piece::value(body),
            });
            operation_members.push((Cow::Borrowed("parameters"), Piece::Array(pieces.collect())));
        }
        members.push((Cow::Borrowed(method.as_str()), Piece::Object(operation_members)));
    }
    Piece::Object(members)
}

fn render_operation(operation: &Operation, renderer: &Renderer, schemes: &[String]) -> Value {
    let (mut out, parameters) = operation_parts(operation, renderer, schemes);
    if !parameters.is_empty() {
        let rendered = parameters.into_iter().map(|(_, parameter)| match parameter {
            OperationParameter::Query(parameter) => self::parameter(parameter),
            OperationParameter::Body(body) => body,
        });
        out.insert("parameters".to_owned(), Value::Array(rendered.collect()));
    }
    Value::Object(out)
}

/// A parameter of an operation: swagger 2.0 gives the body as one.
enum OperationParameter<'a> {
    Query(&'a Parameter),
    Body(Value),
}

/// An operation's members but its parameters, and its parameters sorted by name.
fn operation_parts<'a>(
    operation: &'a Operation,
    renderer: &Renderer,
    schemes: &[String],
) -> (Map<String, Value>, Vec<(&'a str, OperationParameter<'a>)>) {
    let mut out = Map::new();
    out.insert("description".to_owned(), json!(operation.description));
    out.insert("operationId".to_owned(), json!(operation.id));
    out.insert("tags".to_owned(), json!([operation.tag]));
    if !schemes.is_empty() {
        out.insert("schemes".to_owned(), json!(schemes));
    }
    let consumes = operation.body.as_ref().map_or(media::ANY, |body| body.media);
    out.insert("consumes".to_owned(), json!(consumes));
    let produces = operation.responses.iter().find_map(|r| r.content.as_ref()).map(|c| c.media.clone());
    out.insert("produces".to_owned(), json!(produces.unwrap_or_else(|| media::owned(media::OBJECT))));
    // The body is a parameter in swagger 2.0; it sorts by its name like the others.
    let mut parameters: Vec<(&str, OperationParameter<'_>)> =
        operation.parameters.iter().map(|p| (&*p.name, OperationParameter::Query(p))).collect();
    if let Some(body) = &operation.body {
        let mut body_json = json!({"name": "body", "in": "body", "schema": renderer.reference(&body.schema)});
        if body.required {
            body_json["required"] = json!(true);
        }
        parameters.push(("body", OperationParameter::Body(body_json)));
    }
    parameters.sort_by(|a, b| a.0.cmp(b.0));
    let responses = operation.responses.iter().map(|response| {
        let mut response_json = json!({ "description": response.description });
        if let Some(content) = &response.content {
            response_json["schema"] = payload(&content.schema, renderer);
        }
        (response.code.to_string(), response_json)
    });
    out.insert("responses".to_owned(), Value::Object(responses.collect()));
    operation_extensions(operation, &mut out);
    (out, parameters)
}

/// A non-body parameter: swagger 2.0 puts `type` on the parameter itself.
pub(super) fn parameter(p: &Parameter) -> Value {
    let mut out = json!({
        "name": p.name,
        "in": p.location.as_str(),
        "description": p.description,
        "type": p.param_type.as_str(),
        "uniqueItems": true,
    });
    if p.required {
        out["required"] = json!(true);
    }
    out
}
