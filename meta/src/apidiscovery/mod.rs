//! `k8s.io/api/apidiscovery` (group `apidiscovery.k8s.io`): aggregated discovery, the one-document form of
//! `/api` and `/apis` that lists every group, version and resource at once.
//!
//! `v2` and `v2beta1` have the same shape; the `aggregated_discovery_types!` macro writes it once for both packages.
//! These kinds are registered definitions, not served resources.

/// Defines the aggregated discovery types of one package version.
macro_rules! aggregated_discovery_types {
    (package = $package:tt, version = $version:tt) => {
        use kapi::Schema;
        use serde::{Deserialize, Serialize};

        use crate::meta::v1::{GroupVersionKind, ListMeta, ObjectMeta, TypeMeta};

        /// Every API group the server serves with all their versions and resources; served at `/apis` (and
        /// `/api` for the core group) when the client asks for this kind.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(
                            package = $package,
                            gvk(group = "apidiscovery.k8s.io", version = $version, kind = "APIGroupDiscoveryList")
                        )]
        pub struct APIGroupDiscoveryList {
            /// The object's API version and kind.
            #[serde(flatten)]
            pub type_meta: TypeMeta,
            /// List metadata; the resource version stays empty because several servers contribute.
            #[serde(default)]
            #[kapi(proto = 1)]
            pub metadata: ListMeta,
            /// The groups, in priority order.
            #[kapi(proto = 2)]
            pub items: Vec<APIGroupDiscovery>,
        }

        /// One API group and the resources of each of its versions.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(
                            package = $package,
                            gvk(group = "apidiscovery.k8s.io", version = $version, kind = "APIGroupDiscovery")
                        )]
        pub struct APIGroupDiscovery {
            /// The object's API version and kind.
            #[serde(flatten)]
            pub type_meta: TypeMeta,
            /// Only `name` is set: the group's name, empty for the legacy core group.
            #[serde(default)]
            #[kapi(proto = 1)]
            pub metadata: ObjectMeta,
            /// The group's versions, most preferred first.
            #[serde(default, skip_serializing_if = "Vec::is_empty")]
            #[kapi(proto = 2, list_type = "map", list_map_keys = ["version"])]
            pub versions: Vec<APIVersionDiscovery>,
        }

        /// The resources served in one version of a group.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package)]
        pub struct APIVersionDiscovery {
            /// The version, such as `v1`.
            #[kapi(proto = 1)]
            pub version: String,
            /// The resources of this group-version.
            #[serde(default, skip_serializing_if = "Vec::is_empty")]
            #[kapi(proto = 2, list_type = "map", list_map_keys = ["resource"])]
            pub resources: Vec<APIResourceDiscovery>,
            /// `Current` when the data was recently refreshed, `Stale` when the serving server could not be
            /// reached and the entry may be out of date.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 3)]
            pub freshness: Option<DiscoveryFreshness>,
        }

        /// One resource of a group-version: its names, scope, kind and verbs.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package)]
        pub struct APIResourceDiscovery {
            /// The plural name used in URLs, unique within the group.
            #[kapi(proto = 1)]
            pub resource: String,
            /// The kind the resource's endpoints return; an empty group and version mean those of the
            /// containing group-version. Absent when only subresources are served.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 2)]
            pub response_kind: Option<GroupVersionKind>,
            /// Whether objects live in namespaces.
            #[kapi(proto = 3)]
            pub scope: ResourceScope,
            /// The singular name, which kubectl accepts in place of the plural.
            #[kapi(proto = 4)]
            pub singular_resource: String,
            /// The supported verbs.
            #[kapi(proto = 5, list_type = "set")]
            pub verbs: Vec<String>,
            /// Abbreviations kubectl accepts.
            #[serde(default, skip_serializing_if = "Vec::is_empty")]
            #[kapi(proto = 6, list_type = "set")]
            pub short_names: Vec<String>,
            /// Groupings the resource belongs to, such as `all`.
            #[serde(default, skip_serializing_if = "Vec::is_empty")]
            #[kapi(proto = 7, list_type = "set")]
            pub categories: Vec<String>,
            /// The resource's subresources, such as `status` and `scale`.
            #[serde(default, skip_serializing_if = "Vec::is_empty")]
            #[kapi(proto = 8, list_type = "map", list_map_keys = ["subresource"])]
            pub subresources: Vec<APISubresourceDiscovery>,
        }

        /// One subresource of a resource.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package)]
        pub struct APISubresourceDiscovery {
            /// The subresource's path segment, such as `status`.
            #[kapi(proto = 1)]
            pub subresource: String,
            /// The kind the subresource returns (for `scale`, autoscaling/v1 Scale); absent when it returns no
            /// ordinary object.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 2)]
            pub response_kind: Option<GroupVersionKind>,
            /// The kinds the subresource accepts, when it says so; the list may be incomplete.
            #[serde(default, skip_serializing_if = "Vec::is_empty")]
            #[kapi(proto = 3, list_type = "map", list_map_keys = ["group", "version", "kind"])]
            pub accepted_types: Vec<GroupVersionKind>,
            /// The supported verbs, possibly including custom ones.
            #[kapi(proto = 4, list_type = "set")]
            pub verbs: Vec<String>,
        }

        /// Whether objects of a resource live in namespaces.
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, Schema)]
        #[kapi(inline, zero_value = "")]
        pub enum ResourceScope {
            /// Objects are cluster-wide.
            Cluster,
            /// Objects live in a namespace.
            #[default]
            Namespaced,
        }

        /// Whether a group-version's discovery data is up to date.
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, Schema)]
        #[kapi(inline, zero_value = "")]
        pub enum DiscoveryFreshness {
            /// Recently refreshed.
            #[default]
            Current,
            /// Could not be refreshed; may be out of date.
            Stale,
        }
    };
}

pub mod v2;
pub mod v2beta1;

#[cfg(test)]
mod tests {
    use crate::golden::discovery_document;

    #[test]
    fn the_golden_aggregated_document_round_trips_through_v2() -> serde_json::Result<()> {
        let document = discovery_document("aggregated_v2.json");
        let list: super::v2::APIGroupDiscoveryList = serde_json::from_value(document.clone())?;
        assert_eq!(list.type_meta.kind.as_deref(), Some("APIGroupDiscoveryList"));
        assert!(list.items.iter().any(|group| group.metadata.name.as_deref() == Some("apps")));
        assert_eq!(serde_json::to_value(&list)?, document);
        Ok(())
    }

    #[test]
    fn v2beta1_reads_and_writes_the_same_shape() -> serde_json::Result<()> {
        let document = discovery_document("aggregated_v2.json");
        let list: super::v2beta1::APIGroupDiscoveryList = serde_json::from_value(document.clone())?;
        assert_eq!(serde_json::to_value(&list)?, document);
        Ok(())
    }

    #[test]
    fn scopes_and_freshness_are_plain_strings() -> serde_json::Result<()> {
        use super::v2::{DiscoveryFreshness, ResourceScope};
        assert_eq!(serde_json::to_value(ResourceScope::Cluster)?, "Cluster");
        assert_eq!(serde_json::to_value(DiscoveryFreshness::Stale)?, "Stale");
        assert_eq!(serde_json::from_str::<ResourceScope>("\"Namespaced\"")?, ResourceScope::Namespaced);
        Ok(())
    }
}
