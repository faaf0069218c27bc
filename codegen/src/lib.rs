//! kapi's emitters: pure functions from the model to OpenAPI v3 / v2, JSON Schema and protobuf artifacts, plus a
//! deterministic writer.
//!
//! [`generate`] turns a [`Registry`] into [`Artifacts`] (relative path to bytes) under a [`Profile`]; [`writer`]
//! puts them on disk, touching only files whose bytes changed. Every document is canonical JSON
//! ([`canonical::to_canonical_json`]), so the same model gives the same bytes and the same hashes everywhere.
//!
//! Source layout: `src/emit/` holds the emitters, one module per output form; `src/infra/` holds what they share
//! (the profile and its passes, the prepared context, the schema renderer, canonical JSON, the writer).
//!
//! Artifact layout:
//! - `openapi/v3/api/v1.json`, `openapi/v3/apis/<group>/<version>.json`: one per served group-version;
//! - `openapi/v3/index.json`: the `/openapi/v3` root, each entry with `?hash=<uppercase SHA-512 of the document>`;
//! - `openapi/v3.1/…`: the same documents and index in OpenAPI 3.1 (JSON Schema 2020-12 schemas), for
//!   `/openapi/v3.1`;
//! - `openapi/v2/swagger.json` and `openapi/v2/loss-report.json`;
//! - `jsonschema/<definition>.json`: one per definition;
//! - `discovery/*.json`: legacy and aggregated discovery documents with upstream's file names ([`discovery`]);
//! - `model.json`: the registry as served ([`model_json`]);
//! - `proto/<package path>/generated.proto` and `proto/field-numbers.json`: protobuf definitions and the ledger of
//!   their field numbers ([`proto`]);
//! - `docs/index.md` and `docs/<group>/<version>.md` (`docs/core/v1.md`, `docs/common.md` for shared types): the
//!   API reference as Markdown ([`kapi_reference::markdown`](mod@kapi_reference::markdown)).
//!
//! A disabled group-version is not served: no document, no discovery entry, and none of the definitions only its
//! resources used. The server's scheme still knows it, so shared kinds keep it in their group-version-kind lists
//! when it was known (as kube-apiserver's `--runtime-config` leaves them).

pub mod crd_check;
mod emit;
mod error;
mod infra;
#[cfg(feature = "kube")]
pub mod kube;
mod options;
pub mod printer_columns;
pub mod structural;
mod validate;

pub use emit::model_file::{MODEL_PATH, model_json};
pub use emit::operations::actions;
pub use emit::{discovery, openapi_v2, openapi_v3, openapi_v31, proto};
pub use error::Error;
pub use infra::artifacts::Artifacts;
pub use infra::passes::SchemaPass;
pub use infra::profile::{MetaDefinitions, Profile};
pub use infra::reuse::{Previous, UnitRecord};
pub use infra::writer::{CheckReport, WriteReport};
pub use infra::{canonical, profile, reuse, writer};
pub use kapi_model::Conventions;
pub use kapi_model::Keyword;
pub use options::{DEFAULT_JSON_SCHEMA_BASE, Options};
pub use structural::{StructuralOptions, StructuralRule, Violation, check_structural, check_structural_with};

use emit::{jsonschema, model_file};
use infra::context::Context;
use kapi_meta::apiextensions::v1::CustomResourceDefinition;
use kapi_model::{Registry, Resource};

/// Every artifact for `registry`, by relative path.
///
/// Fails when a declared default or example contradicts the schema it sits in (and, with [`Options::strict`],
/// when a required field has a default; otherwise that is one of [`Artifacts::warnings`]).
pub fn generate(registry: &Registry, options: &Options) -> Result<Artifacts, Error> {
    generate_reusing(registry, options, &Previous::none())
}

/// Like [`generate`], taking every unit (a group-version's OpenAPI v3 document, a CRD, a definition's JSON Schema)
/// whose inputs did not change from `previous` ([`reuse::manifest::previous`] reads it from an output directory)
/// instead of rendering it again. The artifacts are the same bytes either way.
pub fn generate_reusing(registry: &Registry, options: &Options, previous: &Previous) -> Result<Artifacts, Error> {
    generate_to(registry.clone(), options, previous, Artifacts::new())
}

/// Like [`generate_reusing`], writing into `dir` as [`writer::write`] does, but each file as soon as it is
/// rendered: the output is never held whole (a few thousand groups make a gigabyte). It takes the registry, so
/// the model is not held twice either. The artifacts returned hold
/// only what generation itself reads back (the CRDs' JSON, the v2 loss report); the others are listed.
pub fn generate_into(
    registry: Registry,
    options: &Options,
    previous: &Previous,
    dir: &std::path::Path,
) -> Result<(Artifacts, WriteReport), Error> {
    let sink = std::sync::Arc::new(writer::Sink::open(dir));
    let artifacts = generate_to(registry, options, previous, Artifacts::streaming_to(sink.clone(), read_back))?;
    let report = sink.finish(&artifacts)?;
    Ok((artifacts, report))
}

/// The files generation reads back once written, so a streaming generation holds them: the CRDs' JSON (the OpenAPI
/// documents of CRD groups are built from them) and the v2 loss report (the CLI summarises it).
fn read_back(path: &str) -> bool {
    (path.starts_with(emit::crd::CRD_DIR) && path.ends_with(".json")) || path == openapi_v2::LOSS_REPORT_PATH
}

fn generate_to(
    registry: Registry,
    options: &Options,
    previous: &Previous,
    mut artifacts: Artifacts,
) -> Result<Artifacts, Error> {
    let ctx = emit::operations::with_operations(Context::reusing_owned(registry, options, previous)?)?;
    let findings = validate::defaults::check(&ctx.registry)?;
    let mut errors = findings.errors;
    if options.strict {
        errors.extend(findings.warnings);
    } else {
        findings.warnings.into_iter().for_each(|warning| artifacts.warn(warning));
    }
    if !errors.is_empty() {
        return Err(Error::invalid_defaults(errors));
    }
    // The documents of group-versions published as CRDs are built from the CRDs.
    emit::crd::emit(&ctx, &mut artifacts)?;
    openapi_v3::emit(&ctx, &mut artifacts)?;
    openapi_v31::emit(&ctx, &mut artifacts)?;
    openapi_v2::emit(&ctx, &mut artifacts)?;
    jsonschema::emit(&ctx, &mut artifacts)?;
    discovery::emit(&ctx, &mut artifacts)?;
    model_file::emit(&ctx, &mut artifacts)?;
    proto::emit(&ctx, options.proto_ledger.as_ref(), &mut artifacts)?;
    emit::docs::emit(&ctx, &mut artifacts);
    Ok(artifacts)
}

// The CRD of one kind, from code: what an operator installs at start-up, as kube-derive's `CustomResourceExt::crd`
// offers (docs/KUBE-RS.md). It is the very CRD `generate` writes to `crds/<plural>.<group>.json`.

/// The CRD of kind `K` among everything `registry` holds (all of `K`'s versions when they are registered, as
/// `#[kapi::versioned]` kinds are).
pub fn crd_in<K: Resource>(registry: &Registry) -> Result<CustomResourceDefinition, Error> {
    let meta = K::resource_meta(&mut Registry::new());
    let path = format!("crds/{}.{}.json", meta.plural, meta.group_version.group);
    let artifacts = generate(registry, &Options::default())?;
    let Some(bytes) = artifacts.get(&path) else {
        let message = format!("{} {} is no CRD: give it #[kapi(crd)]", meta.group_version, meta.kind);
        return Err(Error::invalid_crd(vec![message]));
    };
    serde_json::from_slice(bytes).map_err(|error| Error::invalid_crd(vec![format!("{path}: {error}")]))
}

/// The CRD of kind `K` (every version of a `#[kapi::versioned]` kind), with the meta types every API server speaks.
pub fn crd_of<K: Resource>() -> Result<CustomResourceDefinition, Error> {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    K::register_versions(&mut registry);
    crd_in::<K>(&registry)
}
