//! `k8s.io/api/storage/v1alpha1` (group `storage.k8s.io`): the alpha version of VolumeAttributesClass.

use std::collections::BTreeMap;

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// A class of mutable volume attributes (such as IOPS or throughput) a CSI driver applies. A claim names it when
/// created, and naming another later asks the driver to modify the volume. It cannot change after creation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/storage/v1alpha1",
    group = "storage.k8s.io",
    version = "v1alpha1",
    scope = "Cluster",
    short_names = ["vac"],
    list = VolumeAttributesClassList,
    delete_returns_object
)]
pub struct VolumeAttributesClass {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The class's metadata; claims name the class by its name.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The CSI driver the class is for. Cannot change.
    #[kapi(proto = 2)]
    pub driver_name: String,
    /// Driver-specific attributes, passed to the driver when a volume is created or modified; at most 512 of
    /// them, 256 KiB in all. Cannot change. A parameter the driver rejects leaves the claim's modification
    /// `Infeasible` (or its creation failing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub parameters: Option<BTreeMap<String, String>>,
}

/// A page of volume attributes classes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storage/v1alpha1")]
pub struct VolumeAttributesClassList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The volume attributes classes.
    #[kapi(proto = 2)]
    pub items: Vec<VolumeAttributesClass>,
}
