//! VolumeAttachment: the request to attach a volume to a node, and how the attacher fared.

use std::collections::BTreeMap;

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::core::v1::PersistentVolumeSpec;
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};

/// Asks that a volume be attached to a node. External attachers act on it; Kubernetes does not use it for
/// in-tree volume plugins.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/storage/v1",
    group = "storage.k8s.io",
    version = "v1",
    scope = "Cluster",
    list = VolumeAttachmentList,
    status,
    delete_returns_object
)]
pub struct VolumeAttachment {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The object's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// Which volume to attach to which node, by which attacher; set by Kubernetes.
    #[kapi(proto = 2)]
    pub spec: VolumeAttachmentSpec,
    /// Whether the volume is attached, and errors of the attach or detach; written only by the attacher.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: VolumeAttachmentStatus,
}

/// A page of volume attachments.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storage/v1")]
pub struct VolumeAttachmentList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The volume attachments.
    #[kapi(proto = 2)]
    pub items: Vec<VolumeAttachment>,
}

/// The attachment asked for.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storage/v1")]
pub struct VolumeAttachmentSpec {
    /// The attacher that must handle the request: the name GetPluginName returns.
    #[kapi(proto = 1)]
    pub attacher: String,
    /// The volume to attach.
    #[kapi(proto = 2)]
    pub source: VolumeAttachmentSource,
    /// The node to attach it to.
    #[kapi(proto = 3)]
    pub node_name: String,
}

/// The volume to attach: a persistent volume by name, or, for a migrated inline volume, its spec. Exactly one is
/// set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storage/v1")]
pub struct VolumeAttachmentSource {
    /// The name of the persistent volume to attach.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub persistent_volume_name: Option<String>,
    /// The spec of a volume defined inline in a pod, translated to a persistent volume spec when CSI migration
    /// moved its plugin to a CSI driver. Beta.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub inline_volume_spec: Option<PersistentVolumeSpec>,
}

/// What the attacher reports.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storage/v1")]
pub struct VolumeAttachmentStatus {
    /// Whether the volume is attached; set by the attacher.
    #[kapi(proto = 1)]
    pub attached: bool,
    /// Data the attach returned, passed on to later mount calls; set by the attacher once attached.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub attachment_metadata: Option<BTreeMap<String, String>>,
    /// The last error of attaching, if any; set by the attacher.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub attach_error: Option<VolumeError>,
    /// The last error of detaching, if any; set by the attacher.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub detach_error: Option<VolumeError>,
}

/// An error an attach or detach met.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storage/v1")]
pub struct VolumeError {
    /// When the error happened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub time: Option<Time>,
    /// What went wrong; may be logged, so it must not hold secrets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub message: Option<String>,
}
