//! The OpenAPI v3 document of a group-version published with `crd` conventions: what kube-apiserver serves at
//! `/openapi/v3/apis/<group>/<version>` once the group-version's CRDs are installed.
//!
//! apiextensions-apiserver builds it from the CRDs, not from Go types: each kind's schema is its CRD version's
//! schema ([`kind`]), the routes are its fixed CRD routes (the operations, built with
//! [`Conventions::Crd`](kapi_model::Conventions::Crd) routes), the shared kinds are its own (the registry's
//! meta/v1 definitions, their group-version-kinds those of client-go's scheme), and its `info` is its own.

mod kind;

use std::borrow::Cow;
use std::collections::BTreeMap;

use kapi_meta::client_go_scheme;
use kapi_model::{DefName, GroupVersion};
use serde_json::{Map, Value, json};

use crate::emit::openapi_paths::{ParameterTexts, SCHEMAS_DEPTH, paths_piece};
use crate::emit::operations::{self, PathItem, custom_resource_definition_name};
use crate::error::Error;
use crate::infra::context::Context;
use crate::infra::pieces::{Piece, to_canonical_bytes};
use crate::infra::render::{Dialect, Renderer};
use crate::infra::rendered::RenderedSchemas;
use kind::{KindNames, LIST_META, OBJECT_META, kind_schema, list_schema};

/// The `info` apiextensions-apiserver gives every CRD document.
const TITLE: &str = "Kubernetes CRD Swagger";
const VERSION: &str = "v0.1.0";

/// The shared definitions as CRD documents hold them: rendered for OpenAPI 3.0, shared kinds (DeleteOptions,
/// WatchEvent) with the group-version-kinds of client-go's scheme.
pub(crate) fn shared_schemas<'c>(ctx: &'c Context<'_>) -> RenderedSchemas<'c> {
    let registry = &ctx.registry;
    RenderedSchemas::new(ctx.definitions(), &Dialect::OPENAPI_V3, SCHEMAS_DEPTH).finished_by(Box::new(
        move |name, rendered| {
            if let Some(kind) = registry.definition(name).and_then(|d| d.info.kind_in_every_group_version.as_deref()) {
                rendered["x-kubernetes-group-version-kind"] = client_go_kinds(kind);
            }
        },
    ))
}

/// The document of `group_version`, whose path items are `items`, from the generated CRDs (`crds`: the CRDs of its
/// group); the shared definitions from `shared` ([`shared_schemas`]).
pub(crate) fn document(
    ctx: &Context<'_>,
    group_version: &GroupVersion,
    items: &BTreeMap<String, PathItem>,
    crds: &[&Value],
    shared: &RenderedSchemas<'_>,
    parameters: &ParameterTexts,
) -> Result<Vec<u8>, Error> {
    let renderer = Renderer::new(&Dialect::OPENAPI_V3);
    let mut kinds = Map::new();
    // The registry's names of the kinds and lists, and the server's (`com.example.stable.v1.CronTab`).
    let mut renamed: BTreeMap<DefName, DefName> = BTreeMap::new();
    for resource in ctx.registry.resources_in(group_version) {
        let (crd, version) = served_version(crds, group_version, &resource.plural)
            .ok_or_else(|| Error::missing_crd(&group_version.to_string(), &resource.plural))?;
        let names = KindNames {
            group: &group_version.group,
            version: &group_version.version,
            kind: crd.pointer("/spec/names/kind").and_then(Value::as_str).unwrap_or(&resource.kind),
            list_kind: crd.pointer("/spec/names/listKind").and_then(Value::as_str).unwrap_or_default(),
            plural: &resource.plural,
        };
        let kind_name = custom_resource_definition_name(group_version, names.kind);
        let list_name = custom_resource_definition_name(group_version, names.list_kind);
        kinds.insert(kind_name.to_string(), kind_schema(&names, version));
        kinds.insert(list_name.to_string(), list_schema(&names, version, renderer.reference(&kind_name)));
        renamed.insert(resource.definition.clone(), kind_name);
        if let Some(list) = &resource.list_definition {
            renamed.insert(list.clone(), list_name);
        }
    }
    let references = renamed_references(&renamed, &renderer);
    let paths = paths_piece(items, &renderer, parameters, &|value| rewrite(value, &references));
    // The shared kinds the routes and the kinds' metadata reach.
    let mut roots: Vec<(DefName, String)> =
        operations::referenced(items).into_iter().filter(|(name, _)| !renamed.contains_key(name)).collect();
    for meta in [OBJECT_META, LIST_META] {
        roots.push((DefName::new(meta), format!("the CRD kinds of {group_version}")));
    }
    let reached = ctx.closure(roots)?;
    let mut schemas: BTreeMap<&str, Piece<'_>> =
        kinds.iter().map(|(name, schema)| (name.as_str(), Piece::Value(Cow::Borrowed(schema)))).collect();
    // A shared definition of a kind's name is written over the kind, as it always was.
    schemas.extend(reached.iter().filter_map(|name| Some((name.as_str(), shared.get(name)?))));
    let document = Piece::object([
        ("openapi", Piece::value(json!("3.0.0"))),
        ("info", Piece::value(json!({"title": TITLE, "version": VERSION}))),
        ("paths", paths),
        ("components", Piece::object([("schemas", Piece::object(schemas))])),
    ]);
    Ok(to_canonical_bytes(&document))
}

/// The CRD serving `plural` in `group_version`, and that version of it.
fn served_version<'c>(
    crds: &[&'c Value],
    group_version: &GroupVersion,
    plural: &str,
) -> Option<(&'c Value, &'c Value)> {
    crds.iter().copied().find_map(|crd| {
        let spec = crd.get("spec")?;
        let ours = spec.get("group")? == group_version.group.as_str() && spec.pointer("/names/plural")? == plural;
        let versions = spec.get("versions")?.as_array()?;
        let version = versions.iter().find(|v| {
            v.get("name").is_some_and(|name| name == group_version.version.as_str())
                && v.get("served") == Some(&Value::Bool(true))
        })?;
        ours.then_some((crd, version))
    })
}

/// The references to the registry's kinds, each with the reference to the server's name for it.
fn renamed_references(renamed: &BTreeMap<DefName, DefName>, renderer: &Renderer) -> BTreeMap<String, String> {
    let target = |name: &DefName| renderer.reference(name)["$ref"].as_str().unwrap_or_default().to_owned();
    renamed.iter().map(|(from, to)| (target(from), target(to))).collect()
}

fn rewrite(value: &mut Value, references: &BTreeMap<String, String>) {
    match value {
        Value::Object(object) => {
            for (key, child) in object.iter_mut() {
                match (key.as_str(), &*child) {
                    ("$ref", Value::String(target)) => {
                        if let Some(renamed) = references.get(target) {
                            *child = Value::String(renamed.clone());
                        }
                    }
                    _ => rewrite(child, references),
                }
            }
        }
        Value::Array(list) => list.iter_mut().for_each(|child| rewrite(child, references)),
        _ => {}
    }
}

/// `kind` in every group-version of client-go's scheme, which the server names shared kinds with.
fn client_go_kinds(kind: &str) -> Value {
    let kinds = client_go_scheme::GROUP_VERSIONS
        .iter()
        .map(|(group, version)| json!({"group": group, "version": version, "kind": kind}));
    Value::Array(kinds.collect())
}
