//! Network file systems and block devices: NFS, iSCSI, Fibre Channel, GlusterFS, Quobyte and Flocker.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use crate::core::v1::references::LocalObjectReference;

/// An NFS export. Its ownership is left as it is: no owner or permission changes are made.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NFSVolumeSource {
    /// The host name or IP address of the NFS server.
    #[kapi(proto = 1)]
    pub server: String,
    /// The exported path on the server.
    #[kapi(proto = 2)]
    pub path: String,
    /// Mount the export read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub read_only: Option<bool>,
}

/// An iSCSI disk, attached by the node and mounted into the pod. Several pods may share it only read-only.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ISCSIVolumeSource {
    /// The target portal: an IP address or host name, with a port when it is not 860 or 3260.
    #[kapi(proto = 1)]
    pub target_portal: String,
    /// The target's iSCSI Qualified Name.
    #[kapi(proto = 2)]
    pub iqn: String,
    /// The target's logical unit number.
    #[kapi(proto = 3)]
    pub lun: i32,
    /// The initiator interface to use, `tcp` when it is `default`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, default = "default")]
    pub iscsi_interface: Option<String>,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`; `ext4` when unset. Must be one the node
    /// supports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub fs_type: Option<String>,
    /// Mount the disk read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub read_only: Option<bool>,
    /// Further target portals, tried when the first is unreachable; the same port rule applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7, list_type = "atomic")]
    pub portals: Option<Vec<String>>,
    /// Use CHAP authentication during discovery.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub chap_auth_discovery: Option<bool>,
    /// Use CHAP authentication for the session.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11)]
    pub chap_auth_session: Option<bool>,
    /// A Secret with the CHAP credentials for the target and initiator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub secret_ref: Option<LocalObjectReference>,
    /// A custom initiator name; with it, a new interface `<target portal>:<volume name>` is created for the
    /// connection.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 12)]
    pub initiator_name: Option<String>,
}

/// A Fibre Channel disk, attached by the node and mounted into the pod. Several pods may share it only read-only.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct FCVolumeSource {
    /// The world wide names of the target ports; use with `lun`, or give `wwids` instead.
    #[serde(default, rename = "targetWWNs", skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub target_wwns: Option<Vec<String>>,
    /// The logical unit number on the targets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub lun: Option<i32>,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`; `ext4` when unset. Must be one the node
    /// supports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub fs_type: Option<String>,
    /// Mount the disk read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub read_only: Option<bool>,
    /// World wide identifiers of the disk; an alternative to `targetWWNs` with `lun`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5, list_type = "atomic")]
    pub wwids: Option<Vec<String>>,
}

/// A GlusterFS volume mounted into the pod.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct GlusterfsVolumeSource {
    /// The Endpoints object listing the Gluster servers.
    #[kapi(proto = 1)]
    pub endpoints: String,
    /// The Gluster volume's path.
    #[kapi(proto = 2)]
    pub path: String,
    /// Mount the volume read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub read_only: Option<bool>,
}

/// A Quobyte volume mounted into the pod. Its ownership is left as it is.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct QuobyteVolumeSource {
    /// The registries to connect to: one or more comma-separated `host:port` entries.
    #[kapi(proto = 1)]
    pub registry: String,
    /// The name of an existing Quobyte volume.
    #[kapi(proto = 2)]
    pub volume: String,
    /// Mount the volume read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub read_only: Option<bool>,
    /// The user the volume is accessed as; the service account's user by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub user: Option<String>,
    /// The group the volume is accessed as; none by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub group: Option<String>,
    /// The tenant owning the volume, for dynamically provisioned volumes; set by the plugin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub tenant: Option<String>,
}

/// A dataset of the Flocker control service, named or identified by UUID (set exactly one).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct FlockerVolumeSource {
    /// The dataset's name, kept as metadata; deprecated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub dataset_name: Option<String>,
    /// The dataset's UUID.
    #[serde(default, rename = "datasetUUID", skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub dataset_uuid: Option<String>,
}
