//! The Node kind: a machine pods run on, as registered by its kubelet; its spec and taints.

use kapi::{Resource, Schema};
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};
use serde::{Deserialize, Serialize};

use super::{connect_options::NodeProxyOptions, node_config::NodeConfigSource, node_status::NodeStatus};

/// A worker machine of the cluster, virtual or physical. Cluster-scoped; its kubelet keeps the status current.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/core/v1",
    group = "",
    version = "v1",
    scope = "Cluster",
    short_names = ["no"],
    list = NodeList,
    status,
    subresource(
        name = "proxy",
        connect = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"],
        subpath,
        options = NodeProxyOptions
    )
)]
pub struct Node {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The node's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// How the node is to be used: its pod address ranges, taints and whether new pods may land on it.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: NodeSpec,
    /// What was last observed of the node; read-only, and possibly out of date.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: NodeStatus,
}

/// A page of nodes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NodeList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The nodes.
    #[kapi(proto = 2)]
    pub items: Vec<Node>,
}

/// How a node is set up and may be used.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NodeSpec {
    /// The IP range given to the node's pods.
    #[serde(rename = "podCIDR", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub pod_cidr: Option<String>,
    /// The IP ranges given to the node's pods, at most one per address family; the first equals `podCIDR`.
    #[serde(rename = "podCIDRs", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7, list_type = "set", patch_strategy = "merge")]
    pub pod_cidrs: Option<Vec<String>>,
    /// The cloud provider's ID of the machine, as `<provider>://<id>`.
    #[serde(rename = "providerID", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub provider_id: Option<String>,
    /// Keeps new pods off the node; pods already there stay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub unschedulable: Option<bool>,
    /// The node's taints, which repel pods that do not tolerate them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5, list_type = "atomic")]
    pub taints: Option<Vec<Taint>>,
    /// Deprecated: where the kubelet was to read its configuration from. No longer used since 1.22.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub config_source: Option<NodeConfigSource>,
    /// Deprecated and unused; kept for old clients.
    #[serde(rename = "externalID", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub external_id: Option<String>,
}

/// A mark on a node that pods without a matching toleration are kept away from (or evicted from).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct Taint {
    /// The taint's key.
    #[kapi(proto = 1)]
    pub key: String,
    /// The taint's value, matched by tolerations with the `Equal` operator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub value: Option<String>,
    /// What happens to pods that do not tolerate it: `NoSchedule`, `PreferNoSchedule` or `NoExecute`.
    #[kapi(proto = 3)]
    pub effect: String,
    /// When the taint was added; only set for `NoExecute` taints.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub time_added: Option<Time>,
}
