//! `k8s.io/api/discovery/v1alpha1`: the `Group` kind, one object per API group the server serves, with every
//! version and resource of the group, read-only (get, list, watch).
//!
//! The server derives these objects from what it serves; a client that watches them learns of a group, version
//! or resource appearing, changing or going stale without polling `/api` and `/apis`. Protobuf field numbers are
//! the design's, so the wire form stays the one it describes.

use kapi::model::GroupVersion as ApiGroupVersion;
use kapi::{Registry, Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::meta::v1::{APIResource, ListMeta, ObjectMeta, ServerAddressByClientCIDR, TypeMeta};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/api/discovery/v1alpha1";
/// The group `Group` is served in unless a server picks another ([`register`]).
pub const DEFAULT_GROUP: &str = "discovery.k8s.io";
/// The version of these kinds.
pub const VERSION: &str = "v1alpha1";
/// The resource (URL segment) `Group` objects are served under.
pub const RESOURCE: &str = "groups";
/// The name of the object that describes the legacy core group (served under `/api`, whose own name is empty).
pub const CORE_GROUP_OBJECT: &str = "core";
/// `freshness` of a version whose resources were recently confirmed by the server that serves them.
pub const FRESHNESS_CURRENT: &str = "Current";
/// `freshness` of a version whose serving server could not be reached: its resources may be out of date.
pub const FRESHNESS_STALE: &str = "Stale";

/// One API group the server serves, named after the group (`apps`; `core` for the legacy group), with all its
/// versions and their resources. Cluster-scoped; the server maintains these objects, clients only read them.
///
/// The content is state the server observes, yet it sits under the key `spec`: the watchable-discovery design
/// this kind comes from writes it there, and keeping the design's key lets clients written against it read these
/// objects unchanged.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/discovery/v1alpha1",
    group = "discovery.k8s.io",
    version = "v1alpha1",
    scope = "Cluster",
    plural = "groups",
    verbs = ["get", "list", "watch"],
    list = GroupList
)]
pub struct Group {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The object's metadata; the name is the API group's name.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The group's versions and resources, as the server currently serves them.
    // `status` in Rust because it is observed state, never a request; `spec` on the wire, as the design has it.
    #[serde(rename = "spec", default)]
    #[kapi(proto = 2)]
    pub status: GroupStatus,
}

/// What a group serves: its versions, each with its resources, and where clients reach the server.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/discovery/v1alpha1")]
pub struct GroupStatus {
    /// The served versions, the preferred one first.
    #[kapi(proto = 1, list_type = "map", list_map_keys = ["name"])]
    pub versions: Vec<GroupVersion>,
    /// The address a client in a given network should reach the server at; a client takes the entry with the
    /// longest CIDR that contains its own address.
    #[serde(rename = "serverAddressByClientCIDRs")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub server_address_by_client_cidrs: Vec<ServerAddressByClientCIDR>,
}

/// One version of a group and the resources served in it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/discovery/v1alpha1")]
pub struct GroupVersion {
    /// The version, such as `v1`.
    #[kapi(proto = 1)]
    pub name: String,
    /// The resources and subresources of this version, as legacy discovery lists them (`deployments`,
    /// `deployments/scale`).
    #[kapi(proto = 2, list_type = "atomic")]
    pub resources: Vec<APIResource>,
    /// kapi's addition to the design, carried over from aggregated discovery: `Current` when the serving server
    /// recently confirmed these resources, `Stale` when it could not be reached and they may be out of date.
    /// Absent means the server did not say, which clients read as current. A change is a change of the object, so
    /// a watcher sees a version go stale and come back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub freshness: Option<String>,
}

/// A list of groups.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/discovery/v1alpha1")]
pub struct GroupList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata; its resource version is the one a watch continues from.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The groups, by name.
    #[kapi(proto = 2)]
    pub items: Vec<Group>,
}

/// Registers `Group` and `GroupList` as the `groups` resource of `<group>/v1alpha1`. The derive names
/// [`DEFAULT_GROUP`]; any other group replaces it here, so a server whose `discovery.k8s.io` is taken can serve
/// the kind elsewhere. The definitions are the same either way.
pub fn register(registry: &mut Registry, group: &str) {
    let mut meta = Group::resource_meta(registry);
    meta.group_version = ApiGroupVersion::new(group, VERSION);
    registry.add_resource(meta);
}

impl Group {
    /// `apiVersion` of a `Group` served in `group`.
    pub fn api_version(group: &str) -> String {
        format!("{group}/{VERSION}")
    }
}

#[cfg(test)]
#[path = "v1alpha1_tests.rs"]
mod tests;
