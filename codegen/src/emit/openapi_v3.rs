//! OpenAPI v3: one document per served group-version, and the root index pointing at each by content hash. The
//! assembly is shared by the editions (3.0 here, 3.1 in [`super::openapi_v31`]), which differ in how schemas are
//! written (`Edition`).

use std::collections::BTreeMap;

use kapi_meta::content_hash::content_hash;
use serde_json::{Map, Value, json};

use kapi_model::{Conventions, GroupVersion};

use crate::emit::crd::CRD_DIR;
use crate::emit::crd_openapi;
use crate::emit::openapi_paths::{ParameterTexts, SCHEMAS_DEPTH, parameter_value, paths_piece};
use crate::emit::operations::{self, PathItem, security_scheme};
use crate::error::Error;
use crate::infra::artifacts::{Artifacts, HeldFile};
use crate::infra::canonical::to_canonical_json;
use crate::infra::context::Context;
use crate::infra::pieces::{Piece, to_canonical_bytes};
use crate::infra::render::{Dialect, Renderer};
use crate::infra::rendered::RenderedSchemas;
use crate::infra::reuse::reuse_or_render;

/// What tells the OpenAPI documents of one edition (3.0, 3.1) apart; the paths, operations, parameters and the
/// definitions each document holds are the same in every edition.
#[derive(Debug)]
pub(crate) struct Edition {
    /// Where the documents are written, and (with a leading `/`) where they are served: `openapi/v3`.
    pub dir: &'static str,
    /// How schemas are written.
    pub dialect: &'static Dialect,
    /// The `openapi` field; `None` takes the profile's.
    pub version: Option<&'static str>,
    /// The `jsonSchemaDialect` field, when the edition has one.
    pub json_schema_dialect: Option<&'static str>,
}

/// OpenAPI 3.0, as Kubernetes serves it at `/openapi/v3`.
pub(crate) const V3_0: Edition =
    Edition { dir: "openapi/v3", dialect: &Dialect::OPENAPI_V3, version: None, json_schema_dialect: None };

/// Adds `openapi/v3/<gv path>.json` per group-version and `openapi/v3/index.json`.
pub(crate) fn emit(ctx: &Context<'_>, artifacts: &mut Artifacts) -> Result<(), Error> {
    emit_edition(ctx, &V3_0, artifacts)
}

/// Adds `<dir>/<gv path>.json` per group-version and `<dir>/index.json`, whose entries point at `/<dir>/<gv
/// path>?hash=<hash>`.
///
/// A group-version's document is a reusable unit: its inputs are its operations and the definitions they reach.
pub(crate) fn emit_edition(ctx: &Context<'_>, edition: &Edition, artifacts: &mut Artifacts) -> Result<(), Error> {
    let dir = edition.dir;
    let mut index = Map::new();
    // As the API server publishes CRDs, group-versions with `crd` conventions are built from this generation's
    // CRDs, in OpenAPI 3.0 (the only edition the server serves); they are read once for all of them.
    let as_crds = |gv: &GroupVersion| edition.dir == V3_0.dir && ctx.group_version_conventions(gv) == Conventions::Crd;
    // Taken out while the documents are added, and handed over after: nothing reads them later.
    let crd_files = match ctx.group_versions.iter().any(as_crds) {
        true => artifacts.take_held(|path| path.starts_with(CRD_DIR) && path.ends_with(".json")),
        false => Vec::new(),
    };
    let crds_by_group = crds_by_group(&crd_files)?;
    // Each shared definition is rendered once, for the first document that holds it.
    let schemas = RenderedSchemas::new(ctx.definitions(), edition.dialect, SCHEMAS_DEPTH);
    let crd_schemas = crd_openapi::shared_schemas(ctx);
    let parameters = ParameterTexts::of(ctx.operations.values(), parameter_value);
    for group_version in &ctx.group_versions {
        let url_path = group_version.url_path();
        let path = format!("{dir}/{url_path}.json");
        let items = ctx.operations(group_version);
        // `openapi-v3` for 3.0, as before editions, so its recorded units stay reusable.
        let mut fingerprint = ctx.fingerprint(&dir.replace('/', "-"), operations::referenced(items).into_keys());
        fingerprint.add(group_version).add_bytes(&ctx.operations_digest(group_version));
        let as_crds = as_crds(group_version);
        // Only the group's CRDs are inputs of its document: their bytes, parsed only when it is rendered.
        let group_crds: &[CrdFile] = match as_crds {
            true => crds_by_group.get(group_version.group.as_str()).map_or(&[], Vec::as_slice),
            false => &[],
        };
        for (crd_path, bytes) in group_crds {
            fingerprint.add(crd_path).add_bytes(bytes);
        }
        let unit = format!("{dir}/{url_path}");
        let render = |out: &mut Artifacts| {
            let document = match as_crds {
                true => {
                    let crds = group_crds
                        .iter()
                        .map(|(path, bytes)| serde_json::from_slice(bytes).map_err(|e| Error::serialize(*path, e)))
                        .collect::<Result<Vec<Value>, Error>>()?;
                    let crds = crds.iter().collect::<Vec<_>>();
                    crd_openapi::document(ctx, group_version, items, &crds, &crd_schemas, &parameters)?
                }
                false => document_of(ctx, edition, items, &schemas, &parameters)?,
            };
            out.insert(path.clone(), document);
            Ok::<_, Error>(())
        };
        // The index needs each document's hash; the record keeps it.
        let hash = |out: &Artifacts| json!({ "hash": content_hash(out.get(&path).unwrap_or_default()) });
        reuse_or_render(ctx.previous, unit.clone(), fingerprint.hex(), artifacts, render, hash)?;
        let hash = artifacts.units().get(&unit).and_then(|record| record.data["hash"].as_str()).unwrap_or_default();
        let url = format!("/{dir}/{url_path}?hash={hash}");
        index.insert(url_path.clone(), json!({ "serverRelativeURL": url }));
    }
    artifacts.insert(format!("{dir}/index.json"), to_canonical_json(&json!({ "paths": index })));
    drop(crds_by_group);
    artifacts.hand_over(crd_files);
    Ok(())
}

/// A CRD's path and bytes.
type CrdFile<'a> = (&'a str, &'a [u8]);

/// The CRDs this generation wrote (`crds/*.json`, which the CRD emitter writes before the documents) by their
/// group, as path and bytes in path order: each group-version's document looks up its own group's rather than
/// scanning them all.
fn crds_by_group(files: &[HeldFile]) -> Result<BTreeMap<String, Vec<CrdFile<'_>>>, Error> {
    #[derive(serde::Deserialize)]
    struct Crd {
        spec: Spec,
    }
    #[derive(serde::Deserialize)]
    struct Spec {
        group: String,
    }
    let mut by_group: BTreeMap<String, Vec<CrdFile<'_>>> = BTreeMap::new();
    for HeldFile { path, bytes, .. } in files {
        let crd: Crd = serde_json::from_slice(bytes).map_err(|e| Error::serialize(path, e))?;
        by_group.entry(crd.spec.group).or_default().push((path, bytes));
    }
    Ok(by_group)
}

/// The document of one group-version, from its operations: its paths and exactly the definitions they reach.
fn document_of(
    ctx: &Context<'_>,
    edition: &Edition,
    items: &BTreeMap<String, PathItem>,
    schemas: &RenderedSchemas<'_>,
    parameters: &ParameterTexts,
) -> Result<Vec<u8>, Error> {
    let reached = ctx.closure(operations::referenced(items))?;
    let schemas = reached.iter().filter_map(|name| Some((name.as_str(), schemas.get(name)?)));
    let mut components = vec![("schemas", Piece::object(schemas))];
    if let Some(scheme) = &ctx.profile.bearer_token {
        components.push(("securitySchemes", Piece::value(Value::Object(security_scheme(scheme)))));
    }
    let info = &ctx.profile.info;
    let renderer = Renderer::new(edition.dialect);
    let mut document = vec![
        ("openapi", Piece::value(json!(edition.version.unwrap_or(&ctx.profile.openapi_version)))),
        ("info", Piece::value(json!({"title": info.title, "version": info.version}))),
        ("paths", paths_piece(items, &renderer, parameters, &|_| {})),
        ("components", Piece::object(components)),
    ];
    if let Some(dialect) = edition.json_schema_dialect {
        document.push(("jsonSchemaDialect", Piece::value(json!(dialect))));
    }
    Ok(to_canonical_bytes(&Piece::object(document)))
}
