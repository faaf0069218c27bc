//! The persistent-volume flavours of volume sources. A PersistentVolume is cluster-scoped, so where the pod's
//! sources name a Secret of the pod's namespace these name a Secret by namespace and name ([`SecretReference`]).

use std::collections::BTreeMap;

use kapi::Schema;
use serde::{Deserialize, Serialize};

use crate::core::v1::references::ObjectReference;

/// Names a Secret in any namespace.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", map_type = "atomic")]
pub struct SecretReference {
    /// The Secret's name, unique within its namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub name: Option<String>,
    /// The namespace the Secret lives in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub namespace: Option<String>,
}

/// An Azure File share, with its credentials in a Secret of any namespace.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct AzureFilePersistentVolumeSource {
    /// The Secret holding the storage account's name and key.
    #[kapi(proto = 1)]
    pub secret_name: String,
    /// The name of the share.
    #[kapi(proto = 2)]
    pub share_name: String,
    /// Mount the share read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub read_only: Option<bool>,
    /// The namespace of the Secret; the namespace of the pod using the volume when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub secret_namespace: Option<String>,
}

/// A CephFS file system, whose user key may sit in a Secret of any namespace.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct CephFSPersistentVolumeSource {
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
    pub secret_ref: Option<SecretReference>,
    /// Mount the file system read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub read_only: Option<bool>,
}

/// An OpenStack Cinder volume, attached to the node. Deprecated: use the `cinder.csi.openstack.org` CSI driver.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct CinderPersistentVolumeSource {
    /// The Cinder volume's ID.
    #[serde(rename = "volumeID")]
    #[kapi(proto = 1)]
    pub volume_id: String,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`; `ext4` when unset. Must be one the node
    /// supports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub fs_type: Option<String>,
    /// Mount the volume read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub read_only: Option<bool>,
    /// A Secret with the parameters for connecting to OpenStack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub secret_ref: Option<SecretReference>,
}

/// A volume managed by an external CSI driver.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct CSIPersistentVolumeSource {
    /// The name of the CSI driver.
    #[kapi(proto = 1)]
    pub driver: String,
    /// The driver's identifier for the volume, passed to it in every call.
    #[kapi(proto = 2)]
    pub volume_handle: String,
    /// Publish the volume read-only to the controller; false when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub read_only: Option<bool>,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub fs_type: Option<String>,
    /// Driver-specific attributes of the volume, passed as they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub volume_attributes: Option<BTreeMap<String, String>>,
    /// A Secret with sensitive data for the controller's publish and unpublish calls; may be empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub controller_publish_secret_ref: Option<SecretReference>,
    /// A Secret with sensitive data for the node's stage and unstage calls; may be empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub node_stage_secret_ref: Option<SecretReference>,
    /// A Secret with sensitive data for the node's publish and unpublish calls; may be empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub node_publish_secret_ref: Option<SecretReference>,
    /// A Secret with sensitive data for the controller's expand call; may be empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub controller_expand_secret_ref: Option<SecretReference>,
    /// A Secret with sensitive data for the node's expand call; may be empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub node_expand_secret_ref: Option<SecretReference>,
}

/// A volume attached and mounted by an exec-based FlexVolume driver, with its Secret in any namespace.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct FlexPersistentVolumeSource {
    /// The driver's name.
    #[kapi(proto = 1)]
    pub driver: String,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`; the driver's choice when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub fs_type: Option<String>,
    /// A Secret whose data is handed to the driver; may be empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub secret_ref: Option<SecretReference>,
    /// Mount the volume read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub read_only: Option<bool>,
    /// Driver-specific options passed as they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub options: Option<BTreeMap<String, String>>,
}

/// A GlusterFS volume whose Endpoints object may sit in any namespace. Deprecated and no longer supported.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct GlusterfsPersistentVolumeSource {
    /// The Endpoints object listing the Glusterfs servers.
    #[kapi(proto = 1)]
    pub endpoints: String,
    /// The volume's path on the servers.
    #[kapi(proto = 2)]
    pub path: String,
    /// Mount the volume read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub read_only: Option<bool>,
    /// The namespace of the Endpoints object; the claim's namespace when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub endpoints_namespace: Option<String>,
}

/// An iSCSI disk whose CHAP Secret may sit in any namespace. Several pods may share it only read-only.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ISCSIPersistentVolumeSource {
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
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`; `ext4` when unset.
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
    pub secret_ref: Option<SecretReference>,
    /// A custom initiator name; with it, a new interface `<target portal>:<volume name>` is created for the
    /// connection.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 12)]
    pub initiator_name: Option<String>,
}

/// A Ceph RADOS block device whose key Secret may sit in any namespace. Deprecated and no longer supported.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct RBDPersistentVolumeSource {
    /// The Ceph monitors to contact.
    #[kapi(proto = 1, list_type = "atomic")]
    pub monitors: Vec<String>,
    /// The name of the RADOS image.
    #[kapi(proto = 2)]
    pub image: String,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`; `ext4` when unset.
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
    pub secret_ref: Option<SecretReference>,
    /// Mount the device read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub read_only: Option<bool>,
}

/// A volume of a Dell EMC ScaleIO storage system, whose credentials may sit in any namespace.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ScaleIOPersistentVolumeSource {
    /// The address of the ScaleIO API gateway.
    #[kapi(proto = 1)]
    pub gateway: String,
    /// The name of the storage system, as configured in ScaleIO.
    #[kapi(proto = 2)]
    pub system: String,
    /// A Secret with the ScaleIO user's credentials; needed to log in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, required)]
    pub secret_ref: Option<SecretReference>,
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
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9, default = "xfs")]
    pub fs_type: Option<String>,
    /// Mount the volume read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub read_only: Option<bool>,
}

/// A StorageOS volume, whose API credentials are named by a full object reference.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct StorageOSPersistentVolumeSource {
    /// The volume's name, unique within its StorageOS namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub volume_name: Option<String>,
    /// The StorageOS namespace of the volume; `default` when unset. Namespaces not known to StorageOS are
    /// created.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub volume_namespace: Option<String>,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`; `ext4` when unset.
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
    pub secret_ref: Option<ObjectReference>,
}
