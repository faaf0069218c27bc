//! Swagger 2.0: one aggregated document over every served group-version, plus the report of what it lost.

mod loss;

use std::collections::BTreeMap;

use kapi_model::{Conventions, Registry};
use serde_json::{Map, Value, json};

pub use loss::{LOSS_REPORT_PATH, LossEntry, LossLocation, LossReport, LossRule};

use crate::emit::openapi_v3::payload;
use crate::emit::operations::{self, Operation, Parameter, PathItem, media, operation_extensions, security_scheme};
use crate::error::Error;
use crate::infra::artifacts::Artifacts;
use crate::infra::canonical::to_canonical_json;
use crate::infra::closure::closure;
use crate::infra::context::Context;
use crate::infra::render::{Dialect, Renderer};
use crate::options::Options;

/// Where [`crate::generate`] puts the document.
pub const SWAGGER_PATH: &str = "openapi/v2/swagger.json";

/// The swagger 2.0 document and its loss report, on their own.
pub fn document(registry: &Registry, options: &Options) -> Result<(Value, LossReport), Error> {
    build(&Context::new(registry, options)?)
}

/// Adds `openapi/v2/swagger.json` and `openapi/v2/loss-report.json`.
pub(crate) fn emit(ctx: &Context<'_>, artifacts: &mut Artifacts) -> Result<(), Error> {
    let (document, report) = build(ctx)?;
    artifacts.insert(SWAGGER_PATH, to_canonical_json(&document));
    artifacts.insert(LOSS_REPORT_PATH, to_canonical_json(&report.to_json()));
    Ok(())
}

fn build(ctx: &Context<'_>) -> Result<(Value, LossReport), Error> {
    let mut items = BTreeMap::new();
    for group_version in &ctx.group_versions {
        items.extend(operations::build(ctx, group_version)?);
    }
    let reached = closure(&ctx.definitions, operations::referenced(&items))?;
    // Each definition is written under its own conventions: Kubernetes' types lose what kube-apiserver strips,
    // the others only what swagger 2.0 cannot say.
    let mut lossless = Renderer::new(&Dialect::SWAGGER_V2);
    let mut kubernetes = Renderer::new(&Dialect::SWAGGER_V2_KUBERNETES);
    let mut definitions = Map::new();
    let mut entries = Vec::new();
    for name in reached {
        let Some(schema) = ctx.definitions.get(&name) else { continue };
        let renderer = match ctx.conventions_of(&name) {
            Conventions::Kubernetes => &mut kubernetes,
            Conventions::Lossless => &mut lossless,
        };
        definitions.insert(name.to_string(), renderer.schema(schema));
        entries.extend(renderer.take_dropped().into_iter().map(|dropped| LossEntry {
            location: LossLocation::Definition(name.to_string()),
            pointer: dropped.pointer,
            keyword: dropped.keyword,
            rule: dropped.rule,
            value: dropped.value,
        }));
    }
    let renderer = lossless;
    let info = &ctx.profile.info;
    let mut document = json!({
        "swagger": "2.0",
        "info": {"title": info.title, "version": info.version},
        "paths": render_paths(&items, &renderer, &ctx.profile.swagger_schemes),
        "definitions": definitions,
    });
    if let Some(scheme) = &ctx.profile.bearer_token {
        document["securityDefinitions"] = Value::Object(security_scheme(scheme));
        document["security"] = json!([{ scheme.name.clone(): [] }]);
    }
    Ok((document, LossReport::new(entries)))
}

fn render_paths(items: &BTreeMap<String, PathItem>, renderer: &Renderer, schemes: &[String]) -> Value {
    let mut out = Map::new();
    for (path, item) in items {
        let mut item_json = Map::new();
        if !item.parameters.is_empty() {
            let parameters = item.parameters.iter().map(parameter).collect();
            item_json.insert("parameters".to_owned(), Value::Array(parameters));
        }
        for (method, operation) in &item.operations {
            item_json.insert(method.as_str().to_owned(), render_operation(operation, renderer, schemes));
        }
        out.insert(path.clone(), Value::Object(item_json));
    }
    Value::Object(out)
}

fn render_operation(operation: &Operation, renderer: &Renderer, schemes: &[String]) -> Value {
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
    let mut parameters: Vec<(&str, Value)> =
        operation.parameters.iter().map(|p| (p.name.as_str(), parameter(p))).collect();
    if let Some(body) = &operation.body {
        let mut body_json = json!({"name": "body", "in": "body", "schema": renderer.reference(&body.schema)});
        if body.required {
            body_json["required"] = json!(true);
        }
        parameters.push(("body", body_json));
    }
    parameters.sort_by(|a, b| a.0.cmp(b.0));
    if !parameters.is_empty() {
        out.insert("parameters".to_owned(), Value::Array(parameters.into_iter().map(|(_, p)| p).collect()));
    }
    let responses = operation.responses.iter().map(|response| {
        let mut response_json = json!({ "description": response.description });
        if let Some(content) = &response.content {
            response_json["schema"] = payload(&content.schema, renderer);
        }
        (response.code.to_string(), response_json)
    });
    out.insert("responses".to_owned(), Value::Object(responses.collect()));
    operation_extensions(operation, &mut out);
    Value::Object(out)
}

/// A non-body parameter: swagger 2.0 puts `type` on the parameter itself.
fn parameter(p: &Parameter) -> Value {
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
