//! `k8s.io/api/networking`: traffic into and between pods (Ingress, NetworkPolicy) and the cluster's service IP
//! ranges and addresses (ServiceCIDR, IPAddress).

pub mod v1;
pub mod v1beta1;
