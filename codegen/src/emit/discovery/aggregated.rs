//! Aggregated discovery (`apidiscovery.k8s.io` APIGroupDiscoveryList): every group, version and resource in one
//! document, as `/apis` (named groups) and `/api` (the core group) serve it to clients that ask for it.

use kapi_meta::apidiscovery::{v2, v2beta1};
use kapi_meta::meta::v1::{GroupVersionKind, ListMeta, ObjectMeta, TypeMeta};
use kapi_model::{GroupVersion, ResourceMeta, Scope, Subresource};

use super::served::{ServedGroup, ServedVersion, ordered_subresources, resource_verbs, sorted_verbs, subresource_kind};

/// The `apidiscovery.k8s.io/v2` list of `groups`, in the order given.
pub(crate) fn list_v2(groups: &[&ServedGroup<'_>]) -> v2::APIGroupDiscoveryList {
    v2::APIGroupDiscoveryList {
        type_meta: TypeMeta {
            api_version: Some("apidiscovery.k8s.io/v2".to_owned()),
            kind: Some("APIGroupDiscoveryList".to_owned()),
        },
        metadata: ListMeta::default(),
        items: groups.iter().map(|group| group_discovery(group)).collect(),
    }
}

/// The same list as `apidiscovery.k8s.io/v2beta1`. The two packages have the same JSON shape (kapi-meta's
/// round-trip tests read upstream's v2 document through both), so serde converts one into the other.
pub(crate) fn list_v2beta1(
    list: &v2::APIGroupDiscoveryList,
) -> Result<v2beta1::APIGroupDiscoveryList, serde_json::Error> {
    let mut converted: v2beta1::APIGroupDiscoveryList = serde_json::from_value(serde_json::to_value(list)?)?;
    converted.type_meta.api_version = Some("apidiscovery.k8s.io/v2beta1".to_owned());
    Ok(converted)
}

/// One group; the core group's entry has no name.
fn group_discovery(group: &ServedGroup<'_>) -> v2::APIGroupDiscovery {
    let name = (!group.is_core()).then(|| group.name.to_owned());
    v2::APIGroupDiscovery {
        type_meta: TypeMeta::default(),
        metadata: ObjectMeta { name, ..ObjectMeta::default() },
        versions: group.versions.iter().map(version_discovery).collect(),
    }
}

/// Generated groups are always up to date: `Stale` is for aggregated servers that could not be reached.
fn version_discovery(version: &ServedVersion<'_>) -> v2::APIVersionDiscovery {
    v2::APIVersionDiscovery {
        version: version.group_version.version.clone(),
        resources: version.resources.iter().map(|r| resource_discovery(r, version.custom_resources)).collect(),
        freshness: Some(v2::DiscoveryFreshness::Current),
    }
}

/// A custom resource's response kinds name their group-version, as the server writes them for CRDs.
fn resource_discovery(resource: &ResourceMeta, custom_resource: bool) -> v2::APIResourceDiscovery {
    let own = custom_resource.then_some(&resource.group_version);
    let subresources = ordered_subresources(resource, custom_resource)
        .into_iter()
        .map(|subresource| subresource_discovery(resource, subresource, own))
        .collect();
    v2::APIResourceDiscovery {
        resource: resource.plural.clone(),
        // Empty group and version mean "the containing group-version", as upstream writes them.
        response_kind: Some(kind(own, &resource.kind)),
        scope: match resource.scope {
            Scope::Namespaced => v2::ResourceScope::Namespaced,
            Scope::Cluster => v2::ResourceScope::Cluster,
        },
        singular_resource: resource.singular.clone(),
        verbs: resource_verbs(resource, custom_resource),
        short_names: resource.short_names.clone(),
        categories: resource.categories.clone(),
        subresources,
    }
}

fn subresource_discovery(
    resource: &ResourceMeta,
    subresource: &Subresource,
    own: Option<&GroupVersion>,
) -> v2::APISubresourceDiscovery {
    let (foreign, kind_name) = subresource_kind(resource, subresource);
    v2::APISubresourceDiscovery {
        subresource: subresource.name.clone(),
        response_kind: Some(kind(foreign.or(own), kind_name)),
        accepted_types: Vec::new(),
        verbs: sorted_verbs(&subresource.verbs),
    }
}

/// A response kind; `group_version` is `None` for the containing group-version, written as empty strings.
fn kind(group_version: Option<&GroupVersion>, kind: &str) -> GroupVersionKind {
    GroupVersionKind {
        group: group_version.map(|gv| gv.group.clone()).unwrap_or_default(),
        version: group_version.map(|gv| gv.version.clone()).unwrap_or_default(),
        kind: kind.to_owned(),
    }
}
