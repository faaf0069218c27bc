//! `model.json`: the registry as canonical JSON, the form `kapi model` prints and `--model` reads back.

use kapi_model::Registry;

use crate::error::Error;
use crate::infra::artifacts::Artifacts;
use crate::infra::canonical::typed_to_canonical_json;
use crate::infra::context::Context;
use crate::infra::disable::effective_registry;
use crate::options::Options;

/// Where [`crate::generate`] puts the model.
pub const MODEL_PATH: &str = "model.json";

/// The model of `registry` as served under `options` (disabled group-versions removed, see [`crate::generate`]),
/// as canonical JSON. With nothing disabled these are the bytes `kapi model` prints.
pub fn model_json(registry: &Registry, options: &Options) -> Result<Vec<u8>, Error> {
    typed_to_canonical_json(&effective_registry(registry, &options.disabled)?, MODEL_PATH)
}

/// Adds `model.json`, so a server can regenerate everything from the artifacts alone (e.g. with more
/// group-versions switched off).
pub(crate) fn emit(ctx: &Context<'_>, artifacts: &mut Artifacts) -> Result<(), Error> {
    artifacts.insert(MODEL_PATH, typed_to_canonical_json(&ctx.registry, MODEL_PATH)?);
    Ok(())
}
