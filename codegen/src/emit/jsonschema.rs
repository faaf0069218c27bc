//! JSON Schema draft 2020-12: one self-contained document per definition, its references in `$defs`, its `$id`
//! the configured base followed by the file name.

use std::borrow::Cow;

use kapi_model::DefName;
use serde_json::{Map, Value, json};

use crate::error::Error;
use crate::infra::artifacts::Artifacts;
use crate::infra::closure::references;
use crate::infra::context::Context;
use crate::infra::pieces::{Piece, to_canonical_bytes};
use crate::infra::render::{Dialect, Renderer};
use crate::infra::rendered::RenderedSchemas;
use crate::infra::reuse::reuse_or_render;

/// The depth of a reached definition in a document: `$defs.<name>`.
const DEFS_DEPTH: usize = 2;

/// The meta-schema every document declares.
pub const DRAFT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";

/// Adds `jsonschema/<definition>.json` for every definition in the registry; each is a reusable unit whose inputs
/// are the definitions it reaches.
pub(crate) fn emit(ctx: &Context<'_>, artifacts: &mut Artifacts) -> Result<(), Error> {
    // Each definition is rendered once, for the first document that holds it.
    let schemas = RenderedSchemas::new(ctx.definitions(), &Dialect::JSON_SCHEMA, DEFS_DEPTH);
    for name in ctx.definitions().keys() {
        let fingerprint = ctx.fingerprint("jsonschema", [name.clone()]);
        reuse_or_render(
            ctx.previous,
            format!("jsonschema/{name}"),
            fingerprint.hex(),
            artifacts,
            |out| {
                out.insert(format!("jsonschema/{name}.json"), document(ctx, name, &schemas)?);
                Ok::<_, Error>(())
            },
            |_| Value::Null,
        )?;
    }
    Ok(())
}

/// The document of definition `name`: its own schema's keywords at the top, beside `$schema` and `$id`, and the
/// definitions it reaches in `$defs`.
fn document(ctx: &Context<'_>, name: &DefName, schemas: &RenderedSchemas<'_>) -> Result<Vec<u8>, Error> {
    let Some(root) = ctx.definitions().get(name) else {
        return Err(Error::missing_definition(name.as_str(), "the JSON Schema emitter"));
    };
    let mut top = Map::new();
    top.insert("$schema".to_owned(), json!(DRAFT_2020_12));
    top.insert("$id".to_owned(), json!(format!("{}{name}.json", ctx.options.json_schema_base())));
    if let Value::Object(schema) = Renderer::new(&Dialect::JSON_SCHEMA).schema(root) {
        top.extend(schema);
    }
    // The root itself lands in `$defs` only when it refers to itself (directly or through others).
    let roots = references(root).into_iter().map(|target| (target, format!("definition `{name}`")));
    let reached = ctx.closure(roots)?;
    let defs: Vec<_> = reached.iter().filter_map(|name| Some((name.as_str(), schemas.get(name)?))).collect();
    let mut members: Vec<_> = top
        .into_iter()
        .filter(|(key, _)| defs.is_empty() || key != "$defs")
        .map(|(key, value)| (Cow::Owned(key), Piece::value(value)))
        .collect();
    if !defs.is_empty() {
        members.push((Cow::Borrowed("$defs"), Piece::object(defs)));
    }
    Ok(to_canonical_bytes(&Piece::Object(members)))
}
