//! An allocation: the devices the scheduler picked for a claim, where they can be used, and their settings.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use super::device_request::DeviceConfiguration;
use crate::core::v1::NodeSelector;

/// What was allocated for a claim.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1alpha3")]
pub struct AllocationResult {
    /// The allocated devices and their settings.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub devices: DeviceAllocationResult,
    /// The nodes that can use the allocated devices; left out, every node can.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub node_selector: Option<NodeSelector>,
}

/// The devices allocated for a claim and the settings that go with them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1alpha3")]
pub struct DeviceAllocationResult {
    /// Every allocated device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub results: Option<Vec<DeviceRequestAllocationResult>>,
    /// The settings of the claim and of its classes together (each entry says where it came from), including
    /// those for drivers that got no device: drivers pick what they support and ignore the rest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub config: Option<Vec<DeviceAllocationConfiguration>>,
}

/// One device allocated for a request of the claim.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1alpha3")]
pub struct DeviceRequestAllocationResult {
    /// The name of the claim's request the device serves; a request may get several devices.
    #[kapi(proto = 1)]
    pub request: String,
    /// The DRA driver whose kubelet plugin prepares the device on the node: a DNS subdomain, ideally ending in
    /// a domain of the driver's vendor.
    #[kapi(proto = 2)]
    pub driver: String,
    /// The device's pool; with the driver and device names it identifies the device
    /// (`<driver>/<pool>/<device>`). DNS subdomains separated by slashes, at most 253 characters.
    #[kapi(proto = 3)]
    pub pool: String,
    /// The device's name in the pool, a DNS label.
    #[kapi(proto = 4)]
    pub device: String,
    /// Whether the device was allocated for administrative access, as the request asked. Alpha, behind the
    /// DRAAdminAccess feature gate; off unless true.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub admin_access: Option<bool>,
}

/// Settings attached to an allocation, with their origin.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1alpha3")]
pub struct DeviceAllocationConfiguration {
    /// Where the settings come from: `FromClass` (set by an administrator, beyond an ordinary user's reach) or
    /// `FromClaim`.
    #[kapi(proto = 1)]
    pub source: String,
    /// The requests the settings apply to; empty, all of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub requests: Option<Vec<String>>,
    /// The settings themselves, whose fields appear inline.
    #[serde(flatten)]
    #[kapi(proto = 3)]
    pub device_configuration: DeviceConfiguration,
}
