//! The request-matching types every admissionregistration version repeats: which resources, namespaces and
//! objects a policy applies to, and where its parameters come from.

/// Writes `MatchResources`, `NamedRuleWithOperations`, `ParamKind` and `ParamRef` for the Go package `$package`
/// into the invoking module. The rule fields come from v1's `RuleWithOperations`, which Go's other versions alias.
macro_rules! matching_types {
    ($package:tt) => {
        use kapi::Schema;
        use serde::{Deserialize, Serialize};

        use crate::admissionregistration::v1::rules::RuleWithOperations;
        use kapi_meta::meta::v1::LabelSelector;

        /// Which requests an admission policy looks at. A request excluded by `excludeResourceRules` is skipped
        /// even when it also matches `resourceRules`.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package, map_type = "atomic")]
        pub struct MatchResources {
            /// Labels the object's namespace must have (a Namespace object is matched on its own labels; other
            /// cluster-scoped objects always pass). Left out, every namespace matches.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 1)]
            pub namespace_selector: Option<LabelSelector>,
            /// Labels the object itself must have; the old and the new object are both tried and either may
            /// match. Objects without labels never match. Left out, every object matches. Only fit for opt-in
            /// policies, since whoever writes the object controls its labels.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 2)]
            pub object_selector: Option<LabelSelector>,
            /// The operations on resources and subresources the policy applies to; matching any one rule is
            /// enough.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 3, list_type = "atomic")]
            pub resource_rules: Option<Vec<NamedRuleWithOperations>>,
            /// Operations on resources the policy leaves alone, even when `resourceRules` names them.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 4, list_type = "atomic")]
            pub exclude_resource_rules: Option<Vec<NamedRuleWithOperations>>,
            /// `Exact` matches only requests in the group-versions the rules name; `Equivalent` (the default)
            /// also matches the same resource reached through another group or version, converted to a named
            /// one.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 7)]
            pub match_policy: Option<String>,
        }

        /// A rule of operations and resources, optionally narrowed to objects with given names.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package, map_type = "atomic")]
        pub struct NamedRuleWithOperations {
            /// The object names the rule is limited to; empty means any name.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 1, list_type = "atomic")]
            pub resource_names: Option<Vec<String>>,
            /// The operations, groups, versions, resources and scope of the rule.
            #[serde(flatten)]
            #[kapi(proto = 2)]
            pub rule_with_operations: RuleWithOperations,
        }

        /// The kind of the objects a policy takes its parameters from.
        #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package, map_type = "atomic")]
        pub struct ParamKind {
            /// The group and version of the parameter kind, such as `apps/v1`.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 1)]
            pub api_version: Option<String>,
            /// The parameter kind, such as `ConfigMap`.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 2)]
            pub kind: Option<String>,
        }

        /// Which parameter objects a binding hands to its policy: one by name, or every object a selector
        /// matches (the policy is then evaluated once per object).
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
        #[serde(rename_all = "camelCase")]
        #[kapi(package = $package, map_type = "atomic")]
        pub struct ParamRef {
            /// The name of the one parameter object to use; excludes `selector`.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 1)]
            pub name: Option<String>,
            /// The namespace of namespaced parameter objects. Left out, the namespace of the request's object
            /// is used (and a cluster-scoped object then finds no parameters); must be left out when the
            /// parameter kind is cluster-scoped.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 2)]
            pub namespace: Option<String>,
            /// Labels that pick the parameter objects; an empty selector picks every object of the kind.
            /// Excludes `name`.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 3)]
            pub selector: Option<LabelSelector>,
            /// What happens when no parameter object is found: `Allow` treats the request as passing, `Deny`
            /// applies the failure policy. Required in bindings.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            #[kapi(proto = 4)]
            pub parameter_not_found_action: Option<String>,
        }
    };
}

pub(crate) use matching_types;
