//! Where each definition is explained: every definition gets exactly one home page and one anchor there, so the
//! reference explains it once and links to it from everywhere else.
//!
//! A kind's definition lives on its group-version's page under the kind's name. Another definition lives on the
//! page whose kinds share its namespace (`io.k8s.api.core.v1.PodSpec` on `core/v1`); failing that, on the one page
//! whose kinds reach it; a definition several pages reach with no namespace of its own (meta/v1's `ObjectMeta`)
//! lives on the page of shared types.

use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{DefName, GroupVersion, Registry, ResourceMeta};

use crate::page::Link;

/// The id of the page of shared types.
pub const COMMON_PAGE: &str = "common";

/// A group-version's page id: `core/v1` for the legacy group, else `<group>/<version>`.
pub fn page_id(group_version: &GroupVersion) -> String {
    let group = if group_version.group.is_empty() { "core" } else { group_version.group.as_str() };
    format!("{group}/{}", group_version.version)
}

/// Every page's kinds and types, and every definition's place.
#[derive(Debug)]
pub struct Homes<'a> {
    /// Each page's kinds (one resource per kind name), sorted by kind.
    kinds: BTreeMap<String, Vec<&'a ResourceMeta>>,
    /// Each page's other definitions, with their anchors, sorted by name.
    types: BTreeMap<String, BTreeMap<&'a DefName, String>>,
    /// Where every definition is explained.
    places: BTreeMap<&'a DefName, Link>,
    /// Each (group, kind)'s resources and pages, most preferred version first.
    versions: BTreeMap<(String, String), Vec<(&'a ResourceMeta, String)>>,
}

impl<'a> Homes<'a> {
    /// Assigns every definition the pages of `group_versions` reach a home.
    pub fn assign(registry: &'a Registry, group_versions: &[GroupVersion]) -> Self {
        let mut kinds: BTreeMap<String, Vec<&ResourceMeta>> = BTreeMap::new();
        for group_version in group_versions {
            let mut resources = registry.resources_in(group_version);
            resources.sort_by(|a, b| a.kind.cmp(&b.kind).then_with(|| a.plural.cmp(&b.plural)));
            resources.dedup_by(|a, b| a.kind == b.kind);
            kinds.insert(page_id(group_version), resources);
        }
        let mut places: BTreeMap<&DefName, Link> = BTreeMap::new();
        let mut namespaces: BTreeMap<&str, &str> = BTreeMap::new();
        for (page, resources) in &kinds {
            for resource in resources {
                let link = Link { page: page.clone(), anchor: resource.kind.clone() };
                places.entry(&resource.definition).or_insert(link);
                namespaces.entry(namespace(&resource.definition)).or_insert(page);
            }
        }
        // Which pages reach each definition that is not a kind.
        let mut reached_from: BTreeMap<&DefName, BTreeSet<&str>> = BTreeMap::new();
        for (page, resources) in &kinds {
            let roots = resources.iter().map(|resource| &resource.definition);
            for name in reachable(registry, roots) {
                if !places.contains_key(name) {
                    reached_from.entry(name).or_default().insert(page);
                }
            }
        }
        let mut homed: BTreeMap<String, Vec<&DefName>> = BTreeMap::new();
        for (name, pages) in &reached_from {
            let home = match (namespaces.get(namespace(name)), pages.len()) {
                (Some(page), _) => (*page).to_owned(),
                (None, 1) => pages.iter().next().map_or(COMMON_PAGE, |page| page).to_owned(),
                (None, _) => COMMON_PAGE.to_owned(),
            };
            homed.entry(home).or_default().push(name);
        }
        let mut types = BTreeMap::new();
        for (page, names) in homed {
            let taken: BTreeSet<&str> =
                kinds.get(&page).into_iter().flatten().map(|resource| resource.kind.as_str()).collect();
            let anchors = anchors(&names, &taken);
            for (name, anchor) in &anchors {
                places.insert(name, Link { page: page.clone(), anchor: anchor.clone() });
            }
            types.insert(page, anchors);
        }
        let mut versions: BTreeMap<(String, String), Vec<(&ResourceMeta, String)>> = BTreeMap::new();
        for (page, resources) in &kinds {
            for resource in resources {
                let key = (resource.group_version.group.clone(), resource.kind.clone());
                versions.entry(key).or_default().push((*resource, page.clone()));
            }
        }
        for found in versions.values_mut() {
            found.sort_by(|(a, _), (b, _)| {
                kapi_model::version_priority::compare(&a.group_version.version, &b.group_version.version)
            });
        }
        Self { kinds, types, places, versions }
    }

    /// The kinds of a page, sorted by kind.
    pub fn kinds_on(&self, page: &str) -> &[&'a ResourceMeta] {
        self.kinds.get(page).map_or(&[], Vec::as_slice)
    }

    /// The other definitions of a page with their anchors, sorted by short name.
    pub fn types_on(&self, page: &str) -> Vec<(&'a DefName, &str)> {
        let Some(types) = self.types.get(page) else { return Vec::new() };
        let mut found: Vec<(&DefName, &str)> = types.iter().map(|(name, anchor)| (*name, anchor.as_str())).collect();
        found.sort_by(|(a, _), (b, _)| (a.short_name(), a).cmp(&(b.short_name(), b)));
        found
    }

    /// Where `name` is explained; `None` for a definition no page reaches (a dangling reference).
    pub fn place(&self, name: &DefName) -> Option<&Link> {
        self.places.get(name)
    }

    /// The pages serving `kind` in the group of `group_version`, most preferred version first.
    pub fn versions_of(&self, group_version: &GroupVersion, kind: &str) -> &[(&'a ResourceMeta, String)] {
        self.versions.get(&(group_version.group.clone(), kind.to_owned())).map_or(&[], Vec::as_slice)
    }
}

/// Anchors for a page's definitions: the short name, or the full name where short names clash with each other or
/// with a kind of the page.
fn anchors<'a>(names: &[&'a DefName], taken: &BTreeSet<&str>) -> BTreeMap<&'a DefName, String> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for name in names {
        *counts.entry(name.short_name()).or_default() += 1;
    }
    names
        .iter()
        .map(|name| {
            let short = name.short_name();
            let unique = counts.get(short) == Some(&1) && !taken.contains(short);
            (*name, if unique { short.to_owned() } else { name.as_str().to_owned() })
        })
        .collect()
}

/// The name without its last segment (`io.k8s.api.apps.v1`).
fn namespace(name: &DefName) -> &str {
    name.as_str().rsplit_once('.').map_or("", |(namespace, _)| namespace)
}

/// Every definition reachable from `roots` through references (a root only when something reaches it).
fn reachable<'a>(registry: &'a Registry, roots: impl Iterator<Item = &'a DefName>) -> BTreeSet<&'a DefName> {
    let mut seen: BTreeSet<&DefName> = BTreeSet::new();
    let mut pending: Vec<&DefName> = roots.collect();
    while let Some(name) = pending.pop() {
        let Some(definition) = registry.definition(name) else { continue };
        definition.schema.walk(&mut |node| {
            if let Some(target) = node.target()
                && seen.insert(target)
            {
                pending.push(target);
            }
        });
    }
    seen
}
