//! `k8s.io/api/networking/v1` (group `networking.k8s.io`): Ingresses with their classes, and NetworkPolicies.

mod ingress;
mod ingress_class;
mod network_policy;

pub use ingress::{
    HTTPIngressPath, HTTPIngressRuleValue, Ingress, IngressBackend, IngressList, IngressLoadBalancerIngress,
    IngressLoadBalancerStatus, IngressPortStatus, IngressRule, IngressRuleValue, IngressServiceBackend, IngressSpec,
    IngressStatus, IngressTLS, ServiceBackendPort,
};
pub use ingress_class::{IngressClass, IngressClassList, IngressClassParametersReference, IngressClassSpec};
pub use network_policy::{
    IPBlock, NetworkPolicy, NetworkPolicyEgressRule, NetworkPolicyIngressRule, NetworkPolicyList, NetworkPolicyPeer,
    NetworkPolicyPort, NetworkPolicySpec,
};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/api/networking/v1";
