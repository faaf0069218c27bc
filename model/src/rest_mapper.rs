//! Resolves what a user types (`leases`, `lease`, `Lease`, a short name, `leases.coordination.k8s.io`,
//! `leases.v1.coordination.k8s.io`) to a group, version, resource and kind.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::names::GroupVersion;
use crate::registry::Registry;
use crate::resource::{ResourceMeta, Scope};
use crate::version_priority;

/// A resolved resource.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mapping {
    pub group_version: GroupVersion,
    /// The plural resource name.
    pub resource: String,
    pub kind: String,
    pub scope: Scope,
}

/// Why a name could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MappingError {
    /// Nothing served matches.
    NotFound { input: String },
    /// The name matches resources in several groups; qualify it with one of `candidates` (`resource.group`).
    Ambiguous { input: String, candidates: Vec<String> },
}

impl fmt::Display for MappingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotFound { input } => write!(f, "the server doesn't have a resource type \"{input}\""),
            Self::Ambiguous { input, candidates } => {
                write!(f, "\"{input}\" is ambiguous; it matches {}; qualify it with its group", candidates.join(", "))
            }
        }
    }
}

impl std::error::Error for MappingError {}

/// Maps names to resources over the served (not disabled) group-versions of a registry.
#[derive(Debug, Clone)]
pub struct RestMapper {
    resources: Vec<ResourceMeta>,
    preferred: BTreeMap<String, String>,
}

/// What was typed, split into a name and an optional version and group.
struct Query<'a> {
    name: &'a str,
    version: Option<&'a str>,
    group: Option<&'a str>,
}

impl RestMapper {
    /// A mapper over every resource of `registry` except those in `disabled` group-versions. A group's preferred
    /// version is its highest-priority served version.
    pub fn new(registry: &Registry, disabled: &BTreeSet<GroupVersion>) -> Self {
        let resources: Vec<ResourceMeta> =
            registry.resources().iter().filter(|r| !disabled.contains(&r.group_version)).cloned().collect();
        let mut preferred: BTreeMap<String, String> = BTreeMap::new();
        for resource in &resources {
            let gv = &resource.group_version;
            let entry = preferred.entry(gv.group.clone()).or_insert_with(|| gv.version.clone());
            if version_priority::compare(&gv.version, entry).is_lt() {
                *entry = gv.version.clone();
            }
        }
        Self { resources, preferred }
    }

    /// The preferred version of a group, if it is served.
    pub fn preferred_version(&self, group: &str) -> Option<&str> {
        self.preferred.get(group).map(String::as_str)
    }

    /// Resolves `input`. A fully qualified `resource.version.group` is tried first, then `resource.group`, then
    /// the bare name; within one group the preferred version wins.
    pub fn resolve(&self, input: &str) -> Result<Mapping, MappingError> {
        for query in queries(input) {
            let found = self.matching(&query);
            if found.is_empty() {
                continue;
            }
            return self.choose(input, found);
        }
        Err(MappingError::NotFound { input: input.to_owned() })
    }

    fn matching(&self, query: &Query) -> Vec<&ResourceMeta> {
        self.resources
            .iter()
            .filter(|r| query.group.is_none_or(|g| r.group_version.group == g))
            .filter(|r| query.version.is_none_or(|v| r.group_version.version == v))
            .filter(|r| names_match(r, query.name))
            .collect()
    }

    fn choose(&self, input: &str, found: Vec<&ResourceMeta>) -> Result<Mapping, MappingError> {
        let groups: BTreeSet<&str> = found.iter().map(|r| r.group_version.group.as_str()).collect();
        if groups.len() > 1 {
            let mut candidates: Vec<String> = found.iter().map(|r| qualified(r)).collect();
            candidates.sort();
            candidates.dedup();
            return Err(MappingError::Ambiguous { input: input.to_owned(), candidates });
        }
        let best = found
            .into_iter()
            .min_by(|a, b| version_priority::compare(&a.group_version.version, &b.group_version.version))
            .ok_or_else(|| MappingError::NotFound { input: input.to_owned() })?;
        Ok(Mapping {
            group_version: best.group_version.clone(),
            resource: best.plural.clone(),
            kind: best.kind.clone(),
            scope: best.scope,
        })
    }
}

/// Interpretations of `input`, most specific first.
fn queries(input: &str) -> Vec<Query<'_>> {
    let mut out = Vec::new();
    let parts: Vec<&str> = input.splitn(3, '.').collect();
    if parts.len() == 3 {
        out.push(Query { name: parts[0], version: Some(parts[1]), group: Some(parts[2]) });
    }
    if let Some((name, group)) = input.split_once('.') {
        out.push(Query { name, version: None, group: Some(group) });
    }
    out.push(Query { name: input, version: None, group: None });
    out
}

fn names_match(resource: &ResourceMeta, name: &str) -> bool {
    let lower = name.to_lowercase();
    resource.plural == lower
        || resource.singular == lower
        || resource.short_names.contains(&lower)
        || resource.kind.eq_ignore_ascii_case(name)
}

fn qualified(resource: &ResourceMeta) -> String {
    if resource.group_version.group.is_empty() {
        resource.plural.clone()
    } else {
        format!("{}.{}", resource.plural, resource.group_version.group)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::DefName;

    fn resource(group: &str, version: &str, kind: &str, short: &[&str]) -> ResourceMeta {
        ResourceMeta {
            group_version: GroupVersion::new(group, version),
            kind: kind.to_owned(),
            plural: format!("{}s", kind.to_lowercase()),
            singular: kind.to_lowercase(),
            scope: Scope::Namespaced,
            verbs: vec!["get".into()],
            short_names: short.iter().map(|s| (*s).to_owned()).collect(),
            categories: vec![],
            subresources: vec![],
            definition: DefName::new(format!("{group}.{version}.{kind}")),
            list_kind: None,
            list_definition: None,
            crd: None,
            delete_returns_object: false,
        }
    }

    fn registry() -> Registry {
        let mut registry = Registry::new();
        registry.add_resource(resource("stable.example.com", "v1", "CronTab", &["ct"]));
        registry.add_resource(resource("stable.example.com", "v1beta1", "CronTab", &["ct"]));
        registry.add_resource(resource("stable.example.com", "v2alpha1", "CronTab", &["ct"]));
        registry.add_resource(resource("batch.example.com", "v1", "CronTab", &[]));
        registry.add_resource(resource("coordination.k8s.io", "v1", "Lease", &[]));
        registry.add_resource(resource("", "v1", "Pod", &["po"]));
        registry
    }

    #[test]
    fn every_spelling_of_a_name_resolves() {
        let mapper = RestMapper::new(&registry(), &BTreeSet::new());
        for input in ["leases", "lease", "Lease", "leases.coordination.k8s.io", "leases.v1.coordination.k8s.io"] {
            let mapping = mapper.resolve(input).expect(input);
            assert_eq!((mapping.resource.as_str(), mapping.kind.as_str()), ("leases", "Lease"), "{input}");
        }
        assert_eq!(mapper.resolve("po").expect("short name").group_version, GroupVersion::new("", "v1"));
    }

    #[test]
    fn the_preferred_version_wins_within_a_group() {
        let mapper = RestMapper::new(&registry(), &BTreeSet::new());
        assert_eq!(mapper.preferred_version("stable.example.com"), Some("v1"));
        let mapping = mapper.resolve("ct").expect("short name is unique to one group");
        assert_eq!(mapping.group_version, GroupVersion::new("stable.example.com", "v1"));
        let pinned = mapper.resolve("crontabs.v1beta1.stable.example.com").expect("fully qualified");
        assert_eq!(pinned.group_version.version, "v1beta1");
    }

    #[test]
    fn a_name_in_two_groups_is_ambiguous_until_qualified() {
        let mapper = RestMapper::new(&registry(), &BTreeSet::new());
        let error = mapper.resolve("crontabs").expect_err("two groups");
        assert_eq!(
            error,
            MappingError::Ambiguous {
                input: "crontabs".into(),
                candidates: vec!["crontabs.batch.example.com".into(), "crontabs.stable.example.com".into()]
            }
        );
        assert!(error.to_string().contains("crontabs.batch.example.com, crontabs.stable.example.com"));
        let chosen = mapper.resolve("crontabs.batch.example.com").expect("qualified");
        assert_eq!(chosen.group_version.group, "batch.example.com");
        assert!(matches!(mapper.resolve("widgets"), Err(MappingError::NotFound { .. })));
    }

    #[test]
    fn disabled_group_versions_are_invisible() {
        let disabled: BTreeSet<_> =
            [GroupVersion::new("batch.example.com", "v1"), GroupVersion::new("stable.example.com", "v1")].into();
        let mapper = RestMapper::new(&registry(), &disabled);
        let mapping = mapper.resolve("crontabs").expect("only one group left");
        assert_eq!(mapping.group_version, GroupVersion::new("stable.example.com", "v1beta1"));
        assert!(mapper.resolve("crontabs.batch.example.com").is_err());
    }
}
