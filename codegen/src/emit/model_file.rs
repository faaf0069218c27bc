//! `model.json`: the registry as canonical JSON, the form `kapi model` prints and `--model` reads back.

use std::borrow::Cow;

use kapi_model::Registry;
use serde::Serialize;
use serde_json::Value;

use crate::error::Error;
use crate::infra::artifacts::Artifacts;
use crate::infra::canonical::typed_to_canonical_json;
use crate::infra::context::Context;
use crate::infra::disable::effective_registry;
use crate::infra::pieces::{Piece, render_at, to_canonical_parts};
use crate::options::Options;

/// Where [`crate::generate`] puts the model.
pub const MODEL_PATH: &str = "model.json";

/// The model of `registry` as served under `options` (disabled group-versions removed, see [`crate::generate`]),
/// as canonical JSON. With nothing disabled these are the bytes `kapi model` prints.
pub fn model_json(registry: &Registry, options: &Options) -> Result<Vec<u8>, Error> {
    typed_to_canonical_json(&effective_registry(registry, &options.disabled)?, MODEL_PATH)
}

/// The depth of a definition in the file: `definitions.<name>`.
const DEFINITION_DEPTH: usize = 2;

/// Adds `model.json`, so a server can regenerate everything from the artifacts alone (e.g. with more
/// group-versions switched off).
pub(crate) fn emit(ctx: &Context<'_>, artifacts: &mut Artifacts) -> Result<(), Error> {
    let registry = &ctx.registry;
    let rest = to_value(&registry.without_definitions())?;
    let definitions = rendered_definitions(registry)?;
    let mut parts = to_canonical_parts(&registry_piece(&rest, &definitions), 0);
    parts.push(Cow::Borrowed(b"\n"));
    artifacts.insert_parts(MODEL_PATH, parts);
    Ok(())
}

/// Each definition's canonical text as `model.json` holds it: written one definition at a time, because the value
/// of a whole registry of thousands of groups took half a gigabyte, its text a tenth of that.
fn rendered_definitions(registry: &Registry) -> Result<Vec<(&str, Box<str>)>, Error> {
    let definitions = registry.definitions().iter();
    definitions
        .map(|(name, definition)| Ok((name.as_str(), render_at(&to_value(definition)?, DEFINITION_DEPTH))))
        .collect()
}

/// The registry as a document: `rest` (its value without the definitions) and its rendered definitions.
fn registry_piece<'a>(rest: &'a Value, definitions: &'a [(&'a str, Box<str>)]) -> Piece<'a> {
    let rest = rest.as_object().into_iter().flatten().filter(|(key, _)| *key != "definitions");
    let mut members: Vec<_> =
        rest.map(|(key, value)| (Cow::Borrowed(key.as_str()), Piece::Value(Cow::Borrowed(value)))).collect();
    let definitions = definitions.iter().map(|(name, text)| (*name, Piece::Rendered { text, at: DEFINITION_DEPTH }));
    members.push((Cow::Borrowed("definitions"), Piece::object(definitions)));
    Piece::Object(members)
}

fn to_value(value: &impl Serialize) -> Result<Value, Error> {
    serde_json::to_value(value).map_err(|source| Error::serialize(MODEL_PATH, source))
}
