//! Software-defined storage and driver-based sources: Ceph (RBD and CephFS), ScaleIO, StorageOS, FlexVolume and
//! CSI.

use std::collections::BTreeMap;

use kapi::Schema;
use serde::{Deserialize, Serialize};

use crate::core::v1::references::LocalObjectReference;

/// A Ceph RADOS block device. Several pods may share it only read-only.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct RBDVolumeSource {
    /// The Ceph monitors to contact.
    #[kapi(proto = 1, list_type = "atomic")]
    pub monitors: Vec<String>,
    /// The name of the RADOS image.
    #[kapi(proto = 2)]
    pub image: String,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`; `ext4` when unset. Must be one the node
    /// supports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub fs_type: Option<String>,
    /// The RADOS pool holding the image.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, default = "rbd")]
    pub pool: Option<String>,
    /// The RADOS user to authenticate as.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5, default = "admin")]
    pub user: Option<String>,
    /// The key ring file of the RADOS user.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6, default = "/etc/ceph/keyring")]
    pub keyring: Option<String>,
    /// A Secret with the RADOS user's key; takes precedence over `keyring`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub secret_ref: Option<LocalObjectReference>,
    /// Mount the device read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub read_only: Option<bool>,
}

/// A CephFS file system. Its ownership is left as it is.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct CephFSVolumeSource {
    /// The Ceph monitors to contact.
    #[kapi(proto = 1, list_type = "atomic")]
    pub monitors: Vec<String>,
    /// The directory of the file system to mount; its root (`/`) by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub path: Option<String>,
    /// The RADOS user to authenticate as; `admin` by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub user: Option<String>,
    /// The file holding the user's key; `/etc/ceph/user.secret` by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub secret_file: Option<String>,
    /// A Secret with the user's key; takes precedence over `secretFile`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub secret_ref: Option<LocalObjectReference>,
    /// Mount the file system read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub read_only: Option<bool>,
}

/// A volume of a Dell EMC ScaleIO storage system.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ScaleIOVolumeSource {
    /// The address of the ScaleIO API gateway.
    #[kapi(proto = 1)]
    pub gateway: String,
    /// The name of the storage system, as configured in ScaleIO.
    #[kapi(proto = 2)]
    pub system: String,
    /// A Secret with the ScaleIO user's credentials; needed to log in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, required)]
    pub secret_ref: Option<LocalObjectReference>,
    /// Talk to the gateway over SSL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub ssl_enabled: Option<bool>,
    /// The protection domain of the storage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub protection_domain: Option<String>,
    /// The storage pool of the protection domain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub storage_pool: Option<String>,
    /// How the volume's space is allocated: `ThickProvisioned` or `ThinProvisioned`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7, default = "ThinProvisioned")]
    pub storage_mode: Option<String>,
    /// The name of an existing volume in the storage system.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub volume_name: Option<String>,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`. Must be one the node supports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9, default = "xfs")]
    pub fs_type: Option<String>,
    /// Mount the volume read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub read_only: Option<bool>,
}

/// A StorageOS volume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct StorageOSVolumeSource {
    /// The volume's name, unique within its StorageOS namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub volume_name: Option<String>,
    /// The StorageOS namespace of the volume; the pod's namespace when unset, `default` when no such StorageOS
    /// namespace exists. Namespaces not known to StorageOS are created.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub volume_namespace: Option<String>,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`; `ext4` when unset. Must be one the node
    /// supports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub fs_type: Option<String>,
    /// Mount the volume read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub read_only: Option<bool>,
    /// A Secret with the StorageOS API credentials; the defaults are tried when it is unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub secret_ref: Option<LocalObjectReference>,
}

/// A volume attached and mounted by an exec-based FlexVolume driver on the node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct FlexVolumeSource {
    /// The driver's name.
    #[kapi(proto = 1)]
    pub driver: String,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`; the driver's choice when unset. Must be one
    /// the node supports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub fs_type: Option<String>,
    /// A Secret whose data is handed to the driver; may be empty when the driver needs no secrets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub secret_ref: Option<LocalObjectReference>,
    /// Mount the volume read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub read_only: Option<bool>,
    /// Driver-specific options passed as they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub options: Option<BTreeMap<String, String>>,
}

/// An inline, pod-lifetime volume provided by a CSI driver.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct CSIVolumeSource {
    /// The name of the CSI driver, as registered in the cluster.
    #[kapi(proto = 1)]
    pub driver: String,
    /// Mount the volume read-only; read-write when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub read_only: Option<bool>,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`; left to the driver when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub fs_type: Option<String>,
    /// Driver-specific attributes of the volume, passed to the driver; see its documentation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub volume_attributes: Option<BTreeMap<String, String>>,
    /// A Secret with sensitive data handed to the driver's publish and unpublish calls; may be empty when the
    /// driver needs none. Only the secret's keys and values are passed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub node_publish_secret_ref: Option<LocalObjectReference>,
}
