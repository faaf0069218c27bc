//! Volumes and their sources, and persistent volume claims and their templates.

mod claims;
mod cloud;
mod data;
mod local;
mod network;
mod persistent_sources;
mod plugins;
mod projected;
mod volume;

pub use claims::{
    EphemeralVolumeSource, ModifyVolumeStatus, PersistentVolumeClaim, PersistentVolumeClaimCondition,
    PersistentVolumeClaimList, PersistentVolumeClaimSpec, PersistentVolumeClaimStatus, PersistentVolumeClaimTemplate,
    PersistentVolumeClaimVolumeSource, VolumeResourceRequirements,
};
pub use cloud::{
    AWSElasticBlockStoreVolumeSource, AzureDiskVolumeSource, AzureFileVolumeSource, CinderVolumeSource,
    GCEPersistentDiskVolumeSource, PhotonPersistentDiskVolumeSource, PortworxVolumeSource,
    VsphereVirtualDiskVolumeSource,
};
pub use data::{ConfigMapVolumeSource, DownwardAPIVolumeFile, DownwardAPIVolumeSource, KeyToPath, SecretVolumeSource};
pub use local::{
    EmptyDirVolumeSource, GitRepoVolumeSource, HostPathVolumeSource, ImageVolumeSource, LocalVolumeSource,
};
pub use network::{
    FCVolumeSource, FlockerVolumeSource, GlusterfsVolumeSource, ISCSIVolumeSource, NFSVolumeSource, QuobyteVolumeSource,
};
pub use persistent_sources::{
    AzureFilePersistentVolumeSource, CSIPersistentVolumeSource, CephFSPersistentVolumeSource,
    CinderPersistentVolumeSource, FlexPersistentVolumeSource, GlusterfsPersistentVolumeSource,
    ISCSIPersistentVolumeSource, RBDPersistentVolumeSource, ScaleIOPersistentVolumeSource, SecretReference,
    StorageOSPersistentVolumeSource,
};
pub use plugins::{
    CSIVolumeSource, CephFSVolumeSource, FlexVolumeSource, RBDVolumeSource, ScaleIOVolumeSource, StorageOSVolumeSource,
};
pub use projected::{
    ClusterTrustBundleProjection, ConfigMapProjection, DownwardAPIProjection, ProjectedVolumeSource, SecretProjection,
    ServiceAccountTokenProjection, VolumeProjection,
};
pub use volume::{Volume, VolumeSource};
