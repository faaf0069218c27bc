//! `k8s.io/api/discovery/v1` (group `discovery.k8s.io`): EndpointSlice.

use std::collections::BTreeMap;

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::core::v1::ObjectReference;
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// A part of the endpoints of a service: up to a hundred or so addresses of one family, with the ports they
/// serve on. Services usually have several slices, tied to them by the `kubernetes.io/service-name` label.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/discovery/v1",
    group = "discovery.k8s.io",
    version = "v1",
    list = EndpointSliceList
)]
pub struct EndpointSlice {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The slice's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The kind of address every endpoint of the slice carries: `IPv4`, `IPv6` or `FQDN` (the last is
    /// deprecated). Cannot be changed after creation.
    #[kapi(proto = 4)]
    pub address_type: String,
    /// The endpoints, at most 1000.
    #[kapi(proto = 2, list_type = "atomic")]
    pub endpoints: Vec<Endpoint>,
    /// The ports every endpoint of the slice serves, at most 100. Left out or empty, no port is defined; a
    /// port with an empty name stands for every port of the endpoints.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub ports: Option<Vec<EndpointPort>>,
}

/// A page of endpoint slices.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/discovery/v1")]
pub struct EndpointSliceList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The endpoint slices.
    #[kapi(proto = 2)]
    pub items: Vec<EndpointSlice>,
}

/// One backend of a service: its addresses and what is known about it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/discovery/v1")]
pub struct Endpoint {
    /// The endpoint's addresses, in the slice's address type; consumers use the first. At least one, at most
    /// 100.
    #[kapi(proto = 1, list_type = "set")]
    pub addresses: Vec<String>,
    /// The endpoint's readiness, serving and termination state.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub conditions: EndpointConditions,
    /// A DNS label naming the endpoint, so that DNS can give it a record of its own; endpoints of one slice
    /// with the same hostname are one endpoint.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub hostname: Option<String>,
    /// The object behind the endpoint, usually a pod.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub target_ref: Option<ObjectReference>,
    /// Topology labels of the endpoint, kept only to carry the v1beta1 field across versions; deprecated.
    /// Writes to it in v1 are refused and reads return nothing; use `zone` and `nodeName`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub deprecated_topology: Option<BTreeMap<String, String>>,
    /// The node the endpoint runs on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub node_name: Option<String>,
    /// The zone the endpoint is in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub zone: Option<String>,
    /// Suggestions for consumers on how to route to the endpoint, such as topology-aware routing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub hints: Option<EndpointHints>,
}

/// The state of an endpoint. Each field left out means unknown; consumers then treat it as its most
/// permissive sensible value.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/discovery/v1")]
pub struct EndpointConditions {
    /// Whether the endpoint should receive new traffic; unknown reads as ready. Matches `serving`, except that a
    /// terminating endpoint is never ready (unless the service publishes not-ready addresses).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub ready: Option<bool>,
    /// Whether the endpoint can take traffic now, whether or not it is terminating; for a pod, its Ready
    /// condition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub serving: Option<bool>,
    /// Whether the endpoint is shutting down; unknown reads as not terminating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub terminating: Option<bool>,
}

/// Routing suggestions for an endpoint.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/discovery/v1")]
pub struct EndpointHints {
    /// The zones whose clients should be sent to this endpoint, for topology-aware routing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub for_zones: Option<Vec<ForZone>>,
}

/// A zone named in routing hints.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/discovery/v1")]
pub struct ForZone {
    /// The zone's name.
    #[kapi(proto = 1)]
    pub name: String,
}

/// A port the endpoints of a slice serve on.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/discovery/v1", map_type = "atomic")]
pub struct EndpointPort {
    /// The port's name, unique in the slice; empty when left out. A lower-case DNS label (alphanumerics and
    /// `-`, starting and ending with an alphanumeric, at most 63 characters) when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub name: Option<String>,
    /// The IP protocol: `TCP` (the default), `UDP` or `SCTP`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub protocol: Option<String>,
    /// The port number. Left out, the slice's endpoints serve every port, which suits headless services whose
    /// clients pick a port themselves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub port: Option<i32>,
    /// The application protocol, for consumers that speak several: an IANA service name, a
    /// `kubernetes.io/`-prefixed standard name (`kubernetes.io/h2c`, `kubernetes.io/ws`, `kubernetes.io/wss`),
    /// or a domain-prefixed name of an implementation's own (`example.com/custom`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub app_protocol: Option<String>,
}
