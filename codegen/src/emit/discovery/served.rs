//! What discovery lists, in the order Kubernetes lists it: groups by [`Registry::compare_groups`] (the legacy core
//! group first, then by priority and name), each group's versions most preferred first (Kubernetes version
//! priority), and each version's resources by name.

use std::cmp::Reverse;
use std::collections::BTreeMap;

use kapi_model::{GroupVersion, Registry, ResourceMeta, Subresource, version_priority};

/// One served group.
#[derive(Debug)]
pub(crate) struct ServedGroup<'a> {
    /// The group's name; empty for the legacy core group.
    pub name: &'a str,
    /// Its served versions, most preferred first (never empty).
    pub versions: Vec<ServedVersion<'a>>,
}

/// One served group-version.
#[derive(Debug)]
pub(crate) struct ServedVersion<'a> {
    pub group_version: &'a GroupVersion,
    /// Its resources, sorted by plural name.
    pub resources: Vec<&'a ResourceMeta>,
    /// Published as the API server publishes CRDs (`crd` conventions): fully named response kinds, the verbs in
    /// the server's fixed order, a resource's status before its scale.
    pub custom_resources: bool,
    /// The storage version of each kind of the group marked as a CRD (its `storage` version, or its only one):
    /// every served version of a CRD reports the storage version's hash, as the server does.
    pub crd_storage_versions: BTreeMap<&'a str, &'a str>,
}

impl ServedVersion<'_> {
    /// The version whose hash `resource`'s discovery entry carries: the CRD's storage version, else its own.
    pub fn storage_version_of<'r>(&'r self, resource: &'r ResourceMeta) -> &'r str {
        let crd = resource.crd.as_ref().and(self.crd_storage_versions.get(resource.kind.as_str()));
        crd.copied().unwrap_or(&resource.group_version.version)
    }
}

/// Kind to storage version for the kinds of `group` marked as CRDs.
fn crd_storage_versions<'a>(registry: &'a Registry, group: &str) -> BTreeMap<&'a str, &'a str> {
    let mut versions: BTreeMap<&str, Vec<(&str, Option<bool>)>> = BTreeMap::new();
    for resource in registry.resources_of_group(group) {
        if let Some(crd) = &resource.crd {
            versions.entry(&resource.kind).or_default().push((&resource.group_version.version, crd.storage));
        }
    }
    versions
        .into_iter()
        .filter_map(|(kind, versions)| {
            let marked = versions.iter().find(|(_, storage)| *storage == Some(true)).map(|(version, _)| *version);
            let only = (versions.len() == 1).then(|| versions[0].0);
            marked.or(only).map(|version| (kind, version))
        })
        .collect()
}

/// The verbs apiextensions-apiserver lists for every custom resource, in its order.
pub(crate) const CUSTOM_RESOURCE_VERBS: [&str; 8] =
    ["delete", "deletecollection", "get", "list", "patch", "create", "update", "watch"];

/// The group priority apiextensions-apiserver gives every CRD group.
const CUSTOM_RESOURCE_GROUP_PRIORITY: u32 = 1000;

impl ServedGroup<'_> {
    /// True for the legacy core group, served under `/api` rather than `/apis`.
    pub fn is_core(&self) -> bool {
        self.name.is_empty()
    }
}

/// The kind a subresource speaks: its own when it names one in another group-version (scale speaks autoscaling/v1
/// Scale), else its parent's. The group-version is `None` when it is the containing one, which discovery leaves
/// empty.
pub(crate) fn subresource_kind<'a>(
    resource: &'a ResourceMeta,
    subresource: &'a Subresource,
) -> (Option<&'a GroupVersion>, &'a str) {
    match &subresource.kind {
        Some(kind) if kind.group_version != resource.group_version => (Some(&kind.group_version), &kind.kind),
        Some(kind) => (None, &kind.kind),
        None => (None, &resource.kind),
    }
}

/// A resource's verbs as discovery writes them: the server's fixed list for custom resources, else sorted.
pub(crate) fn resource_verbs(resource: &ResourceMeta, custom_resource: bool) -> Vec<String> {
    match custom_resource {
        true => CUSTOM_RESOURCE_VERBS.iter().map(|verb| (*verb).to_owned()).collect(),
        false => sorted_verbs(&resource.verbs),
    }
}

/// A resource's subresources in discovery order: by name, or for a custom resource, `status` before `scale` as the
/// server adds them.
pub(crate) fn ordered_subresources(resource: &ResourceMeta, custom_resource: bool) -> Vec<&Subresource> {
    let mut subresources: Vec<&Subresource> = resource.subresources.iter().collect();
    match custom_resource {
        true => subresources.sort_by_key(|s| (s.name != "status", s.name != "scale", s.name.clone())),
        false => subresources.sort_by(|a, b| a.name.cmp(&b.name)),
    }
    subresources
}

/// Verbs sorted and without repeats, as discovery writes them.
pub(crate) fn sorted_verbs(verbs: &[String]) -> Vec<String> {
    let mut sorted = verbs.to_vec();
    sorted.sort();
    sorted.dedup();
    sorted
}

/// The groups of `group_versions` (the served, not disabled ones) in discovery order; `custom_resources` says
/// which group-versions are published as CRDs (a group all of whose versions are has the server's CRD priority).
pub(crate) fn served_groups<'a>(
    registry: &'a Registry,
    group_versions: &'a [GroupVersion],
    custom_resources: &dyn Fn(&GroupVersion) -> bool,
) -> Vec<ServedGroup<'a>> {
    let mut by_group: BTreeMap<&str, Vec<&GroupVersion>> = BTreeMap::new();
    for group_version in group_versions {
        by_group.entry(group_version.group.as_str()).or_default().push(group_version);
    }
    let mut groups: Vec<ServedGroup<'a>> = by_group
        .into_iter()
        .map(|(name, mut versions)| {
            versions.sort_by(|a, b| version_priority::compare(&a.version, &b.version));
            let versions = versions
                .into_iter()
                .map(|group_version| ServedVersion {
                    group_version,
                    resources: registry.resources_in(group_version),
                    custom_resources: custom_resources(group_version),
                    crd_storage_versions: crd_storage_versions(registry, name),
                })
                .collect();
            ServedGroup { name, versions }
        })
        .collect();
    let priority = |group: &ServedGroup<'_>| match group.versions.iter().all(|v| v.custom_resources) {
        true => CUSTOM_RESOURCE_GROUP_PRIORITY,
        false => registry.group_priority(group.name),
    };
    groups.sort_by_key(|group| (!group.is_core(), Reverse(priority(group)), group.name));
    groups
}

#[cfg(test)]
mod tests {
    use kapi_model::{DefName, Scope};

    use super::*;

    fn widget(group: &str, version: &str, plural: &str) -> ResourceMeta {
        ResourceMeta {
            group_version: GroupVersion::new(group, version),
            kind: "Widget".into(),
            plural: plural.into(),
            singular: "widget".into(),
            scope: Scope::Namespaced,
            verbs: vec!["get".into()],
            short_names: vec![],
            categories: vec![],
            subresources: vec![],
            definition: DefName::new("Widget"),
            list_kind: None,
            list_definition: None,
            crd: None,
            delete_returns_object: false,
        }
    }

    #[test]
    fn groups_versions_and_resources_come_in_discovery_order() {
        let mut registry = Registry::new();
        for (group, version, plural) in [
            ("b.example.com", "v1", "widgets"),
            ("a.example.com", "v1", "widgets"),
            ("high.example.com", "v1alpha1", "widgets"),
            ("high.example.com", "v1", "widgets"),
            ("high.example.com", "v2beta1", "widgets"),
            ("high.example.com", "v1", "gadgets"),
            ("", "v1", "pods"),
        ] {
            registry.add_resource(widget(group, version, plural));
        }
        registry.set_group_priority("high.example.com", 2000);
        let group_versions: Vec<GroupVersion> = registry.served_group_versions().into_iter().collect();
        let groups = served_groups(&registry, &group_versions, &|_| false);
        let names: Vec<&str> = groups.iter().map(|g| g.name).collect();
        assert_eq!(names, ["", "high.example.com", "a.example.com", "b.example.com"]);
        assert!(groups[0].is_core() && !groups[1].is_core());
        let versions: Vec<&str> = groups[1].versions.iter().map(|v| v.group_version.version.as_str()).collect();
        assert_eq!(versions, ["v1", "v2beta1", "v1alpha1"]);
        let plurals: Vec<&str> = groups[1].versions[0].resources.iter().map(|r| r.plural.as_str()).collect();
        assert_eq!(plurals, ["gadgets", "widgets"]);
    }
}
