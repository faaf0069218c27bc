//! Containers of a pod, their ports and the volumes and block devices they mount.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use super::{
    env::{EnvFromSource, EnvVar},
    probe::{Lifecycle, Probe},
    resources::{ContainerResizePolicy, ResourceRequirements},
    security::SecurityContext,
};

/// One container of a pod: the image it runs and how.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct Container {
    /// The container's name, a DNS label unique among the pod's containers. Cannot be changed.
    #[kapi(proto = 1)]
    pub name: String,
    /// The image to run. May be left out so that a controller or configuration tool higher up can fill it in.
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
    /// The ports the container listens on, for information and naming. Leaving a port out does not hide it: any
    /// port bound on all interfaces is reachable. Changing this list with a strategic merge patch can lose data
    /// (kubernetes/kubernetes#108255). Cannot be changed.
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
    /// The compute resources the container requests and is limited to.
    #[serde(default)]
    #[kapi(proto = 8)]
    pub resources: ResourceRequirements,
    /// Whether resizing each resource in place needs a restart of the container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 23, list_type = "atomic")]
    pub resize_policy: Option<Vec<ContainerResizePolicy>>,
    /// For init containers only, and only `Always`: makes this a sidecar. A sidecar starts in the init sequence
    /// but does not block it (the next init container starts once this one has started, or passed its startup
    /// probe), is restarted whenever it exits, and is stopped after the regular containers finish. Otherwise
    /// the pod's restart policy applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 24)]
    pub restart_policy: Option<String>,
    /// Where the pod's volumes appear in the container's file tree. Cannot be changed.
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
    /// A periodic check that the container is alive; it is restarted when the check fails. Cannot be changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub liveness_probe: Option<Probe>,
    /// A periodic check that the container can serve; while it fails, the pod is taken out of service
    /// endpoints. Cannot be changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11)]
    pub readiness_probe: Option<Probe>,
    /// A check that the container has finished starting. Until it passes, the other probes do not run; if it
    /// fails, the container is restarted like after a failed liveness probe. Useful for slow starts that need
    /// different timing than steady state. Cannot be changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 22)]
    pub startup_probe: Option<Probe>,
    /// Hooks run after the container starts and before it stops. Cannot be changed.
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

/// A network port a container listens on.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ContainerPort {
    /// A name for the port (an IANA service name, unique in the pod) that services can refer to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub name: Option<String>,
    /// A port of the node to forward to this one, from 1 to 65535; with host networking it must equal
    /// `containerPort`. Rarely needed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub host_port: Option<i32>,
    /// The port number on the pod's IP address, from 1 to 65535.
    #[kapi(proto = 3)]
    pub container_port: i32,
    /// `TCP` (the default), `UDP` or `SCTP`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, default = "TCP")]
    pub protocol: Option<String>,
    /// The node IP address `hostPort` is bound to.
    #[serde(rename = "hostIP", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub host_ip: Option<String>,
}

/// A volume mounted at a path in a container.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct VolumeMount {
    /// The name of one of the pod's volumes.
    #[kapi(proto = 1)]
    pub name: String,
    /// Mounts the volume read-only; read-write when false or unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub read_only: Option<bool>,
    /// Whether a read-only mount is read-only all the way down, submounts included: `Disabled` (the same as
    /// unset) does not, `IfPossible` does when the runtime supports it, and `Enabled` does or keeps the pod from
    /// starting. Only allowed with `readOnly`; anything but `Disabled` needs `mountPropagation` `None` or unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub recursive_read_only: Option<String>,
    /// Where in the container the volume appears; must not contain `:`.
    #[kapi(proto = 3)]
    pub mount_path: String,
    /// A path inside the volume to mount instead of its root.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub sub_path: Option<String>,
    /// How mounts propagate between host and container: `None` (the default when unset), `HostToContainer` or
    /// `Bidirectional`. Must be `None` or unset when `recursiveReadOnly` is `IfPossible` or `Enabled`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub mount_propagation: Option<String>,
    /// Like `subPath`, but `$(VAR)` references to the container's environment are expanded. Cannot be combined
    /// with `subPath`; the volume's root when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub sub_path_expr: Option<String>,
}

/// A raw block volume exposed as a device in a container.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct VolumeDevice {
    /// The name of one of the pod's persistent volume claims.
    #[kapi(proto = 1)]
    pub name: String,
    /// The device path inside the container.
    #[kapi(proto = 2)]
    pub device_path: String,
}
