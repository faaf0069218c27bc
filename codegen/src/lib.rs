//! kapi's emitters: pure functions from the model to OpenAPI v3 / v2, JSON Schema and protobuf artifacts, plus a
//! deterministic writer.
//!
//! [`generate`] turns a [`Registry`] into [`Artifacts`] (relative path to bytes) under a [`Profile`]; [`writer`]
//! puts them on disk, touching only files whose bytes changed. Every document is canonical JSON
//! ([`canonical::to_canonical_json`]), so the same model gives the same bytes and the same hashes everywhere.
//!
//! Layout:
//! - `openapi/v3/api/v1.json`, `openapi/v3/apis/<group>/<version>.json`: one per served group-version;
//! - `openapi/v3/index.json`: the `/openapi/v3` root, each entry with `?hash=<uppercase SHA-512 of the document>`;
//! - `openapi/v2/swagger.json` and `openapi/v2/loss-report.json`;
//! - `jsonschema/<definition>.json`: one per definition;
//! - `discovery/*.json`: legacy and aggregated discovery documents with upstream's file names ([`discovery`]);
//! - `model.json`: the registry as served ([`model_json`]);
//! - `proto/<package path>/generated.proto` and `proto/field-numbers.json`: protobuf definitions and the ledger of
//!   their field numbers ([`proto`]).
//!
//! A disabled group-version leaves no trace in any of them: no document, no entry, no group-version-kind, and
//! none of the definitions only its resources used.

pub mod actions;
mod artifacts;
pub mod canonical;
mod closure;
mod context;
mod disable;
pub mod discovery;
mod error;
mod jsonschema;
mod model_file;
pub mod openapi_v2;
pub mod openapi_v3;
mod passes;
mod paths;
pub mod profile;
pub mod proto;
mod render;
pub mod writer;

use std::collections::BTreeSet;

use kapi_model::{GroupVersion, Registry};

pub use artifacts::Artifacts;
pub use error::Error;
pub use kapi_model::Keyword;
pub use model_file::{MODEL_PATH, model_json};
pub use passes::SchemaPass;
pub use profile::{MetaDefinitions, Profile};
pub use writer::{CheckReport, WriteReport};

/// How to generate.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// The dialect: settings and passes.
    pub profile: Profile,
    /// Group-versions not to serve: their resources, their discovery entries and the definitions only they use are
    /// left out of every artifact.
    pub disabled: BTreeSet<GroupVersion>,
    /// The field-number ledger of the previous generation (`proto/field-numbers.json`); without it, fields without
    /// `#[kapi(proto = N)]` are numbered from scratch.
    pub proto_ledger: Option<proto::Ledger>,
}

/// Every artifact for `registry`, by relative path.
pub fn generate(registry: &Registry, options: &Options) -> Result<Artifacts, Error> {
    let ctx = context::Context::new(registry, options)?;
    let mut artifacts = Artifacts::new();
    openapi_v3::emit(&ctx, &mut artifacts)?;
    openapi_v2::emit(&ctx, &mut artifacts)?;
    jsonschema::emit(&ctx, &mut artifacts)?;
    discovery::emit(&ctx, &mut artifacts)?;
    model_file::emit(&ctx, &mut artifacts)?;
    proto::emit(&ctx, options.proto_ledger.as_ref(), &mut artifacts)?;
    Ok(artifacts)
}
