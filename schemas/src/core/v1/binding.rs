//! Binding: how the scheduler assigns a pod to a node.

use kapi::{Resource, Schema};
use kapi_meta::meta::v1::{ObjectMeta, TypeMeta};
use serde::{Deserialize, Serialize};

use super::references::ObjectReference;

/// Ties one object to another; the scheduler posts one to place a pod on a node. Create-only: it is acted upon,
/// not stored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/core/v1",
    group = "",
    version = "v1",
    verbs = ["create"],
    gvk(group = "", version = "v1", kind = "Binding")
)]
pub struct Binding {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The binding's metadata; its name is the bound pod's.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The object the pod is bound to, usually a node.
    #[kapi(proto = 2)]
    pub target: ObjectReference,
}
