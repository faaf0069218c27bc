//! JSON → message conversion against the upstream reference definitions.

use std::collections::HashMap;

use prost_reflect::{DescriptorPool, DynamicMessage, Value as Field};
use serde_json::json;

use super::*;
use crate::protobuf::descriptors;
use crate::protobuf::test_files::upstream_files;

const META: &str = "k8s.io.apimachinery.pkg.apis.meta.v1";

fn pool() -> DescriptorPool {
    descriptors::compile(&descriptors::sources(&upstream_files()).expect("UTF-8"))
        .expect("the references compile")
        .expect("a pool")
}

fn convert(full_name: &str, json: &Value) -> Result<DynamicMessage, String> {
    let pool = pool();
    let desc = pool.get_message_by_name(full_name).expect("a reference message");
    message(&desc, json, "$")
}

fn get(message: &DynamicMessage, name: &str) -> Field {
    message.get_field_by_name(name).expect("field exists").into_owned()
}

#[test]
fn legacy_resource_lists_wrap_verbs_and_drop_inline_type_meta() {
    let json = json!({"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": "apps/v1",
        "resources": [{"name": "deployments", "singularName": "deployment", "namespaced": true, "kind": "Deployment",
                       "verbs": ["get", "list"], "shortNames": ["deploy"], "storageVersionHash": "abc=",
                       "group": null}]});
    let list = convert(&format!("{META}.APIResourceList"), &json).expect("converts");
    assert_eq!(get(&list, "groupVersion"), Field::String("apps/v1".into()));
    let Field::List(resources) = get(&list, "resources") else { panic!("a list") };
    let resource = resources[0].as_message().expect("a message");
    assert_eq!(get(resource, "kind"), Field::String("Deployment".into()), "a real field named kind is kept");
    assert!(!resource.has_field_by_name("group"), "null is absent");
    let verbs = get(resource, "verbs");
    let items = verbs.as_message().expect("meta/v1 Verbs is a message").get_field_by_name("items").expect("items");
    assert_eq!(items.as_list().map(<[Field]>::len), Some(2));
}

#[test]
fn special_json_forms_follow_apimachinery() {
    let meta = json!({"name": "x", "labels": {"a": "b"}, "creationTimestamp": "2024-02-29T12:34:56Z",
                      "managedFields": [{"manager": "kapi", "fieldsV1": {"f:spec": {}}}]});
    let converted = convert(&format!("{META}.ObjectMeta"), &meta).expect("converts");
    let time = get(&converted, "creationTimestamp");
    let time = time.as_message().expect("Time");
    assert_eq!((get(time, "seconds"), get(time, "nanos")), (Field::I64(1_709_210_096), Field::I32(0)));
    assert_eq!(get(&converted, "labels").as_map().map(HashMap::len), Some(1));
    let lease = json!({"spec": {"acquireTime": "2024-02-29T12:34:56.123456789Z", "leaseDurationSeconds": 15}});
    let lease = convert("k8s.io.api.coordination.v1.Lease", &lease).expect("converts");
    let spec = get(&lease, "spec");
    let acquired = get(spec.as_message().expect("spec"), "acquireTime");
    assert_eq!(get(acquired.as_message().expect("MicroTime"), "nanos"), Field::I32(123_456_000), "microseconds");
    let pool = pool();
    let int_or_string = pool.get_message_by_name("k8s.io.apimachinery.pkg.util.intstr.IntOrString").expect("type");
    let number = message(&int_or_string, &json!(8080), "$").expect("int");
    assert_eq!((get(&number, "type"), get(&number, "intVal")), (Field::I64(0), Field::I32(8080)));
    let text = message(&int_or_string, &json!("http"), "$").expect("string");
    assert_eq!((get(&text, "type"), get(&text, "strVal")), (Field::I64(1), Field::String("http".into())));
}

#[test]
fn mismatches_are_errors_naming_the_json_path() {
    let list = format!("{META}.APIGroupList");
    let unknown = convert(&list, &json!({"groups": [{"name": "apps", "colour": "red"}]})).expect_err("unknown");
    assert!(unknown.contains("$.groups[0].colour"), "{unknown}");
    let wrong_type = convert(&list, &json!({"groups": [{"name": 7}]})).expect_err("wrong type");
    assert!(wrong_type.contains("$.groups[0].name"), "{wrong_type}");
    let not_a_list = convert(&list, &json!({"groups": {"name": "apps"}})).expect_err("not a list");
    assert!(not_a_list.contains("expected a list"), "{not_a_list}");
    let not_an_object = convert(&list, &json!(["apps"])).expect_err("not an object");
    assert!(not_an_object.contains("expected an object"), "{not_an_object}");
    let bad_time = convert(&format!("{META}.ObjectMeta"), &json!({"creationTimestamp": "yesterday"}));
    assert!(bad_time.expect_err("bad time").contains("RFC 3339"));
    let too_big = convert("k8s.io.api.coordination.v1.LeaseSpec", &json!({"leaseDurationSeconds": 1_u64 << 40}));
    assert!(too_big.is_err(), "an int32 field refuses what does not fit");
}

#[test]
fn keys_of_an_embedded_struct_travel_in_its_message_field() {
    // go-to-protobuf's form of networking/v1 IngressRule: `IngressRuleValue` is embedded inline in the JSON.
    let source = "syntax = \"proto2\";\npackage example.v1;\n\
        message Rule { optional string host = 1; optional RuleValue ruleValue = 2; }\n\
        message RuleValue { optional Paths http = 1; }\n\
        message Paths { repeated string paths = 1; }\n";
    let files: BTreeMap<String, Vec<u8>> =
        [("proto/example/v1/generated.proto".to_owned(), source.as_bytes().to_vec())].into();
    let pool = descriptors::compile(&descriptors::sources(&files).expect("UTF-8")).expect("compiles").expect("a pool");
    let desc = pool.get_message_by_name("example.v1.Rule").expect("Rule");
    let rule = message(&desc, &json!({"host": "example.com", "http": {"paths": ["/"]}}), "$").expect("converts");
    assert_eq!(get(&rule, "host"), Field::String("example.com".into()));
    let value = get(&rule, "ruleValue");
    let http = get(value.as_message().expect("RuleValue"), "http");
    assert_eq!(get(http.as_message().expect("Paths"), "paths").as_list().map(<[Field]>::len), Some(1));
    let unknown = message(&desc, &json!({"host": "example.com", "colour": "red"}), "$").expect_err("no such field");
    assert!(unknown.contains("has no field \"colour\""), "{unknown}");
}
