//! The Service kind: a stable name and virtual address in front of a changing set of pods, and how its load
//! balancer and session affinity behave.

use std::collections::BTreeMap;

use kapi::{Resource, Schema};
use kapi_meta::intstr::IntOrString;
use kapi_meta::meta::v1::{Condition, ListMeta, ObjectMeta, TypeMeta};
use serde::{Deserialize, Serialize};

use super::connect_options::ServiceProxyOptions;

/// A named abstraction over a set of pods (chosen by a label selector, or an external name), with the ports it
/// exposes and how traffic reaches them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/core/v1",
    group = "",
    version = "v1",
    short_names = ["svc"],
    categories = ["all"],
    list = ServiceList,
    status,
    subresource(
        name = "proxy",
        connect = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"],
        subpath,
        options = ServiceProxyOptions
    ),
    delete_returns_object
)]
pub struct Service {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The service's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// What the service exposes and how.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: ServiceSpec,
    /// What was last observed of the service, such as its load balancer; read-only.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: ServiceStatus,
}

/// A page of services.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ServiceList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The services.
    #[kapi(proto = 2)]
    pub items: Vec<Service>,
}

/// What a service exposes and how its traffic is routed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ServiceSpec {
    /// The ports the service exposes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 1,
        list_type = "map",
        list_map_keys = ["port", "protocol"],
        patch_strategy = "merge",
        patch_merge_key = "port"
    )]
    pub ports: Option<Vec<ServicePort>>,
    /// Traffic goes to the pods whose labels match these. When unset, the service's endpoints are managed by
    /// someone else. Ignored for `ExternalName` services.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, map_type = "atomic")]
    pub selector: Option<BTreeMap<String, String>>,
    /// The service's virtual IP address, usually allocated at random; `None` makes a headless service (no
    /// proxying). Mostly cannot be changed.
    #[serde(rename = "clusterIP", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub cluster_ip: Option<String>,
    /// The service's virtual IP addresses, at most one per family, the first equal to `clusterIP`.
    #[serde(rename = "clusterIPs", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 18, list_type = "atomic")]
    pub cluster_ips: Option<Vec<String>>,
    /// How the service is exposed: `ClusterIP` (the default), `NodePort`, `LoadBalancer` or `ExternalName`.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub type_: Option<String>,
    /// Further IP addresses, not managed by Kubernetes, on which nodes accept traffic for the service.
    #[serde(rename = "externalIPs", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5, list_type = "atomic")]
    pub external_ips: Option<Vec<String>>,
    /// `ClientIP` keeps each client on the same pod; `None` (the default) does not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub session_affinity: Option<String>,
    /// Deprecated: the address a `LoadBalancer` service asks its load balancer for, where supported.
    #[serde(rename = "loadBalancerIP", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub load_balancer_ip: Option<String>,
    /// Client address ranges a supporting cloud load balancer admits; others are refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9, list_type = "atomic")]
    pub load_balancer_source_ranges: Option<Vec<String>>,
    /// For `ExternalName` services: the DNS name the service's name is an alias (CNAME) of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub external_name: Option<String>,
    /// How traffic from outside the cluster is routed: `Cluster` spreads it over all ready endpoints, `Local`
    /// keeps it on the receiving node's endpoints (and preserves the client address).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11)]
    pub external_traffic_policy: Option<String>,
    /// The node port load balancers probe for health when the external traffic policy is `Local`; allocated
    /// when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 12)]
    pub health_check_node_port: Option<i32>,
    /// Publish the addresses of pods that are not ready yet (for peers that must find each other before they
    /// are ready).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 13)]
    pub publish_not_ready_addresses: Option<bool>,
    /// Settings of the session affinity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 14)]
    pub session_affinity_config: Option<SessionAffinityConfig>,
    /// The address families of the service's cluster IPs (`IPv4`, `IPv6`), in order; set from
    /// `ipFamilyPolicy` when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 19, list_type = "atomic")]
    pub ip_families: Option<Vec<String>>,
    /// `SingleStack`, `PreferDualStack` or `RequireDualStack`: how many address families the service gets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 17)]
    pub ip_family_policy: Option<String>,
    /// Whether a `LoadBalancer` service gets node ports allocated; true by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 20)]
    pub allocate_load_balancer_node_ports: Option<bool>,
    /// Which load balancer implementation serves a `LoadBalancer` service; the cloud provider's default when
    /// unset. Cannot be changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 21)]
    pub load_balancer_class: Option<String>,
    /// How traffic from inside the cluster is routed: `Cluster` (the default) or `Local` (only to endpoints on
    /// the sending node).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 22)]
    pub internal_traffic_policy: Option<String>,
    /// A preference for how traffic is spread over endpoints, such as `PreferClose`; implementations may
    /// ignore it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 23)]
    pub traffic_distribution: Option<String>,
}

/// One port a service exposes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ServicePort {
    /// The port's name, a DNS label unique within the service; required when there are several ports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub name: Option<String>,
    /// `TCP` (the default), `UDP` or `SCTP`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, default = "TCP")]
    pub protocol: Option<String>,
    /// The application protocol the port speaks, as an IANA service name or a prefixed name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub app_protocol: Option<String>,
    /// The port the service listens on.
    #[kapi(proto = 3)]
    pub port: i32,
    /// The pods' port traffic is sent to: a number, or the name of a container port. Defaults to `port`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub target_port: Option<IntOrString>,
    /// The port on every node that forwards to the service, for `NodePort` and `LoadBalancer` services;
    /// allocated when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub node_port: Option<i32>,
}

/// Settings of a service's session affinity.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct SessionAffinityConfig {
    /// Settings of affinity by client IP address.
    #[serde(rename = "clientIP", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub client_ip: Option<ClientIPConfig>,
}

/// Settings of session affinity by client IP address.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ClientIPConfig {
    /// How long, in seconds, a client sticks to its pod: more than 0, at most 86400 (one day); 10800 (three
    /// hours) by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub timeout_seconds: Option<i32>,
}

/// What was last observed of a service.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ServiceStatus {
    /// The load balancer in front of the service, if there is one.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub load_balancer: LoadBalancerStatus,
    /// The service's current conditions, one per type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "map", list_map_keys = ["type"], patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Option<Vec<Condition>>,
}

/// The state of a load balancer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct LoadBalancerStatus {
    /// The load balancer's ingress points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub ingress: Option<Vec<LoadBalancerIngress>>,
}

/// One ingress point of a load balancer, where traffic for the service arrives.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct LoadBalancerIngress {
    /// Its IP address, for IP-based load balancers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub ip: Option<String>,
    /// Its host name, for DNS-based load balancers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub hostname: Option<String>,
    /// How traffic to `ip` is handled: `VIP` (delivered to nodes addressed to the IP, the default) or `Proxy`
    /// (delivered with the load balancer's own address as destination). Only with `ip` set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub ip_mode: Option<String>,
    /// The state of each of the service's ports on this ingress point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "atomic")]
    pub ports: Option<Vec<PortStatus>>,
}

/// The state of one port of a load balancer's ingress point.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PortStatus {
    /// The port number.
    #[kapi(proto = 1)]
    pub port: i32,
    /// `TCP`, `UDP` or `SCTP`.
    #[kapi(proto = 2)]
    pub protocol: String,
    /// Why the port is not working, as a CamelCase reason (with a domain prefix unless a standard one); empty
    /// when it works.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub error: Option<String>,
}
