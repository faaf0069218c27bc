//! JSON Schema draft 2020-12: one self-contained document per definition, its references in `$defs`, its `$id`
//! the configured base followed by the file name.

use serde_json::{Map, Value, json};

use crate::error::Error;
use crate::infra::artifacts::Artifacts;
use crate::infra::canonical::to_canonical_json;
use crate::infra::closure::{closure, references};
use crate::infra::context::Context;
use crate::infra::render::{Dialect, Renderer};
use crate::infra::reuse::reuse_or_render;

/// The meta-schema every document declares.
pub const DRAFT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";

/// Adds `jsonschema/<definition>.json` for every definition in the registry; each is a reusable unit whose inputs
/// are the definitions it reaches.
pub(crate) fn emit(ctx: &Context<'_>, artifacts: &mut Artifacts) -> Result<(), Error> {
    for name in ctx.definitions.keys() {
        let fingerprint = ctx.fingerprint("jsonschema", [name.clone()]);
        reuse_or_render(
            ctx.previous,
            format!("jsonschema/{name}"),
            fingerprint.hex(),
            artifacts,
            |out| {
                out.insert(format!("jsonschema/{name}.json"), to_canonical_json(&document(ctx, name)?));
                Ok::<_, Error>(())
            },
            |_| Value::Null,
        )?;
    }
    Ok(())
}

fn document(ctx: &Context<'_>, name: &kapi_model::DefName) -> Result<Value, Error> {
    let mut renderer = Renderer::new(&Dialect::JSON_SCHEMA);
    let Some(root) = ctx.definitions.get(name) else {
        return Err(Error::missing_definition(name.as_str(), "the JSON Schema emitter"));
    };
    let mut out = Map::new();
    out.insert("$schema".to_owned(), json!(DRAFT_2020_12));
    out.insert("$id".to_owned(), json!(format!("{}{name}.json", ctx.options.json_schema_base())));
    if let Value::Object(schema) = renderer.schema(root) {
        out.extend(schema);
    }
    // The root itself lands in `$defs` only when it refers to itself (directly or through others).
    let roots = references(root).into_iter().map(|target| (target, format!("definition `{name}`")));
    let mut defs = Map::new();
    for reached in closure(&ctx.definitions, roots)? {
        if let Some(schema) = ctx.definitions.get(&reached) {
            defs.insert(reached.to_string(), renderer.schema(schema));
        }
    }
    if !defs.is_empty() {
        out.insert("$defs".to_owned(), Value::Object(defs));
    }
    Ok(Value::Object(out))
}
