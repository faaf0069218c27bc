//! Builds the reference from a registry: groups and versions for the index, then one page per group-version.

mod constraints;
mod homes;
mod kinds;
mod paths;
#[cfg(test)]
mod tests;
mod types;

use kapi_model::version_priority::{self, Stability};
use kapi_model::{GroupVersion, Registry};

use crate::page::{GroupEntry, Page, Reference, VersionEntry};
use homes::{COMMON_PAGE, Homes, page_id};
use kinds::kind_section;
use types::type_section;

/// The reference of every served group-version in `registry`.
pub fn build(registry: &Registry) -> Reference {
    let group_versions = ordered_group_versions(registry);
    let homes = Homes::assign(registry, &group_versions);
    let mut pages: Vec<Page> = group_versions
        .iter()
        .map(|group_version| {
            let id = page_id(group_version);
            let kinds = homes.kinds_on(&id).iter().map(|resource| kind_section(registry, &homes, resource)).collect();
            Page {
                title: id.clone(),
                types: types_on(registry, &homes, &id),
                id,
                group_version: Some(group_version.clone()),
                kinds,
            }
        })
        .collect();
    let shared = types_on(registry, &homes, COMMON_PAGE);
    if !shared.is_empty() {
        let title = "Shared types".to_owned();
        pages.push(Page { id: COMMON_PAGE.to_owned(), title, group_version: None, kinds: Vec::new(), types: shared });
    }
    Reference { groups: group_entries(registry, &homes, &group_versions), pages }
}

/// Served group-versions in index order: groups as discovery lists them, versions most preferred first.
fn ordered_group_versions(registry: &Registry) -> Vec<GroupVersion> {
    let mut group_versions: Vec<GroupVersion> = registry.served_group_versions().into_iter().collect();
    group_versions.sort_by(|a, b| {
        registry.compare_groups(&a.group, &b.group).then_with(|| version_priority::compare(&a.version, &b.version))
    });
    group_versions
}

fn types_on(registry: &Registry, homes: &Homes, page: &str) -> Vec<crate::page::TypeSection> {
    homes
        .types_on(page)
        .into_iter()
        .filter_map(|(name, anchor)| {
            let definition = registry.definition(name)?;
            Some(type_section(homes, name, anchor, &definition.schema))
        })
        .collect()
}

fn group_entries(registry: &Registry, homes: &Homes, group_versions: &[GroupVersion]) -> Vec<GroupEntry> {
    let mut groups: Vec<GroupEntry> = Vec::new();
    for group_version in group_versions {
        let id = page_id(group_version);
        let resources = homes.kinds_on(&id);
        let deprecated = !resources.is_empty()
            && resources.iter().all(|resource| resource.crd.as_ref().is_some_and(|crd| crd.deprecated));
        let entry = VersionEntry {
            version: group_version.version.clone(),
            stability: version_priority::stability(&group_version.version),
            deprecated,
            preferred: false,
            kinds: resources.iter().map(|resource| resource.kind.clone()).collect(),
            page: id,
        };
        match groups.last_mut() {
            Some(group) if group.name == group_version.group => group.versions.push(entry),
            _ => groups.push(GroupEntry {
                name: group_version.group.clone(),
                title: group_title(&group_version.group),
                priority: (!group_version.group.is_empty()).then(|| registry.group_priority(&group_version.group)),
                versions: vec![VersionEntry { preferred: true, ..entry }],
            }),
        }
    }
    groups
}

/// `core` for the legacy group, whose name is empty.
pub(crate) fn group_title(group: &str) -> String {
    if group.is_empty() { "core".to_owned() } else { group.to_owned() }
}

/// `alpha`, `beta` or `GA`, as the index words a version's stability.
pub fn stability_word(stability: Option<Stability>) -> &'static str {
    match stability {
        Some(Stability::Alpha) => "alpha",
        Some(Stability::Beta) => "beta",
        Some(Stability::GenerallyAvailable) => "GA",
        None => "unversioned",
    }
}
