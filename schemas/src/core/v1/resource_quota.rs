//! ResourceQuota: caps on the total resources and object counts of a namespace.

use std::collections::BTreeMap;

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
use kapi_meta::quantity::Quantity;

/// Caps on what the objects of a namespace may consume together, optionally only for objects in some scopes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/core/v1",
    group = "",
    version = "v1",
    short_names = ["quota"],
    list = ResourceQuotaList,
    status,
    delete_returns_object
)]
pub struct ResourceQuota {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The quota's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The caps wanted.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: ResourceQuotaSpec,
    /// The caps in force and what is used; written by the quota controller.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: ResourceQuotaStatus,
}

/// A page of resource quotas.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ResourceQuotaList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The resource quotas.
    #[kapi(proto = 2)]
    pub items: Vec<ResourceQuota>,
}

/// The caps of a quota and the objects they count.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ResourceQuotaSpec {
    /// The cap for each named resource, such as `requests.cpu` or `count/pods`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub hard: Option<BTreeMap<String, Quantity>>,
    /// Scopes an object must be in to be counted, such as `BestEffort` or `Terminating`; all objects when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub scopes: Option<Vec<String>>,
    /// Scope requirements an object must meet to be counted, with operators and values; must agree with
    /// `scopes`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub scope_selector: Option<ScopeSelector>,
}

/// The caps in force and the amounts used.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ResourceQuotaStatus {
    /// The cap enforced for each named resource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub hard: Option<BTreeMap<String, Quantity>>,
    /// What the namespace's counted objects currently use of each resource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub used: Option<BTreeMap<String, Quantity>>,
}

/// Scope requirements that must all hold for an object to be counted by a quota.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", map_type = "atomic")]
pub struct ScopeSelector {
    /// The requirements, all of which must hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub match_expressions: Option<Vec<ScopedResourceSelectorRequirement>>,
}

/// A requirement on a scope: the scope, an operator, and the values the operator compares with.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ScopedResourceSelectorRequirement {
    /// The scope the requirement is about, such as `PriorityClass`.
    #[kapi(proto = 1)]
    pub scope_name: String,
    /// How the scope relates to the values: `In`, `NotIn`, `Exists` or `DoesNotExist`.
    #[kapi(proto = 2)]
    pub operator: String,
    /// The values to compare with: not empty for `In` and `NotIn`, empty for `Exists` and `DoesNotExist`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub values: Option<Vec<String>>,
}
