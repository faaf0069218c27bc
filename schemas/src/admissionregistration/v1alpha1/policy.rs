//! MutatingAdmissionPolicy: changes the objects of requests with CEL, in the API server.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use super::{
    match_condition::MatchCondition,
    matching::{MatchResources, ParamKind},
};
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// Changes the objects of matching requests with CEL expressions evaluated in the API server, without calling
/// out to a webhook. A policy does nothing until a binding puts it to use.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/admissionregistration/v1alpha1",
    group = "admissionregistration.k8s.io",
    version = "v1alpha1",
    scope = "Cluster",
    categories = ["api-extensions"],
    list = MutatingAdmissionPolicyList
)]
pub struct MutatingAdmissionPolicy {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The policy's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// What the policy changes and on which requests.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: MutatingAdmissionPolicySpec,
}

/// A page of mutating admission policies.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/admissionregistration/v1alpha1")]
pub struct MutatingAdmissionPolicyList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The policies.
    #[kapi(proto = 2)]
    pub items: Vec<MutatingAdmissionPolicy>,
}

/// The mutations of a policy and the requests they apply to.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/admissionregistration/v1alpha1")]
pub struct MutatingAdmissionPolicySpec {
    /// The kind of the parameter objects the expressions read as `params`. Left out, the policy takes no
    /// parameters and its bindings must not name any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub param_kind: Option<ParamKind>,
    /// The requests the policy may apply to at all; a binding can only narrow them. Only CREATE, UPDATE and
    /// CONNECT operations can be matched. Required.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub match_constraints: Option<MatchResources>,
    /// Named CEL expressions the other expressions can read as `variables.<name>`; evaluated lazily and in
    /// order, so a variable may use the ones before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub variables: Option<Vec<Variable>>,
    /// The changes to make, applied in order; each sees the result of the ones before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "atomic")]
    pub mutations: Option<Vec<Mutation>>,
    /// What an expression that fails to evaluate, or a misconfigured policy or binding, does: `Fail` (the
    /// default) rejects the request, `Ignore` lets it through unchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub failure_policy: Option<String>,
    /// Further CEL conditions a request must meet, after `matchConstraints`, for the policy to run (at most
    /// 64). Any false condition skips the policy; an evaluation error with none false is handled by the failure
    /// policy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 6,
        list_type = "map",
        list_map_keys = ["name"],
        patch_strategy = "merge",
        patch_merge_key = "name"
    )]
    pub match_conditions: Option<Vec<MatchCondition>>,
    /// Whether the policy runs again when later admission plugins changed the object: `Never` or `IfNeeded`,
    /// which runs it at least once more (so its mutations must be idempotent). Required.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub reinvocation_policy: Option<String>,
}

/// One change a mutating admission policy makes, written as an apply configuration or a JSON patch.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/admissionregistration/v1alpha1")]
pub struct Mutation {
    /// How the change is written: `ApplyConfiguration` or `JSONPatch`, naming the field that holds it.
    /// Required.
    #[kapi(proto = 2)]
    pub patch_type: String,
    /// The change as an apply configuration merged into the object; for patch type `ApplyConfiguration`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub apply_configuration: Option<ApplyConfiguration>,
    /// The change as JSON patch operations; for patch type `JSONPatch`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub json_patch: Option<JSONPatch>,
}

/// A change expressed as an apply configuration, merged into the object with server-side apply's structured
/// merge rules.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/admissionregistration/v1alpha1")]
pub struct ApplyConfiguration {
    /// A CEL expression giving an object literal of the request's kind (such as `Object{spec: Object.spec{...}}`)
    /// that holds only the fields to set. It can read `object`, `oldObject`, `request`, `params`,
    /// `namespaceObject`, `variables` and `authorizer`. Required.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub expression: Option<String>,
}

/// A change expressed as JSON patch (RFC 6902) operations.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/admissionregistration/v1alpha1")]
pub struct JSONPatch {
    /// A CEL expression giving a list of `JSONPatch{op: ..., path: ..., value: ...}` operations, applied in
    /// order. It can read the same variables as an apply configuration's expression, plus helpers to escape
    /// path keys. Required.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub expression: Option<String>,
}

/// A named CEL expression whose value other expressions of the policy can use.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/admissionregistration/v1alpha1")]
pub struct Variable {
    /// The variable's name: a CEL identifier, unique within the policy; read as `variables.<name>`.
    #[kapi(proto = 1, proto_name = "Name")]
    pub name: String,
    /// The CEL expression giving the value; it sees the same variables as the mutations' expressions.
    #[kapi(proto = 2, proto_name = "Expression")]
    pub expression: String,
}
