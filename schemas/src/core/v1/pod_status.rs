//! What the system reports about a pod: its phase, conditions, addresses and the status of its containers.

use kapi::Schema;
use kapi_meta::meta::v1::Time;
use serde::{Deserialize, Serialize};

use super::container_status::ContainerStatus;

/// The most recently observed state of a pod; may lag behind reality.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodStatus {
    /// Where the pod is in its life, summed up in one word: `Pending`, `Running`, `Succeeded`, `Failed` or
    /// `Unknown`. Not a state machine: read the conditions and container statuses for details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub phase: Option<String>,
    /// The pod's current conditions, one per type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "map", list_map_keys = ["type"], patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Option<Vec<PodCondition>>,
    /// A human-readable explanation of why the pod is in this state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub message: Option<String>,
    /// A short, CamelCase reason for the pod's state, such as `Evicted`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub reason: Option<String>,
    /// The node the scheduler means to place this pod on once preempted pods are gone; not a promise, since the
    /// pod may end up elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11)]
    pub nominated_node_name: Option<String>,
    /// The primary IP address of the node the pod is assigned to; unset until then.
    #[serde(rename = "hostIP", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub host_ip: Option<String>,
    /// The node's IP addresses, at most one per family, the first equal to `hostIP`.
    #[serde(rename = "hostIPs", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 16, list_type = "atomic", patch_strategy = "merge", patch_merge_key = "ip")]
    pub host_ips: Option<Vec<HostIP>>,
    /// The pod's primary IP address; unset until one is allocated.
    #[serde(rename = "podIP", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub pod_ip: Option<String>,
    /// The pod's IP addresses, at most one per family, the first equal to `podIP`.
    #[serde(rename = "podIPs", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 12, list_type = "map", list_map_keys = ["ip"], patch_strategy = "merge", patch_merge_key = "ip")]
    pub pod_ips: Option<Vec<PodIP>>,
    /// When the kubelet acknowledged the pod, before pulling any image.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub start_time: Option<Time>,
    /// The status of each init container, in the order of the spec.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10, list_type = "atomic")]
    pub init_container_statuses: Option<Vec<ContainerStatus>>,
    /// The status of each regular container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8, list_type = "atomic")]
    pub container_statuses: Option<Vec<ContainerStatus>>,
    /// The quality-of-service class the pod's resource requests and limits put it in: `Guaranteed`, `Burstable`
    /// or `BestEffort`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub qos_class: Option<String>,
    /// The status of each ephemeral container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 13, list_type = "atomic")]
    pub ephemeral_container_statuses: Option<Vec<ContainerStatus>>,
    /// Where an in-place change of the containers' resources stands: `Proposed`, `InProgress`, `Deferred` or
    /// `Infeasible`; empty when none is pending.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 14)]
    pub resize: Option<String>,
    /// Which ResourceClaim each of the pod's resource claims was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 15,
        list_type = "map",
        list_map_keys = ["name"],
        patch_strategy = "merge,retainKeys",
        patch_merge_key = "name"
    )]
    pub resource_claim_statuses: Option<Vec<PodResourceClaimStatus>>,
}

/// One aspect of a pod's state, such as whether it is scheduled or ready.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodCondition {
    /// The condition's type, such as `PodScheduled`, `Initialized`, `ContainersReady` or `Ready`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// Whether the condition holds: `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: String,
    /// When the condition was last probed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub last_probe_time: Option<Time>,
    /// When the condition last changed its status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub last_transition_time: Option<Time>,
    /// A short, CamelCase reason for the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub reason: Option<String>,
    /// A human-readable explanation of the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub message: Option<String>,
}

/// One IP address of the node a pod runs on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct HostIP {
    /// The address.
    #[kapi(proto = 1)]
    pub ip: String,
}

/// One IP address of a pod.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodIP {
    /// The address.
    #[kapi(proto = 1)]
    pub ip: String,
}

/// Which ResourceClaim one of a pod's resource claims was given.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodResourceClaimStatus {
    /// The claim's name in the pod spec (`spec.resourceClaims[].name`).
    #[kapi(proto = 1)]
    pub name: String,
    /// The name of the ResourceClaim made for the pod in its namespace; unset when none was needed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub resource_claim_name: Option<String>,
}
