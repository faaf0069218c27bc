//! Which CRDs to write: the resources marked `#[kapi(crd)]`, grouped by group and kind, with their versions in
//! the order they ask for (`crd(position = N)`), else in priority order, and exactly one storage version.

use std::collections::BTreeMap;

use kapi_model::{CrdVersion, Registry, ResourceMeta};

/// One CustomResourceDefinition to write.
#[derive(Debug)]
pub(crate) struct CrdPlan<'r> {
    pub group: String,
    /// The first version's resource: names and scope are read from it (every version has the same).
    pub names: &'r ResourceMeta,
    /// Every version in the order `spec.versions` lists them, with whether it is the storage version.
    pub versions: Vec<(&'r ResourceMeta, &'r CrdVersion, bool)>,
}

impl CrdPlan<'_> {
    /// `<plural>.<group>`: the CRD's object name and file stem.
    pub fn name(&self) -> String {
        format!("{}.{}", self.names.plural, self.group)
    }
}

/// The CRDs of `registry`, sorted by name; problems name the kinds.
pub(crate) fn plans(registry: &Registry) -> (Vec<CrdPlan<'_>>, Vec<String>) {
    let mut by_kind: BTreeMap<(String, String), Vec<(&ResourceMeta, &CrdVersion)>> = BTreeMap::new();
    for resource in registry.resources() {
        if let Some(crd) = &resource.crd {
            let key = (resource.group_version.group.clone(), resource.kind.clone());
            by_kind.entry(key).or_default().push((resource, crd));
        }
    }
    let mut plans = Vec::new();
    let mut problems = Vec::new();
    for ((group, kind), mut versions) in by_kind {
        let title = format!("kind {kind} of group `{group}`");
        if group.is_empty() || !group.contains('.') {
            problems.push(format!("{title}: a CRD's group must be a domain name with a dot (`stable.example.com`)"));
            continue;
        }
        order_versions(&mut versions);
        if let Some(problem) = shared_position(&versions) {
            problems.push(format!("{title}: {problem}"));
            continue;
        }
        let names = versions[0].0;
        for (resource, _) in &versions[1..] {
            problems.extend(differences(names, resource).into_iter().map(|d| format!("{title}: {d}")));
        }
        match storage_index(&versions) {
            Ok(storage) => {
                let versions = versions.iter().enumerate().map(|(i, (r, c))| (*r, *c, i == storage)).collect();
                plans.push(CrdPlan { group, names, versions });
            }
            Err(problem) => problems.push(format!("{title}: {problem}")),
        }
    }
    plans.sort_by_key(CrdPlan::name);
    (plans, problems)
}

/// Versions with a `position` first, by position; the others after them, highest priority first.
fn order_versions(versions: &mut [(&ResourceMeta, &CrdVersion)]) {
    versions.sort_by(|(a, a_crd), (b, b_crd)| {
        let placed = |crd: &CrdVersion| (crd.position.is_none(), crd.position);
        placed(a_crd)
            .cmp(&placed(b_crd))
            .then_with(|| kapi_model::version_priority::compare(&a.group_version.version, &b.group_version.version))
    });
}

/// Two versions asking for the same place (after `order_versions`, they are neighbours).
fn shared_position(versions: &[(&ResourceMeta, &CrdVersion)]) -> Option<String> {
    versions.windows(2).find(|pair| pair[0].1.position.is_some() && pair[0].1.position == pair[1].1.position).map(
        |pair| {
            let (first, second) = (&pair[0].0.group_version.version, &pair[1].0.group_version.version);
            let position = pair[0].1.position.unwrap_or_default();
            format!("versions {first} and {second} both ask for position {position} in spec.versions")
        },
    )
}

/// The one storage version: the version marked `storage`, or the only version.
fn storage_index(versions: &[(&ResourceMeta, &CrdVersion)]) -> Result<usize, String> {
    let marked: Vec<usize> = (0..versions.len()).filter(|i| versions[*i].1.storage == Some(true)).collect();
    let list = |indexes: &[usize]| {
        indexes.iter().map(|i| versions[*i].0.group_version.version.clone()).collect::<Vec<_>>().join(", ")
    };
    match marked.as_slice() {
        [one] => Ok(*one),
        [] if versions.len() == 1 && versions[0].1.storage.is_none() => Ok(0),
        [] => Err(format!(
            "none of its versions ({}) is the storage version; mark exactly one with #[kapi(crd(storage))]",
            list(&(0..versions.len()).collect::<Vec<_>>())
        )),
        several => Err(format!("versions {} are all marked storage; exactly one may be", list(several))),
    }
}

/// How a later version's names and scope differ from the first's: one CRD has one set.
fn differences(first: &ResourceMeta, other: &ResourceMeta) -> Vec<String> {
    let version = &other.group_version.version;
    let mut out = Vec::new();
    let mut compare = |what: &str, a: String, b: String| {
        if a != b {
            out.push(format!("version {version} has {what} {b}, but {} has {a}", first.group_version.version));
        }
    };
    compare("plural", first.plural.clone(), other.plural.clone());
    compare("singular", first.singular.clone(), other.singular.clone());
    compare("scope", format!("{:?}", first.scope), format!("{:?}", other.scope));
    compare("short names", format!("{:?}", first.short_names), format!("{:?}", other.short_names));
    compare("categories", format!("{:?}", first.categories), format!("{:?}", other.categories));
    compare("list kind", format!("{:?}", first.list_kind), format!("{:?}", other.list_kind));
    out
}
