//! The API types kapi itself emits or serves, as annotated Rust types, and the [`content_hash`] its artifacts are
//! known by: the metadata every object and list carries,
//! the request and response bodies every API server speaks (Status, DeleteOptions, WatchEvent, Patch), the
//! protobuf envelope, int-or-string and quantities, and the legacy and aggregated discovery documents.
//!
//! One module per Go package, so definition names follow Kubernetes' convention
//! (`io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta`). The generator builds its discovery documents from these
//! types, and user crates use them for their own kinds' `metadata`. [`register`] adds to a registry everything an
//! API server speaks besides its own resources.

pub mod apidiscovery;
pub mod byte_string;
pub mod content_hash;
#[cfg(test)]
mod golden;
pub mod intstr;
pub mod meta;
pub mod quantity;
pub mod runtime;
mod special;

use kapi::Registry;

/// Registers what every API server speaks besides its resources: the request and response bodies of its
/// operations, the protobuf envelope of every object on the wire, and the types of its discovery documents.
pub fn register(registry: &mut Registry) {
    use meta::v1;
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
    use kapi::model::DefName;

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
