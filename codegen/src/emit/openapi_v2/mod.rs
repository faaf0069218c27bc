//! Swagger 2.0: one aggregated document over every served group-version, plus the report of what it lost.

mod loss;
mod render;
mod units;

use kapi_model::Registry;
use serde_json::{Map, Value};

pub use loss::{LOSS_REPORT_PATH, LossEntry, LossLocation, LossReport, LossRule};

use crate::emit::operations;
use crate::error::Error;
use crate::infra::artifacts::Artifacts;
use crate::infra::context::Context;
use crate::options::Options;
use render::{DefinitionRenderer, frame, path_item, reached};

pub use units::SWAGGER_PATH;

/// The swagger 2.0 document and its loss report, on their own.
pub fn document(registry: &Registry, options: &Options) -> Result<(Value, LossReport), Error> {
    build(&operations::with_operations(Context::new(registry, options)?)?)
}

/// Adds `openapi/v2/swagger.json` and `openapi/v2/loss-report.json`, reusing the previous document's unchanged
/// definitions and group-versions' paths ([`units`]).
pub(crate) fn emit(ctx: &Context<'_>, artifacts: &mut Artifacts) -> Result<(), Error> {
    units::emit(ctx, artifacts)
}

fn build(ctx: &Context<'_>) -> Result<(Value, LossReport), Error> {
    let mut renderer = DefinitionRenderer::new();
    let mut definitions = Map::new();
    let mut entries = Vec::new();
    for name in reached(ctx)? {
        let Some((schema, dropped)) = renderer.render(ctx, &name) else { continue };
        definitions.insert(name.to_string(), schema);
        entries.extend(dropped);
    }
    let mut paths = Map::new();
    for group_version in &ctx.group_versions {
        for (path, item) in ctx.operations(group_version) {
            paths.insert(path.clone(), path_item(item, renderer.references(), &ctx.profile.swagger_schemes));
        }
    }
    let mut document = frame(ctx);
    document.insert("definitions".to_owned(), Value::Object(definitions));
    document.insert("paths".to_owned(), Value::Object(paths));
    Ok((Value::Object(document), LossReport::new(entries)))
}
