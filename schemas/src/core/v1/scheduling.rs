//! Smaller parts of a pod spec: tolerations, topology spread, scheduling and readiness gates, the operating
//! system, DNS settings and host aliases.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::LabelSelector;

/// Lets a pod be placed on (or stay on) nodes with a matching taint.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct Toleration {
    /// The taint key this toleration matches; empty matches every key, which requires operator `Exists`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub key: Option<String>,
    /// `Equal` (the default) compares `value`; `Exists` matches any value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub operator: Option<String>,
    /// The taint value to match; leave it empty with operator `Exists`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub value: Option<String>,
    /// The taint effect to match: `NoSchedule`, `PreferNoSchedule` or `NoExecute`; empty matches all three.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub effect: Option<String>,
    /// For `NoExecute` taints only: how many seconds the pod may stay after the taint appears. Unset means
    /// forever; zero or less means evict at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub toleration_seconds: Option<i64>,
}

/// How evenly matching pods must be spread over the domains of a topology (nodes, zones, …).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct TopologySpreadConstraint {
    /// How far the count of matching pods in any domain may exceed the count in the emptiest eligible
    /// domain (counted as 0 when there are fewer eligible domains than `minDomains`). With
    /// `DoNotSchedule` it is a hard limit; with `ScheduleAnyway` domains that reduce the skew are preferred. At
    /// least 1.
    ///
    /// Example: pods spread 2/2/1 over three zones with a skew of 1 can only go to the third zone.
    #[kapi(proto = 1)]
    pub max_skew: i32,
    /// The node label whose values define the domains, such as `kubernetes.io/hostname` (one domain per node)
    /// or `topology.kubernetes.io/zone`. Only nodes passing `nodeAffinityPolicy` and `nodeTaintsPolicy` count as
    /// eligible.
    #[kapi(proto = 2)]
    pub topology_key: String,
    /// What to do with a pod no placement of which keeps the skew within `maxSkew`: `DoNotSchedule` (leave it
    /// pending) or `ScheduleAnyway` (place it, preferring domains that reduce the skew).
    #[kapi(proto = 3)]
    pub when_unsatisfiable: String,
    /// Which pods are counted in each domain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub label_selector: Option<LabelSelector>,
    /// The number of eligible domains below which the emptiest domain counts as holding 0 pods, so the
    /// scheduler places no more than `maxSkew` pods in each domain. 1 when unset; requires `DoNotSchedule`.
    ///
    /// Example: with three zones holding 2/2/2 pods, a skew of 2 and 5 minimum domains, no new pod fits, since
    /// any zone would reach a skew of 3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub min_domains: Option<i32>,
    /// Whether the pod's node affinity and node selector limit the nodes counted: `Honor` (the default when
    /// unset) counts only nodes they accept, `Ignore` counts all nodes. Beta, behind the
    /// NodeInclusionPolicyInPodTopologySpread feature (on by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub node_affinity_policy: Option<String>,
    /// Whether node taints limit the nodes counted: `Honor` counts untainted nodes and those whose taints the
    /// pod tolerates, `Ignore` (the default when unset) counts all nodes. Beta, behind the
    /// NodeInclusionPolicyInPodTopologySpread feature (on by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub node_taints_policy: Option<String>,
    /// Label keys whose values are taken from the incoming pod and added to `labelSelector`, so only pods
    /// sharing them are counted; keys the pod lacks are skipped. Needs `labelSelector`, and a key may not appear
    /// in both. Beta, behind the MatchLabelKeysInPodTopologySpread feature (on by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8, list_type = "atomic")]
    pub match_label_keys: Option<Vec<String>>,
}

/// A gate that holds a pod back from scheduling until it is removed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodSchedulingGate {
    /// The gate's name, unique in the pod.
    #[kapi(proto = 1)]
    pub name: String,
}

/// An extra pod condition that must be true before the pod counts as ready.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodReadinessGate {
    /// The type of the pod condition to wait for.
    #[kapi(proto = 1)]
    pub condition_type: String,
}

/// The operating system a pod's containers need.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodOS {
    /// The operating system: `linux` or `windows` today; other values from the OCI runtime spec's platform list
    /// may follow, and clients should treat values they do not know like an unset `os`.
    #[kapi(proto = 1)]
    pub name: String,
}

/// DNS settings of a pod, merged into those its `dnsPolicy` produces.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodDNSConfig {
    /// Name server IP addresses, appended to the policy's; duplicates are dropped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub nameservers: Option<Vec<String>>,
    /// Search domains for short host names, appended to the policy's; duplicates are dropped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub searches: Option<Vec<String>>,
    /// Resolver options, merged with the policy's; an option given here replaces the policy's option of the same
    /// name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub options: Option<Vec<PodDNSConfigOption>>,
}

/// One resolver option (a `resolv.conf` `options` entry) of a pod.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodDNSConfigOption {
    /// The option's name, such as `ndots`. Needed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub name: Option<String>,
    /// The option's value, if it takes one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub value: Option<String>,
}

/// An entry written into the pod's hosts file: an IP address and the names that resolve to it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct HostAlias {
    /// The IP address.
    #[kapi(proto = 1)]
    pub ip: String,
    /// The host names for the address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub hostnames: Option<Vec<String>>,
}
