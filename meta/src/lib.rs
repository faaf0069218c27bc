//! The API types kapi itself emits or serves, as annotated Rust types, and the [`content_hash`] its artifacts are
//! known by: the metadata every object and list carries,
//! the request and response bodies every API server speaks (Status, DeleteOptions, WatchEvent, Patch), the
//! protobuf envelope, int-or-string and quantities, the legacy and aggregated discovery documents, the watchable
//! discovery `Group` kind ([`discovery::v1alpha1`]), the `Lease` kind each kapi replica holds as its identity
//! ([`coordination::v1`]), the `Scale` kind of every `scale` subresource ([`autoscaling::v1`]), and the
//! CustomResourceDefinition kind with the OpenAPI v3 schema
//! type custom resources are validated with.
//!
//! One module per Go package, so definition names follow Kubernetes' convention
//! (`io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta`). The generator builds its discovery documents from these
//! types, and user crates use them for their own kinds' `metadata`. [`register`] adds to a registry everything an
//! API server speaks besides its own resources.

pub mod apidiscovery;
pub mod apiextensions;
pub mod autoscaling;
pub mod byte_string;
pub mod client_go_scheme;
pub mod content_hash;
pub mod coordination;
pub mod crd_constraints;
pub mod discovery;
#[cfg(test)]
mod golden;
pub mod intstr;
#[cfg(feature = "k8s-openapi")]
pub mod k8s_openapi;
pub mod meta;
pub mod quantity;
mod referenced;
pub mod runtime;
pub use referenced::register_referenced;
mod special;

use kapi::Registry;
use kapi::model::Conventions;

/// The Go-style packages of kapi-meta's types. They are Kubernetes' own types, published the way Kubernetes
/// publishes them (zero values as defaults) in every document that uses them, whatever the group.
pub const KUBERNETES_PACKAGES: [&str; 9] = [
    "k8s.io/api/apidiscovery/v2",
    "k8s.io/api/apidiscovery/v2beta1",
    "k8s.io/api/autoscaling/v1",
    "k8s.io/api/discovery/v1alpha1",
    "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1",
    "k8s.io/apimachinery/pkg/api/resource",
    "k8s.io/apimachinery/pkg/apis/meta/v1",
    "k8s.io/apimachinery/pkg/runtime",
    "k8s.io/apimachinery/pkg/util/intstr",
];

/// Registers what every API server speaks besides its resources: the request and response bodies of its
/// operations, the protobuf envelope of every object on the wire, and the types of its discovery documents; and
/// publishes kapi-meta's packages with Kubernetes conventions ([`KUBERNETES_PACKAGES`]).
pub fn register(registry: &mut Registry) {
    use meta::v1;
    for package in KUBERNETES_PACKAGES {
        registry.set_package_conventions(package, Conventions::Kubernetes);
    }
    registry
        .register::<v1::Status>()
        .register::<v1::DeleteOptions>()
        .register::<v1::WatchEvent>()
        .register::<v1::Patch>()
        .register::<runtime::RawExtension>()
        // The protobuf envelope of every object on the wire (the runtime encodes with it).
        .register::<runtime::Unknown>()
        .register::<v1::APIVersions>()
        .register::<v1::APIGroupList>()
        .register::<v1::APIGroup>()
        .register::<v1::APIResourceList>()
        .register::<apidiscovery::v2::APIGroupDiscoveryList>()
        .register::<apidiscovery::v2beta1::APIGroupDiscoveryList>();
}

#[cfg(test)]
mod tests {
    use kapi::model::{Conventions, DefName};

    #[test]
    fn every_meta_type_lives_in_a_package_published_with_kubernetes_conventions() {
        let mut registry = kapi::Registry::new();
        super::register(&mut registry);
        registry
            .register::<super::meta::v1::ObjectMeta>()
            .register::<super::meta::v1::ListMeta>()
            .register::<super::intstr::IntOrString>()
            .register::<super::quantity::Quantity>()
            .register::<super::apiextensions::v1::CustomResourceDefinition>()
            .register::<super::discovery::v1alpha1::GroupList>();
        for (name, definition) in registry.definitions() {
            let package = definition.info.package.as_deref().unwrap_or_default();
            assert!(super::KUBERNETES_PACKAGES.contains(&package), "{name} is in `{package}`");
            assert_eq!(registry.package_conventions().get(package), Some(&Conventions::Kubernetes), "{package}");
        }
    }

    #[test]
    fn registers_the_bodies_and_discovery_types_every_server_speaks() {
        let mut registry = kapi::Registry::new();
        super::register(&mut registry);
        assert!(registry.errors().is_empty(), "{:?}", registry.errors());
        for name in [
            "io.k8s.apimachinery.pkg.apis.meta.v1.Status",
            "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions",
            "io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent",
            "io.k8s.apimachinery.pkg.apis.meta.v1.Patch",
            "io.k8s.apimachinery.pkg.apis.meta.v1.APIResourceList",
            "io.k8s.apimachinery.pkg.runtime.Unknown",
            "io.k8s.api.apidiscovery.v2.APIGroupDiscoveryList",
            "io.k8s.api.apidiscovery.v2beta1.APIGroupDiscoveryList",
        ] {
            assert!(registry.definition(&DefName::new(name)).is_some(), "{name} is missing");
        }
        assert!(registry.resources().is_empty(), "meta types are bodies, not served resources");
    }
}
