//! Ephemeral containers: temporary containers added to a running pod, typically for debugging.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use super::{
    container::{ContainerPort, VolumeDevice, VolumeMount},
    env::{EnvFromSource, EnvVar},
    probe::{Lifecycle, Probe},
    resources::{ContainerResizePolicy, ResourceRequirements},
    security::SecurityContext,
};

/// A temporary container added to a running pod, for example to debug it. It gets no resource or scheduling
/// guarantees and is never restarted, and a pod it pushes over its resources may be evicted.
///
/// Ephemeral containers are added through the pod's `ephemeralcontainers` subresource and cannot be removed
/// or restarted. They share the fields of ordinary containers, but many of them are not allowed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct EphemeralContainer {
    /// The fields an ephemeral container has in common with ordinary ones.
    #[serde(flatten)]
    #[kapi(proto = 1)]
    pub ephemeral_container_common: EphemeralContainerCommon,
    /// The name of a container of the pod whose namespaces (IPC, PID, …) this one joins, so it can see its
    /// processes; the pod's namespaces when unset. Needs support from the container runtime, without which the
    /// effect is undefined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub target_container_name: Option<String>,
}

/// The fields ephemeral containers share with ordinary containers; several of them are not allowed here.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(inline)]
pub struct EphemeralContainerCommon {
    /// The container's name, a DNS label unique among all containers of the pod, ephemeral or not.
    #[kapi(proto = 1)]
    pub name: String,
    /// The image to run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub image: Option<String>,
    /// The program to run, replacing the image's ENTRYPOINT; not run in a shell. `$(VAR)` is replaced by the
    /// container's environment variable `VAR` (left as written when undefined), and `$$` stands for a literal
    /// `$`. Cannot be changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub command: Option<Vec<String>>,
    /// The arguments of the program, replacing the image's CMD. `$(VAR)` is replaced by the container's
    /// environment variable `VAR` (left as written when undefined), and `$$` stands for a literal `$`. Cannot be
    /// changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "atomic")]
    pub args: Option<Vec<String>>,
    /// The directory the program starts in; the image's or runtime's default when unset. Cannot be changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub working_dir: Option<String>,
    /// Not allowed in ephemeral containers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 6,
        list_type = "map",
        list_map_keys = ["containerPort", "protocol"],
        patch_strategy = "merge",
        patch_merge_key = "containerPort"
    )]
    pub ports: Option<Vec<ContainerPort>>,
    /// ConfigMaps and Secrets whose entries all become environment variables. Keys must be C identifiers (others
    /// are reported as events at start); later sources win over earlier ones, and `env` wins over all of them.
    /// Cannot be changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 19, list_type = "atomic")]
    pub env_from: Option<Vec<EnvFromSource>>,
    /// Environment variables of the container. Cannot be changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7, list_type = "map", list_map_keys = ["name"], patch_strategy = "merge", patch_merge_key = "name")]
    pub env: Option<Vec<EnvVar>>,
    /// Not allowed in ephemeral containers: they run on resources the pod already has.
    #[serde(default)]
    #[kapi(proto = 8)]
    pub resources: ResourceRequirements,
    /// Whether resizing each resource in place needs a restart of the container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 23, list_type = "atomic")]
    pub resize_policy: Option<Vec<ContainerResizePolicy>>,
    /// Not allowed in ephemeral containers (only init containers may set a restart policy).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 24)]
    pub restart_policy: Option<String>,
    /// Where the pod's volumes appear in the container's file tree; `subPath` mounts are not allowed. Cannot be
    /// changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 9,
        list_type = "map",
        list_map_keys = ["mountPath"],
        patch_strategy = "merge",
        patch_merge_key = "mountPath"
    )]
    pub volume_mounts: Option<Vec<VolumeMount>>,
    /// Block-device volumes of the pod exposed inside the container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 21,
        list_type = "map",
        list_map_keys = ["devicePath"],
        patch_strategy = "merge",
        patch_merge_key = "devicePath"
    )]
    pub volume_devices: Option<Vec<VolumeDevice>>,
    /// Not allowed in ephemeral containers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub liveness_probe: Option<Probe>,
    /// Not allowed in ephemeral containers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11)]
    pub readiness_probe: Option<Probe>,
    /// Not allowed in ephemeral containers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 22)]
    pub startup_probe: Option<Probe>,
    /// Not allowed in ephemeral containers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 12)]
    pub lifecycle: Option<Lifecycle>,
    /// The file in the container the program may write a short final message to, reported as the reason of
    /// termination; at most 4096 bytes are kept, and 12 KiB for all containers. `/dev/termination-log` when
    /// unset. Cannot be changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 13)]
    pub termination_message_path: Option<String>,
    /// Where the termination message comes from: `File` (the default) reads `terminationMessagePath`;
    /// `FallbackToLogsOnError` uses the end of the log (at most 2048 bytes or 80 lines) when that file is empty
    /// and the container failed. Cannot be changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 20)]
    pub termination_message_policy: Option<String>,
    /// When to pull the image: `Always`, `Never` or `IfNotPresent`. Defaults to `Always` for `:latest` images and
    /// `IfNotPresent` otherwise. Cannot be changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 14)]
    pub image_pull_policy: Option<String>,
    /// Security settings of the container, overriding the pod's where both set a field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 15)]
    pub security_context: Option<SecurityContext>,
    /// Gives the container a standard input; without it, reading stdin returns end-of-file at once. False when
    /// unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 16)]
    pub stdin: Option<bool>,
    /// Closes stdin after the first attached client disconnects: it opens at start, waits for that client, and
    /// stays closed until the container restarts. When false, stdin stays open across attaches and never
    /// signals end-of-file. False when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 17)]
    pub stdin_once: Option<bool>,
    /// Gives the container a terminal; needs `stdin`. False when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 18)]
    pub tty: Option<bool>,
}
