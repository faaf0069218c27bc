//! Eviction: the kind posted to `pods/{name}/eviction` to remove a pod while honouring its disruption budgets.

use kapi::Schema;
use kapi_meta::meta::v1::{DeleteOptions, ObjectMeta, TypeMeta};
use serde::{Deserialize, Serialize};

/// A request to evict one pod: the pod is deleted only if its PodDisruptionBudgets allow it, else the request
/// is refused (429) and may be retried later.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/policy/v1", gvk(group = "policy", version = "v1", kind = "Eviction"))]
pub struct Eviction {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Names the pod to evict, with its namespace.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// How the pod is deleted once the eviction is allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub delete_options: Option<DeleteOptions>,
}
