//! kube-rs interop, the `kube` feature: what `#[kapi(kube)]` kinds' derived impls name, and schemas for
//! k8s-openapi's meta types so a kind can hold what a kube-rs program holds (docs/KUBE-RS.md).
//!
//! k8s-openapi's types are described by reference to Kubernetes' definitions (`ObjectMeta` is
//! `io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta`), the same names kapi-meta's copies have; generation fills a
//! name that no type registered from kapi-meta (`kapi_meta::register_referenced`).

mod type_meta;

pub use k8s_openapi;
pub use kube_core;
pub use type_meta::TypeMeta;

use crate::names::DefName;
use crate::registry::Registry;
use crate::schema::SchemaNode;
use crate::traits::Schema;

macro_rules! by_reference {
    ($($ty:ty => $name:literal;)*) => {$(
        impl Schema for $ty {
            fn schema(_: &mut Registry) -> SchemaNode {
                SchemaNode::reference(DefName::new($name))
            }
        }
    )*};
}

by_reference! {
    k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta => "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";
    k8s_openapi::apimachinery::pkg::apis::meta::v1::ListMeta => "io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta";
    k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition => "io.k8s.apimachinery.pkg.apis.meta.v1.Condition";
    k8s_openapi::apimachinery::pkg::apis::meta::v1::Time => "io.k8s.apimachinery.pkg.apis.meta.v1.Time";
    k8s_openapi::apimachinery::pkg::apis::meta::v1::MicroTime => "io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime";
    k8s_openapi::apimachinery::pkg::apis::meta::v1::LabelSelector => "io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector";
    k8s_openapi::apimachinery::pkg::apis::meta::v1::OwnerReference => "io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference";
    k8s_openapi::apimachinery::pkg::api::resource::Quantity => "io.k8s.apimachinery.pkg.api.resource.Quantity";
    k8s_openapi::apimachinery::pkg::util::intstr::IntOrString => "io.k8s.apimachinery.pkg.util.intstr.IntOrString";
}

// What attributes check of a field's type: list map keys name a Condition's fields; quantities and int-or-strings
// take int-or-string keywords, as kapi-meta's do.
impl crate::derive_support::JsonFields for k8s_openapi::apimachinery::pkg::apis::meta::v1::Condition {
    const JSON_FIELDS: &'static [&'static str] =
        &["lastTransitionTime", "message", "observedGeneration", "reason", "status", "type"];
}

impl crate::derive_support::JsonFields for k8s_openapi::apimachinery::pkg::apis::meta::v1::OwnerReference {
    const JSON_FIELDS: &'static [&'static str] =
        &["apiVersion", "blockOwnerDeletion", "controller", "kind", "name", "uid"];
}

impl crate::shape::IntOrStringShape for k8s_openapi::apimachinery::pkg::api::resource::Quantity {}
impl crate::shape::IntOrStringShape for k8s_openapi::apimachinery::pkg::util::intstr::IntOrString {}

/// Wraps the kube-core impls `#[kapi(kube)]` derives: they compile with the `kube` feature, and without it the
/// attribute is an error saying so.
#[doc(hidden)]
#[macro_export]
macro_rules! __kube_impls {
    ($($impls:tt)*) => { $($impls)* };
}
