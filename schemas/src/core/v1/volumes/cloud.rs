//! Disks of cloud and virtualisation providers. All of these in-tree sources are deprecated in favour of the
//! providers' CSI drivers.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use crate::core::v1::references::LocalObjectReference;

/// An AWS Elastic Block Store volume. It must exist, and be in the same availability zone as the node, before
/// it can be mounted.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct AWSElasticBlockStoreVolumeSource {
    /// The EBS volume's id.
    #[serde(rename = "volumeID")]
    #[kapi(proto = 1)]
    pub volume_id: String,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`; `ext4` when unset. Must be one the node
    /// supports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub fs_type: Option<String>,
    /// The partition to mount, such as 1 for `/dev/sda1`; unset or 0 mounts the whole device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub partition: Option<i32>,
    /// Mount the volume read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub read_only: Option<bool>,
}

/// An Azure data disk attached to the node and mounted into the pod.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct AzureDiskVolumeSource {
    /// The name of the disk in blob storage.
    #[kapi(proto = 1)]
    pub disk_name: String,
    /// The URI of the disk in blob storage.
    #[serde(rename = "diskURI")]
    #[kapi(proto = 2)]
    pub disk_uri: String,
    /// The host caching mode: `None`, `ReadOnly` or `ReadWrite`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, default = "ReadWrite")]
    pub caching_mode: Option<String>,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`. Must be one the node supports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, default = "ext4")]
    pub fs_type: Option<String>,
    /// Mount the volume read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5, default = false)]
    pub read_only: Option<bool>,
    /// The disk kind: `Shared` (several blob disks per storage account), `Dedicated` (one per account) or
    /// `Managed` (a managed disk, only in a managed availability set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6, default = "Shared")]
    pub kind: Option<String>,
}

/// An Azure File share mounted into the pod.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct AzureFileVolumeSource {
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
}

/// A Google Compute Engine persistent disk. It must exist before it can be mounted; several pods may mount it
/// only read-only.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct GCEPersistentDiskVolumeSource {
    /// The name of the persistent disk in GCE.
    #[kapi(proto = 1)]
    pub pd_name: String,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`; `ext4` when unset. Must be one the node
    /// supports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub fs_type: Option<String>,
    /// The partition to mount, such as 1 for `/dev/sda1`; unset or 0 mounts the whole device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub partition: Option<i32>,
    /// Mount the disk read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub read_only: Option<bool>,
}

/// An OpenStack Cinder volume. It must exist before it can be mounted, in the same region as the node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct CinderVolumeSource {
    /// The Cinder volume's id.
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
    pub secret_ref: Option<LocalObjectReference>,
}

/// A vSphere virtual disk (VMDK).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct VsphereVirtualDiskVolumeSource {
    /// The path of the VMDK in the datastore.
    #[kapi(proto = 1)]
    pub volume_path: String,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`; `ext4` when unset. Must be one the node
    /// supports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub fs_type: Option<String>,
    /// The name of the storage-based placement (SPBM) policy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub storage_policy_name: Option<String>,
    /// The id of the storage-based placement (SPBM) policy named by `storagePolicyName`.
    #[serde(default, rename = "storagePolicyID", skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub storage_policy_id: Option<String>,
}

/// A Photon Controller persistent disk.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PhotonPersistentDiskVolumeSource {
    /// The disk's id in Photon Controller.
    #[serde(rename = "pdID")]
    #[kapi(proto = 1)]
    pub pd_id: String,
    /// The file system to mount, such as `ext4`, `xfs` or `ntfs`; `ext4` when unset. Must be one the node
    /// supports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub fs_type: Option<String>,
}

/// A Portworx volume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PortworxVolumeSource {
    /// The Portworx volume's id.
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
}
