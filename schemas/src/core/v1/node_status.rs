//! What a node's kubelet reports about it: capacity, conditions, addresses, software, images, volumes and runtime
//! features.

use std::collections::BTreeMap;

use kapi::Schema;
use kapi_meta::meta::v1::Time;
use kapi_meta::quantity::Quantity;
use serde::{Deserialize, Serialize};

use super::node_config::NodeConfigSource;

/// The most recently observed state of a node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NodeStatus {
    /// All the resources the node has, by resource name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub capacity: Option<BTreeMap<String, Quantity>>,
    /// The part of the capacity pods may use, by resource name; the scheduler works from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub allocatable: Option<BTreeMap<String, Quantity>>,
    /// Deprecated and no longer set: the node's life-cycle phase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub phase: Option<String>,
    /// The node's current conditions, such as `Ready`, one per type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "map", list_map_keys = ["type"], patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Option<Vec<NodeCondition>>,
    /// The node's addresses, one per type. Merging by type loses addresses of the same type, so update the list
    /// as a whole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5, list_type = "map", list_map_keys = ["type"], patch_strategy = "merge", patch_merge_key = "type")]
    pub addresses: Option<Vec<NodeAddress>>,
    /// The ports the node's daemons listen on.
    #[serde(default)]
    #[kapi(proto = 6)]
    pub daemon_endpoints: NodeDaemonEndpoints,
    /// Versions and identifiers of the node's system and software.
    #[serde(default)]
    #[kapi(proto = 7)]
    pub node_info: NodeSystemInfo,
    /// Container images present on the node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8, list_type = "atomic")]
    pub images: Option<Vec<ContainerImage>>,
    /// The attachable volumes in use (mounted) on the node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9, list_type = "atomic")]
    pub volumes_in_use: Option<Vec<String>>,
    /// The volumes attached to the node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10, list_type = "atomic")]
    pub volumes_attached: Option<Vec<AttachedVolume>>,
    /// Deprecated: the state of the node's dynamic kubelet configuration.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11)]
    pub config: Option<NodeConfigStatus>,
    /// The runtime handlers (runtime classes) the node's container runtime offers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 12, list_type = "atomic")]
    pub runtime_handlers: Option<Vec<NodeRuntimeHandler>>,
    /// Optional features the node supports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 13)]
    pub features: Option<NodeFeatures>,
}

/// One aspect of a node's state, such as whether it is ready or short of memory.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NodeCondition {
    /// The condition's type, such as `Ready`, `MemoryPressure`, `DiskPressure` or `PIDPressure`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// Whether the condition holds: `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: String,
    /// When the condition was last reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub last_heartbeat_time: Option<Time>,
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

/// One address of a node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NodeAddress {
    /// The kind of address: `Hostname`, `ExternalIP`, `InternalIP`, `ExternalDNS` or `InternalDNS`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// The address itself.
    #[kapi(proto = 2)]
    pub address: String,
}

/// The ports a node's daemons listen on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NodeDaemonEndpoints {
    /// Where the kubelet listens.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub kubelet_endpoint: DaemonEndpoint,
}

/// The port one daemon listens on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct DaemonEndpoint {
    /// The port number.
    #[serde(rename = "Port")]
    #[kapi(proto = 1)]
    pub port: i32,
}

/// Versions and identifiers of a node's system and software.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NodeSystemInfo {
    /// The machine ID the node reports, unique per machine.
    #[serde(rename = "machineID")]
    #[kapi(proto = 1)]
    pub machine_id: String,
    /// The system UUID the node reports; its format depends on the hardware vendor.
    #[serde(rename = "systemUUID")]
    #[kapi(proto = 2)]
    pub system_uuid: String,
    /// The ID of the node's current boot.
    #[serde(rename = "bootID")]
    #[kapi(proto = 3)]
    pub boot_id: String,
    /// The kernel version (`uname -r`).
    #[kapi(proto = 4)]
    pub kernel_version: String,
    /// The operating system image, from `/etc/os-release`.
    #[kapi(proto = 5)]
    pub os_image: String,
    /// The container runtime and its version, as `<runtime>://<version>`.
    #[kapi(proto = 6)]
    pub container_runtime_version: String,
    /// The kubelet's version.
    #[kapi(proto = 7)]
    pub kubelet_version: String,
    /// Deprecated and unreliable: the kube-proxy version the kubelet was built with.
    #[kapi(proto = 8)]
    pub kube_proxy_version: String,
    /// The operating system, as Go names it (`linux`, `windows`).
    #[kapi(proto = 9)]
    pub operating_system: String,
    /// The processor architecture, as Go names it (`amd64`, `arm64`).
    #[kapi(proto = 10)]
    pub architecture: String,
}

/// A container image present on a node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ContainerImage {
    /// The names the image is known by, such as `registry.example/app:v1` or a digest reference.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub names: Option<Vec<String>>,
    /// The image's size in bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub size_bytes: Option<i64>,
}

/// A volume attached to a node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct AttachedVolume {
    /// The volume's unique name.
    #[kapi(proto = 1)]
    pub name: String,
    /// The device path where the volume should become available on the node.
    #[kapi(proto = 2)]
    pub device_path: String,
}

/// Deprecated: the state of a node's dynamic kubelet configuration.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NodeConfigStatus {
    /// The configuration the node is meant to use.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub assigned: Option<NodeConfigSource>,
    /// The configuration the node is actually running.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub active: Option<NodeConfigSource>,
    /// The configuration the node falls back to when the assigned one fails.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub last_known_good: Option<NodeConfigSource>,
    /// What went wrong applying the configuration, if anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub error: Option<String>,
}

/// A runtime handler the node's container runtime offers, and what it supports.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NodeRuntimeHandler {
    /// The handler's name; empty for the default handler.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    #[kapi(proto = 1, default = "")]
    pub name: String,
    /// What the handler supports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub features: Option<NodeRuntimeHandlerFeatures>,
}

/// Optional features a runtime handler supports.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NodeRuntimeHandlerFeatures {
    /// Whether read-only mounts can be made recursively read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub recursive_read_only_mounts: Option<bool>,
    /// Whether pods can run in their own user namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub user_namespaces: Option<bool>,
}

/// Optional features a node supports.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NodeFeatures {
    /// Whether the node honours a pod's `supplementalGroupsPolicy` and reports the groups it applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub supplemental_groups_policy: Option<bool>,
}
