//! Resource claims: a workload's request for devices, and what was allocated for it.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use super::{allocation::AllocationResult, device_request::DeviceClaim};
use kapi_meta::meta::v1::{Condition, ListMeta, ObjectMeta, TypeMeta};
use kapi_meta::runtime::RawExtension;

/// A request for devices in the cluster on behalf of workloads (an accelerator with given properties, for
/// instance). The status says whether the request is met and by which devices. Needs the
/// DynamicResourceAllocation feature gate.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/resource/v1alpha3",
    group = "resource.k8s.io",
    version = "v1alpha3",
    list = ResourceClaimList,
    status,
    delete_returns_object
)]
pub struct ResourceClaim {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The claim's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// What is requested and how it should be set up. Immutable.
    #[kapi(proto = 2)]
    pub spec: ResourceClaimSpec,
    /// Whether the claim is allocated, to what, and who may use it.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: ResourceClaimStatus,
}

/// A page of resource claims.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1alpha3")]
pub struct ResourceClaimList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The resource claims.
    #[kapi(proto = 2)]
    pub items: Vec<ResourceClaim>,
}

/// What a claim asks for and how it should be set up.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1alpha3")]
pub struct ResourceClaimSpec {
    /// The devices requested.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub devices: DeviceClaim,
}

/// Whether a claim is allocated, what it got, and who may use it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1alpha3")]
pub struct ResourceClaimStatus {
    /// The allocation, once one succeeded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub allocation: Option<AllocationResult>,
    /// The consumers currently allowed to use the claim; a pod is not started on a claim not reserved for it,
    /// and a reserved claim must stay allocated. Concurrent schedulers race to add their pod: the first update
    /// wins and the others retry later. At most 256 entries (a limit that may grow, never shrink).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 2,
        list_type = "map",
        list_map_keys = ["uid"],
        patch_strategy = "merge",
        patch_merge_key = "uid"
    )]
    pub reserved_for: Option<Vec<ResourceClaimConsumerReference>>,
    /// What the drivers report about each allocated device, driver-specific data included; each entry belongs
    /// to its driver. Behind the DRAResourceClaimDeviceStatus feature gate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "map", list_map_keys = ["driver", "device", "pool"])]
    pub devices: Option<Vec<AllocatedDeviceStatus>>,
}

/// A consumer of a claim, which lives in the claim's namespace.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1alpha3")]
pub struct ResourceClaimConsumerReference {
    /// The consumer's API group, as in its `apiVersion`; empty for the core group.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub api_group: Option<String>,
    /// The consumer's resource, such as `pods`.
    #[kapi(proto = 3)]
    pub resource: String,
    /// The consumer's name.
    #[kapi(proto = 4)]
    pub name: String,
    /// The consumer's uid, which pins one incarnation of the name.
    #[kapi(proto = 5)]
    pub uid: String,
}

/// What a driver reports about one device allocated for a claim, if it chooses to; may include driver-specific
/// data.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1alpha3")]
pub struct AllocatedDeviceStatus {
    /// The DRA driver whose kubelet plugin prepares the device: a DNS subdomain, ideally ending in a domain of
    /// the driver's vendor.
    #[kapi(proto = 1)]
    pub driver: String,
    /// The device's pool; with the driver and device names it identifies the device
    /// (`<driver>/<pool>/<device>`). DNS subdomains separated by slashes, at most 253 characters.
    #[kapi(proto = 2)]
    pub pool: String,
    /// The device's name in the pool, a DNS label.
    #[kapi(proto = 3)]
    pub device: String,
    /// The latest observations of the device's state, one per type; `Ready` is true once the device is set up
    /// as the class and claim settings ask.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "map", list_map_keys = ["type"])]
    pub conditions: Option<Vec<Condition>>,
    /// Any data of the driver's about the device, at most 10 Ki.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub data: Option<RawExtension>,
    /// The device's network details, if it has any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub network_data: Option<NetworkDeviceData>,
}

/// How an allocated device appears on the network, filled in by its driver or another component.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1alpha3")]
pub struct NetworkDeviceData {
    /// The name of the device's network interface (physical or virtual) in the pod; at most 256 characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub interface_name: Option<String>,
    /// The interface's addresses with their prefix length, IPv4 or IPv6 (`192.0.2.5/24`, `2001:db8::5/64`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub ips: Option<Vec<String>>,
    /// The interface's hardware (MAC) address; at most 128 characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub hardware_address: Option<String>,
}
