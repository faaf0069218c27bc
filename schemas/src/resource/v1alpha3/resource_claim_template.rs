//! Resource claim templates: the pattern from which a claim is made for each pod that refers to it.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use super::resource_claim::ResourceClaimSpec;
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// The pattern of the ResourceClaims the control plane creates for pods that refer to the template. Needs the
/// DynamicResourceAllocation feature gate.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/resource/v1alpha3",
    group = "resource.k8s.io",
    version = "v1alpha3",
    list = ResourceClaimTemplateList,
    delete_returns_object
)]
pub struct ResourceClaimTemplate {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The template's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The claim to create. Immutable; a claim, once created for a pod, is not updated from the template.
    #[kapi(proto = 2)]
    pub spec: ResourceClaimTemplateSpec,
}

/// A page of resource claim templates.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1alpha3")]
pub struct ResourceClaimTemplateList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The resource claim templates.
    #[kapi(proto = 2)]
    pub items: Vec<ResourceClaimTemplate>,
}

/// The metadata and spec of the claims made from a template.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1alpha3")]
pub struct ResourceClaimTemplateSpec {
    /// Labels and annotations copied to each claim; validation rejects any other metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The spec of each claim, copied as is; it is validated as a claim's would be.
    #[kapi(proto = 2)]
    pub spec: ResourceClaimSpec,
}
