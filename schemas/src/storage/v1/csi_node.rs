//! CSINode: the CSI drivers installed on one node, as their node plugins registered them.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// The CSI drivers of one node. The kubelet creates it, named after the node and owned by it, so drivers need
/// not create it themselves.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/storage/v1",
    group = "storage.k8s.io",
    version = "v1",
    scope = "Cluster",
    list = CSINodeList,
    delete_returns_object
)]
pub struct CSINode {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The object's metadata; its name is the node's.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The drivers on the node.
    #[kapi(proto = 2)]
    pub spec: CSINodeSpec,
}

/// The CSI drivers registered on a node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storage/v1")]
pub struct CSINodeSpec {
    /// One entry per driver; a driver that fails to install is removed from the list.
    #[kapi(proto = 1, list_type = "map", list_map_keys = ["name"], patch_strategy = "merge", patch_merge_key = "name")]
    pub drivers: Vec<CSINodeDriver>,
}

/// What one CSI driver reported about a node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storage/v1")]
pub struct CSINodeDriver {
    /// The driver's name, as in its GetPluginName call.
    #[kapi(proto = 1)]
    pub name: String,
    /// The node's identifier for the driver, as the driver reported it; used when attaching volumes to the node.
    #[serde(rename = "nodeID")]
    #[kapi(proto = 2)]
    pub node_id: String,
    /// The topology label keys the driver supports; the node carries labels with these keys. Empty when the
    /// driver supports no topology.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub topology_keys: Option<Vec<String>>,
    /// The volumes the driver can serve on the node; absent when it has no limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub allocatable: Option<VolumeNodeResources>,
}

/// Limits a CSI driver reports for one node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storage/v1")]
pub struct VolumeNodeResources {
    /// The most volumes of the driver the node may use at once; unlimited when unset. A volume used by several
    /// pods on the node counts once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub count: Option<i32>,
}

/// A page of CSI nodes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storage/v1")]
pub struct CSINodeList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The CSI nodes.
    #[kapi(proto = 2)]
    pub items: Vec<CSINode>,
}
