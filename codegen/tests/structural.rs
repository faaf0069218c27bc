//! The structural check over a realistic CRD (`fixtures/databases.storage.example.com.json`): every version's
//! schema uses the extensions, defaults, junctors and validation rules a real CRD uses, and is accepted as a
//! whole; breaking one node of it is caught at that node.

use kapi_codegen::{StructuralOptions, StructuralRule, check_structural, check_structural_with};
use serde_json::Value;

const FIXTURE: &str = include_str!("fixtures/databases.storage.example.com.json");

/// Each version's name, `openAPIV3Schema` and options (whether it enables the status subresource).
fn versions() -> Vec<(String, Value, StructuralOptions)> {
    let crd: Value = serde_json::from_str(FIXTURE).expect("the fixture is JSON");
    let versions = crd["spec"]["versions"].as_array().expect("spec.versions is a list");
    versions
        .iter()
        .map(|version| {
            let name = version["name"].as_str().expect("a version has a name").to_owned();
            let options = StructuralOptions { status_subresource: version["subresources"].get("status").is_some() };
            (name, version["schema"]["openAPIV3Schema"].clone(), options)
        })
        .collect()
}

/// Every key used anywhere in `value`.
fn keys_in(value: &Value, keys: &mut std::collections::BTreeSet<String>) {
    match value {
        Value::Object(map) => map.iter().for_each(|(key, child)| {
            keys.insert(key.clone());
            keys_in(child, keys);
        }),
        Value::Array(list) => list.iter().for_each(|child| keys_in(child, keys)),
        _ => {}
    }
}

#[test]
fn every_version_of_a_valid_crd_is_structural() {
    let versions = versions();
    assert_eq!(versions.len(), 2);
    for (name, schema, options) in &versions {
        assert!(options.status_subresource, "version {name} enables the status subresource");
        let violations = check_structural_with(schema, options);
        assert!(violations.is_empty(), "version {name}: {violations:#?}");
        assert!(check_structural(schema).is_empty(), "version {name} without subresources");
    }
}

#[test]
fn the_fixture_exercises_what_the_rules_are_about() {
    let mut keys = std::collections::BTreeSet::new();
    versions().iter().for_each(|(_, schema, _)| keys_in(schema, &mut keys));
    for expected in [
        "default",
        "nullable",
        "anyOf",
        "oneOf",
        "not",
        "additionalProperties",
        "x-kubernetes-int-or-string",
        "x-kubernetes-embedded-resource",
        "x-kubernetes-preserve-unknown-fields",
        "x-kubernetes-list-type",
        "x-kubernetes-list-map-keys",
        "x-kubernetes-map-type",
        "x-kubernetes-validations",
    ] {
        assert!(keys.contains(expected), "the fixture never uses {expected}");
    }
}

#[test]
fn breaking_one_node_of_the_valid_crd_is_reported_there() {
    let (_, mut schema, _) = versions().pop().expect("a version");
    let ports = "/properties/spec/properties/ports/items/properties/name";
    schema.pointer_mut(ports).and_then(Value::as_object_mut).expect("ports[*].name").remove("type");
    let retention = "/properties/spec/properties/backup/properties/retention";
    schema.pointer_mut(retention).expect("backup.retention")["default"]["keepForever"] = Value::Bool(true);
    let violations = check_structural(&schema);
    let found: Vec<(StructuralRule, &str, &str)> =
        violations.iter().map(|v| (v.rule, v.field.as_str(), v.pointer.as_str())).collect();
    assert_eq!(
        found,
        [
            (StructuralRule::DefaultNotPruned, "spec.backup.retention", retention),
            (StructuralRule::MissingType, "spec.ports[*].name", ports),
        ],
        "{violations:#?}"
    );
}
