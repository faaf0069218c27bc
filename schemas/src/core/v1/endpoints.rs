//! Endpoints: the addresses and ports behind a service (superseded by discovery.k8s.io's EndpointSlices).

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::core::v1::references::ObjectReference;
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// The endpoints of a service, named after it: groups of addresses that serve the same ports.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/core/v1",
    group = "",
    version = "v1",
    plural = "endpoints",
    singular = "endpoints",
    short_names = ["ep"],
    list = EndpointsList
)]
pub struct Endpoints {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The object's metadata; its name is the service's.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// Groups of addresses with the ports they all serve; the service's endpoints are every address of a
    /// subset with every port of it. No subsets means the service has no endpoints.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub subsets: Option<Vec<EndpointSubset>>,
}

/// Addresses that share a set of ports.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct EndpointSubset {
    /// Addresses ready to take traffic on the ports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub addresses: Option<Vec<EndpointAddress>>,
    /// Addresses not ready yet, or no longer ready, such as pods still starting or failing their readiness
    /// probes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub not_ready_addresses: Option<Vec<EndpointAddress>>,
    /// The ports served at the addresses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub ports: Option<Vec<EndpointPort>>,
}

/// One endpoint's address.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", map_type = "atomic")]
pub struct EndpointAddress {
    /// The IP address; not loopback, link-local or link-local multicast.
    #[kapi(proto = 1)]
    pub ip: String,
    /// The endpoint's host name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub hostname: Option<String>,
    /// The node the endpoint runs on, to tell which endpoints are local to a node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub node_name: Option<String>,
    /// The object behind the endpoint, usually a pod.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub target_ref: Option<ObjectReference>,
}

/// One port of a subset's endpoints.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", map_type = "atomic")]
pub struct EndpointPort {
    /// The port's name, matching the service port's; may be left out when there is only one port.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub name: Option<String>,
    /// The port number.
    #[kapi(proto = 2)]
    pub port: i32,
    /// `TCP` (the default), `UDP` or `SCTP`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub protocol: Option<String>,
    /// The application protocol on the port: an IANA service name, a `kubernetes.io/` name such as
    /// `kubernetes.io/h2c` or `kubernetes.io/ws`, or a domain-prefixed name of one's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub app_protocol: Option<String>,
}

/// A page of endpoints objects.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct EndpointsList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The endpoints objects.
    #[kapi(proto = 2)]
    pub items: Vec<Endpoints>,
}
