//! `k8s.io/api/networking/v1beta1` (group `networking.k8s.io`): the cluster's service IP ranges (ServiceCIDR)
//! and the addresses allocated from them (IPAddress). The package's older Ingress types are no longer served.

mod ip_address;
mod service_cidr;

pub use ip_address::{IPAddress, IPAddressList, IPAddressSpec, ParentReference};
pub use service_cidr::{ServiceCIDR, ServiceCIDRList, ServiceCIDRSpec, ServiceCIDRStatus};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/api/networking/v1beta1";
