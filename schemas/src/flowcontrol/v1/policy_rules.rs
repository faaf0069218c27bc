//! The rules a flow schema matches requests with: who sends them and what they ask for.

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// Requests from any of the subjects that match any of the resource or non-resource rules. At least one rule
/// must be given for the whole to match anything.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct PolicyRulesWithSubjects {
    /// The requesters matched; must not be empty. Required.
    #[kapi(proto = 1, list_type = "atomic")]
    pub subjects: Vec<Subject>,
    /// Requests for resources that match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub resource_rules: Option<Vec<ResourcePolicyRule>>,
    /// Requests for paths outside the resource API that match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub non_resource_rules: Option<Vec<NonResourcePolicyRule>>,
}

/// A requester: a user, a group or a service account, as `kind` says.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1", union(discriminator = "kind"))]
pub struct Subject {
    /// Which of the other fields is set: `User`, `Group` or `ServiceAccount`. Required.
    #[kapi(proto = 1)]
    pub kind: String,
    /// The user, for kind `User`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, union_member = "User")]
    pub user: Option<UserSubject>,
    /// The group, for kind `Group`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, union_member = "Group")]
    pub group: Option<GroupSubject>,
    /// The service account, for kind `ServiceAccount`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, union_member = "ServiceAccount")]
    pub service_account: Option<ServiceAccountSubject>,
}

/// A user, by name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct UserSubject {
    /// The user name; `*` matches every user. Required.
    #[kapi(proto = 1)]
    pub name: String,
}

/// A group of users, by name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct GroupSubject {
    /// The group name, such as `system:authenticated`; `*` matches every group. Required.
    #[kapi(proto = 1)]
    pub name: String,
}

/// A service account, by namespace and name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct ServiceAccountSubject {
    /// The service account's namespace. Required.
    #[kapi(proto = 1)]
    pub namespace: String,
    /// The service account's name; `*` matches every one in the namespace. Required.
    #[kapi(proto = 2)]
    pub name: String,
}

/// Matches requests for resources: a verb on a resource of a group, in a namespace or at cluster scope.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct ResourcePolicyRule {
    /// The verbs matched; `*` matches all and must then be the only entry. Required.
    #[kapi(proto = 1, list_type = "set")]
    pub verbs: Vec<String>,
    /// The API groups matched; `""` is the core group, `*` matches all and must then be the only entry.
    /// Required.
    #[kapi(proto = 2, list_type = "set")]
    pub api_groups: Vec<String>,
    /// The resources matched, lowercase and plural, optionally with a subresource (`pods/log`); `*` matches
    /// all and must then be the only entry. Required.
    #[kapi(proto = 3, list_type = "set")]
    pub resources: Vec<String>,
    /// Whether requests without a namespace (cluster-scoped resources, or lists across all namespaces) match;
    /// false when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub cluster_scope: Option<bool>,
    /// The namespaces whose requests match; `*` matches any namespace but not cluster-scoped requests. Either
    /// this or `clusterScope` must be set for the rule to match anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5, list_type = "set")]
    pub namespaces: Option<Vec<String>>,
}

/// Matches requests for paths outside the resource API, such as `/healthz`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct NonResourcePolicyRule {
    /// The verbs matched, such as `get`; `*` matches all and must then be the only entry. Required.
    #[kapi(proto = 1, list_type = "set")]
    pub verbs: Vec<String>,
    /// The URL paths matched: exact paths, or prefixes ending in `/*` (`/healthz/*`); `*` matches every path
    /// and must then be the only entry. Required.
    #[serde(rename = "nonResourceURLs")]
    #[kapi(proto = 6, list_type = "set")]
    pub non_resource_urls: Vec<String>,
}
