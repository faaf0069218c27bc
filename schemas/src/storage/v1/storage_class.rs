//! StorageClass: a kind of storage that claims ask for and provisioners create volumes of.

use std::collections::BTreeMap;

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::core::v1::TopologySelectorTerm;
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// A class of storage: the provisioner that creates its volumes dynamically and the settings it creates them
/// with. Its fields cannot change after creation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/storage/v1",
    group = "storage.k8s.io",
    version = "v1",
    scope = "Cluster",
    short_names = ["sc"],
    list = StorageClassList,
    delete_returns_object
)]
pub struct StorageClass {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The class's metadata; claims name the class by its name.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The volume plugin or CSI driver that provisions volumes of this class.
    #[kapi(proto = 2)]
    pub provisioner: String,
    /// Settings handed to the provisioner; their meaning is its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub parameters: Option<BTreeMap<String, String>>,
    /// The reclaim policy provisioned volumes get: `Delete` (the default) or `Retain`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub reclaim_policy: Option<String>,
    /// Mount options provisioned volumes get, such as `ro` or `soft`; not validated, so a wrong one makes mounts
    /// fail.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5, list_type = "atomic")]
    pub mount_options: Option<Vec<String>>,
    /// Whether claims of this class may grow their volumes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub allow_volume_expansion: Option<bool>,
    /// When claims are provisioned and bound: `Immediate` (the default) or `WaitForFirstConsumer`, which waits for
    /// a pod using the claim to be scheduled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub volume_binding_mode: Option<String>,
    /// The topologies volumes may be provisioned in; each plugin reads the terms its own way. Anywhere when
    /// empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8, list_type = "atomic")]
    pub allowed_topologies: Option<Vec<TopologySelectorTerm>>,
}

/// A page of storage classes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storage/v1")]
pub struct StorageClassList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The storage classes.
    #[kapi(proto = 2)]
    pub items: Vec<StorageClass>,
}
