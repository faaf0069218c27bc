//! CSIStorageCapacity: how much storage of one class a CSI driver can provision in one topology segment.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{LabelSelector, ListMeta, ObjectMeta, TypeMeta};
use kapi_meta::quantity::Quantity;

/// The capacity available for new volumes of one storage class in the nodes a topology selector picks. The
/// scheduler compares it with a claim's size for drivers that ask for it (CSIDriver `storageCapacity`); a
/// missing object means no capacity there, a missing size means unknown. Drivers usually create these in their
/// own namespace, with generated names.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/storage/v1",
    group = "storage.k8s.io",
    version = "v1",
    plural = "csistoragecapacities",
    list = CSIStorageCapacityList
)]
pub struct CSIStorageCapacity {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The object's metadata. Its name has no meaning beyond being unique in its namespace; owners make deleting
    /// stale objects easier.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The nodes the capacity applies to; none when unset, every node when empty. Cannot change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub node_topology: Option<LabelSelector>,
    /// The StorageClass the capacity applies to. Cannot change.
    #[kapi(proto = 3)]
    pub storage_class_name: String,
    /// The capacity the driver reported (GetCapacity) for the class's parameters and the topology; unknown when
    /// unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub capacity: Option<Quantity>,
    /// The largest volume the driver can create there (GetCapacity's maximum volume size); when unset, only
    /// `capacity` limits the size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub maximum_volume_size: Option<Quantity>,
}

/// A page of CSI storage capacities.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storage/v1")]
pub struct CSIStorageCapacityList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The capacities.
    #[kapi(proto = 2)]
    pub items: Vec<CSIStorageCapacity>,
}
