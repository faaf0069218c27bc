//! An operator written with kube-rs whose kind is defined with kapi's derives (docs/KUBE-RS.md).
//!
//! - [`api`]: `Queue` in `operator.example.com`, v1alpha1 and v1 from one definition (`workers` became `replicas`),
//!   with k8s-openapi's metadata and Conditions, the scale subresource, printer columns and a conversion webhook.
//!   `kapi serve --dir` over the bundle [`bundle`] generates is that webhook: the bundle's `model.json` holds the
//!   history as data.
//! - [`controller`]: a `kube::runtime::Controller` that provisions each queue in a backend ([`backend`]), reports
//!   `Ready` and `status.replicas` through the status subresource, and deprovisions it behind a finalizer.
//!
//! cli/tests/operator.rs runs all of it against the real API server.

pub mod api;
pub mod backend;
pub mod controller;

use kapi::Registry;

pub use api::queue::{v1, v1alpha1};

/// The API: both versions of Queue, and the bodies and discovery types every API server speaks.
pub fn registry() -> Registry {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    registry.register_resource::<v1alpha1::Queue>().register_resource::<v1::Queue>();
    registry
}

/// What `kapi generate` would write for [`registry`]: the bundle `kapi serve --dir` serves and converts with.
pub fn bundle() -> Result<kapi_codegen::Artifacts, kapi_codegen::Error> {
    kapi_codegen::generate(&registry(), &kapi_codegen::Options::default())
}
