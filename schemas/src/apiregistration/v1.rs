//! `k8s.io/kube-aggregator/pkg/apis/apiregistration/v1` (group `apiregistration.k8s.io`): APIService.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};

/// Tells the aggregator which server answers for one group-version, named `<version>.<group>`. Without a
/// service, the group-version is served locally.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1",
    group = "apiregistration.k8s.io",
    version = "v1",
    scope = "Cluster",
    categories = ["api-extensions"],
    list = APIServiceList,
    status
)]
pub struct APIService {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The registration's metadata; the name is `<version>.<group>`.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// Which group-version is served, by whom, and how it ranks in discovery.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: APIServiceSpec,
    /// Whether the backing server is reachable and serving.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: APIServiceStatus,
}

/// A page of API services.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1")]
pub struct APIServiceList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The API services.
    #[kapi(proto = 2)]
    pub items: Vec<APIService>,
}

/// The server behind a group-version, how to trust it, and the priorities discovery orders by. TLS to the
/// server is always used.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1")]
pub struct APIServiceSpec {
    /// The service in front of the server; left out, the group-version is handled by this API server itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub service: Option<ServiceReference>,
    /// The API group served.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub group: Option<String>,
    /// The API version served, such as `v1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub version: Option<String>,
    /// Skips verifying the server's certificate. Strongly discouraged: give `caBundle` instead.
    #[serde(rename = "insecureSkipTLSVerify", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub insecure_skip_tls_verify: Option<bool>,
    /// PEM-encoded CA certificates to verify the server's serving certificate with; the system's trust roots
    /// when left out.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "kapi_meta::byte_string::optional")]
    #[kapi(proto = 5, bytes, list_type = "atomic")]
    pub ca_bundle: Option<Vec<u8>>,
    /// The least priority the whole group gets: groups are listed highest first, then by name. Built-in
    /// `*.k8s.io` groups sit around 18000; platforms on top of Kubernetes are advised to use the 2000s.
    #[kapi(proto = 7)]
    pub group_priority_minimum: i32,
    /// The order of this version within its group, highest first; must be above zero. Equal priorities are
    /// ordered by Kubernetes' version rules (v10 above v2, GA above beta above alpha), then by name.
    #[kapi(proto = 8)]
    pub version_priority: i32,
}

/// The service an aggregated API server is reached through.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1")]
pub struct ServiceReference {
    /// The service's namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub namespace: Option<String>,
    /// The service's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub name: Option<String>,
    /// The service port to connect to, 1 to 65535; 443 when left out, for compatibility.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub port: Option<i32>,
}

/// Whether an API service is available.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1")]
pub struct APIServiceStatus {
    /// The latest observations of the service's state, one per condition type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 1,
        list_type = "map",
        list_map_keys = ["type"],
        patch_strategy = "merge",
        patch_merge_key = "type"
    )]
    pub conditions: Option<Vec<APIServiceCondition>>,
}

/// One aspect of an API service's state at some point in time.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1")]
pub struct APIServiceCondition {
    /// The condition's type, such as `Available`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// Whether the condition holds: `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: String,
    /// When the condition last changed its status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub last_transition_time: Option<Time>,
    /// A one-word, CamelCase reason for the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub reason: Option<String>,
    /// A human-readable explanation of the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub message: Option<String>,
}
