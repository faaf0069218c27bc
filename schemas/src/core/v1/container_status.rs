//! What the kubelet reports about each container of a pod: its state, restarts, image, resources and mounts.

use std::collections::BTreeMap;

use kapi::Schema;
use kapi_meta::meta::v1::Time;
use kapi_meta::quantity::Quantity;
use serde::{Deserialize, Serialize};

use super::resources::ResourceRequirements;

/// The observed state of one container of a pod.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ContainerStatus {
    /// The container's name, as in the pod spec.
    #[kapi(proto = 1)]
    pub name: String,
    /// What the container is doing now.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub state: ContainerState,
    /// How the container's previous run ended; empty when it has not restarted.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub last_state: ContainerState,
    /// Whether the container passes its readiness probe (true when it has none). A container that is not ready
    /// gets no traffic from services.
    #[kapi(proto = 4)]
    pub ready: bool,
    /// How many times the container has been restarted, counted from its terminated instances.
    #[kapi(proto = 5)]
    pub restart_count: i32,
    /// The image the container runs; may differ from the spec's after a pull resolved it.
    #[kapi(proto = 6)]
    pub image: String,
    /// The image's ID as the runtime knows it.
    #[serde(rename = "imageID")]
    #[kapi(proto = 7)]
    pub image_id: String,
    /// The container's ID as `<runtime>://<id>`.
    #[serde(rename = "containerID", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub container_id: Option<String>,
    /// Whether the container has passed its startup probe (true when it has none); reset when it restarts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub started: Option<bool>,
    /// The resources the node has set aside for the container, by resource name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub allocated_resources: Option<BTreeMap<String, Quantity>>,
    /// The requests and limits the runtime has actually applied to the running container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11)]
    pub resources: Option<ResourceRequirements>,
    /// The container's volume mounts as mounted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 12,
        list_type = "map",
        list_map_keys = ["mountPath"],
        patch_strategy = "merge",
        patch_merge_key = "mountPath"
    )]
    pub volume_mounts: Option<Vec<VolumeMountStatus>>,
    /// The identity the container's first process runs as.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 13)]
    pub user: Option<ContainerUser>,
    /// The health of the devices allocated to the container, by resource name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 14, list_type = "map", list_map_keys = ["name"], patch_strategy = "merge", patch_merge_key = "name")]
    pub allocated_resources_status: Option<Vec<ResourceStatus>>,
}

/// What a container is doing; at most one member is set, and none means waiting.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ContainerState {
    /// The container has not started yet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub waiting: Option<ContainerStateWaiting>,
    /// The container is running.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub running: Option<ContainerStateRunning>,
    /// The container has exited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub terminated: Option<ContainerStateTerminated>,
}

/// A container that has not started yet.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ContainerStateWaiting {
    /// A short reason it is not running yet, such as `ContainerCreating` or `ImagePullBackOff`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub reason: Option<String>,
    /// A human-readable explanation of the wait.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub message: Option<String>,
}

/// A running container.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ContainerStateRunning {
    /// When the container last started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub started_at: Option<Time>,
}

/// A container that has exited.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ContainerStateTerminated {
    /// The exit status of its last run.
    #[kapi(proto = 1)]
    pub exit_code: i32,
    /// The signal that ended its last run, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub signal: Option<i32>,
    /// A short reason for the exit, such as `Completed` or `OOMKilled`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub reason: Option<String>,
    /// A human-readable explanation of the exit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub message: Option<String>,
    /// When its last run started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub started_at: Option<Time>,
    /// When its last run ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub finished_at: Option<Time>,
    /// The exited container's ID as `<runtime>://<id>`.
    #[serde(rename = "containerID", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub container_id: Option<String>,
}

/// The identity a container's first process runs as, per operating system.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ContainerUser {
    /// The identity on Linux; unset on other systems.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub linux: Option<LinuxContainerUser>,
}

/// The user and groups a container's first process runs as on Linux.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct LinuxContainerUser {
    /// The user ID.
    #[kapi(proto = 1)]
    pub uid: i64,
    /// The primary group ID.
    #[kapi(proto = 2)]
    pub gid: i64,
    /// The supplementary group IDs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub supplemental_groups: Option<Vec<i64>>,
}

/// The health of the devices behind one resource allocated to a container.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ResourceStatus {
    /// The resource's name: an extended resource from a device plugin, or `claim:<claim>/<request>` for a
    /// dynamically allocated one. Unique within the container's list.
    #[kapi(proto = 1)]
    pub name: String,
    /// The health of each device of the resource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "map", list_map_keys = ["resourceID"])]
    pub resources: Option<Vec<ResourceHealth>>,
}

/// The health of one device.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ResourceHealth {
    /// The device's ID, unique within its resource.
    #[serde(rename = "resourceID")]
    #[kapi(proto = 1)]
    pub resource_id: String,
    /// `Healthy`, `Unhealthy` or `Unknown` (the plugin could not tell).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub health: Option<String>,
}

/// How one volume is mounted into a running container.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct VolumeMountStatus {
    /// The volume's name, as in the container's volume mounts.
    #[kapi(proto = 1)]
    pub name: String,
    /// Where the volume is mounted in the container.
    #[kapi(proto = 2)]
    pub mount_path: String,
    /// Whether the mount is read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub read_only: Option<bool>,
    /// Whether the read-only mount is read-only all the way down: `Disabled`, `Enabled` or unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub recursive_read_only: Option<String>,
}
