//! Security settings of pods and containers: users and groups, Linux security modules, capabilities, sysctls and
//! Windows options.

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// Security settings for the whole pod, and defaults for its containers. A container's own `securityContext`
/// wins where both set a field.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodSecurityContext {
    /// The SELinux context for every container; without it the runtime picks a random one per container. Not
    /// allowed on Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub se_linux_options: Option<SELinuxOptions>,
    /// Windows settings for every container that sets none of its own. Not allowed on Linux pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub windows_options: Option<WindowsSecurityContextOptions>,
    /// The user id the containers' main processes run as; the image's user when unset. Not allowed on Windows
    /// pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub run_as_user: Option<i64>,
    /// The primary group id of the containers' main processes; the runtime's default when unset. Not allowed on
    /// Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub run_as_group: Option<i64>,
    /// When true, the kubelet refuses to start a container whose image would run it as root (uid 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub run_as_non_root: Option<bool>,
    /// Extra group ids for the first process of every container, on top of its primary group and `fsGroup`.
    /// Whether the image's own group memberships are kept depends on `supplementalGroupsPolicy`. Not allowed on
    /// Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "atomic")]
    pub supplemental_groups: Option<Vec<i64>>,
    /// How the supplemental groups of the first process are computed: `Merge` (the default) adds those the image
    /// declares for the user, `Strict` uses only the ones given here. Alpha, behind the SupplementalGroupsPolicy
    /// feature and needing runtime support. Not allowed on Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 12)]
    pub supplemental_groups_policy: Option<String>,
    /// A group added to every container. Volumes that support it are made group-owned by it, get the setgid bit
    /// and group read/write permission; unset leaves their ownership alone. Not allowed on Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub fs_group: Option<i64>,
    /// Namespaced kernel parameters to set for the pod; a pod whose sysctls the runtime does not support may fail
    /// to start. Not allowed on Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7, list_type = "atomic")]
    pub sysctls: Option<Vec<Sysctl>>,
    /// When the ownership and permissions of a volume are changed to match `fsGroup`: `Always` (the default) or
    /// `OnRootMismatch`, only when the volume's root does not match already. Has no effect on ephemeral volumes
    /// such as secrets, config maps and emptyDir. Not allowed on Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub fs_group_change_policy: Option<String>,
    /// The seccomp profile of every container. Not allowed on Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub seccomp_profile: Option<SeccompProfile>,
    /// The AppArmor profile of every container. Not allowed on Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11)]
    pub app_armor_profile: Option<AppArmorProfile>,
    /// How the pod's volumes get their SELinux label: `Recursive` relabels every file (slow on big volumes, but
    /// privileged and unprivileged pods can share a volume), `MountOption` mounts eligible volumes with
    /// `-o context` (fast, but every pod sharing the volume needs the same label). `MountOption` needs the
    /// SELinuxMount feature.
    ///
    /// When unset, `MountOption` is used if that feature is on; otherwise only ReadWriteOncePod volumes use it and
    /// the rest are relabelled recursively. Only matters for pods with an SELinux label; pods sharing a volume
    /// should agree on it, or some may never start. Not allowed on Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 13)]
    pub se_linux_change_policy: Option<String>,
}

/// Security settings of one container. Where the pod's security context sets the same field, this one wins.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct SecurityContext {
    /// POSIX capabilities to add to or remove from the runtime's default set. Not allowed on Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub capabilities: Option<Capabilities>,
    /// Runs the container privileged, with about the same power as root on the host. False when unset. Not
    /// allowed on Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub privileged: Option<bool>,
    /// The SELinux context of the container; without one the runtime picks a random context. Not allowed on
    /// Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub se_linux_options: Option<SELinuxOptions>,
    /// Windows settings of the container. Not allowed on Linux pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub windows_options: Option<WindowsSecurityContextOptions>,
    /// The user id the main process runs as; the image's user when unset. Not allowed on Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub run_as_user: Option<i64>,
    /// The primary group id of the main process; the runtime's default when unset. Not allowed on Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub run_as_group: Option<i64>,
    /// When true, the kubelet refuses to start the container if its image would run it as root (uid 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub run_as_non_root: Option<bool>,
    /// Mounts the container's root filesystem read-only. False when unset. Not allowed on Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub read_only_root_filesystem: Option<bool>,
    /// Whether processes may end up with more privileges than the process that started them; false sets the
    /// `no_new_privs` flag. Privileged containers and those with `CAP_SYS_ADMIN` always allow it. Not allowed on
    /// Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub allow_privilege_escalation: Option<bool>,
    /// The kind of `/proc` mount: `Default` keeps the runtime's read-only and masked paths, `Unmasked` drops
    /// them. Needs the ProcMountType feature. Not allowed on Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub proc_mount: Option<String>,
    /// The seccomp profile of the container, replacing the pod's. Not allowed on Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11)]
    pub seccomp_profile: Option<SeccompProfile>,
    /// The AppArmor profile of the container, replacing the pod's. Not allowed on Windows pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 12)]
    pub app_armor_profile: Option<AppArmorProfile>,
}

/// POSIX capabilities to add to and remove from a container's processes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct Capabilities {
    /// Capabilities to grant, such as `NET_ADMIN`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub add: Option<Vec<String>>,
    /// Capabilities to take away, such as `ALL`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub drop: Option<Vec<String>>,
}

/// An SELinux label for a container.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct SELinuxOptions {
    /// The SELinux user part of the label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub user: Option<String>,
    /// The SELinux role part of the label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub role: Option<String>,
    /// The SELinux type part of the label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(rename = "type")]
    #[kapi(proto = 3)]
    pub type_: Option<String>,
    /// The SELinux level (sensitivity and categories) part of the label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub level: Option<String>,
}

/// The seccomp profile of a pod or container.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", union(discriminator = "type"))]
pub struct SeccompProfile {
    /// Which profile applies: `RuntimeDefault` (the runtime's own), `Unconfined` (none) or `Localhost` (a file on
    /// the node, named by `localhostProfile`).
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// The profile file, relative to the kubelet's seccomp profile directory and without `..`; set exactly when
    /// `type` is `Localhost`. The file must already exist on the node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, union_member = "LocalhostProfile")]
    pub localhost_profile: Option<String>,
}

/// The AppArmor profile of a pod or container.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", union(discriminator = "type"))]
pub struct AppArmorProfile {
    /// Which profile applies: `RuntimeDefault` (the runtime's own), `Unconfined` (none) or `Localhost` (one
    /// loaded on the node, named by `localhostProfile`).
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// The name the profile was loaded under on the node; set exactly when `type` is `Localhost`. The profile
    /// must already be loaded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, union_member = "LocalhostProfile")]
    pub localhost_profile: Option<String>,
}

/// Windows-specific settings of a pod or container.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct WindowsSecurityContextOptions {
    /// Which GMSA credential spec the container uses, by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub gmsa_credential_spec_name: Option<String>,
    /// The full text of the spec `gmsaCredentialSpecName` names; the GMSA admission webhook
    /// (kubernetes-sigs/windows-gmsa) writes it in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub gmsa_credential_spec: Option<String>,
    /// The Windows user name the main process runs as; the image's user when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub run_as_user_name: Option<String>,
    /// Runs the container as a Windows host process. Every container of the pod must agree, and the pod must
    /// use the host network.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub host_process: Option<bool>,
}

/// A namespaced kernel parameter and its value.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct Sysctl {
    /// The parameter, such as `net.ipv4.ip_local_port_range`.
    #[kapi(proto = 1)]
    pub name: String,
    /// Its value.
    #[kapi(proto = 2)]
    pub value: String,
}
