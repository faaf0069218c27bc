//! Resource slices: the devices a driver offers, published in pools.

use std::collections::BTreeMap;

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::core::v1::NodeSelector;
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
use kapi_meta::quantity::Quantity;

/// Part (or all) of a pool of similar devices one driver manages. A device is identified by driver, pool and
/// device name, and may move between the slices of its pool. A driver changing a pool bumps the pool's generation
/// in all of its slices; consumers only trust the slices of the newest generation, and compare the pool's slice
/// count with what they see to know whether their view is complete. Devices not tied to one node carry a node
/// selector instead of a node name. Needs the DynamicResourceAllocation feature gate.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/resource/v1beta1",
    group = "resource.k8s.io",
    version = "v1beta1",
    scope = "Cluster",
    list = ResourceSliceList,
    delete_returns_object
)]
pub struct ResourceSlice {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The slice's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// What the driver publishes in this slice. Changing it increments `metadata.generation`.
    #[kapi(proto = 2)]
    pub spec: ResourceSliceSpec,
}

/// A page of resource slices.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1beta1")]
pub struct ResourceSliceList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The resource slices.
    #[kapi(proto = 2)]
    pub items: Vec<ResourceSlice>,
}

/// The driver, pool, reachability and devices one slice publishes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1beta1")]
pub struct ResourceSliceSpec {
    /// The DRA driver offering the devices: a DNS subdomain, ideally ending in a domain of the driver's vendor.
    /// Usable in field selectors. Immutable.
    #[kapi(proto = 1)]
    pub driver: String,
    /// The pool this slice is part of.
    #[kapi(proto = 2)]
    pub pool: ResourcePool,
    /// The one node the devices are on; usable in field selectors, and used to limit nodes' access to their
    /// own slices. Exactly one of `nodeName`, `nodeSelector` and `allNodes` is set. Immutable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub node_name: Option<String>,
    /// The nodes that can reach the devices, when that is more than one; exactly one term. Exactly one of
    /// `nodeName`, `nodeSelector` and `allNodes` is set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub node_selector: Option<NodeSelector>,
    /// True when every node can reach the devices. Exactly one of `nodeName`, `nodeSelector` and `allNodes`
    /// is set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub all_nodes: Option<bool>,
    /// Devices of the pool, some or all of them; at most 128.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6, list_type = "atomic")]
    pub devices: Option<Vec<Device>>,
}

/// The pool a slice belongs to, with what consumers need to tell whether they have seen all of it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1beta1")]
pub struct ResourcePool {
    /// The pool's name (often the node's name for node-local devices): DNS subdomains separated by slashes, at
    /// most 253 characters. Immutable.
    #[kapi(proto = 1)]
    pub name: String,
    /// The pool's version. The driver changes it in every slice of the pool whenever any of them changes;
    /// consumers only use slices with the highest generation they see. Drivers may reset it, as long as all
    /// slices of the pool follow.
    #[kapi(proto = 2)]
    pub generation: i64,
    /// How many slices the pool has at this generation; greater than zero.
    #[kapi(proto = 3)]
    pub resource_slice_count: i64,
}

/// One piece of hardware that claims can select by its attributes. Besides the name, exactly one field is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1beta1")]
pub struct Device {
    /// The device's name, a DNS label unique among the devices of the driver's pool.
    #[kapi(proto = 1)]
    pub name: String,
    /// A device described by attributes and capacities.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub basic: Option<BasicDevice>,
}

/// A device's attributes and capacities. Names are C identifiers, optionally prefixed by a DNS subdomain and
/// a slash (`dra.example.com/model`); unprefixed names belong to the driver's domain. At most 32 entries in
/// both maps together.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1beta1")]
pub struct BasicDevice {
    /// The device's attributes by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub attributes: Option<BTreeMap<String, DeviceAttribute>>,
    /// The device's capacities by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub capacity: Option<BTreeMap<String, DeviceCapacity>>,
}

/// An amount of something a device has.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1beta1")]
pub struct DeviceCapacity {
    /// How much of it the device offers.
    #[kapi(proto = 1)]
    pub value: Quantity,
}

/// The value of a device attribute; exactly one field is set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/resource/v1beta1")]
pub struct DeviceAttribute {
    /// An integer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub int: Option<i64>,
    /// A boolean.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub bool: Option<bool>,
    /// A string of at most 64 characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub string: Option<String>,
    /// A semantic version (semver.org 2.0.0) of at most 64 characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub version: Option<String>,
}
