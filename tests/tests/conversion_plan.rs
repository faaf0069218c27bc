//! A kind's conversions as data (`ConversionPlan`, what `kapi serve --dir` converts from) against the typed
//! conversions `#[kapi::versioned]` compiles: for every version's objects and every target version, the two give
//! the same object, stash annotation included. The fixture has each shape the plan follows: a renamed field, one
//! added with a non-empty default, one removed, versioned types inside lists, maps and `Option`, an internally
//! tagged enum whose variant holds a versioned struct, an externally tagged one, and a struct variant.

use std::sync::Arc;

use kapi::Registry;
use kapi::model::conversion::{ConversionPlan, KindConverter, STASH_ANNOTATION, sample_instance};
use serde_json::{Value, json};

#[kapi::versioned(versions(v1alpha1, v1beta1, v1), storage = v1, package = "example.com/gadgets")]
pub mod gadget {
    use std::collections::BTreeMap;

    use kapi::{Resource, Schema};
    use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
    use serde::{Deserialize, Serialize};

    /// A gadget.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema, Resource)]
    #[serde(rename_all = "camelCase")]
    #[kapi(
        group = "gadgets.example.com",
        plural = "gadgets",
        list = GadgetList,
        status,
        crd(conversion_webhook(url = "https://127.0.0.1:9443/convert"))
    )]
    pub struct Gadget {
        /// Type.
        #[serde(flatten)]
        pub type_meta: TypeMeta,
        /// Metadata.
        #[serde(default)]
        pub metadata: ObjectMeta,
        /// Spec.
        pub spec: GadgetSpec,
        /// Status.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub status: Option<GadgetStatus>,
    }

    /// Spec.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    pub struct GadgetSpec {
        /// Renamed in v1.
        #[versioned(renamed(before = v1, from = model_name))]
        pub model: String,
        /// Added in v1beta1; `false` is written, not left out.
        #[serde(default)]
        #[versioned(added = v1beta1)]
        pub paused: bool,
        /// Added in v1 and left out when empty.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[versioned(added = v1)]
        pub owner: Option<String>,
        /// Gone in v1.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[versioned(removed = v1)]
        pub legacy_mode: Option<String>,
        /// A list of versioned structs.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub parts: Vec<Part>,
        /// A map of versioned structs.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        pub slots: BTreeMap<String, Part>,
        /// An internally tagged enum.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub power: Option<Power>,
        /// An externally tagged enum.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub finish: Option<Finish>,
    }

    /// A part.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    pub struct Part {
        /// Renamed in v1beta1.
        #[versioned(renamed(before = v1beta1, from = label))]
        pub name: String,
        /// How many.
        #[serde(default)]
        pub count: i32,
    }

    /// Where the power comes from.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
    #[serde(tag = "source", rename_all = "camelCase")]
    pub enum Power {
        /// A battery.
        Battery(Battery),
        /// The mains.
        Mains(Mains),
    }

    /// A battery.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    pub struct Battery {
        /// Renamed in v1.
        #[versioned(renamed(before = v1, from = cells))]
        pub cell_count: i32,
    }

    /// The mains.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    pub struct Mains {
        /// Volts.
        pub voltage: i32,
    }

    /// The surface.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    pub enum Finish {
        /// Painted over a base part.
        Painted {
            /// The part under the paint.
            base: Part,
        },
        /// Plated with parts.
        Plated(Vec<Part>),
    }

    /// Status.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    pub struct GadgetStatus {
        /// Renamed in v1beta1.
        #[versioned(renamed(before = v1beta1, from = ready))]
        pub healthy: bool,
    }

    /// A list.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
    pub struct GadgetList {
        /// Type.
        #[serde(flatten)]
        pub type_meta: TypeMeta,
        /// Metadata.
        #[serde(default)]
        pub metadata: ListMeta,
        /// Items.
        pub items: Vec<Gadget>,
    }
}

const VERSIONS: [&str; 3] = ["v1alpha1", "v1beta1", "v1"];
const GROUP: &str = "gadgets.example.com";

fn registry() -> Registry {
    let mut registry = Registry::new();
    registry
        .register_resource::<gadget::v1alpha1::Gadget>()
        .register_resource::<gadget::v1beta1::Gadget>()
        .register_resource::<gadget::v1::Gadget>();
    registry
}

/// The converter a webhook would use, converting from `plan` rather than the typed code.
fn planned(typed: &KindConverter, plan: ConversionPlan) -> KindConverter {
    KindConverter { convert: Arc::new(move |object, to| plan.convert(GROUP, object, to)), ..typed.clone() }
}

fn object(version: &str, spec: Value) -> Value {
    json!({"apiVersion": format!("{GROUP}/{version}"), "kind": "Gadget", "metadata": {"name": "g"}, "spec": spec})
}

/// Objects of every version with every shape set, and sample instances of each version's schema.
fn objects(registry: &Registry) -> Vec<Value> {
    let part = |old: bool, name: &str| if old { json!({"label": name, "count": 2}) } else { json!({"name": name}) };
    let mut out = vec![
        object(
            "v1alpha1",
            json!({"modelName": "m", "legacyMode": "on", "parts": [part(true, "a"), part(true, "b")],
                   "slots": {"x": part(true, "c")}, "power": {"source": "battery", "cells": 4},
                   "finish": {"painted": {"base": part(true, "d")}}}),
        ),
        object(
            "v1beta1",
            json!({"modelName": "m", "paused": true, "legacyMode": "off", "parts": [part(false, "a")],
                   "power": {"source": "mains", "voltage": 230}, "finish": {"plated": [part(false, "e")]}}),
        ),
        object(
            "v1",
            json!({"model": "m", "paused": true, "owner": "me", "slots": {"y": part(false, "f")},
                   "power": {"source": "battery", "cellCount": 2}, "finish": {"painted": {"base": part(false, "g")}}}),
        ),
        object("v1alpha1", json!({"modelName": "bare"})),
        object("v1", json!({"model": "bare"})),
    ];
    for (index, resource) in registry.resources().iter().enumerate() {
        let definition = registry.definition(&resource.definition).expect("the kind's definition");
        let mut sample = sample_instance(registry, &definition.schema);
        sample["apiVersion"] = json!(resource.group_version.to_string());
        sample["kind"] = json!("Gadget");
        sample["metadata"] = json!({"name": format!("sample-{index}")});
        out.push(sample);
    }
    out
}

/// The object as its version's Rust type reads and writes it (fields left out get their serde defaults), without
/// the stash annotation.
fn as_typed(typed: &KindConverter, mut object: Value) -> Value {
    if let Some(metadata) = object.get_mut("metadata").and_then(Value::as_object_mut)
        && let Some(annotations) = metadata.get_mut("annotations").and_then(Value::as_object_mut)
    {
        annotations.remove(STASH_ANNOTATION);
        if annotations.is_empty() {
            metadata.remove("annotations");
        }
    }
    let version = object["apiVersion"].as_str().and_then(|v| v.rsplit_once('/')).map(|(_, v)| v.to_owned());
    (typed.convert)(object, &version.unwrap_or_default()).expect("reads as its version's type")
}

/// The plan leaves out a field the source left out where the typed code writes its serde default (`count: 0`),
/// and so stashes less; read as the target's Rust type, the two are the same object.
#[test]
fn the_plan_converts_every_object_as_the_typed_converters_do() {
    let registry = registry();
    let typed = gadget::converters().remove(0);
    let planned = planned(&typed, gadget::__kapi_conversion_plan_gadget());
    let mut compared = 0;
    for object in objects(&registry) {
        let source = object["apiVersion"].as_str().expect("apiVersion").to_owned();
        for to in VERSIONS {
            let target = format!("{GROUP}/{to}");
            let Ok(expected) = typed.convert_to(object.clone(), &target) else {
                // A sample the typed code cannot read is no object of the kind.
                assert!(object["metadata"]["name"].as_str().is_none_or(|n| n != "g"), "{object}");
                continue;
            };
            let got = planned.convert_to(object.clone(), &target).expect("the plan converts");
            assert_eq!(as_typed(&typed, got.clone()), as_typed(&typed, expected), "{object} to {to}");
            // And back, through the stash, to what was written.
            let back = planned.convert_to(got, &source).expect("and back");
            assert_eq!(as_typed(&typed, back), as_typed(&typed, object.clone()), "{object} to {to} and back");
            compared += 1;
        }
    }
    assert!(compared >= 5 * 3, "only {compared} conversions compared");
}

#[test]
fn the_plan_follows_renames_defaults_and_enums() {
    let typed = gadget::converters().remove(0);
    let planned = planned(&typed, gadget::__kapi_conversion_plan_gadget());
    let old = object(
        "v1alpha1",
        json!({"modelName": "m", "power": {"source": "battery", "cells": 4}, "slots": {"x": {"label": "c", "count": 1}},
               "finish": {"painted": {"base": {"label": "d", "count": 0}}}}),
    );
    let v1 = planned.convert_to(old, &format!("{GROUP}/v1")).expect("converts");
    assert_eq!(
        v1["spec"],
        json!({"model": "m", "paused": false, "power": {"source": "battery", "cellCount": 4},
               "slots": {"x": {"name": "c", "count": 1}}, "finish": {"painted": {"base": {"name": "d", "count": 0}}}})
    );
}

#[test]
fn the_plan_survives_the_model_file() {
    let model = kapi_codegen::model_json(&registry(), &kapi_codegen::Options::default()).expect("the model");
    let read = Registry::from_json(std::str::from_utf8(&model).expect("utf-8")).expect("a model");
    let plans: Vec<(String, ConversionPlan)> = read
        .resources()
        .iter()
        .filter_map(|r| Some((r.group_version.version.clone(), r.crd.clone()?.conversion?)))
        .collect();
    assert_eq!(plans, [("v1".to_owned(), gadget::__kapi_conversion_plan_gadget())]);
    assert_eq!(plans[0].1.not_declarative, None);
}
