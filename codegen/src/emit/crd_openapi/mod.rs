//! The OpenAPI v3 document of a group-version published with `crd` conventions: what kube-apiserver serves at
//! `/openapi/v3/apis/<group>/<version>` once the group-version's CRDs are installed.
//!
//! apiextensions-apiserver builds it from the CRDs, not from Go types: each kind's schema is its CRD version's
//! schema ([`kind`]), the routes are its fixed CRD routes (the operations, built with
//! [`Conventions::Crd`](kapi_model::Conventions::Crd) routes), the shared kinds are its own (the registry's
//! meta/v1 definitions, their group-version-kinds those of client-go's scheme), and its `info` is its own.

mod kind;

use std::collections::BTreeMap;

use kapi_meta::client_go_scheme;
use kapi_model::{DefName, GroupVersion};
use serde_json::{Map, Value, json};

use crate::emit::openapi_paths::render_paths;
use crate::emit::operations::{self, PathItem, custom_resource_definition_name};
use crate::error::Error;
use crate::infra::closure::closure;
use crate::infra::context::Context;
use crate::infra::render::{Dialect, Renderer};
use kind::{KindNames, LIST_META, OBJECT_META, kind_schema, list_schema};

/// The `info` apiextensions-apiserver gives every CRD document.
const TITLE: &str = "Kubernetes CRD Swagger";
const VERSION: &str = "v0.1.0";

/// The document of `group_version`, whose path items are `items`, from the generated CRDs (`crds`: the CRDs of its
/// group).
pub(crate) fn document(
    ctx: &Context<'_>,
    group_version: &GroupVersion,
    items: &BTreeMap<String, PathItem>,
    crds: &[&Value],
) -> Result<Value, Error> {
    let renderer = Renderer::new(&Dialect::OPENAPI_V3);
    let mut schemas = Map::new();
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
        schemas.insert(kind_name.to_string(), kind_schema(&names, version));
        schemas.insert(list_name.to_string(), list_schema(&names, version, renderer.reference(&kind_name)));
        renamed.insert(resource.definition.clone(), kind_name);
        if let Some(list) = &resource.list_definition {
            renamed.insert(list.clone(), list_name);
        }
    }
    let mut paths = render_paths(items, &renderer);
    rename_references(&mut paths, &renamed, &renderer);
    // The shared kinds the routes and the kinds' metadata reach.
    let mut roots: Vec<(DefName, String)> =
        operations::referenced(items).into_iter().filter(|(name, _)| !renamed.contains_key(name)).collect();
    for meta in [OBJECT_META, LIST_META] {
        roots.push((DefName::new(meta), format!("the CRD kinds of {group_version}")));
    }
    let mut renderer = renderer;
    for name in closure(&ctx.definitions, roots)? {
        let Some(schema) = ctx.definitions.get(&name) else { continue };
        let mut rendered = renderer.schema(schema);
        if let Some(kind) = ctx.registry.definition(&name).and_then(|d| d.info.kind_in_every_group_version.as_deref()) {
            rendered["x-kubernetes-group-version-kind"] = client_go_kinds(kind);
        }
        schemas.insert(name.to_string(), rendered);
    }
    Ok(json!({
        "openapi": "3.0.0",
        "info": {"title": TITLE, "version": VERSION},
        "paths": paths,
        "components": {"schemas": schemas},
    }))
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

/// Points references to the registry's kinds at the server's names for them.
fn rename_references(value: &mut Value, renamed: &BTreeMap<DefName, DefName>, renderer: &Renderer) {
    let target = |name: &DefName| renderer.reference(name)["$ref"].as_str().unwrap_or_default().to_owned();
    let references: BTreeMap<String, String> = renamed.iter().map(|(from, to)| (target(from), target(to))).collect();
    rewrite(value, &references);
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
