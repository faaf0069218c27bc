//! The legacy discovery documents (`/api`, `/apis`, `/apis/<group>`, `/apis/<group>/<version>`) and the
//! group-version-kind triple used by aggregated discovery.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use super::type_meta::TypeMeta;

/// The versions of the legacy core group, served at `/api`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1", gvk(group = "", version = "v1", kind = "APIVersions"))]
pub struct APIVersions {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The available versions, such as `v1`.
    #[kapi(proto = 1, list_type = "atomic")]
    pub versions: Vec<String>,
    /// Server addresses by client network, so a client can pick the closest address: it should use the entry
    /// with the longest CIDR containing its own IP.
    #[serde(rename = "serverAddressByClientCIDRs")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub server_address_by_client_cidrs: Vec<ServerAddressByClientCIDR>,
}

/// Every API group the server serves, at `/apis`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1", gvk(group = "", version = "v1", kind = "APIGroupList"))]
pub struct APIGroupList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The groups.
    #[kapi(proto = 1, list_type = "atomic")]
    pub groups: Vec<APIGroup>,
}

/// One API group: its name, its versions and the one the server prefers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1", gvk(group = "", version = "v1", kind = "APIGroup"))]
pub struct APIGroup {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The group's name, such as `apps`.
    #[kapi(proto = 1)]
    pub name: String,
    /// The versions the group serves.
    #[kapi(proto = 2, list_type = "atomic")]
    pub versions: Vec<GroupVersionForDiscovery>,
    /// The version clients should use by default (usually the storage version).
    #[serde(default)]
    #[kapi(proto = 3)]
    pub preferred_version: GroupVersionForDiscovery,
    /// Server addresses by client network; see APIVersions.
    #[serde(rename = "serverAddressByClientCIDRs", default, skip_serializing_if = "Vec::is_empty")]
    #[kapi(proto = 4, list_type = "atomic")]
    pub server_address_by_client_cidrs: Vec<ServerAddressByClientCIDR>,
}

/// A version of a group, both as `group/version` and as the bare version.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1")]
pub struct GroupVersionForDiscovery {
    /// The version with its group: `apps/v1` (or `v1` for the core group).
    #[kapi(proto = 1)]
    pub group_version: String,
    /// The version alone: `v1`.
    #[kapi(proto = 2)]
    pub version: String,
}

/// The server address a client in a given network should use.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1")]
pub struct ServerAddressByClientCIDR {
    /// The client network (CIDR) this entry applies to.
    #[serde(rename = "clientCIDR")]
    #[kapi(proto = 1)]
    pub client_cidr: String,
    /// The address to use: a host name or IP, optionally with a port.
    #[serde(rename = "serverAddress")]
    #[kapi(proto = 2)]
    pub server_address: String,
}

/// The resources of one group-version, at `/apis/<group>/<version>` (or `/api/v1`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1", gvk(group = "", version = "v1", kind = "APIResourceList"))]
pub struct APIResourceList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The group-version described, such as `apps/v1`.
    #[kapi(proto = 1)]
    pub group_version: String,
    /// The resources and subresources served in it.
    #[kapi(proto = 2, list_type = "atomic")]
    pub resources: Vec<APIResource>,
}

/// One resource (or `resource/subresource`) of a group-version, as legacy discovery lists it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1")]
pub struct APIResource {
    /// The plural resource name used in URLs, such as `deployments` or `deployments/scale`.
    #[kapi(proto = 1)]
    pub name: String,
    /// The singular name, accepted by kubectl wherever the plural is.
    #[kapi(proto = 6)]
    pub singular_name: String,
    /// Whether objects of the resource live in namespaces.
    #[kapi(proto = 2)]
    pub namespaced: bool,
    /// The group of the kind served, when it differs from the containing group (e.g. `autoscaling` for scale).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub group: Option<String>,
    /// The version of the kind served, when it differs from the containing version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub version: Option<String>,
    /// The kind sent and returned, such as `Deployment` or `Scale`.
    #[kapi(proto = 3)]
    pub kind: String,
    /// The supported verbs: get, list, watch, create, update, patch, delete, deletecollection, proxy...
    // Upstream's field is the named slice type `Verbs`, which go-to-protobuf wraps in a message.
    #[kapi(proto = 4, proto_wrapper = "Verbs")]
    pub verbs: Vec<String>,
    /// Abbreviations kubectl accepts for the resource.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[kapi(proto = 5, list_type = "atomic")]
    pub short_names: Vec<String>,
    /// Groupings the resource belongs to, such as `all`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[kapi(proto = 7, list_type = "atomic")]
    pub categories: Vec<String>,
    /// A hash of the storage version, changing when that version changes; opaque to clients and meant only to
    /// detect storage migrations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub storage_version_hash: Option<String>,
}

/// A group, version and kind, written out field by field (empty group and version mean "the containing ones"
/// in aggregated discovery).
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Schema)]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1")]
pub struct GroupVersionKind {
    /// The API group; empty for the core group.
    #[kapi(proto = 1)]
    pub group: String,
    /// The version.
    #[kapi(proto = 2)]
    pub version: String,
    /// The kind.
    #[kapi(proto = 3)]
    pub kind: String,
}

#[cfg(test)]
mod tests {
    use serde::Serialize;
    use serde::de::DeserializeOwned;

    use super::*;
    use crate::golden::discovery_document;

    fn round_trips<T: Serialize + DeserializeOwned>(name: &str) -> serde_json::Result<T> {
        let document = discovery_document(name);
        let value: T = serde_json::from_value(document.clone())?;
        assert_eq!(serde_json::to_value(&value)?, document, "{name}");
        Ok(value)
    }

    #[test]
    fn the_golden_legacy_documents_round_trip() -> serde_json::Result<()> {
        let versions: APIVersions = round_trips("api.json")?;
        assert_eq!(versions.versions, ["v1"]);
        let groups: APIGroupList = round_trips("apis.json")?;
        assert!(groups.groups.iter().any(|group| group.name == "apps"));
        let apps: APIGroup = round_trips("apis__apps.json")?;
        assert_eq!(apps.preferred_version.group_version, "apps/v1");
        let core: APIResourceList = round_trips("api__v1.json")?;
        assert!(core.resources.iter().any(|resource| resource.name == "pods" && resource.namespaced));
        round_trips::<APIResourceList>("apis__apps__v1.json")?;
        Ok(())
    }
}
