//! Rules naming the API requests a webhook or policy applies to. Go's other admissionregistration versions use
//! these very types.

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// A set of resources: the groups, versions and resources listed, in the given scope. A request matches when
/// each list contains its value (or `*`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/admissionregistration/v1")]
pub struct Rule {
    /// The API groups; `""` is the core group and `*` any group. Required.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub api_groups: Option<Vec<String>>,
    /// The API versions; `*` is any version. Required.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub api_versions: Option<Vec<String>>,
    /// The resources, such as `pods`, or subresources, such as `pods/status`. `*` is every resource but no
    /// subresource, `*/*` everything, `pods/*` every subresource of pods and `*/scale` that subresource of any
    /// resource. Required.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub resources: Option<Vec<String>>,
    /// Where the resources live: `Cluster` (cluster-scoped only), `Namespaced` (namespaced only) or `*` (both,
    /// the default). Subresources share their resource's scope.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub scope: Option<String>,
}

/// A rule together with the operations on its resources it covers. Every operation and resource should be
/// named, including ones added later, so that new features stay covered.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/admissionregistration/v1")]
pub struct RuleWithOperations {
    /// The operations: `CREATE`, `UPDATE`, `DELETE`, `CONNECT`, or `*` for all of them and any added later.
    /// Required.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub operations: Option<Vec<String>>,
    /// The resources the operations apply to.
    #[serde(flatten)]
    #[kapi(proto = 2)]
    pub rule: Rule,
}
