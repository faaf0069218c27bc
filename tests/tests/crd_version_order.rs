//! A CRD's `spec.versions` in the order its types ask for (`crd(position = N)`), and `subresources: {}` where a
//! version asks for it (`crd(empty_subresources)`): what `kapi import` writes to give a hand-written CRD back as
//! it was. The real API server keeps both as sent.

use kapi::Registry;
use kapi_tests::kube::kube;
use serde_json::{Value, json};

/// One kind in three versions; `position` lists them v1, v1alpha2, v1alpha3 (priority order would put v1alpha3
/// before v1alpha2). Each version's type is its own Rust type, as `kapi import` writes them.
macro_rules! gadget {
    ($module:ident, $package:literal, $version:literal, $($crd:tt)*) => {
        pub mod $module {
            use kapi::{Resource, Schema};
            use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
            use serde::{Deserialize, Serialize};

            /// A gadget.
            #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema, Resource)]
            #[kapi(
                package = $package,
                group = "order.example.com",
                version = $version,
                list = GadgetList,
                crd($($crd)*)
            )]
            pub struct Gadget {
                #[serde(flatten)]
                pub type_meta: TypeMeta,
                #[serde(default)]
                pub metadata: ObjectMeta,
                /// What the gadget does.
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub spec: Option<String>,
            }

            /// Gadgets.
            #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
            #[kapi(package = $package)]
            pub struct GadgetList {
                #[serde(flatten)]
                pub type_meta: TypeMeta,
                #[serde(default)]
                pub metadata: ListMeta,
                pub items: Vec<Gadget>,
            }
        }
    };
}

gadget!(v1, "example.com/order/v1", "v1", storage, position = 0);
gadget!(v1alpha2, "example.com/order/v1alpha2", "v1alpha2", storage = false, position = 1, empty_subresources);
gadget!(v1alpha3, "example.com/order/v1alpha3", "v1alpha3", storage = false, position = 2);
// The same kind again, two versions asking for one place.
gadget!(clash_v1, "example.com/order/clash/v1", "v1", storage, position = 1);
gadget!(clash_v1beta1, "example.com/order/clash/v1beta1", "v1beta1", storage = false, position = 1);
// Without positions: priority order.
gadget!(plain_v1alpha2, "example.com/order/plain/v1alpha2", "v1alpha2", storage);
gadget!(plain_v1alpha3, "example.com/order/plain/v1alpha3", "v1alpha3", storage = false);

fn generate(register: impl FnOnce(&mut Registry)) -> Result<kapi_codegen::Artifacts, String> {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    register(&mut registry);
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());
    kapi_codegen::generate(&registry, &kapi_codegen::Options::default()).map_err(|e| e.to_string())
}

fn generated_crd(register: impl FnOnce(&mut Registry)) -> Value {
    let artifacts = generate(register).expect("generates");
    kapi_tests::artifact_json(&artifacts, "crds/gadgets.order.example.com.json")
}

fn names(crd: &Value) -> Vec<&str> {
    crd["spec"]["versions"].as_array().expect("versions").iter().map(|v| v["name"].as_str().expect("a name")).collect()
}

#[test]
fn versions_come_in_the_order_their_positions_give() {
    let crd = generated_crd(|registry| {
        // Registered in neither order: the positions decide.
        registry.register_resource::<v1alpha3::Gadget>();
        registry.register_resource::<v1::Gadget>();
        registry.register_resource::<v1alpha2::Gadget>();
    });
    assert_eq!(names(&crd), ["v1", "v1alpha2", "v1alpha3"]);
    let subresources: Vec<Option<&Value>> =
        crd["spec"]["versions"].as_array().expect("versions").iter().map(|v| v.get("subresources")).collect();
    assert_eq!(subresources, [None, Some(&json!({})), None]);

    let plain = generated_crd(|registry| {
        registry.register_resource::<plain_v1alpha2::Gadget>();
        registry.register_resource::<plain_v1alpha3::Gadget>();
    });
    assert_eq!(names(&plain), ["v1alpha3", "v1alpha2"]);
}

#[test]
fn two_versions_with_one_position_are_refused() {
    let error = generate(|registry| {
        registry.register_resource::<clash_v1::Gadget>();
        registry.register_resource::<clash_v1beta1::Gadget>();
    })
    .expect_err("refused");
    assert!(error.contains("versions v1 and v1beta1 both ask for position 1 in spec.versions"), "{error}");
}

#[test]
fn kube_keeps_the_order_and_the_empty_subresources_as_sent() {
    let crd = generated_crd(|registry| {
        registry.register_resource::<v1::Gadget>();
        registry.register_resource::<v1alpha2::Gadget>();
        registry.register_resource::<v1alpha3::Gadget>();
    });
    let path = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All&fieldValidation=Strict";
    let reply = kube().send_json("POST", path, &crd);
    assert_eq!(reply.status, 201, "{}", String::from_utf8_lossy(&reply.body));
    let stored = reply.json();
    assert_eq!(names(&stored), names(&crd));
    assert_eq!(stored["spec"]["versions"][1]["subresources"], json!({}));
}
