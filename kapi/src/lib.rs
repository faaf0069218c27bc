//! kapi: Kubernetes-style APIs from ordinary Rust types.
//!
//! Derive [`Schema`] on your API types and [`Resource`] on top-level kinds, collect them in a [`Registry`], and hand
//! the registry to `kapi-codegen` (from a build script) or write it as a model file for the `kapi` CLI.

pub use kapi_macros::{Resource, Schema, versioned};
pub use kapi_model as model;
pub use kapi_model::{Registry, Resource, Schema};

#[cfg(feature = "schemars")]
pub mod schemars;
