//! PersistentVolume: a piece of storage in the cluster, provisioned by an administrator or dynamically through a
//! StorageClass, that claims bind to.

use std::collections::BTreeMap;

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::core::v1::{
    affinity::NodeSelector,
    references::ObjectReference,
    volumes::{
        AWSElasticBlockStoreVolumeSource, AzureDiskVolumeSource, AzureFilePersistentVolumeSource,
        CSIPersistentVolumeSource, CephFSPersistentVolumeSource, CinderPersistentVolumeSource, FCVolumeSource,
        FlexPersistentVolumeSource, FlockerVolumeSource, GCEPersistentDiskVolumeSource,
        GlusterfsPersistentVolumeSource, HostPathVolumeSource, ISCSIPersistentVolumeSource, LocalVolumeSource,
        NFSVolumeSource, PhotonPersistentDiskVolumeSource, PortworxVolumeSource, QuobyteVolumeSource,
        RBDPersistentVolumeSource, ScaleIOPersistentVolumeSource, StorageOSPersistentVolumeSource,
        VsphereVirtualDiskVolumeSource,
    },
};
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};
use kapi_meta::quantity::Quantity;

/// Storage that exists independently of any pod. A claim binds to it, and pods use it through the claim.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/core/v1",
    group = "",
    version = "v1",
    scope = "Cluster",
    short_names = ["pv"],
    list = PersistentVolumeList,
    status,
    delete_returns_object
)]
pub struct PersistentVolume {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The volume's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// What the storage is, how big, and who may use it; set by the administrator or the provisioner.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: PersistentVolumeSpec,
    /// Where the volume is in its life; written by the system.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: PersistentVolumeStatus,
}

/// A page of persistent volumes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PersistentVolumeList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The persistent volumes.
    #[kapi(proto = 2)]
    pub items: Vec<PersistentVolume>,
}

/// The description of a persistent volume: its size, access modes, policies, and exactly one source saying
/// where the storage is.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PersistentVolumeSpec {
    /// The volume's resources by name; `storage` is its size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub capacity: Option<BTreeMap<String, Quantity>>,
    /// Where the storage is: exactly one source.
    #[serde(flatten)]
    #[kapi(proto = 2)]
    pub persistent_volume_source: PersistentVolumeSource,
    /// The ways the volume can be mounted: `ReadWriteOnce`, `ReadOnlyMany`, `ReadWriteMany` or
    /// `ReadWriteOncePod`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub access_modes: Option<Vec<String>>,
    /// The claim the volume is bound to, set on binding; setting it in advance reserves the volume for that
    /// claim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, map_type = "granular")]
    pub claim_ref: Option<ObjectReference>,
    /// What happens to the volume once its claim is released: `Retain` (the default for volumes created by hand),
    /// `Delete` (the default for provisioned ones) or the deprecated `Recycle`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub persistent_volume_reclaim_policy: Option<String>,
    /// The StorageClass the volume belongs to; only claims asking for that class bind to it. Empty means no
    /// class.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub storage_class_name: Option<String>,
    /// Mount options used when the volume is mounted; not validated, so a wrong one makes the mount fail.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7, list_type = "atomic")]
    pub mount_options: Option<Vec<String>>,
    /// Whether the volume is a formatted file system (`Filesystem`, the default) or a raw `Block` device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub volume_mode: Option<String>,
    /// The nodes from which the volume can be reached; the scheduler places the pods using it accordingly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub node_affinity: Option<VolumeNodeAffinity>,
    /// The VolumeAttributesClass the volume belongs to; it cannot be emptied once set. Beta, requires the
    /// VolumeAttributesClass feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub volume_attributes_class_name: Option<String>,
}

/// The storage behind a persistent volume; set exactly one of the fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(inline)]
pub struct PersistentVolumeSource {
    /// A Google Compute Engine persistent disk attached to the node. Deprecated: use the `pd.csi.storage.gke.io`
    /// CSI driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub gce_persistent_disk: Option<GCEPersistentDiskVolumeSource>,
    /// An AWS Elastic Block Store volume attached to the node. Deprecated: use the `ebs.csi.aws.com` CSI driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub aws_elastic_block_store: Option<AWSElasticBlockStoreVolumeSource>,
    /// A directory of the node's file system; only for single-node development and testing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub host_path: Option<HostPathVolumeSource>,
    /// A GlusterFS volume. Deprecated and no longer supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub glusterfs: Option<GlusterfsPersistentVolumeSource>,
    /// An NFS export.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub nfs: Option<NFSVolumeSource>,
    /// A Ceph RADOS block device. Deprecated and no longer supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub rbd: Option<RBDPersistentVolumeSource>,
    /// An iSCSI disk attached to the node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub iscsi: Option<ISCSIPersistentVolumeSource>,
    /// An OpenStack Cinder volume. Deprecated: use the `cinder.csi.openstack.org` CSI driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub cinder: Option<CinderPersistentVolumeSource>,
    /// A CephFS file system. Deprecated and no longer supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub cephfs: Option<CephFSPersistentVolumeSource>,
    /// A Fibre Channel disk attached to the node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub fc: Option<FCVolumeSource>,
    /// A Flocker dataset; needs the Flocker control service. Deprecated and no longer supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11)]
    pub flocker: Option<FlockerVolumeSource>,
    /// A volume provisioned by an exec-based FlexVolume driver. Deprecated: use a CSI driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 12)]
    pub flex_volume: Option<FlexPersistentVolumeSource>,
    /// An Azure File share. Deprecated: use the `file.csi.azure.com` CSI driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 13)]
    pub azure_file: Option<AzureFilePersistentVolumeSource>,
    /// A vSphere virtual disk. Deprecated: use the `csi.vsphere.vmware.com` CSI driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 14)]
    pub vsphere_volume: Option<VsphereVirtualDiskVolumeSource>,
    /// A Quobyte volume. Deprecated and no longer supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 15)]
    pub quobyte: Option<QuobyteVolumeSource>,
    /// An Azure data disk. Deprecated: use the `disk.csi.azure.com` CSI driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 16)]
    pub azure_disk: Option<AzureDiskVolumeSource>,
    /// A Photon Controller persistent disk. Deprecated and no longer supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 17)]
    pub photon_persistent_disk: Option<PhotonPersistentDiskVolumeSource>,
    /// A Portworx volume. Deprecated: use the `pxd.portworx.com` CSI driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 18)]
    pub portworx_volume: Option<PortworxVolumeSource>,
    /// A ScaleIO volume. Deprecated and no longer supported.
    #[serde(default, rename = "scaleIO", skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 19)]
    pub scale_io: Option<ScaleIOPersistentVolumeSource>,
    /// A disk, partition or directory local to one node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 20)]
    pub local: Option<LocalVolumeSource>,
    /// A StorageOS volume. Deprecated and no longer supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 21)]
    pub storageos: Option<StorageOSPersistentVolumeSource>,
    /// A volume managed by an external CSI driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 22)]
    pub csi: Option<CSIPersistentVolumeSource>,
}

/// Where a persistent volume is in its life.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PersistentVolumeStatus {
    /// `Pending`, `Available` (not yet bound), `Bound`, `Released` (its claim is gone, the volume not yet
    /// reclaimed) or `Failed`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub phase: Option<String>,
    /// A human-readable account of why the volume is in its phase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub message: Option<String>,
    /// A short CamelCase reason for the phase, for tools to read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub reason: Option<String>,
    /// When the volume last changed phase; set to the current time on every change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub last_phase_transition_time: Option<Time>,
}

/// The nodes a persistent volume can be used from.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct VolumeNodeAffinity {
    /// The nodes that must match for a pod using the volume to be placed there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub required: Option<NodeSelector>,
}
