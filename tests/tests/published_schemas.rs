//! Every generated document as a validator sees it: each default and example satisfies the schema it sits in, the
//! JSON Schema documents are valid 2020-12 schemas, and the OpenAPI v3 documents parse into openapiv3's model.

use kapi_codegen::Artifacts;
use kapi_tests::schema_check::{Checker, Violation, to_2020_12};
use kapi_tests::{artifact_json, corpus_artifacts};
use serde_json::{Map, Value};

/// Every document's definitions in 2020-12 form: `(document path, definitions)`.
fn documents(artifacts: &Artifacts) -> Vec<(String, Map<String, Value>)> {
    let mut out = Vec::new();
    for (path, _) in artifacts.iter().filter(|(path, _)| path.ends_with(".json")) {
        let document = artifact_json(artifacts, path);
        let (schemas, prefix) = if path.starts_with("openapi/v3/api") {
            (document["components"]["schemas"].clone(), "#/components/schemas/")
        } else if path == "openapi/v2/swagger.json" {
            (document["definitions"].clone(), "#/definitions/")
        } else if let Some(name) = path.strip_prefix("jsonschema/").and_then(|p| p.strip_suffix(".json")) {
            let mut defs = document.get("$defs").and_then(Value::as_object).cloned().unwrap_or_default();
            let mut root = document.as_object().cloned().unwrap_or_default();
            for key in ["$defs", "$schema", "$id"] {
                root.remove(key);
            }
            defs.insert(name.to_owned(), Value::Object(root));
            out.push((path.to_owned(), defs));
            continue;
        } else {
            continue;
        };
        let converted = schemas.as_object().into_iter().flatten().map(|(n, s)| (n.clone(), to_2020_12(s, prefix)));
        out.push((path.to_owned(), converted.collect()));
    }
    out
}

/// Kubernetes' zero-value `{}` beside a reference to a struct with required fields (upstream writes it on, e.g.,
/// every container of a pod template): a convention of the built-in groups that kapi reproduces on purpose, and
/// the only kind of violation allowed.
fn is_kubernetes_zero_object(violation: &Violation) -> bool {
    violation.definition.starts_with("io.k8s.")
        && violation.keyword == "default"
        && violation.value == Value::Object(Map::new())
        && violation.problem.split("; ").all(|p| p.ends_with("is a required property"))
}

#[test]
fn every_default_and_example_fits_the_schema_it_sits_in() {
    let artifacts = corpus_artifacts();
    let mut exempt = 0;
    let mut problems = Vec::new();
    let mut checker = Checker::default();
    for (path, defs) in documents(&artifacts) {
        for violation in checker.violations(&defs) {
            if is_kubernetes_zero_object(&violation) {
                exempt += 1;
            } else {
                problems.push(format!("{path}: {violation:?}"));
            }
        }
    }
    assert!(problems.is_empty(), "{} violations:\n{}", problems.len(), problems.join("\n"));
    eprintln!("{exempt} Kubernetes zero-value object defaults on types with required fields (upstream's convention)");
}

#[test]
fn the_oracle_catches_a_default_that_breaks_its_schema() {
    let port = serde_json::json!({
        "type": "object",
        "properties": {"port": {"type": "integer", "minimum": 1, "exclusiveMinimum": true, "default": 1},
                       "mode": {"type": "string", "nullable": true, "enum": ["a"], "default": null}}
    });
    let defs: Map<String, Value> =
        [("Port".to_owned(), to_2020_12(&port, "#/components/schemas/"))].into_iter().collect();
    let found = Checker::default().violations(&defs);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].pointer.as_str(), found[0].keyword.as_str()), ("/properties/port", "default"));
}

#[test]
fn json_schema_documents_are_valid_2020_12_schemas_with_uri_ids() {
    let artifacts = corpus_artifacts();
    let mut checked = 0;
    for (path, _) in artifacts.iter().filter(|(path, _)| path.starts_with("jsonschema/")) {
        let document = artifact_json(&artifacts, path);
        if let Err(error) = jsonschema::meta::validate(&document) {
            panic!("{path} is not a valid 2020-12 schema: {error} at {}", error.instance_path());
        }
        let file = path.trim_start_matches("jsonschema/");
        assert_eq!(document["$id"], Value::from(format!("{}{file}", kapi_codegen::DEFAULT_JSON_SCHEMA_BASE)));
        checked += 1;
    }
    assert_eq!(checked, kapi_schemas::registry().definitions().len());
    // A broken schema is refused, so the check above can fail.
    assert!(jsonschema::meta::validate(&serde_json::json!({"type": "integer", "minimum": "one"})).is_err());
}

#[test]
fn a_configured_base_makes_ids_urls() {
    let options = kapi_codegen::Options {
        json_schema_base: Some("https://schemas.example.com/kapi/".to_owned()),
        ..kapi_codegen::Options::default()
    };
    let artifacts = kapi_tests::corpus_artifacts_with(&options);
    let crontab = artifact_json(&artifacts, "jsonschema/com.example.stable.v1.CronTab.json");
    assert_eq!(crontab["$id"], "https://schemas.example.com/kapi/com.example.stable.v1.CronTab.json");
}

#[test]
fn openapi_v3_documents_parse_into_openapiv3() {
    let artifacts = corpus_artifacts();
    let mut parsed = 0;
    for (path, bytes) in artifacts.iter().filter(|(p, _)| p.starts_with("openapi/v3/api")) {
        let document: openapiv3::OpenAPI =
            serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("{path} does not parse into openapiv3: {e}"));
        let schemas = document.components.as_ref().map_or(0, |c| c.schemas.len());
        assert!(schemas > 0 && !document.paths.paths.is_empty(), "{path}");
        parsed += 1;
    }
    assert_eq!(parsed, 40);
}

/// `(definition, pointer) -> enum` for every `enum` in `schemas`, pointers relative to each definition.
fn enums(schemas: &Map<String, Value>, prefix: &str) -> Vec<(String, String, Value)> {
    fn walk(value: &Value, at: String, out: &mut Vec<(String, Value)>) {
        let Value::Object(map) = value else { return };
        if let Some(values) = map.get("enum") {
            out.push((at.clone(), values.clone()));
        }
        for (name, child) in map.get("properties").and_then(Value::as_object).into_iter().flatten() {
            walk(child, format!("{at}/properties/{name}"), out);
        }
        for keyword in ["items", "additionalProperties"] {
            if let Some(child) = map.get(keyword) {
                walk(child, format!("{at}/{keyword}"), out);
            }
        }
    }
    let mut out = Vec::new();
    for (name, schema) in schemas.iter().filter(|(name, _)| name.starts_with(prefix)) {
        let mut found = Vec::new();
        walk(schema, String::new(), &mut found);
        out.extend(found.into_iter().map(|(pointer, values)| (name.clone(), pointer, values)));
    }
    out
}

#[test]
fn the_example_groups_keep_every_enum_in_v3_v2_and_json_schema() {
    let artifacts = corpus_artifacts();
    let v3 = artifact_json(&artifacts, "openapi/v3/apis/stable.example.com/v1.json");
    let in_v3 = enums(v3["components"]["schemas"].as_object().expect("schemas"), "com.example.");
    let names: Vec<&Value> = in_v3.iter().map(|(_, _, values)| values).collect();
    assert!(names.contains(&&serde_json::json!(["TCP", "UDP"])), "{in_v3:?}");
    assert!(names.contains(&&serde_json::json!(["Allow", "Forbid", "Replace"])), "{in_v3:?}");
    let swagger = artifact_json(&artifacts, "openapi/v2/swagger.json");
    let in_v2 = enums(swagger["definitions"].as_object().expect("definitions"), "com.example.stable.v1.");
    assert_eq!(in_v3, in_v2, "v2 differs from v3");
    for (definition, pointer, values) in &in_v3 {
        let document = artifact_json(&artifacts, &format!("jsonschema/{definition}.json"));
        let node = document.pointer(pointer).unwrap_or_else(|| panic!("{definition}{pointer}"));
        assert_eq!(&node["enum"], values, "{definition}{pointer} in JSON Schema");
    }
    // The Kubernetes groups publish none, as upstream's documents do.
    let apps = artifact_json(&artifacts, "openapi/v3/apis/apps/v1.json");
    assert!(enums(apps["components"]["schemas"].as_object().expect("schemas"), "").is_empty());
}
