//! `k8s.io/api/discovery`: endpoint slices, the scalable record of which network endpoints back a service.
//! (kapi's own watchable-discovery kind, served in this group's v1alpha1, lives in kapi-meta.)

pub mod v1;
