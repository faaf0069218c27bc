//! ControllerRevisions: the immutable snapshots StatefulSets and DaemonSets keep for rollouts and rollbacks.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
use kapi_meta::runtime::RawExtension;

/// A frozen snapshot of a controller's state, serialised by the controller itself. Its data cannot change
/// after creation, though the revision may be deleted. Meant for controllers' internal use.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1", group = "apps", version = "v1", list = ControllerRevisionList)]
pub struct ControllerRevision {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The revision's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The snapshot itself, an embedded object.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub data: Option<RawExtension>,
    /// The number of this revision; higher is newer.
    #[kapi(proto = 3)]
    pub revision: i64,
}

/// A page of controller revisions.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apps/v1")]
pub struct ControllerRevisionList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The controller revisions.
    #[kapi(proto = 2)]
    pub items: Vec<ControllerRevision>,
}
