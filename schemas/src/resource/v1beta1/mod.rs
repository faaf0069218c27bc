//! `k8s.io/api/resource/v1beta1` (group `resource.k8s.io`): dynamic resource allocation, beta.

mod allocation;
mod device_class;
mod device_request;
mod resource_claim;
mod resource_claim_template;
mod resource_slice;

pub use allocation::{
    AllocationResult, DeviceAllocationConfiguration, DeviceAllocationResult, DeviceRequestAllocationResult,
};
pub use device_class::{DeviceClass, DeviceClassConfiguration, DeviceClassList, DeviceClassSpec};
pub use device_request::{
    CELDeviceSelector, DeviceClaim, DeviceClaimConfiguration, DeviceConfiguration, DeviceConstraint, DeviceRequest,
    DeviceSelector, OpaqueDeviceConfiguration,
};
pub use resource_claim::{
    AllocatedDeviceStatus, NetworkDeviceData, ResourceClaim, ResourceClaimConsumerReference, ResourceClaimList,
    ResourceClaimSpec, ResourceClaimStatus,
};
pub use resource_claim_template::{ResourceClaimTemplate, ResourceClaimTemplateList, ResourceClaimTemplateSpec};
pub use resource_slice::{
    BasicDevice, Device, DeviceAttribute, DeviceCapacity, ResourcePool, ResourceSlice, ResourceSliceList,
    ResourceSliceSpec,
};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/api/resource/v1beta1";
