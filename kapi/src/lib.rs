//! kapi: Kubernetes-style APIs from ordinary Rust types.
//!
//! Derive [`Schema`] on your API types and [`Resource`] on top-level kinds, collect them in a [`Registry`], and hand
//! the registry to `kapi-codegen` (from a build script) or write it as a model file for the `kapi` CLI.

pub use kapi_macros::{Resource, Schema, versioned};
pub use kapi_model as model;
pub use kapi_model::{Registry, Resource, Schema};

/// kube-rs interop (docs/KUBE-RS.md): [`kube::TypeMeta`] for a kind's `apiVersion` and `kind`, and the
/// k8s-openapi and kube-core crates `#[kapi(kube)]` kinds are written against.
#[cfg(feature = "kube")]
pub use kapi_model::kube;

#[cfg(feature = "schemars")]
pub mod schemars;
