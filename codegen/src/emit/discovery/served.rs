//! What discovery lists, in the order Kubernetes lists it: groups by [`Registry::compare_groups`] (the legacy core
//! group first, then by priority and name), each group's versions most preferred first (Kubernetes version
//! priority), and each version's resources by name.

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
}

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

/// Verbs sorted and without repeats, as discovery writes them.
pub(crate) fn sorted_verbs(verbs: &[String]) -> Vec<String> {
    let mut sorted = verbs.to_vec();
    sorted.sort();
    sorted.dedup();
    sorted
}

/// The groups of `group_versions` (the served, not disabled ones) in discovery order.
pub(crate) fn served_groups<'a>(registry: &'a Registry, group_versions: &'a [GroupVersion]) -> Vec<ServedGroup<'a>> {
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
                .map(|group_version| ServedVersion { group_version, resources: registry.resources_in(group_version) })
                .collect();
            ServedGroup { name, versions }
        })
        .collect();
    groups.sort_by(|a, b| registry.compare_groups(a.name, b.name));
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
        let groups = served_groups(&registry, &group_versions);
        let names: Vec<&str> = groups.iter().map(|g| g.name).collect();
        assert_eq!(names, ["", "high.example.com", "a.example.com", "b.example.com"]);
        assert!(groups[0].is_core() && !groups[1].is_core());
        let versions: Vec<&str> = groups[1].versions.iter().map(|v| v.group_version.version.as_str()).collect();
        assert_eq!(versions, ["v1", "v2beta1", "v1alpha1"]);
        let plurals: Vec<&str> = groups[1].versions[0].resources.iter().map(|r| r.plural.as_str()).collect();
        assert_eq!(plurals, ["gadgets", "widgets"]);
    }
}
