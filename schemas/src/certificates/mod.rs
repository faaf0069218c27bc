//! `k8s.io/api/certificates`: certificate signing requests (v1) and cluster trust bundles (v1alpha1).

pub mod v1;
pub mod v1alpha1;
