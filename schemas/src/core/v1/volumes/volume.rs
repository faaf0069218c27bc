//! The pod volume: a name plus exactly one source the kubelet mounts the data from.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use super::{
    claims::{EphemeralVolumeSource, PersistentVolumeClaimVolumeSource},
    cloud::{
        AWSElasticBlockStoreVolumeSource, AzureDiskVolumeSource, AzureFileVolumeSource, CinderVolumeSource,
        GCEPersistentDiskVolumeSource, PhotonPersistentDiskVolumeSource, PortworxVolumeSource,
        VsphereVirtualDiskVolumeSource,
    },
    data::{ConfigMapVolumeSource, DownwardAPIVolumeSource, SecretVolumeSource},
    local::{EmptyDirVolumeSource, GitRepoVolumeSource, HostPathVolumeSource, ImageVolumeSource},
    network::{
        FCVolumeSource, FlockerVolumeSource, GlusterfsVolumeSource, ISCSIVolumeSource, NFSVolumeSource,
        QuobyteVolumeSource,
    },
    plugins::{
        CSIVolumeSource, CephFSVolumeSource, FlexVolumeSource, RBDVolumeSource, ScaleIOVolumeSource,
        StorageOSVolumeSource,
    },
    projected::ProjectedVolumeSource,
};

/// A named storage area that containers of the pod can mount. Set exactly one of the source fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct Volume {
    /// The volume's name, a DNS label unique within the pod; volume mounts refer to it.
    #[kapi(proto = 1)]
    pub name: String,
    /// Where the volume's data comes from: exactly one source.
    #[serde(flatten)]
    #[kapi(proto = 2)]
    pub volume_source: VolumeSource,
}

/// The place a pod volume's data comes from; set exactly one of the fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(inline)]
pub struct VolumeSource {
    /// A file or directory of the node's file system, exposed directly to the pod. Meant for system agents;
    /// most workloads should not use it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub host_path: Option<HostPathVolumeSource>,
    /// A scratch directory, empty when the pod starts and deleted with the pod.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub empty_dir: Option<EmptyDirVolumeSource>,
    /// A Google Compute Engine persistent disk attached to the node. Deprecated: use the `pd.csi.storage.gke.io`
    /// CSI driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub gce_persistent_disk: Option<GCEPersistentDiskVolumeSource>,
    /// An AWS Elastic Block Store volume attached to the node. Deprecated: use the `ebs.csi.aws.com` CSI driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub aws_elastic_block_store: Option<AWSElasticBlockStoreVolumeSource>,
    /// A git repository cloned into an empty directory at pod start. Deprecated: clone in an init container
    /// into an `emptyDir` instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub git_repo: Option<GitRepoVolumeSource>,
    /// The keys of a Secret, written as files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub secret: Option<SecretVolumeSource>,
    /// An NFS export mounted for the pod's lifetime.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub nfs: Option<NFSVolumeSource>,
    /// An iSCSI disk attached to the node and mounted into the pod.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub iscsi: Option<ISCSIVolumeSource>,
    /// A GlusterFS volume mounted for the pod's lifetime. Deprecated and no longer supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub glusterfs: Option<GlusterfsVolumeSource>,
    /// A PersistentVolumeClaim of the pod's namespace, whose bound volume is mounted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub persistent_volume_claim: Option<PersistentVolumeClaimVolumeSource>,
    /// A Ceph RADOS block device mounted for the pod's lifetime. Deprecated and no longer supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11)]
    pub rbd: Option<RBDVolumeSource>,
    /// A volume provisioned by an exec-based FlexVolume driver. Deprecated: use a CSI driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 12)]
    pub flex_volume: Option<FlexVolumeSource>,
    /// An OpenStack Cinder volume attached to the node. Deprecated: use the `cinder.csi.openstack.org` CSI
    /// driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 13)]
    pub cinder: Option<CinderVolumeSource>,
    /// A CephFS file system mounted for the pod's lifetime. Deprecated and no longer supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 14)]
    pub cephfs: Option<CephFSVolumeSource>,
    /// A dataset of the Flocker control service. Deprecated and no longer supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 15)]
    pub flocker: Option<FlockerVolumeSource>,
    /// Facts about the pod itself (labels, annotations, resource limits...), written as files.
    #[serde(default, rename = "downwardAPI", skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 16)]
    pub downward_api: Option<DownwardAPIVolumeSource>,
    /// A Fibre Channel disk attached to the node and mounted into the pod.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 17)]
    pub fc: Option<FCVolumeSource>,
    /// An Azure File share mounted into the pod. Deprecated: use the `file.csi.azure.com` CSI driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 18)]
    pub azure_file: Option<AzureFileVolumeSource>,
    /// The keys of a ConfigMap, written as files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 19)]
    pub config_map: Option<ConfigMapVolumeSource>,
    /// A vSphere VMDK attached to the node. Deprecated: use the `csi.vsphere.vmware.com` CSI driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 20)]
    pub vsphere_volume: Option<VsphereVirtualDiskVolumeSource>,
    /// A Quobyte volume mounted for the pod's lifetime. Deprecated and no longer supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 21)]
    pub quobyte: Option<QuobyteVolumeSource>,
    /// An Azure data disk attached to the node. Deprecated: use the `disk.csi.azure.com` CSI driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 22)]
    pub azure_disk: Option<AzureDiskVolumeSource>,
    /// A Photon Controller persistent disk. Deprecated and no longer supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 23)]
    pub photon_persistent_disk: Option<PhotonPersistentDiskVolumeSource>,
    /// Several sources (secrets, config maps, downward API, tokens, trust bundles) merged into one directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 26)]
    pub projected: Option<ProjectedVolumeSource>,
    /// A Portworx volume attached to the node. Deprecated: calls are redirected to the `pxd.portworx.com` CSI
    /// driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 24)]
    pub portworx_volume: Option<PortworxVolumeSource>,
    /// A ScaleIO volume attached to the node. Deprecated and no longer supported.
    #[serde(default, rename = "scaleIO", skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 25)]
    pub scale_io: Option<ScaleIOVolumeSource>,
    /// A StorageOS volume mounted into the pod. Deprecated and no longer supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 27)]
    pub storageos: Option<StorageOSVolumeSource>,
    /// An ephemeral volume provided by a CSI driver that supports inline volumes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 28)]
    pub csi: Option<CSIVolumeSource>,
    /// A volume claimed for this pod alone from a storage class: the claim is created with the pod and deleted
    /// with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 29)]
    pub ephemeral: Option<EphemeralVolumeSource>,
    /// The contents of an OCI image or artifact, mounted read-only. Requires the ImageVolume feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 30)]
    pub image: Option<ImageVolumeSource>,
}
