//! JSON Schema 2020-12 documents: self-contained, `$defs` exactly the closure, 2020-12 spellings.

use crate::common;

use std::collections::BTreeSet;

use kapi_codegen::{Options, generate};
use serde_json::{Value, json};

fn refs(value: &Value, found: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(target)) = map.get("$ref") {
                found.insert(target.clone());
            }
            map.values().for_each(|item| refs(item, found));
        }
        Value::Array(items) => items.iter().for_each(|item| refs(item, found)),
        _ => {}
    }
}

#[test]
fn each_definition_is_a_self_contained_document() {
    let artifacts = generate(&common::registry(), &Options::default()).expect("generate");
    for (path, _) in artifacts.iter().filter(|(p, _)| p.starts_with("jsonschema/")) {
        let document = common::json_of(&artifacts, path);
        assert_eq!(document["$schema"], json!("https://json-schema.org/draft/2020-12/schema"));
        let name = path.trim_start_matches("jsonschema/").trim_end_matches(".json");
        assert_eq!(document["$id"], json!(format!("urn:kapi:jsonschema:{name}.json")));
        let mut found = BTreeSet::new();
        refs(&document, &mut found);
        let defs: BTreeSet<String> =
            document.get("$defs").and_then(Value::as_object).map(|d| d.keys().cloned().collect()).unwrap_or_default();
        let targets: BTreeSet<String> = found.iter().map(|r| r.trim_start_matches("#/$defs/").to_owned()).collect();
        assert!(found.iter().all(|r| r.starts_with("#/$defs/")), "{path}: {found:?}");
        assert_eq!(targets, defs, "{path}: $defs must be exactly what is referenced");
    }
}

#[test]
fn uses_2020_12_spellings() {
    let artifacts = generate(&common::registry(), &Options::default()).expect("generate");
    let widget = common::json_of(&artifacts, "jsonschema/com.example.v1alpha1.Widget.json");
    let spec = &widget["$defs"]["com.example.v1alpha1.WidgetSpec"];
    let size = &spec["properties"]["size"];
    assert_eq!(size["type"], json!(["integer", "null"]));
    assert_eq!(size["exclusiveMinimum"], json!(0));
    assert_eq!(size["examples"], json!([3]));
    assert!(size.get("nullable").is_none() && size.get("minimum").is_none());
    assert_eq!(
        widget["properties"]["spec"],
        json!({"$ref": "#/$defs/com.example.v1alpha1.WidgetSpec", "description": "The spec."})
    );
    assert_eq!(spec["x-kubernetes-preserve-unknown-fields"], json!(true));
    let port = &spec["properties"]["port"];
    assert_eq!(
        port["anyOf"],
        json!([{"$ref": "#/$defs/io.k8s.apimachinery.pkg.util.intstr.IntOrString"}, {"type": "null"}])
    );
}
