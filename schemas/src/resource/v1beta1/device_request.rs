//! What a claim asks for: device requests, the selectors and constraints they must meet, and driver settings.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use kapi_meta::runtime::RawExtension;

/// The devices a claim asks for, how they must relate, and settings for their drivers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1beta1")]
pub struct DeviceClaim {
    /// The requests, all of which must be met, each for distinct devices. Empty, nothing is allocated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub requests: Option<Vec<DeviceRequest>>,
    /// Conditions the allocated devices must meet together.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub constraints: Option<Vec<DeviceConstraint>>,
    /// Settings for the drivers that may serve the requests; ignored when allocating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub config: Option<Vec<DeviceClaimConfiguration>>,
}

/// A request for one device, or several alike. A device class is required for now; a client finding none must
/// assume the request uses something newer than it understands, and refuse it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1beta1")]
pub struct DeviceRequest {
    /// The request's name, a DNS label; containers' `resources.claims` entries and the claim's constraints
    /// refer to it.
    #[kapi(proto = 1)]
    pub name: String,
    /// The DeviceClass whose selectors and settings the request inherits. Administrators can limit what may
    /// be requested through the classes they create (an empty class allows anything).
    #[kapi(proto = 2)]
    pub device_class_name: String,
    /// Conditions a device must meet, all of them, to be considered for the request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub selectors: Option<Vec<DeviceSelector>>,
    /// How many devices are allocated: `ExactCount` (the default) allocates `count` devices; `All` allocates
    /// every matching device of a pool and fails if some are taken, unless with admin access. Clients must
    /// refuse modes they do not know.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub allocation_mode: Option<String>,
    /// How many devices, in `ExactCount` mode; greater than zero, 1 when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub count: Option<i64>,
    /// Asks for administrative access (monitoring, management) to the devices, which disregards other claims on
    /// them. Alpha, behind the DRAAdminAccess feature gate; off unless true.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub admin_access: Option<bool>,
}

/// A condition on a device; exactly one field is set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1beta1")]
pub struct DeviceSelector {
    /// A CEL expression the device must satisfy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub cel: Option<CELDeviceSelector>,
}

/// Selects devices with a CEL expression.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1beta1")]
pub struct CELDeviceSelector {
    /// A CEL expression over one device that is true when the device fits and false when it does not; any
    /// other result is an error that aborts allocation.
    ///
    /// It sees a `device` object with `driver` (the driver's name), `attributes` and `capacity`, both maps
    /// from a name's domain to an object of that domain's entries: a device of driver `dra.example.com` with
    /// attributes `model` and `ext.example.com/family` gives `device.attributes["dra.example.com"].model` and
    /// `device.attributes["ext.example.com"].family`. Attribute types are the driver's to document; capacities
    /// are quantities. An unknown domain gives an empty map, while an unknown field is an evaluation error, so
    /// robust expressions check that attributes exist first. `cel.bind()` is available to shorten repeated
    /// lookups.
    ///
    /// At most 10 Ki characters, and its estimated evaluation cost is limited.
    #[kapi(proto = 1)]
    pub expression: String,
}

/// A condition the devices allocated for some requests must meet together; besides `requests`, exactly one
/// field is set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1beta1")]
pub struct DeviceConstraint {
    /// The requests whose devices the constraint binds (every device of a request that gets several); left
    /// out, all requests of the claim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub requests: Option<Vec<String>>,
    /// A fully qualified attribute name (with its domain) that every device must have, with the same type and
    /// value on all of them; for instance a NUMA node attribute, to get devices of one NUMA node. Devices
    /// lacking it are not chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub match_attribute: Option<String>,
}

/// Driver settings in a claim, for some or all of its requests.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1beta1")]
pub struct DeviceClaimConfiguration {
    /// The requests the settings apply to; empty, all of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub requests: Option<Vec<String>>,
    /// The settings themselves, whose fields appear inline.
    #[serde(flatten)]
    #[kapi(proto = 2)]
    pub device_configuration: DeviceConfiguration,
}

/// Device settings, in one of the supported forms; exactly one field is set. Embedded inline in the types that
/// carry settings, so its field names must not collide with theirs.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1beta1")]
pub struct DeviceConfiguration {
    /// Settings in the driver's own format.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub opaque: Option<OpaqueDeviceConfiguration>,
}

/// Settings for one driver, in a format the driver's vendor defines.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1beta1")]
pub struct OpaqueDeviceConfiguration {
    /// The driver whose kubelet plugin gets the settings (an admission policy of the driver may check them): a
    /// DNS subdomain, ideally ending in a domain of the driver's vendor.
    #[kapi(proto = 1)]
    pub driver: String,
    /// Any data the driver understands; validating and versioning it is the driver's job, usually through
    /// `apiVersion` and `kind` fields. At most 10 Ki.
    #[kapi(proto = 2)]
    pub parameters: RawExtension,
}
