//! `k8s.io/api/storage/v1` (group `storage.k8s.io`): StorageClasses, the CSI drivers of the cluster with what they
//! report per node (CSINode) and per topology segment (CSIStorageCapacity), and VolumeAttachments.

mod csi_driver;
mod csi_node;
mod csi_storage_capacity;
mod storage_class;
mod volume_attachment;

pub use csi_driver::{CSIDriver, CSIDriverList, CSIDriverSpec, TokenRequest};
pub use csi_node::{CSINode, CSINodeDriver, CSINodeList, CSINodeSpec, VolumeNodeResources};
pub use csi_storage_capacity::{CSIStorageCapacity, CSIStorageCapacityList};
pub use storage_class::{StorageClass, StorageClassList};
pub use volume_attachment::{
    VolumeAttachment, VolumeAttachmentList, VolumeAttachmentSource, VolumeAttachmentSpec, VolumeAttachmentStatus,
    VolumeError,
};
