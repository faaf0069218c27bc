//! `scale(...)` without `kind`: the scale subresource speaks autoscaling/v1 Scale, kapi-meta's type, as on every
//! API server; `kind` names another Rust type for that body.

use kapi::model::DefName;
use kapi::{Registry, Resource, Schema};
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
use serde::{Deserialize, Serialize};

/// A kind scaled through `.spec.replicas`, its Scale kind left to the default.
#[derive(Debug, Serialize, Deserialize, Schema, Resource)]
#[kapi(
    package = "scaled.example.com/v1",
    group = "scaled.example.com",
    version = "v1",
    list = ScaledList,
    status,
    scale(spec_replicas_path = ".spec.replicas", status_replicas_path = ".status.replicas"),
    crd
)]
pub struct Scaled {
    /// Type.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// Wanted.
    pub spec: Counts,
    /// Observed.
    #[serde(default)]
    pub status: Counts,
}

/// A replica count.
#[derive(Debug, Default, Serialize, Deserialize, Schema)]
#[kapi(package = "scaled.example.com/v1")]
pub struct Counts {
    /// How many.
    pub replicas: i32,
}

/// A list of scaled.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "scaled.example.com/v1")]
pub struct ScaledList {
    /// Type.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Metadata.
    #[serde(default)]
    pub metadata: ListMeta,
    /// The items.
    pub items: Vec<Scaled>,
}

#[test]
fn scale_requires_kind_no_more_it_defaults_to_autoscaling_v1_scale() {
    let mut registry = Registry::new();
    let meta = Scaled::resource_meta(&mut registry);
    let scale = meta.subresources.iter().find(|s| s.name == "scale").expect("a scale subresource");
    let kind = scale.kind.as_ref().expect("the Scale kind");
    assert_eq!((kind.group_version.group.as_str(), kind.group_version.version.as_str()), ("autoscaling", "v1"));
    assert_eq!(kind.kind, "Scale");
    assert_eq!(kind.definition, DefName::new("io.k8s.api.autoscaling.v1.Scale"));
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());

    registry.register_resource::<Scaled>();
    kapi_meta::register(&mut registry);
    let artifacts =
        kapi_codegen::generate(&registry, &kapi_codegen::Options::default()).unwrap_or_else(|e| panic!("{e}"));
    let crd: serde_json::Value =
        serde_json::from_slice(artifacts.get("crds/scaleds.scaled.example.com.json").expect("the CRD")).expect("JSON");
    let written = &crd["spec"]["versions"][0]["subresources"]["scale"];
    assert_eq!(written["specReplicasPath"], ".spec.replicas", "{crd:#}");
}
