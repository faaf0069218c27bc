//! The example group's open and closed enum, in every output: CronTab's `capacityType` is open (known values
//! documented, others accepted) and its `restartPolicy` closed (`enum`, others rejected).

use kapi_codegen::Artifacts;
use kapi_tests::{artifact_json, corpus_artifacts};
use serde_json::{Value, json};

const SPEC: &str = "com.example.stable.v1.CronTabSpec";
const CLOSED: &str = "com.example.stable.v1.RestartPolicy";
const KNOWN: [&str; 2] = ["OnDemand", "Spot"];
const SENTENCE: &str = "Known values: \"OnDemand\", \"Spot\"; other values may appear.";

/// An open enum: the extension lists the values, the description names them, and nothing enforces them.
fn assert_open(schema: &Value, with_extension: bool, form: &str) {
    let description = schema["description"].as_str().unwrap_or_default();
    assert!(description.ends_with(&format!("\n\n{SENTENCE}")), "{form}: {description}");
    let extension = if with_extension { json!(KNOWN) } else { Value::Null };
    assert_eq!(schema["x-extensible-enum"], extension, "{form}");
    assert_eq!(schema.get("enum"), None, "{form}: an open enum rejects nothing");
}

fn assert_closed(schema: &Value, form: &str) {
    assert_eq!(schema["enum"], json!(["Never", "OnFailure"]), "{form}");
    assert_eq!(schema.get("x-extensible-enum"), None, "{form}");
}

fn artifacts() -> &'static Artifacts {
    static ARTIFACTS: std::sync::OnceLock<Artifacts> = std::sync::OnceLock::new();
    ARTIFACTS.get_or_init(corpus_artifacts)
}

#[test]
fn openapi_v3() {
    let document = artifact_json(artifacts(), "openapi/v3/apis/stable.example.com/v1.json");
    let schemas = &document["components"]["schemas"];
    assert_open(&schemas[SPEC]["properties"]["capacityType"], true, "v3");
    assert_closed(&schemas[CLOSED], "v3");
}

#[test]
fn swagger_v2() {
    let document = artifact_json(artifacts(), "openapi/v2/swagger.json");
    let definitions = &document["definitions"];
    assert_open(&definitions[SPEC]["properties"]["capacityType"], true, "v2");
    assert_closed(&definitions[CLOSED], "v2");
}

#[test]
fn json_schema() {
    let spec = artifact_json(artifacts(), &format!("jsonschema/{SPEC}.json"));
    assert_open(&spec["properties"]["capacityType"], true, "JSON Schema");
    let closed = artifact_json(artifacts(), &format!("jsonschema/{CLOSED}.json"));
    assert_closed(&closed, "JSON Schema");
}

/// A CRD's schema has no room for extensions: the open enum lives in the description alone.
#[test]
fn crd() {
    let crd = artifact_json(artifacts(), "crds/crontabs.stable.example.com.json");
    let schema = &crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"];
    assert_open(&schema["capacityType"], false, "CRD");
    assert_closed(&schema["restartPolicy"], "CRD");
}

/// Both travel as strings, as go-to-protobuf writes Go's string enums; the comment tells them apart.
#[test]
fn protobuf() {
    let bytes = artifacts().get("proto/example.com/stable/v1/generated.proto").expect("the example's .proto");
    let text = String::from_utf8_lossy(bytes);
    let field = |name: &str| {
        let end = text.find(&format!("optional string {name} = ")).unwrap_or_else(|| panic!("a string {name}"));
        let start = text[..end].rfind("\n\n").expect("a blank line before the field's comment");
        text[start..end].to_owned()
    };
    assert!(field("capacityType").contains(&format!("// {SENTENCE}")), "{}", field("capacityType"));
    assert!(
        field("restartPolicy").contains("// Allowed values: \"Never\", \"OnFailure\"."),
        "{}",
        field("restartPolicy")
    );
    assert!(!text.contains("enum "), "no protobuf enum types: see codegen/src/emit/proto/enums.rs");
}

/// Read back by `kapi import`, the open enum is an open enum again, and generating once more writes it unchanged.
#[test]
fn import_reads_the_open_enum_back() {
    let path = "openapi/v3/apis/stable.example.com/v1.json";
    let text = String::from_utf8(artifacts().get(path).expect("the document").to_vec()).expect("UTF-8");
    let imported = kapi_import::import(&[(path.to_owned(), text)]).unwrap_or_else(|e| panic!("{e}"));
    let registry = imported.registry().unwrap_or_else(|e| panic!("{e}"));
    let again = kapi_codegen::generate(&registry, &kapi_codegen::Options::default()).unwrap_or_else(|e| panic!("{e}"));
    let before = &artifact_json(artifacts(), path)["components"]["schemas"][SPEC]["properties"]["capacityType"];
    let after = &artifact_json(&again, path)["components"]["schemas"][SPEC]["properties"]["capacityType"];
    assert_eq!(after, before);
}

/// The CRD holds the open enum as its description alone; imported and generated again it is the same bytes (the
/// sentence stays part of the description, as nothing marks it as kapi's there).
#[test]
fn the_crd_comes_back_byte_for_byte() {
    let path = "crds/crontabs.stable.example.com.yaml";
    let text = String::from_utf8(artifacts().get(path).expect("the CRD").to_vec()).expect("UTF-8");
    let imported = kapi_import::import(&[(path.to_owned(), text.clone())]).unwrap_or_else(|e| panic!("{e}"));
    let registry = imported.registry().unwrap_or_else(|e| panic!("{e}"));
    let again = kapi_codegen::generate(&registry, &kapi_codegen::Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert!(again.get(path) == Some(text.as_bytes()), "{path} differs");
}
