//! A custom resource as kube-derive's users write it, and an operator's code for it ([`operator`]): the "before"
//! of docs/KUBE-RS.md's migration guide. examples/migration/kapi is the same crate after the guide.

use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition;
use kube::{CustomResource, KubeSchema};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use kube::CustomResourceExt;

#[path = "../../operator.rs"]
pub mod operator;

/// A key-value cache served by a set of replicas.
#[derive(CustomResource, KubeSchema, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[kube(
    group = "migration.example.com",
    version = "v1",
    kind = "CacheCluster",
    namespaced,
    status = "CacheClusterStatus",
    derive = "PartialEq",
    shortname = "cc",
    category = "caches",
    printcolumn(name = "Replicas", type_ = "integer", json_path = ".spec.replicas"),
    printcolumn(name = "Ready", type_ = "string", json_path = ".status.conditions[?(@.type==\"Ready\")].status"),
    scale(spec_replicas_path = ".spec.replicas", status_replicas_path = ".status.replicas"),
    selectable = ".spec.eviction"
)]
#[serde(rename_all = "camelCase")]
pub struct CacheClusterSpec {
    /// How many replicas serve the cache.
    #[schemars(range(min = 1, max = 9))]
    pub replicas: i32,
    /// The container image of each replica.
    #[schemars(length(min = 1, max = 256))]
    #[x_kube(validation = Rule::new("!self.endsWith(':latest')").message("pin the image to a version"))]
    pub image: String,
    /// What a full cache evicts.
    #[serde(default)]
    pub eviction: Eviction,
    /// The memory each replica holds data in.
    pub memory: Quantity,
    /// Serve over TLS with this certificate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tls: Option<Tls>,
}

/// What a full cache evicts.
#[derive(JsonSchema, Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Eviction {
    /// The least recently used keys.
    #[default]
    LeastRecentlyUsed,
    /// Nothing: writes fail until keys expire.
    NoEviction,
}

/// The certificate a cache serves with.
#[derive(JsonSchema, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Tls {
    /// The Secret holding `tls.crt` and `tls.key`.
    #[schemars(length(min = 1))]
    pub secret_name: String,
}

/// What the operator last saw of a cache.
#[derive(JsonSchema, Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CacheClusterStatus {
    /// Replicas running now.
    #[serde(default)]
    pub replicas: i32,
    /// The latest observations of the cache's state.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}
