//! ValidatingAdmissionPolicy and its binding, which v1 and v1beta1 both serve with the same shape.

/// Writes the ValidatingAdmissionPolicy kinds (policy, binding, their lists, specs and status) and the types
/// only they use, for the Go package `$package` of `admissionregistration.k8s.io/$version`, into the invoking
/// module. The matching types and `MatchCondition` come from the parent module. Long attributes are split into
/// several single-line ones: rustfmt re-indents a multi-line attribute in a macro body on every run.
macro_rules! validating_policy_types {
    ($package:tt, $version:tt) => {
        use kapi::{Resource, Schema};
        use serde::{Deserialize, Serialize};

        use super::{MatchCondition, MatchResources, ParamKind, ParamRef};
        use kapi_meta::meta::v1::{Condition, ListMeta, ObjectMeta, TypeMeta};

        /// Checks requests with CEL expressions evaluated in the API server, without calling out to a
        /// webhook. A policy does nothing until a binding puts it to use.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package, group = "admissionregistration.k8s.io", version = $version, scope = "Cluster")]
        #[kapi(categories = ["api-extensions"], list = ValidatingAdmissionPolicyList, status)]
        pub struct ValidatingAdmissionPolicy {
            /// The object's API version and kind.
            #[serde(flatten)]
            pub type_meta: TypeMeta,
            /// The policy's metadata.
            #[serde(default)]
            #[kapi(proto = 1)]
            pub metadata: ObjectMeta,
            /// What the policy checks and on which requests.
            #[serde(default)]
            #[kapi(proto = 2)]
            pub spec: ValidatingAdmissionPolicySpec,
            /// What the API server found when it last checked the policy; written by the system.
            #[serde(default)]
            #[kapi(proto = 3)]
            pub status: ValidatingAdmissionPolicyStatus,
        }

        /// A page of validating admission policies.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package)]
        pub struct ValidatingAdmissionPolicyList {
            /// The object's API version and kind.
            #[serde(flatten)]
            pub type_meta: TypeMeta,
            /// The list's metadata: resource version and continuation token.
            #[serde(default)]
            #[kapi(proto = 1)]
            pub metadata: ListMeta,
            /// The policies.
            #[kapi(proto = 2)]
            pub items: Vec<ValidatingAdmissionPolicy>,
        }

        /// The checks of a validating admission policy and the requests they apply to.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package)]
        pub struct ValidatingAdmissionPolicySpec {
            /// The kind of the parameter objects the expressions read as `params`. Left out, the policy takes
            /// no parameters and its bindings must not name any.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 1)]
            pub param_kind: Option<ParamKind>,
            /// The requests the policy may apply to at all; a binding can only narrow them. Required.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 2)]
            pub match_constraints: Option<MatchResources>,
            /// The CEL checks; a request fails the policy when any of them is false. `validations` or
            /// `auditAnnotations` must not be empty.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 3, list_type = "atomic")]
            pub validations: Option<Vec<Validation>>,
            /// What an expression that fails to evaluate, or a misconfigured policy or binding, does: `Fail`
            /// (the default) rejects the request, `Ignore` lets it through. Checks that evaluate to false are
            /// handled by the binding's validation actions instead.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 4)]
            pub failure_policy: Option<String>,
            /// Values computed by CEL that are recorded in the audit event of matching requests.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 5, list_type = "atomic")]
            pub audit_annotations: Option<Vec<AuditAnnotation>>,
            /// Further CEL conditions a request must meet, after `matchConstraints`, for the policy to run (at
            /// most 64). Any false condition skips the policy; an evaluation error with none false is handled
            /// by the failure policy.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 6, list_type = "map", list_map_keys = ["name"])]
            #[kapi(patch_strategy = "merge", patch_merge_key = "name")]
            pub match_conditions: Option<Vec<MatchCondition>>,
            /// Named CEL expressions the other expressions can read as `variables.<name>`; evaluated lazily and
            /// in order, so a variable may use the ones before it.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 7, list_type = "map", list_map_keys = ["name"])]
            #[kapi(patch_strategy = "merge", patch_merge_key = "name")]
            pub variables: Option<Vec<Variable>>,
        }

        /// What the API server found about a validating admission policy.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package)]
        pub struct ValidatingAdmissionPolicyStatus {
            /// The generation of the policy the server last checked.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 1)]
            pub observed_generation: Option<i64>,
            /// The result of type-checking the policy's expressions.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 2)]
            pub type_checking: Option<TypeChecking>,
            /// The latest observations of the policy's state, one per condition type.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 3, list_type = "map", list_map_keys = ["type"])]
            pub conditions: Option<Vec<Condition>>,
        }

        /// The outcome of type-checking a policy's expressions against the kinds it matches.
        #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package)]
        pub struct TypeChecking {
            /// One warning per expression that did not type-check.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 1, list_type = "atomic")]
            pub expression_warnings: Option<Vec<ExpressionWarning>>,
        }

        /// A type-checking problem of one expression.
        #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package)]
        pub struct ExpressionWarning {
            /// The path of the field holding the expression, such as `spec.validations[0].expression`.
            #[kapi(proto = 2)]
            pub field_ref: String,
            /// The compiler's findings, readable by people: per line, the type checked against and the error.
            #[kapi(proto = 3)]
            pub warning: String,
        }

        /// One CEL check of a validating admission policy.
        #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package)]
        pub struct Validation {
            /// A CEL expression that must be true for the request to pass. It can read `object`, `oldObject`
            /// (null on create and delete respectively), `request`, `params`, `namespaceObject`, `variables`
            /// and `authorizer`; of an object's metadata only the name, generated name, kind and API version.
            /// Property names that are not CEL identifiers are escaped (`-` as `__dash__`, `.` as `__dot__`,
            /// ...). Required.
            #[kapi(proto = 1, proto_name = "Expression")]
            pub expression: String,
            /// The message returned when the check fails; one line. Required when the expression spans
            /// several lines; otherwise it defaults to one quoting the expression.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 2)]
            pub message: Option<String>,
            /// The status reason returned, with its HTTP code, when this is the first check to fail:
            /// `Unauthorized`, `Forbidden`, `Invalid` (the default) or `RequestEntityTooLarge`.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 3)]
            pub reason: Option<String>,
            /// A CEL expression giving the failure message as a string; takes precedence over `message`. When
            /// it errs or yields an empty or multi-line string, the message is built as if it were absent. It
            /// sees the same variables as `expression` except `authorizer`.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 4)]
            pub message_expression: Option<String>,
        }

        /// A named CEL expression whose value other expressions of the policy can use.
        #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package, map_type = "atomic")]
        pub struct Variable {
            /// The variable's name: a CEL identifier, unique within the policy; read as `variables.<name>`.
            #[kapi(proto = 1, proto_name = "Name")]
            pub name: String,
            /// The CEL expression giving the value; it sees the same variables as a validation's expression.
            #[kapi(proto = 2, proto_name = "Expression")]
            pub expression: String,
        }

        /// An annotation added to the audit event of requests the policy evaluates.
        #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package)]
        pub struct AuditAnnotation {
            /// The annotation key, unique within the policy: a qualified name of at most 63 bytes. The audit
            /// event carries it as `<policy name>/<key>`; when a webhook writes the same key, the first value
            /// written wins. Required.
            #[kapi(proto = 1)]
            pub key: String,
            /// A CEL expression giving the annotation's value, a string or null (null or empty leaves the
            /// annotation out). At most 5 KB long; values above 10 KB are cut. With several matching bindings,
            /// the distinct values are joined with commas. Required.
            #[kapi(proto = 2)]
            pub value_expression: String,
        }

        /// Puts a validating admission policy to use: which requests, with which parameters, and what failed
        /// checks do.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package, group = "admissionregistration.k8s.io", version = $version, scope = "Cluster")]
        #[kapi(categories = ["api-extensions"], list = ValidatingAdmissionPolicyBindingList)]
        pub struct ValidatingAdmissionPolicyBinding {
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
            pub spec: ValidatingAdmissionPolicyBindingSpec,
        }

        /// A page of validating admission policy bindings.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package)]
        pub struct ValidatingAdmissionPolicyBindingList {
            /// The object's API version and kind.
            #[serde(flatten)]
            pub type_meta: TypeMeta,
            /// The list's metadata: resource version and continuation token.
            #[serde(default)]
            #[kapi(proto = 1)]
            pub metadata: ListMeta,
            /// The bindings.
            #[kapi(proto = 2)]
            pub items: Vec<ValidatingAdmissionPolicyBinding>,
        }

        /// What a binding applies and how.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package)]
        pub struct ValidatingAdmissionPolicyBindingSpec {
            /// The name of the policy bound; a binding to a missing policy does nothing. Required.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 1)]
            pub policy_name: Option<String>,
            /// The parameter objects handed to the policy; must be left out when the policy has no parameter
            /// kind, and set when it has one.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 2)]
            pub param_ref: Option<ParamRef>,
            /// Narrows the requests the policy is applied to; only requests the policy's own match constraints
            /// also accept are checked. Left out, the policy's constraints alone decide.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 3)]
            pub match_resources: Option<MatchResources>,
            /// What a failed check does: `Deny` rejects the request, `Warn` returns a warning to the client,
            /// `Audit` records the failure in the audit event. Each at most once; `Deny` and `Warn` not
            /// together. Required.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 4, list_type = "set")]
            pub validation_actions: Option<Vec<String>>,
        }
    };
}

pub(crate) use validating_policy_types;
