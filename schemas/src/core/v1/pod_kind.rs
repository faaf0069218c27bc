//! The Pod kind as served: the object, its list, and its subresources (status, ephemeral containers, resize,
//! binding, eviction, logs, and the streams and proxy of `attach`, `exec`, `portforward` and `proxy`).

use kapi::{Resource, Schema};
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
use serde::{Deserialize, Serialize};

use super::{
    binding::Binding,
    connect_options::{PodAttachOptions, PodExecOptions, PodLogOptions, PodPortForwardOptions, PodProxyOptions},
    pod::PodSpec,
    pod_status::PodStatus,
};
use crate::policy::v1::Eviction;

/// A group of containers scheduled together onto one node, sharing its network and volumes. Clients create it;
/// the scheduler places it and the node's kubelet runs it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/core/v1",
    group = "",
    version = "v1",
    short_names = ["po"],
    categories = ["all"],
    list = PodList,
    status,
    subresource(name = "ephemeralcontainers", verbs = ["get", "patch", "update"]),
    subresource(name = "resize", verbs = ["get", "patch", "update"]),
    subresource(name = "binding", verbs = ["create"], kind = Binding),
    subresource(name = "eviction", verbs = ["create"], kind = Eviction),
    subresource(name = "log", verbs = ["get"], options = PodLogOptions, text_media_types = ["text/plain"]),
    subresource(name = "attach", connect = ["GET", "POST"], options = PodAttachOptions),
    subresource(name = "exec", connect = ["GET", "POST"], options = PodExecOptions),
    subresource(name = "portforward", connect = ["GET", "POST"], options = PodPortForwardOptions),
    subresource(
        name = "proxy",
        connect = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"],
        subpath,
        options = PodProxyOptions
    ),
    delete_returns_object
)]
pub struct Pod {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The pod's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// What the pod should run and how.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: PodSpec,
    /// What the system last observed of the pod; read-only, and possibly out of date.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: PodStatus,
}

/// A page of pods.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The pods.
    #[kapi(proto = 2)]
    pub items: Vec<Pod>,
}
