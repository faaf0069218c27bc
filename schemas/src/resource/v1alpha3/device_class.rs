//! Device classes: presets of selectors and settings that claims' requests refer to.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use super::device_request::{DeviceConfiguration, DeviceSelector};
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// A kind of device, provided by a vendor or an administrator: selectors every device of the class must meet and
/// settings for its drivers. Requests of claims name a class to inherit both. Needs the DynamicResourceAllocation
/// feature gate.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/resource/v1alpha3",
    group = "resource.k8s.io",
    version = "v1alpha3",
    plural = "deviceclasses",
    scope = "Cluster",
    list = DeviceClassList,
    delete_returns_object
)]
pub struct DeviceClass {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The class's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// What the class allows and how its devices are set up. Mutable: allocations use the class as it is at
    /// allocation time, so consumers must expect it to change. Changing it increments `metadata.generation`.
    #[kapi(proto = 2)]
    pub spec: DeviceClassSpec,
}

/// A page of device classes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1alpha3")]
pub struct DeviceClassList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The device classes.
    #[kapi(proto = 2)]
    pub items: Vec<DeviceClass>,
}

/// What devices of a class must be and the settings they get.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1alpha3")]
pub struct DeviceClassSpec {
    /// Conditions every device claimed through the class must meet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub selectors: Option<Vec<DeviceSelector>>,
    /// Settings for each device claimed through the class, each entry for one driver (a class may be served
    /// by several). Passed to the drivers; not used when allocating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub config: Option<Vec<DeviceClassConfiguration>>,
}

/// Driver settings in a device class.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1alpha3")]
pub struct DeviceClassConfiguration {
    /// The settings, whose fields appear inline.
    #[serde(flatten)]
    #[kapi(proto = 1)]
    pub device_configuration: DeviceConfiguration,
}
