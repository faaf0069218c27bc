//! Merging upstream groups into the aggregator's own aggregated discovery, by one rule:
//!
//! **A group-version has one owner: the aggregator itself if it serves it, else the first upstream (in
//! command-line order) that serves it and may (its `gv=` list).** Later claims are conflicts: dropped, logged
//! and counted. An owned version joins its group's entry after the versions already there (so the group's
//! preferred version does not change), or starts a new group entry after all others. An upstream that is not
//! Current has its versions published with its last known resources and `freshness: Stale`; one that never
//! answered publishes the group-versions it is registered for, empty and Stale.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::spec::{GroupVersionKey, UpstreamSpec, display};

/// Who serves a group-version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Owner {
    Local,
    /// An upstream, by its index in the aggregator's list.
    Upstream(usize),
}

/// A group-version claimed twice: the claim that lost, and the owner it lost to.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Conflict {
    /// `group/version` (`v1` for core).
    pub group_version: String,
    /// The upstream whose claim was dropped.
    pub dropped: String,
    /// `local`, or the upstream that keeps it.
    pub kept_by: String,
}

/// One upstream's contribution to a merge.
#[derive(Debug)]
pub(crate) struct Contribution<'a> {
    pub spec: &'a UpstreamSpec,
    /// Its groups in aggregated form, as last fetched (empty if it never answered).
    pub items: &'a [Value],
    pub current: bool,
}

/// Aggregated items merged from the aggregator's own and every upstream's, with owners and conflicts.
#[derive(Debug, Default)]
pub(crate) struct Merged {
    pub items: Vec<Value>,
    pub owners: BTreeMap<GroupVersionKey, Owner>,
    pub conflicts: Vec<Conflict>,
}

/// Merges `contributions` into `local` items (one root: `/apis`, or `/api` when `core`).
pub(crate) fn merge(local: &[Value], contributions: &[Contribution<'_>], core: bool) -> Merged {
    let mut merged = Merged { items: local.to_vec(), ..Merged::default() };
    for item in local {
        for version in versions_of(item) {
            merged.owners.insert((group_name(item).to_owned(), version_name(version).to_owned()), Owner::Local);
        }
    }
    for (index, contribution) in contributions.iter().enumerate() {
        let mut claimed = Vec::new();
        for item in contribution.items {
            for version in versions_of(item) {
                let mut version = version.clone();
                if !contribution.current {
                    version["freshness"] = json!("Stale");
                }
                claimed.push(((group_name(item).to_owned(), version_name(&version).to_owned()), version));
            }
        }
        // Registered group-versions the upstream has not (yet) shown are published empty and Stale.
        let registered = contribution.spec.group_versions.iter().filter(|(group, _)| group.is_empty() == core);
        for group_version in registered {
            if !claimed.iter().any(|(claimed, _)| claimed == group_version) {
                let empty = json!({"version": group_version.1, "resources": [], "freshness": "Stale"});
                claimed.push((group_version.clone(), empty));
            }
        }
        for (group_version, version) in claimed {
            if !contribution.spec.takes(&group_version) {
                continue;
            }
            if let Some(owner) = merged.owners.get(&group_version) {
                let kept_by = match owner {
                    Owner::Local => "local".to_owned(),
                    Owner::Upstream(other) => contributions[*other].spec.name.clone(),
                };
                let dropped = contribution.spec.name.clone();
                merged.conflicts.push(Conflict { group_version: display(&group_version), dropped, kept_by });
                continue;
            }
            add_version(&mut merged.items, &group_version.0, version);
            merged.owners.insert(group_version, Owner::Upstream(index));
        }
    }
    merged.conflicts.sort();
    merged
}

fn add_version(items: &mut Vec<Value>, group: &str, version: Value) {
    let existing = items.iter_mut().find(|item| group_name(item) == group);
    match existing.and_then(|item| item.get_mut("versions")).and_then(Value::as_array_mut) {
        Some(versions) => versions.push(version),
        None => items.push(json!({"metadata": {"name": group}, "versions": [version]})),
    }
}

pub(crate) fn group_name(item: &Value) -> &str {
    item.pointer("/metadata/name").and_then(Value::as_str).unwrap_or_default()
}

pub(crate) fn versions_of(item: &Value) -> &[Value] {
    item.get("versions").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default()
}

pub(crate) fn version_name(version: &Value) -> &str {
    version.get("version").and_then(Value::as_str).unwrap_or_default()
}

/// True unless the version is marked Stale.
pub(crate) fn is_current(version: &Value) -> bool {
    version.get("freshness").and_then(Value::as_str) != Some("Stale")
}

#[cfg(test)]
#[path = "merge_tests.rs"]
mod tests;
