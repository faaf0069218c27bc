//! examples/migration/kube-derive converted to kapi by docs/KUBE-RS.md's migration guide: the same kind, CRD and
//! operator code ([`operator`], the same file), with kapi's derives.

use k8s_openapi::apimachinery::pkg::api::resource::Quantity;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta};
use kapi::kube::TypeMeta;
use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

pub use kapi_codegen::kube::CustomResourceExt;

#[path = "../../operator.rs"]
pub mod operator;

/// A key-value cache served by a set of replicas.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[kapi(
    group = "migration.example.com",
    version = "v1",
    list = CacheClusterList,
    status,
    short_names = ["cc"],
    categories = ["caches"],
    scale(spec_replicas_path = ".spec.replicas", status_replicas_path = ".status.replicas"),
    crd(
        printer_column(name = "Replicas", type = "integer", json_path = ".spec.replicas"),
        printer_column(name = "Ready", type = "string", json_path = ".status.conditions[?(@.type==\"Ready\")].status"),
        selectable_field = ".spec.eviction",
    ),
    kube
)]
pub struct CacheCluster {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub types: TypeMeta<Self>,
    /// The object's metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The cache the user asks for.
    pub spec: CacheClusterSpec,
    /// What the operator last saw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<CacheClusterStatus>,
}

/// A page of cache clusters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
pub struct CacheClusterList {
    /// The list's metadata.
    #[serde(default)]
    pub metadata: ListMeta,
    /// The cache clusters.
    pub items: Vec<CacheCluster>,
}

/// The cache the user asks for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct CacheClusterSpec {
    /// How many replicas serve the cache.
    #[kapi(minimum = 1, maximum = 9)]
    pub replicas: i32,
    /// The container image of each replica.
    #[kapi(min_length = 1, max_length = 256)]
    #[kapi(validation(rule = "!self.endsWith(':latest')", message = "pin the image to a version"))]
    pub image: String,
    /// What a full cache evicts.
    #[serde(default)]
    #[kapi(default = "LeastRecentlyUsed")]
    pub eviction: Eviction,
    /// The memory each replica holds data in.
    pub memory: Quantity,
    /// Serve over TLS with this certificate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tls: Option<Tls>,
}

/// What a full cache evicts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
pub enum Eviction {
    /// The least recently used keys.
    #[default]
    LeastRecentlyUsed,
    /// Nothing: writes fail until keys expire.
    NoEviction,
}

/// The certificate a cache serves with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct Tls {
    /// The Secret holding `tls.crt` and `tls.key`.
    #[kapi(min_length = 1)]
    pub secret_name: String,
}

/// What the operator last saw of a cache.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct CacheClusterStatus {
    /// Replicas running now.
    #[serde(default)]
    pub replicas: i32,
    /// The latest observations of the cache's state.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}
