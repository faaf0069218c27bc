//! MutatingAdmissionPolicyBinding: puts a mutating admission policy to use.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use super::matching::{MatchResources, ParamRef};
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// Puts a mutating admission policy to use: which requests it changes and with which parameters.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/admissionregistration/v1alpha1",
    group = "admissionregistration.k8s.io",
    version = "v1alpha1",
    scope = "Cluster",
    categories = ["api-extensions"],
    list = MutatingAdmissionPolicyBindingList
)]
pub struct MutatingAdmissionPolicyBinding {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The binding's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The policy bound, its parameters and the narrower match.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: MutatingAdmissionPolicyBindingSpec,
}

/// A page of mutating admission policy bindings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/admissionregistration/v1alpha1")]
pub struct MutatingAdmissionPolicyBindingList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The bindings.
    #[kapi(proto = 2)]
    pub items: Vec<MutatingAdmissionPolicyBinding>,
}

/// What a binding applies and to which requests.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/admissionregistration/v1alpha1")]
pub struct MutatingAdmissionPolicyBindingSpec {
    /// The name of the policy bound; a binding to a missing policy does nothing. Required.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub policy_name: Option<String>,
    /// The parameter objects handed to the policy; must be left out when the policy has no parameter kind, and
    /// set when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub param_ref: Option<ParamRef>,
    /// Narrows the requests the policy is applied to; only requests the policy's own match constraints also
    /// accept are changed. Only CREATE, UPDATE and CONNECT can be matched. Left out, the policy's constraints
    /// alone decide.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub match_resources: Option<MatchResources>,
}
