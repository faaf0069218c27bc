//! `k8s.io/api/autoscaling/v1` Scale, the body of every `scale` subresource: of Kubernetes' workloads and of every
//! custom resource that declares one, so it lives here rather than only in the corpus.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use crate::meta::v1::{ObjectMeta, TypeMeta};

/// The replica count of a scalable resource, as read and written through its `scale` subresource.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v1", gvk(group = "autoscaling", version = "v1", kind = "Scale"))]
pub struct Scale {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The metadata of the scaled object.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The wanted number of replicas.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: ScaleSpec,
    /// The observed number of replicas; read-only.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: ScaleStatus,
}

/// The wanted size of a scalable resource.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[kapi(package = "k8s.io/api/autoscaling/v1")]
pub struct ScaleSpec {
    /// How many instances should run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub replicas: Option<i32>,
}

/// The observed size of a scalable resource.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[kapi(package = "k8s.io/api/autoscaling/v1")]
pub struct ScaleStatus {
    /// How many instances were last seen running.
    #[kapi(proto = 1)]
    pub replicas: i32,
    /// The label query that selects the instances, in the string form of label selectors (`app=web,tier!=db`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub selector: Option<String>,
}
