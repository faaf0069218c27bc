//! `k8s.io/api/node/v1` (group `node.k8s.io`): RuntimeClass.

use std::collections::BTreeMap;

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::core::v1::Toleration;
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
use kapi_meta::quantity::Quantity;

/// A container runtime configuration pods can ask for by name (`runtimeClassName`): which handler the node's
/// runtime uses, what running a pod with it costs, and which nodes offer it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/node/v1",
    group = "node.k8s.io",
    version = "v1",
    scope = "Cluster",
    list = RuntimeClassList
)]
pub struct RuntimeClass {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The class's metadata; its name is what pods refer to.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The runtime configuration the node's container runtime interface implementation is told to use; a
    /// lower-case DNS label, fixed after creation. Nodes are assumed to support the same handlers.
    #[kapi(proto = 2)]
    pub handler: String,
    /// The resources a pod of this class uses beyond its containers' requests; added to them when scheduling
    /// and when sizing the pod.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub overhead: Option<Overhead>,
    /// Which nodes support the class; pods of the class are placed only there. Left out, every node is
    /// assumed to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub scheduling: Option<Scheduling>,
}

/// A page of runtime classes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/node/v1")]
pub struct RuntimeClassList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The runtime classes.
    #[kapi(proto = 2)]
    pub items: Vec<RuntimeClass>,
}

/// The cost of running a pod with a runtime class, on top of its containers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/node/v1")]
pub struct Overhead {
    /// A fixed amount of each resource every pod of the class uses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub pod_fixed: Option<BTreeMap<String, Quantity>>,
}

/// Where pods of a runtime class may run.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/node/v1")]
pub struct Scheduling {
    /// Labels the node must carry; merged into the pod's own node selector at admission, and a pod whose
    /// selector conflicts with them is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, map_type = "atomic")]
    pub node_selector: Option<BTreeMap<String, String>>,
    /// Taints of the class's nodes its pods tolerate; added to the pods' own tolerations at admission.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub tolerations: Option<Vec<Toleration>>,
}
