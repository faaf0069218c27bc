//! IP addresses: one allocated address and the object it was allocated for.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// One IP address, of one family, held by an object (a Service's cluster IP, for instance). The object's name is
/// the address in canonical form, which keeps each address unique: IPv4 as four decimal numbers without leading
/// zeros (`192.168.1.5`), IPv6 as RFC 5952 writes it (`2001:db8::1`, not `2001:db8:0:0:0::1`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/networking/v1beta1",
    group = "networking.k8s.io",
    version = "v1beta1",
    plural = "ipaddresses",
    singular = "ipaddress",
    scope = "Cluster",
    short_names = ["ip"],
    list = IPAddressList
)]
pub struct IPAddress {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The address's metadata; its name is the address itself.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// Who holds the address.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: IPAddressSpec,
}

/// A page of IP addresses.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1beta1")]
pub struct IPAddressList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The IP addresses.
    #[kapi(proto = 2)]
    pub items: Vec<IPAddress>,
}

/// What an IP address is allocated to.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1beta1")]
pub struct IPAddressSpec {
    /// The object holding the address; every address has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(required, proto = 1)]
    pub parent_ref: Option<ParentReference>,
}

/// Names the object an address belongs to, by resource rather than by kind.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1beta1")]
pub struct ParentReference {
    /// The object's API group; empty for the core group.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub group: Option<String>,
    /// The object's resource (plural name), such as `services`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    #[kapi(required, proto = 2)]
    pub resource: String,
    /// The object's namespace, for namespaced resources.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub namespace: Option<String>,
    /// The object's name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    #[kapi(required, proto = 4)]
    pub name: String,
}
