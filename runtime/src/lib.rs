//! kapi's runtime: serves a bundle of generated artifacts as kube-apiserver does.

pub mod gnostic;
