//! Sources that live on the node itself: host paths, scratch directories, cloned git repositories and OCI images.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use kapi_meta::quantity::Quantity;

/// A path of the node's file system mapped into the pod. It is not copied and survives the pod.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct HostPathVolumeSource {
    /// The path on the node; a symbolic link is followed to its target.
    #[kapi(proto = 1)]
    pub path: String,
    /// What must exist at the path, and whether the kubelet may create it: empty (no check), `DirectoryOrCreate`,
    /// `Directory`, `FileOrCreate`, `File`, `Socket`, `CharDevice` or `BlockDevice`.
    #[serde(default, rename = "type", skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub type_: Option<String>,
}

/// A directory that starts empty and lives as long as the pod does on its node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct EmptyDirVolumeSource {
    /// The storage backing the directory: empty for the node's default medium, or `Memory` for a tmpfs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub medium: Option<String>,
    /// The most the directory may hold; for `Memory` the pod's memory limits also apply. Unset means no limit
    /// of its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub size_limit: Option<Quantity>,
}

/// A git repository checked out when the pod starts. Deprecated: clone in an init container into an `emptyDir`
/// instead.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct GitRepoVolumeSource {
    /// The URL of the repository.
    #[kapi(proto = 1)]
    pub repository: String,
    /// The commit hash to check out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub revision: Option<String>,
    /// The directory to clone into, relative to the volume and without `..`. `.` clones into the volume's root;
    /// by default a subdirectory named after the repository is used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub directory: Option<String>,
}

/// An OCI image or artifact pulled by the kubelet and mounted read-only (files are not executable).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ImageVolumeSource {
    /// The image or artifact reference, as for a container image. Workload controllers may leave it empty to have
    /// it defaulted or set elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub reference: Option<String>,
    /// When to pull the reference: `Always`, `Never` or `IfNotPresent`. The default is `Always` for the `:latest`
    /// tag and `IfNotPresent` otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub pull_policy: Option<String>,
}

/// A disk, partition or directory of one node, offered as a persistent volume; the volume's node affinity pins
/// its users to that node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct LocalVolumeSource {
    /// The full path on the node: a directory, or a block device.
    #[kapi(proto = 1)]
    pub path: String,
    /// For a block device only: the file system to format and mount it with; chosen automatically when unset.
    /// Ignored for directories.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub fs_type: Option<String>,
}
