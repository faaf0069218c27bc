//! Ingresses: HTTP(S) routing rules from outside the cluster to services, carried out by an ingress controller.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::core::v1::TypedLocalObjectReference;
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// Routes external HTTP(S) requests, by host and path, to backends inside the cluster; an ingress controller
/// picked by the ingress class does the actual proxying, and may also terminate TLS.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/networking/v1",
    group = "networking.k8s.io",
    version = "v1",
    plural = "ingresses",
    short_names = ["ing"],
    list = IngressList,
    status
)]
pub struct Ingress {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The ingress's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The routing wanted: rules, TLS and the default backend.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: IngressSpec,
    /// Where the ingress is reachable, as reported by its controller.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: IngressStatus,
}

/// A page of ingresses.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct IngressList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The ingresses.
    #[kapi(proto = 2)]
    pub items: Vec<Ingress>,
}

/// How an ingress routes: which controller serves it, its TLS hosts, and its rules.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct IngressSpec {
    /// The name of the IngressClass whose controller serves this ingress. Left out, the class marked as the
    /// cluster default applies, if there is one. Replaces the deprecated `kubernetes.io/ingress.class`
    /// annotation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub ingress_class_name: Option<String>,
    /// Where requests go that match no rule. Either this or `rules` must be given; left out, the controller
    /// decides what happens to unmatched requests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub default_backend: Option<IngressBackend>,
    /// TLS settings: which hosts share which certificate. Several entries are multiplexed on port 443 by SNI,
    /// when the controller supports it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub tls: Option<Vec<IngressTLS>>,
    /// The host and path rules; requests matching none go to the default backend.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub rules: Option<Vec<IngressRule>>,
}

/// A certificate and the hosts it serves.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct IngressTLS {
    /// The host names the certificate covers; they must match hosts of the rules. Left out, the controller's
    /// wildcard host applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub hosts: Option<Vec<String>>,
    /// The Secret, in the ingress's namespace, holding the certificate and key. Optional: some controllers
    /// route by SNI host alone; when the SNI host and a rule's `Host` header differ, the header decides the route.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub secret_name: Option<String>,
}

/// What the controller last reported about an ingress.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct IngressStatus {
    /// The load balancer's addresses.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub load_balancer: IngressLoadBalancerStatus,
}

/// The load balancer in front of an ingress.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct IngressLoadBalancerStatus {
    /// The load balancer's entry points, by IP address or host name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub ingress: Option<Vec<IngressLoadBalancerIngress>>,
}

/// One entry point of an ingress's load balancer.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct IngressLoadBalancerIngress {
    /// Its IP address, for load balancers reached by IP.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub ip: Option<String>,
    /// Its DNS name, for load balancers reached by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub hostname: Option<String>,
    /// The ports it listens on, with any error opening them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "atomic")]
    pub ports: Option<Vec<IngressPortStatus>>,
}

/// One port of a load balancer entry point and whether it works.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct IngressPortStatus {
    /// The port number.
    #[kapi(proto = 1)]
    pub port: i32,
    /// The port's protocol: `TCP`, `UDP` or `SCTP`.
    #[kapi(proto = 2)]
    pub protocol: String,
    /// Why the port is not working, when it is not: a CamelCase reason, either a standard one or
    /// domain-prefixed (`example.com/Reason`), at most 316 characters. Empty means it works.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub error: Option<String>,
}

/// Routes requests for one host (or every host) by their paths. Requests are matched on the host first,
/// then on the path.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct IngressRule {
    /// The host name requests must be for, as a DNS name (not an IP address) without a port. A leading `*.`
    /// wildcard matches exactly one more label (`*.foo.com` matches `bar.foo.com`, not `baz.bar.foo.com` nor
    /// `foo.com`). Left out, the rule applies to every host.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub host: Option<String>,
    /// How matching requests are routed; its fields appear inline.
    #[serde(flatten)]
    #[kapi(proto = 2)]
    pub ingress_rule_value: IngressRuleValue,
}

/// The routing of an ingress rule, by protocol; embedded inline in the rule (HTTP is the only protocol so far).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct IngressRuleValue {
    // Undocumented, as upstream's document has it: the field of an inline struct carries no description there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub http: Option<HTTPIngressRuleValue>,
}

/// Path-based routing of HTTP requests for a host: `http://<host>/<path>?<query>` goes to the backend of the
/// first matching path.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct HTTPIngressRuleValue {
    /// The paths and the backends they lead to.
    #[kapi(proto = 1, list_type = "atomic")]
    pub paths: Vec<HTTPIngressPath>,
}

/// A path pattern and the backend serving requests that match it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct HTTPIngressPath {
    /// The path to match, starting with `/`. With path type `ImplementationSpecific` it may be whatever the
    /// controller understands (such as a regular expression); left out, every path matches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub path: Option<String>,
    /// How `path` is matched: `Exact` (the whole path, case-sensitively), `Prefix` (by `/`-separated elements:
    /// `/foo/bar` matches `/foo/bar/baz` but not `/foo/barbaz`), or `ImplementationSpecific` (up to the
    /// ingress class, which may treat it as either of the others).
    #[kapi(required, proto = 3)]
    pub path_type: Option<String>,
    /// Where matching requests are sent.
    #[kapi(proto = 2)]
    pub backend: IngressBackend,
}

/// Where requests are sent: a service, or some other object of the ingress's namespace. Exactly one is set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct IngressBackend {
    /// A service and port; conflicts with `resource`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub service: Option<IngressServiceBackend>,
    /// Another object of the ingress's namespace, such as a storage bucket the controller understands;
    /// conflicts with `service`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub resource: Option<TypedLocalObjectReference>,
}

/// A service backend: a service of the ingress's namespace and one of its ports.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct IngressServiceBackend {
    /// The service's name, in the ingress's namespace.
    #[kapi(proto = 1)]
    pub name: String,
    /// The service port requests go to.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub port: ServiceBackendPort,
}

/// A service port, by name or by number; exactly one of the two is set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1", map_type = "atomic")]
pub struct ServiceBackendPort {
    /// The port's name in the service; conflicts with `number`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub name: Option<String>,
    /// The port's number in the service; conflicts with `name`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub number: Option<i32>,
}
