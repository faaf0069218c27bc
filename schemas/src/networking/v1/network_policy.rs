//! Network policies: which traffic may reach, and leave, a set of pods.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::intstr::IntOrString;
use kapi_meta::meta::v1::{LabelSelector, ListMeta, ObjectMeta, TypeMeta};

/// Restricts the traffic of the pods it selects. Pods no policy selects accept and send anything; once a policy
/// selects a pod for a direction, only traffic some policy allows passes in that direction. Enforced by the
/// cluster's network plugin.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/networking/v1",
    group = "networking.k8s.io",
    version = "v1",
    plural = "networkpolicies",
    short_names = ["netpol"],
    list = NetworkPolicyList
)]
pub struct NetworkPolicy {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The policy's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// Which pods the policy covers and what it lets through.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: NetworkPolicySpec,
}

/// A page of network policies.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct NetworkPolicyList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The network policies.
    #[kapi(proto = 2)]
    pub items: Vec<NetworkPolicy>,
}

/// The pods a policy covers and the traffic it allows them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct NetworkPolicySpec {
    /// The pods of the policy's namespace it applies to; an empty selector picks all of them. Several
    /// policies may select the same pod; their allowances add up.
    #[kapi(proto = 1)]
    pub pod_selector: LabelSelector,
    /// Incoming traffic allowed, as rules any one of which lets a connection in. Applies when `policyTypes`
    /// includes `Ingress`; with no rules, nothing gets in (unless another policy allows it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub ingress: Option<Vec<NetworkPolicyIngressRule>>,
    /// Outgoing traffic allowed, as rules any one of which lets a connection out. Applies when `policyTypes`
    /// includes `Egress`; with no rules, nothing gets out (unless another policy allows it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub egress: Option<Vec<NetworkPolicyEgressRule>>,
    /// The directions the policy restricts: `Ingress`, `Egress` or both. Left out, `Ingress` always, plus
    /// `Egress` when the policy has egress rules; a policy that only restricts outgoing traffic must say
    /// `["Egress"]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "atomic")]
    pub policy_types: Option<Vec<String>>,
}

/// Incoming traffic a policy allows: connections matching both `ports` and `from`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct NetworkPolicyIngressRule {
    /// The destination ports allowed, any one matching; empty or left out allows every port.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub ports: Option<Vec<NetworkPolicyPort>>,
    /// The sources allowed, any one matching; empty or left out allows every source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub from: Option<Vec<NetworkPolicyPeer>>,
}

/// Outgoing traffic a policy allows: connections matching both `ports` and `to`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct NetworkPolicyEgressRule {
    /// The destination ports allowed, any one matching; empty or left out allows every port.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub ports: Option<Vec<NetworkPolicyPort>>,
    /// The destinations allowed, any one matching; empty or left out allows every destination.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub to: Option<Vec<NetworkPolicyPeer>>,
}

/// A port, or a range of ports, of one protocol.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct NetworkPolicyPort {
    /// `TCP` (the default), `UDP` or `SCTP`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub protocol: Option<String>,
    /// The port, by number or by a pod's named port; left out, every port matches. With `endPort`, the first
    /// port of the range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub port: Option<IntOrString>,
    /// The last port of a range starting at `port`; needs a numeric `port` no greater than it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub end_port: Option<i32>,
}

/// A source or destination of traffic: pods chosen by labels (of the pods and of their namespaces), or an IP
/// range. Only certain combinations are valid.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct NetworkPolicyPeer {
    /// Picks pods by label: within the namespaces `namespaceSelector` picks when it is set, otherwise in the
    /// policy's namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub pod_selector: Option<LabelSelector>,
    /// Picks namespaces by label; all pods in them match unless `podSelector` narrows them down. An empty
    /// selector picks every namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub namespace_selector: Option<LabelSelector>,
    /// An IP range; cannot be combined with the selectors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub ip_block: Option<IPBlock>,
}

/// An IP range, minus some sub-ranges. Pod IPs are unstable, so it is meant for addresses outside the cluster.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct IPBlock {
    /// The range in CIDR notation, such as `192.168.1.0/24` or `2001:db8::/64`.
    #[kapi(proto = 1)]
    pub cidr: String,
    /// Sub-ranges to leave out, in CIDR notation; each must lie within `cidr`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub except: Option<Vec<String>>,
}
