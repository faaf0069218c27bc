//! A job's failure and success policies: rules that end a job early or change how failed pods count.

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// Rules matched against each failed pod, in order; the first matching rule decides what the failure means.
/// Failures no rule matches count against the job's `backoffLimit`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/batch/v1")]
pub struct PodFailurePolicy {
    /// The rules, at most 20, checked in order.
    #[kapi(proto = 1, list_type = "atomic")]
    pub rules: Vec<PodFailurePolicyRule>,
}

/// What to do with a failed pod matching exit codes or pod conditions; exactly one of `onExitCodes` and
/// `onPodConditions` is set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/batch/v1")]
pub struct PodFailurePolicyRule {
    /// `FailJob` fails the job and stops its pods; `FailIndex` fails only the pod's index (needs
    /// `backoffLimitPerIndex`); `Ignore` does not count the failure, and a replacement is created; `Count`
    /// counts it against `backoffLimit` as usual. Clients should tolerate values added later.
    #[kapi(proto = 1)]
    pub action: String,
    /// Matches by the exit codes of the pod's containers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub on_exit_codes: Option<PodFailurePolicyOnExitCodesRequirement>,
    /// Matches when the pod has any of these conditions (at most 20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub on_pod_conditions: Option<Vec<PodFailurePolicyOnPodConditionsPattern>>,
}

/// Matches a failed pod by the exit codes of its terminated containers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/batch/v1")]
pub struct PodFailurePolicyOnExitCodesRequirement {
    /// Only look at the container with this name; left out, every container (not init containers) is checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub container_name: Option<String>,
    /// `In`: some container exited with one of `values`. `NotIn`: some container exited with a code outside
    /// them. Exit code 0 never matches. Clients should tolerate operators added later.
    #[kapi(proto = 2)]
    pub operator: String,
    /// The exit codes, unique, sorted and at most 255; 0 is not allowed with `In`.
    #[kapi(proto = 3, list_type = "set")]
    pub values: Vec<i32>,
}

/// Matches a failed pod by one of its conditions.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/batch/v1")]
pub struct PodFailurePolicyOnPodConditionsPattern {
    /// The pod condition type to look for.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// The status the condition must have; `True` when left empty.
    #[kapi(proto = 2)]
    pub status: String,
}

/// Lets an indexed job succeed before every index has finished: the first matching rule declares it done.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/batch/v1")]
pub struct SuccessPolicy {
    /// The rules, at most 20, checked in order. When one is met the job gets a `SuccessCriteriaMet` condition
    /// and its remaining pods are stopped.
    #[kapi(proto = 1, list_type = "atomic")]
    pub rules: Vec<SuccessPolicyRule>,
}

/// One condition for an early success; at least one of its fields is set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/batch/v1")]
pub struct SuccessPolicyRule {
    /// The indexes that must all succeed, as sorted ranges such as `0,3-5` below `completions`. With
    /// `succeededCount`, only that many of them need to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub succeeded_indexes: Option<String>,
    /// How many indexes (out of `succeededIndexes` if given, else all) must succeed; at most `completions`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub succeeded_count: Option<i32>,
}
