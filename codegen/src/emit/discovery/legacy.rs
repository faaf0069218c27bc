//! The legacy discovery documents: `/api` (APIVersions), `/apis` (APIGroupList), `/apis/<group>` (APIGroup) and
//! `/api/v1`, `/apis/<group>/<version>` (APIResourceList), shaped as kube-apiserver serves them.

use kapi_meta::meta::v1::{
    APIGroup, APIGroupList, APIResource, APIResourceList, APIVersions, GroupVersionForDiscovery, TypeMeta,
};
use kapi_model::{ResourceMeta, Scope};

use super::served::{ServedGroup, ServedVersion, ordered_subresources, resource_verbs, sorted_verbs, subresource_kind};
use super::storage_hash::storage_version_hash;

/// Named groups' documents carry `apiVersion: v1`; the core group's predate that and carry only `kind`.
fn api_version_for(group: &str) -> Option<String> {
    (!group.is_empty()).then(|| "v1".to_owned())
}

/// `/api`: the core group's versions. The server addresses are left to the server, which knows its networks.
pub(crate) fn api_versions(core: Option<&ServedGroup<'_>>) -> APIVersions {
    let versions = core.map(|group| group.versions.iter().map(|v| v.group_version.version.clone()).collect());
    APIVersions {
        type_meta: TypeMeta { api_version: None, kind: Some("APIVersions".to_owned()) },
        versions: versions.unwrap_or_default(),
        server_address_by_client_cidrs: Vec::new(),
    }
}

/// `/apis`: every named group, in discovery order.
pub(crate) fn group_list(named: &[&ServedGroup<'_>]) -> APIGroupList {
    APIGroupList {
        type_meta: TypeMeta { api_version: Some("v1".to_owned()), kind: Some("APIGroupList".to_owned()) },
        groups: named.iter().map(|group| api_group(group, None)).collect(),
    }
}

/// `/apis/<group>`: one group with its versions, the preferred (first) one repeated.
pub(crate) fn group(group: &ServedGroup<'_>) -> APIGroup {
    api_group(group, Some("APIGroup"))
}

/// The group entry; as an element of APIGroupList it has no `apiVersion` and `kind` of its own.
fn api_group(group: &ServedGroup<'_>, kind: Option<&str>) -> APIGroup {
    let versions: Vec<GroupVersionForDiscovery> = group.versions.iter().map(version_for_discovery).collect();
    APIGroup {
        type_meta: TypeMeta { api_version: kind.map(|_| "v1".to_owned()), kind: kind.map(str::to_owned) },
        name: group.name.to_owned(),
        preferred_version: versions.first().cloned().unwrap_or_default(),
        versions,
        server_address_by_client_cidrs: Vec::new(),
    }
}

fn version_for_discovery(version: &ServedVersion<'_>) -> GroupVersionForDiscovery {
    GroupVersionForDiscovery {
        group_version: version.group_version.api_version(),
        version: version.group_version.version.clone(),
    }
}

/// `/api/v1` or `/apis/<group>/<version>`: every resource and `resource/subresource`, sorted by that name; for
/// custom resources, each resource followed by its status and scale, as the server lists a CRD's.
pub(crate) fn resource_list(version: &ServedVersion<'_>) -> APIResourceList {
    let custom = version.custom_resources;
    let entries = |r: &&ResourceMeta| resource_entries(r, version.storage_version_of(r), custom);
    let mut resources: Vec<APIResource> = version.resources.iter().flat_map(entries).collect();
    if !custom {
        resources.sort_by(|a, b| a.name.cmp(&b.name));
    }
    APIResourceList {
        type_meta: TypeMeta {
            api_version: api_version_for(&version.group_version.group),
            kind: Some("APIResourceList".to_owned()),
        },
        group_version: version.group_version.api_version(),
        resources,
    }
}

/// The resource's own entry, then one per subresource (which have no singular name, short names, categories or
/// storage hash, as upstream writes them). Only stored resources have a storage hash: kube-apiserver gives one to
/// resources kept by its generic store, which always serves `watch`; resources computed on request (`bindings`,
/// `componentstatuses`, the review kinds) serve no `watch` and get none.
fn resource_entries(resource: &ResourceMeta, storage_version: &str, custom_resource: bool) -> Vec<APIResource> {
    let gv = &resource.group_version;
    let namespaced = resource.scope == Scope::Namespaced;
    let own = APIResource {
        name: resource.plural.clone(),
        singular_name: resource.singular.clone(),
        namespaced,
        group: None,
        version: None,
        kind: resource.kind.clone(),
        verbs: resource_verbs(resource, custom_resource),
        short_names: resource.short_names.clone(),
        categories: resource.categories.clone(),
        storage_version_hash: resource
            .has_verb("watch")
            .then(|| storage_version_hash(&gv.group, storage_version, &resource.kind)),
    };
    let subresources = ordered_subresources(resource, custom_resource).into_iter().map(|subresource| {
        let (foreign, kind) = subresource_kind(resource, subresource);
        APIResource {
            name: format!("{}/{}", resource.plural, subresource.name),
            singular_name: String::new(),
            namespaced,
            // Like upstream's `omitempty`: a kind in the core group leaves `group` out.
            group: foreign.map(|gv| gv.group.clone()).filter(|group| !group.is_empty()),
            version: foreign.map(|gv| gv.version.clone()),
            kind: kind.to_owned(),
            verbs: sorted_verbs(&subresource.verbs),
            short_names: Vec::new(),
            categories: Vec::new(),
            storage_version_hash: None,
        }
    });
    std::iter::once(own).chain(subresources).collect()
}

#[cfg(test)]
mod tests {
    use kapi_model::{DefName, GroupVersion};

    use super::*;

    fn resource(plural: &str, kind: &str, verbs: &[&str]) -> ResourceMeta {
        ResourceMeta {
            group_version: GroupVersion::new("", "v1"),
            kind: kind.into(),
            plural: plural.into(),
            singular: kind.to_lowercase(),
            scope: Scope::Namespaced,
            verbs: verbs.iter().map(|verb| (*verb).to_owned()).collect(),
            short_names: vec![],
            categories: vec![],
            subresources: vec![],
            definition: DefName::new(kind),
            list_kind: None,
            list_definition: None,
            crd: None,
            delete_returns_object: false,
        }
    }

    #[test]
    fn only_stored_resources_have_a_storage_hash() {
        let stored =
            resource_entries(&resource("configmaps", "ConfigMap", &["create", "get", "list", "watch"]), "v1", false);
        assert_eq!(stored[0].storage_version_hash.as_deref(), Some("qFsyl6wFWjQ="));
        let computed = resource_entries(&resource("bindings", "Binding", &["create"]), "v1", false);
        assert_eq!(computed[0].storage_version_hash, None);
    }
}
