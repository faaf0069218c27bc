//! ComponentStatus: the health of the control plane's components, as the API server checks them. Deprecated.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// The health of one control-plane component, such as the scheduler or etcd. Deprecated since 1.19: it checks
/// only components on the API server's own host.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/core/v1",
    group = "",
    version = "v1",
    scope = "Cluster",
    short_names = ["cs"],
    verbs = ["get", "list"],
    list = ComponentStatusList
)]
pub struct ComponentStatus {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The object's metadata; its name is the component's.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The results of the component's checks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "map", list_map_keys = ["type"], patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Option<Vec<ComponentCondition>>,
}

/// The result of one check of a component.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ComponentCondition {
    /// What was checked; `Healthy` is the only type.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// The outcome: `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: String,
    /// What the check returned, such as the body of a health endpoint.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub message: Option<String>,
    /// The error met while checking, when the outcome is unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub error: Option<String>,
}

/// A page of component statuses.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ComponentStatusList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The component statuses.
    #[kapi(proto = 2)]
    pub items: Vec<ComponentStatus>,
}
