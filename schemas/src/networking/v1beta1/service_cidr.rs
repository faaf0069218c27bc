//! Service CIDRs: the IP ranges Services' cluster IPs are allocated from.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{Condition, ListMeta, ObjectMeta, TypeMeta};

/// An IP range, written as a CIDR (`192.168.0.0/24`, `2001:db2::/64`), from which Services get cluster IPs.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/networking/v1beta1",
    group = "networking.k8s.io",
    version = "v1beta1",
    plural = "servicecidrs",
    singular = "servicecidr",
    scope = "Cluster",
    list = ServiceCIDRList,
    status
)]
pub struct ServiceCIDR {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The range's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The ranges wanted.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: ServiceCIDRSpec,
    /// Whether the ranges are in use, as the API server last reported.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: ServiceCIDRStatus,
}

/// A page of service CIDRs.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1beta1")]
pub struct ServiceCIDRList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The service CIDRs.
    #[kapi(proto = 2)]
    pub items: Vec<ServiceCIDR>,
}

/// The ranges a ServiceCIDR offers for cluster IPs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1beta1")]
pub struct ServiceCIDRSpec {
    /// The ranges in CIDR notation: at most two, one per IP family. Immutable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub cidrs: Option<Vec<String>>,
}

/// What the API server last observed about a ServiceCIDR.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1beta1")]
pub struct ServiceCIDRStatus {
    /// The range's conditions, one per type; `Ready` says whether addresses may be allocated from it (it is
    /// false, with reason `Terminating`, while the range is being deleted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 1,
        list_type = "map",
        list_map_keys = ["type"],
        patch_strategy = "merge",
        patch_merge_key = "type"
    )]
    pub conditions: Option<Vec<Condition>>,
}
