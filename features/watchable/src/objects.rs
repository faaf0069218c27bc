//! The `Group` objects a bundle stands for: one per API group of its aggregated discovery documents (`/apis`, and
//! `/api` for the legacy core group, whose object is named `core`), computed when the bundle loads.

use std::collections::BTreeMap;

use kapi_meta::apidiscovery::v2::{
    APIGroupDiscoveryList, APIResourceDiscovery, APIVersionDiscovery, DiscoveryFreshness, ResourceScope,
};
use kapi_meta::discovery::v1alpha1::{
    CORE_GROUP_OBJECT, FRESHNESS_CURRENT, FRESHNESS_STALE, GroupStatus, GroupVersion, RESOURCE, VERSION,
};
use kapi_meta::meta::v1::{APIResource, GroupVersionKind, ServerAddressByClientCIDR};

/// The aggregated documents of `/apis` then `/api`, each in the newest version the bundle has.
const SOURCES: [[&str; 2]; 2] = [
    ["discovery/aggregated_v2.json", "discovery/aggregated_v2beta1.json"],
    ["discovery/aggregated_api_v2.json", "discovery/aggregated_api_v2beta1.json"],
];

/// The content of every `Group` object of a bundle, by object name. Two bundles that serve the same groups have
/// equal contents, so comparing contents finds exactly the groups that changed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct GroupContents {
    by_name: BTreeMap<String, GroupStatus>,
}

impl GroupContents {
    /// Reads the aggregated discovery documents of `files`; a bundle without them has no groups. Every group gets
    /// `server_address` as the address for all clients, when one is known.
    pub fn from_files<B: AsRef<[u8]>>(
        files: &BTreeMap<String, B>,
        server_address: Option<&str>,
        warnings: &mut Vec<String>,
    ) -> Result<Self, String> {
        let addresses: Vec<ServerAddressByClientCIDR> = server_address
            .map(|address| ServerAddressByClientCIDR {
                client_cidr: "0.0.0.0/0".to_owned(),
                server_address: address.to_owned(),
            })
            .into_iter()
            .collect();
        let mut by_name = BTreeMap::new();
        for candidates in SOURCES {
            let Some((path, bytes)) = candidates.iter().find_map(|path| files.get(*path).map(|b| (*path, b))) else {
                continue;
            };
            let list: APIGroupDiscoveryList = serde_json::from_slice(bytes.as_ref())
                .map_err(|e| format!("{path}: not an aggregated discovery document: {e}"))?;
            for group in list.items {
                let name = object_name(group.metadata.name.as_deref());
                let versions = group.versions.iter().map(group_version).collect();
                let status = GroupStatus { versions, server_address_by_client_cidrs: addresses.clone() };
                if by_name.insert(name.clone(), status).is_some() {
                    warnings.push(format!("{path}: group object `{name}` is described twice; the last one is kept"));
                }
            }
        }
        Ok(Self { by_name })
    }

    /// Contents given object by object.
    #[cfg(test)]
    pub fn from_map(by_name: BTreeMap<String, GroupStatus>) -> Self {
        Self { by_name }
    }

    /// Every object's name and content, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &GroupStatus)> {
        self.by_name.iter()
    }

    /// The content of the object `name`.
    pub fn get(&self, name: &str) -> Option<&GroupStatus> {
        self.by_name.get(name)
    }

    /// True when the bundle's discovery lists the `groups` resource in `<group>/v1alpha1`: only then are the
    /// objects served.
    pub fn lists_groups_resource(&self, group: &str) -> bool {
        self.by_name
            .get(group)
            .and_then(|status| status.versions.iter().find(|v| v.name == VERSION))
            .is_some_and(|version| version.resources.iter().any(|resource| resource.name == RESOURCE))
    }
}

/// The object describing the group `name`: the group's name, or `core` for the legacy group (whose name is empty).
fn object_name(name: Option<&str>) -> String {
    match name {
        None | Some("") => CORE_GROUP_OBJECT.to_owned(),
        Some(name) => name.to_owned(),
    }
}

/// One aggregated version entry as a `GroupVersion`: legacy-style resources, freshness carried over.
fn group_version(version: &APIVersionDiscovery) -> GroupVersion {
    let freshness = version.freshness.map(|freshness| match freshness {
        DiscoveryFreshness::Current => FRESHNESS_CURRENT.to_owned(),
        DiscoveryFreshness::Stale => FRESHNESS_STALE.to_owned(),
    });
    GroupVersion { name: version.version.clone(), resources: legacy_resources(&version.resources), freshness }
}

/// The entries legacy discovery lists for aggregated resources: one per resource that has a kind, one per
/// subresource (`deployments/scale`), sorted by name.
fn legacy_resources(resources: &[APIResourceDiscovery]) -> Vec<APIResource> {
    let mut entries = Vec::new();
    for resource in resources {
        let namespaced = resource.scope == ResourceScope::Namespaced;
        if let Some(kind) = &resource.response_kind {
            entries.push(APIResource {
                name: resource.resource.clone(),
                singular_name: resource.singular_resource.clone(),
                namespaced,
                verbs: resource.verbs.clone(),
                short_names: resource.short_names.clone(),
                categories: resource.categories.clone(),
                ..with_kind(kind)
            });
        }
        for subresource in &resource.subresources {
            let kind = subresource.response_kind.as_ref().map(with_kind).unwrap_or_default();
            entries.push(APIResource {
                name: format!("{}/{}", resource.resource, subresource.subresource),
                namespaced,
                verbs: subresource.verbs.clone(),
                ..kind
            });
        }
    }
    entries.sort_by(|a, b| a.name.cmp(&b.name));
    entries
}

/// An entry with only the kind set, and the group and version when they differ from the containing ones
/// (aggregated discovery leaves those empty).
fn with_kind(kind: &GroupVersionKind) -> APIResource {
    let non_empty = |text: &str| (!text.is_empty()).then(|| text.to_owned());
    APIResource {
        kind: kind.kind.clone(),
        group: non_empty(&kind.group),
        version: non_empty(&kind.version),
        ..APIResource::default()
    }
}

#[cfg(test)]
#[path = "objects_tests.rs"]
mod tests;
