//! LimitRange: per-namespace bounds and defaults for the resources of pods, containers and claims.

use std::collections::BTreeMap;

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
use kapi_meta::quantity::Quantity;

/// Bounds and defaults that admission applies to the resources of the objects created in its namespace.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", group = "", version = "v1", short_names = ["limits"], list = LimitRangeList)]
pub struct LimitRange {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The limit range's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The limits enforced.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: LimitRangeSpec,
}

/// A page of limit ranges.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct LimitRangeList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The limit ranges.
    #[kapi(proto = 2)]
    pub items: Vec<LimitRange>,
}

/// The limits of a limit range.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct LimitRangeSpec {
    /// One entry per kind of object limited.
    #[kapi(proto = 1, list_type = "atomic")]
    pub limits: Vec<LimitRangeItem>,
}

/// Bounds and defaults for one kind of object, by resource name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct LimitRangeItem {
    /// What is limited: `Pod`, `Container` or `PersistentVolumeClaim`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// The most of each resource the object may use.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub max: Option<BTreeMap<String, Quantity>>,
    /// The least of each resource the object may use.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub min: Option<BTreeMap<String, Quantity>>,
    /// The limit given to each resource when the object sets none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub default: Option<BTreeMap<String, Quantity>>,
    /// The request given to each resource when the object sets none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub default_request: Option<BTreeMap<String, Quantity>>,
    /// The largest ratio of limit to request allowed for each resource: limit divided by request may not exceed
    /// it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub max_limit_request_ratio: Option<BTreeMap<String, Quantity>>,
}
