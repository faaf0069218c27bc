//! API surface rules: group-versions, resources, verbs, subresources, scope, short names, and the served and
//! stored versions of custom resources.

use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{GroupVersion, Registry, ResourceMeta};

use crate::rule::Rule;

/// A surface change, at a group-version and (for all but a removed group-version) a kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SurfaceChange {
    pub rule: Rule,
    pub group_version: GroupVersion,
    pub kind: Option<String>,
    pub path: String,
    pub detail: String,
}

/// Resources by group-version and plural.
fn by_plural(registry: &Registry) -> BTreeMap<(GroupVersion, &str), &ResourceMeta> {
    registry.resources().iter().map(|r| ((r.group_version.clone(), r.plural.as_str()), r)).collect()
}

/// The resources present in both registries, old and new, after reporting what the new one lost.
pub(crate) fn compare<'a>(
    old: &'a Registry,
    new: &'a Registry,
    changes: &mut Vec<SurfaceChange>,
) -> Vec<(&'a ResourceMeta, &'a ResourceMeta)> {
    let new_served = new.served_group_versions();
    let new_resources = by_plural(new);
    let mut kept = Vec::new();
    for group_version in old.served_group_versions() {
        if !new_served.contains(&group_version) {
            changes.push(SurfaceChange {
                rule: Rule::GroupVersionRemoved,
                group_version: group_version.clone(),
                kind: None,
                path: String::new(),
                detail: format!("{} no longer served", group_version.api_version()),
            });
        }
    }
    for ((group_version, plural), old_resource) in by_plural(old) {
        if !new_served.contains(&group_version) {
            continue; // reported once, as the group-version
        }
        let change = |rule, path: String, detail: String| SurfaceChange {
            rule,
            group_version: group_version.clone(),
            kind: Some(old_resource.kind.clone()),
            path,
            detail,
        };
        let Some(new_resource) = new_resources.get(&(group_version.clone(), plural)) else {
            changes.push(change(Rule::ResourceRemoved, String::new(), format!("`{plural}` removed")));
            continue;
        };
        for verb in removed(&old_resource.verbs, &new_resource.verbs) {
            changes.push(change(Rule::VerbRemoved, String::new(), format!("`{verb}` removed from `{plural}`")));
        }
        if old_resource.scope != new_resource.scope {
            let detail = format!("{:?} -> {:?}", old_resource.scope, new_resource.scope);
            changes.push(change(Rule::ScopeChanged, String::new(), detail));
        }
        for short_name in removed(&old_resource.short_names, &new_resource.short_names) {
            changes.push(change(Rule::ShortNameRemoved, String::new(), format!("short name `{short_name}` removed")));
        }
        for old_sub in &old_resource.subresources {
            let path = format!("/{}", old_sub.name);
            match new_resource.subresources.iter().find(|s| s.name == old_sub.name) {
                None => {
                    changes.push(change(Rule::SubresourceRemoved, path, format!("`{plural}/{}` removed", old_sub.name)))
                }
                Some(new_sub) => {
                    for verb in removed(&old_sub.verbs, &new_sub.verbs) {
                        let detail = format!("`{verb}` removed from `{plural}/{}`", old_sub.name);
                        changes.push(change(Rule::VerbRemoved, path.clone(), detail));
                    }
                }
            }
        }
        let served = |r: &ResourceMeta| r.crd.as_ref().is_none_or(|crd| crd.served);
        if served(old_resource) && !served(new_resource) {
            let detail = format!("`{plural}` in {} no longer served", group_version.api_version());
            changes.push(change(Rule::VersionUnserved, String::new(), detail));
        }
        kept.push((old_resource, *new_resource));
    }
    storage_versions(old, new, changes);
    kept
}

fn removed<'a>(old: &'a [String], new: &[String]) -> impl Iterator<Item = &'a String> {
    let new: BTreeSet<&String> = new.iter().collect();
    old.iter().filter(move |item| !new.contains(item))
}

/// The stored version of each custom resource (group and plural), where one is marked.
fn stored(registry: &Registry) -> BTreeMap<(&str, &str), &ResourceMeta> {
    registry
        .resources()
        .iter()
        .filter(|r| r.crd.as_ref().is_some_and(|crd| crd.storage == Some(true)))
        .map(|r| ((r.group_version.group.as_str(), r.plural.as_str()), r))
        .collect()
}

fn storage_versions(old: &Registry, new: &Registry, changes: &mut Vec<SurfaceChange>) {
    let new_stored = stored(new);
    for ((group, plural), old_resource) in stored(old) {
        if let Some(new_resource) = new_stored.get(&(group, plural))
            && new_resource.group_version.version != old_resource.group_version.version
        {
            changes.push(SurfaceChange {
                rule: Rule::StorageVersionChanged,
                group_version: new_resource.group_version.clone(),
                kind: Some(new_resource.kind.clone()),
                path: String::new(),
                detail: format!(
                    "`{plural}.{group}` stored as {} instead of {}",
                    new_resource.group_version.version, old_resource.group_version.version
                ),
            });
        }
    }
}
