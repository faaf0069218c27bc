//! `k8s.io/api/resource`: dynamic resource allocation. Drivers publish devices (ResourceSlice), administrators
//! describe kinds of devices (DeviceClass), and workloads claim devices (ResourceClaim, ResourceClaimTemplate),
//! which the scheduler allocates.

pub mod v1alpha3;
pub mod v1beta1;
