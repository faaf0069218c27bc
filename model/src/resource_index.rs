//! Where a registry's resources are, by group-version and by definition: built once when first asked for, and
//! dropped when the resources change. Looking each up by scanning every resource made generation quadratic in the
//! number of groups (every group-version and every definition scanned all resources: ~12 % of generating 3 000
//! groups, most of it comparing names).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use crate::extensions::GroupVersionKind;
use crate::names::{DefName, GroupVersion};
use crate::resource::ResourceMeta;

/// Positions in the registry's resources.
#[derive(Debug, Default)]
pub(crate) struct ResourceIndex {
    /// Each group-version's resources, sorted by plural.
    by_group_version: BTreeMap<GroupVersion, Vec<usize>>,
    /// Each group's resources, in registration order.
    by_group: BTreeMap<String, Vec<usize>>,
    /// The group-version-kinds each definition is a resource or a resource list of.
    kinds_by_definition: BTreeMap<DefName, BTreeSet<GroupVersionKind>>,
}

impl ResourceIndex {
    fn of(resources: &[ResourceMeta]) -> Self {
        let mut index = Self::default();
        for (position, resource) in resources.iter().enumerate() {
            let group_version = &resource.group_version;
            index.by_group_version.entry(group_version.clone()).or_default().push(position);
            index.by_group.entry(group_version.group.clone()).or_default().push(position);
            let mut add_kind = |definition: &DefName, kind: &str| {
                let kind = GroupVersionKind {
                    group: group_version.group.clone(),
                    version: group_version.version.clone(),
                    kind: kind.to_owned(),
                };
                index.kinds_by_definition.entry(definition.clone()).or_default().insert(kind);
            };
            add_kind(&resource.definition, &resource.kind);
            if let (Some(list), Some(list_kind)) = (&resource.list_definition, &resource.list_kind) {
                add_kind(list, list_kind);
            }
        }
        for positions in index.by_group_version.values_mut() {
            // Stable: resources of one plural (a registration error) keep their order.
            positions.sort_by(|a, b| resources[*a].plural.cmp(&resources[*b].plural));
        }
        index
    }

    pub fn in_group_version(&self, group_version: &GroupVersion) -> &[usize] {
        self.by_group_version.get(group_version).map_or(&[], Vec::as_slice)
    }

    pub fn in_group(&self, group: &str) -> &[usize] {
        self.by_group.get(group).map_or(&[], Vec::as_slice)
    }

    pub fn kinds_of(&self, definition: &DefName) -> Option<&BTreeSet<GroupVersionKind>> {
        self.kinds_by_definition.get(definition)
    }
}

/// The index of a registry, built on first use. It is derived data: registries compare equal and clone without it,
/// and it is never serialised.
#[derive(Default)]
pub(crate) struct IndexCache(OnceLock<ResourceIndex>);

impl IndexCache {
    pub fn get(&self, resources: &[ResourceMeta]) -> &ResourceIndex {
        self.0.get_or_init(|| ResourceIndex::of(resources))
    }

    /// Forgets the index: the resources changed.
    pub fn clear(&mut self) {
        self.0 = OnceLock::new();
    }
}

impl Clone for IndexCache {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl PartialEq for IndexCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for IndexCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("IndexCache")
    }
}
