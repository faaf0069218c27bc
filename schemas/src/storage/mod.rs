//! `k8s.io/api/storage`: storage classes, CSI drivers and the nodes and capacity they report, volume attachments,
//! and volume attributes classes.

pub mod v1;
pub mod v1alpha1;
pub mod v1beta1;
