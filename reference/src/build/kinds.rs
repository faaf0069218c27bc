//! A kind's section: how it is served, its own type, and how it differs in the group's other versions.

use kapi_model::{Registry, ResourceMeta};

use super::homes::Homes;
use super::paths::field_paths;
use super::types::type_section;
use crate::page::{KindSection, KindVersion, Link, Subresource, TypeSection};

/// The section for `resource` on its group-version's page.
pub fn kind_section(registry: &Registry, homes: &Homes, resource: &ResourceMeta) -> KindSection {
    let body = match registry.definition(&resource.definition) {
        Some(definition) => type_section(homes, &resource.definition, &resource.kind, &definition.schema),
        None => TypeSection {
            name: resource.kind.clone(),
            definition: resource.definition.as_str().to_owned(),
            anchor: resource.kind.clone(),
            description: None,
            shape: None,
            constraints: Vec::new(),
            fields: Vec::new(),
            rules: Vec::new(),
            deprecated: false,
        },
    };
    let crd = resource.crd.as_ref();
    KindSection {
        kind: resource.kind.clone(),
        plural: resource.plural.clone(),
        singular: resource.singular.clone(),
        scope: resource.scope,
        short_names: resource.short_names.clone(),
        categories: resource.categories.clone(),
        verbs: resource.verbs.clone(),
        subresources: resource
            .subresources
            .iter()
            .map(|subresource| Subresource { name: subresource.name.clone(), verbs: subresource.verbs.clone() })
            .collect(),
        list_kind: resource.list_kind.clone(),
        deprecated: crd.is_some_and(|crd| crd.deprecated),
        deprecation_warning: crd.and_then(|crd| crd.deprecation_warning.clone()),
        body,
        versions: versions(registry, homes, resource),
    }
}

/// The kind in every version of its group, with the field paths each lacks or adds; empty for a kind served in
/// one version only.
fn versions(registry: &Registry, homes: &Homes, resource: &ResourceMeta) -> Vec<KindVersion> {
    let others = homes.versions_of(&resource.group_version, &resource.kind);
    if others.len() < 2 {
        return Vec::new();
    }
    let here = field_paths(registry, &resource.definition);
    others
        .iter()
        .map(|(other, page)| {
            let current = other.group_version == resource.group_version;
            let (added, removed) = if current {
                (Vec::new(), Vec::new())
            } else {
                let there = field_paths(registry, &other.definition);
                (outermost(here.difference(&there)), outermost(there.difference(&here)))
            };
            KindVersion {
                version: other.group_version.version.clone(),
                link: Link { page: page.clone(), anchor: other.kind.clone() },
                current,
                added,
                removed,
            }
        })
        .collect()
}

/// The paths whose parent is not in the list too: a new object is one change, not one per field under it.
fn outermost<'a>(paths: impl Iterator<Item = &'a String>) -> Vec<String> {
    let mut kept: Vec<String> = Vec::new();
    for path in paths {
        // The set is sorted, so a parent comes right before its children.
        if kept.last().is_some_and(|parent| path.starts_with(&format!("{parent}."))) {
            continue;
        }
        kept.push(path.clone());
    }
    kept
}
