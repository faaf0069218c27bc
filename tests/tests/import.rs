//! `kapi import` at the model level: upstream's documents and the corpus's CRDs read back into a model and
//! generated again (CI also compiles the Rust it writes and generates from that: scripts/test.sh). And what it
//! refuses.

use std::path::{Path, PathBuf};

use kapi_import::Imported;
use kapi_tests::{openapi_diff, shared};

/// Every upstream 1.32 OpenAPI v3 document, by path under the upstream directory, with its text.
fn upstream_documents() -> Vec<(String, String)> {
    let root = shared().join("upstream/k8s-1.32/openapi-v3");
    let mut found = Vec::new();
    let mut pending = vec![root.clone()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let relative = path.strip_prefix(&root).expect("inside").to_string_lossy().into_owned();
                found.push((relative, std::fs::read_to_string(&path).expect("UTF-8")));
            }
        }
    }
    found.sort();
    found
}

fn generated_crds() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated/crds");
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(&dir).expect("generated/crds").map(|e| e.expect("entry").path()).collect();
    files.sort();
    files
}

fn generate(imported: &Imported) -> kapi_codegen::Artifacts {
    let registry = imported.registry().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(registry.errors(), &[] as &[String]);
    kapi_codegen::generate(&registry, &kapi_codegen::Options::default()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_upstream_document_comes_back_whole() {
    let documents = upstream_documents();
    assert_eq!(documents.len(), 33);
    let imported = kapi_import::import(&documents).unwrap_or_else(|e| panic!("{e}"));
    let artifacts = generate(&imported);
    for (relative, _) in &documents {
        let ours = artifacts.get(&format!("openapi/v3/{relative}")).unwrap_or_else(|| panic!("no {relative}"));
        let report = openapi_diff(ours, relative, false);
        for section in ["schemas", "paths"] {
            let counts = &report.json[section];
            assert_eq!(counts["identical"], counts["union"], "{relative} {section}: {}", report.summary);
        }
        // Import carries descriptions, so every one upstream has is there.
        let coverage = report.json["descriptions"]["coverage_pct"].as_f64().expect("description coverage");
        assert_eq!(coverage, 100.0, "{relative}: {}", report.summary);
    }
    // And word for word, in every definition import wrote (kapi-meta's types have kapi's own descriptions).
    let provided = kapi_import::provided_by_kapi();
    let mut compared = 0;
    for (relative, text) in &documents {
        let theirs: serde_json::Value = serde_json::from_str(text).expect("JSON");
        let ours = kapi_tests::artifact_json(&artifacts, &format!("openapi/v3/{relative}"));
        let schemas = theirs["components"]["schemas"].as_object().expect("schemas");
        for (name, schema) in
            schemas.iter().filter(|(name, _)| !provided.contains(&kapi_model::DefName::new(name.as_str())))
        {
            compared += same_descriptions(schema, &ours["components"]["schemas"][name], &format!("{relative} {name}"));
        }
    }
    assert!(compared > 4000, "{compared} descriptions compared");
}

/// Asserts that every description in `theirs` is in `ours` at the same place, word for word; how many there were.
fn same_descriptions(theirs: &serde_json::Value, ours: &serde_json::Value, at: &str) -> usize {
    match theirs {
        serde_json::Value::Object(map) => map
            .iter()
            .map(|(key, value)| match value {
                serde_json::Value::String(text) if key == "description" => {
                    assert_eq!(ours.get(key).and_then(|d| d.as_str()), Some(text.as_str()), "{at}");
                    1
                }
                _ => same_descriptions(value, &ours[key], &format!("{at}/{key}")),
            })
            .sum(),
        serde_json::Value::Array(items) => {
            items.iter().enumerate().map(|(i, value)| same_descriptions(value, &ours[i], &format!("{at}/{i}"))).sum()
        }
        _ => 0,
    }
}

#[test]
fn generated_crds_come_back_byte_for_byte() {
    let crds = generated_crds();
    let inputs: Vec<(String, String)> = crds
        .iter()
        .filter(|path| path.extension().is_some_and(|e| e == "yaml"))
        .map(|path| (path.display().to_string(), std::fs::read_to_string(path).expect("UTF-8")))
        .collect();
    assert!(!inputs.is_empty());
    let artifacts = generate(&kapi_import::import(&inputs).unwrap_or_else(|e| panic!("{e}")));
    for path in &crds {
        let name = path.file_name().expect("a file").to_string_lossy();
        let ours = artifacts.get(&format!("crds/{name}")).unwrap_or_else(|| panic!("no crds/{name}"));
        assert!(ours == std::fs::read(path).expect("readable").as_slice(), "crds/{name} differs");
    }
}

#[test]
fn the_rust_source_is_deterministic_and_spells_nearly_everything() {
    let imported = kapi_import::import(&upstream_documents()).unwrap_or_else(|e| panic!("{e}"));
    let first = kapi_import::rust::render(&imported).unwrap_or_else(|e| panic!("{e}"));
    let second = kapi_import::rust::render(&imported).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(first.files, second.files);
    assert_eq!(first.files.len(), 32, "a module per namespace and lib.rs");
    // Every definition is a struct; the one field held verbatim is a list keyed by a field its items do not have
    // (StorageVersionMigrationList's items). Maps of byte strings are typed since issue 43.
    assert!(first.verbatim.is_empty(), "{:?}", first.verbatim);
    assert_eq!(first.verbatim_fields, 1);
    let apps = &first.files["src/apps_v1.rs"];
    for expected in [
        "#[kapi(\n    package = \"k8s.io/api/apps/v1\",",
        "    plural = \"deployments\",\n    list = DeploymentList,",
        "scale(spec_replicas_path = \".spec.replicas\"",
        "pub struct DeploymentSpec {",
        "    pub template: super::core_v1::PodTemplateSpec,",
    ] {
        assert!(apps.contains(expected), "apps_v1.rs lacks {expected:?}");
    }
}

#[test]
fn what_the_model_cannot_hold_is_refused_with_its_place() {
    let document = serde_json::json!({
        "openapi": "3.0.0", "info": {"title": "t", "version": "v"}, "paths": {},
        "components": {"schemas": {"com.example.v1.Widget": {
            "type": "object", "properties": {"size": {"type": "integer", "x-vendor-unit": "cm"}}
        }}}
    });
    let error = kapi_import::import(&[("widget.json".into(), document.to_string())]).err().unwrap_or_default();
    assert!(error.contains("widget.json"), "{error}");
    assert!(error.contains("`x-vendor-unit` at #/components/schemas/com.example.v1.Widget/properties/size"), "{error}");
    let error = kapi_import::import(&[("notes.yaml".into(), "kind: ConfigMap\n".into())]).err().unwrap_or_default();
    assert!(error.contains("not an OpenAPI v3 document, a swagger 2.0 document or a CustomResourceDefinition"));
}

/// Swagger 2.0 is the lossy form: what it still holds comes back. The generated swagger of the corpus, imported and
/// generated again, is the same document, but for a definition only a dropped `anyOf` referred to.
#[test]
fn the_corpus_swagger_comes_back() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated/openapi/v2/swagger.json");
    let original = std::fs::read_to_string(&path).expect("swagger.json");
    let imported =
        kapi_import::import(&[(path.display().to_string(), original.clone())]).unwrap_or_else(|e| panic!("{e}"));
    let artifacts = generate(&imported);
    let ours: serde_json::Value = kapi_tests::artifact_json(&artifacts, "openapi/v2/swagger.json");
    let mut theirs: serde_json::Value = serde_json::from_str(&original).expect("JSON");
    // Referred to only from the `anyOf` of Backoff, which swagger 2.0 cannot hold: nothing refers to it any more.
    let unreferenced = "com.example.stable.v1.ExponentialBackoff";
    let removed = theirs["definitions"].as_object_mut().and_then(|definitions| definitions.remove(unreferenced));
    assert!(removed.is_some(), "{unreferenced} is in the original");
    assert!(ours == theirs, "the swagger document differs beyond {unreferenced}");
}

/// docs/IMPORT.md shows a struct `kapi import` writes: it is the one written for the CronTab CRD's ports.
#[test]
fn the_documented_struct_is_what_import_writes() {
    let guide = include_str!("../../docs/IMPORT.md");
    let start = guide.find("```rust\n").expect("a rust block") + "```rust\n".len();
    let shown = &guide[start..start + guide[start..].find("```\n").expect("the block ends")];
    let crd = Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated/crds/crontabs.stable.example.com.yaml");
    let text = std::fs::read_to_string(&crd).expect("the CRD");
    let imported = kapi_import::import(&[(crd.display().to_string(), text)]).unwrap_or_else(|e| panic!("{e}"));
    let source = kapi_import::rust::render(&imported).unwrap_or_else(|e| panic!("{e}"));
    assert!(source.files["src/stable_v1.rs"].contains(shown), "docs/IMPORT.md's struct is not what import writes");
}

/// A user's document with every shape import has a way for: a field without a format, maps of byte strings, a
/// required byte string, a definition that is not an object, a `oneOf`, a required nullable field with a
/// description on two lines, a Rust keyword and a name no Rust field can have, an object written in place with
/// defaults and a CEL rule. Generated again, its definitions are the document's, keyword for keyword (CI compiles
/// the Rust and checks the same).
#[test]
fn edge_cases_come_back_keyword_for_keyword() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/import/edge-cases.json");
    let text = std::fs::read_to_string(&path).expect("the fixture");
    let imported = kapi_import::import(&[(path.display().to_string(), text.clone())]).unwrap_or_else(|e| panic!("{e}"));
    let source = kapi_import::rust::render(&imported).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((source.verbatim.len(), source.verbatim_fields), (1, 1), "Stamp; shape");
    let ours = kapi_tests::artifact_json(&generate(&imported), "openapi/v3/apis/edge.example.com/v1.json");
    let theirs: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let theirs = theirs["components"]["schemas"].as_object().expect("schemas");
    for (name, schema) in theirs {
        assert_eq!(&ours["components"]["schemas"][name], schema, "{name}");
    }
}

/// A custom resource in a `*.k8s.io` group is named into Kubernetes' namespace (`io.k8s.networking.gateway.v1`),
/// but it is no built-in type: it keeps every keyword, enums included, where Kubernetes' conventions would drop
/// them. So does a server's document holding such a type. Its `api-approved.kubernetes.io` annotation is kept.
#[test]
fn custom_resources_in_kubernetes_groups_keep_their_enums() {
    let crd = r#"
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gateways.gateway.networking.k8s.io
  annotations:
    api-approved.kubernetes.io: https://github.com/kubernetes-sigs/gateway-api/pull/891
spec:
  group: gateway.networking.k8s.io
  names: {kind: Gateway, plural: gateways}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              mode: {type: string, enum: [Terminate, Passthrough], default: Terminate}
"#;
    let imported = kapi_import::import(&[("gateway.yaml".into(), crd.into())]).unwrap_or_else(|e| panic!("{e}"));
    assert!(imported.kubernetes_namespaces().is_empty(), "{:?}", imported.kubernetes_namespaces());
    let artifacts = generate(&imported);
    let published = kapi_tests::artifact_json(&artifacts, "openapi/v3/apis/gateway.networking.k8s.io/v1.json");
    let mode = &published["components"]["schemas"]["io.k8s.networking.gateway.v1.Gateway"]["properties"]["spec"]["properties"]
        ["mode"];
    assert_eq!(mode["enum"], serde_json::json!(["Terminate", "Passthrough"]), "{published:#}");
    assert_eq!(mode["default"], "Terminate");
    // The API review's approval, which the server requires in a `*.k8s.io` group, is kept.
    let crd = kapi_tests::artifact_json(&artifacts, "crds/gateways.gateway.networking.k8s.io.json");
    assert_eq!(
        crd["metadata"]["annotations"]["api-approved.kubernetes.io"],
        "https://github.com/kubernetes-sigs/gateway-api/pull/891"
    );
}

/// The real-world CRDs of ../shared/peers (cert-manager, Gateway API standard and experimental, Argo CD), every one
/// accepted by real servers, import and generate their CRDs again, with the problems the CRD emitter would report
/// none (Gateway API's addresses hold a `oneOf` whose branches check `value` with an `anyOf` of formats alone), and
/// the real API server accepts them.
#[test]
fn real_world_crds_import_and_generate_their_crds() {
    let root = shared().join("peers/crds");
    let mut files = Vec::new();
    let mut pending = vec![root];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == "yaml") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 20, "{} CRD files", files.len());
    // Each project alone: Gateway API's standard and experimental channels define the same kinds.
    let mut projects: std::collections::BTreeMap<PathBuf, Vec<(String, String)>> = Default::default();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("UTF-8");
        projects
            .entry(path.parent().expect("a directory").to_path_buf())
            .or_default()
            .push((path.display().to_string(), text));
    }
    for (project, documents) in projects {
        let imported = kapi_import::import(&documents).unwrap_or_else(|e| panic!("{}: {e}", project.display()));
        let artifacts = generate(&imported);
        let crds = artifacts.paths().filter(|path| path.starts_with("crds/") && path.ends_with(".yaml")).count();
        assert!(crds >= documents.len(), "{}: {crds} CRDs from {} files", project.display(), documents.len());
        // Each CRD's spec comes back as read: versions in the file's order, an empty `subresources: {}` kept.
        for (origin, text) in &documents {
            let Ok(kapi_import::Document::Crds(inputs)) = kapi_import::document::read(origin, text) else {
                panic!("{origin}: not CRDs")
            };
            for input in inputs {
                let name = input["metadata"]["name"].as_str().expect("a name");
                let bytes = artifacts.get(&format!("crds/{name}.json")).expect("the generated CRD");
                let generated: serde_json::Value = serde_json::from_slice(bytes).expect("JSON");
                assert!(
                    generated["spec"] == input["spec"],
                    "{origin}: the generated spec of {name} differs from the input's"
                );
            }
        }
        // And the real API server accepts what was generated (a dry run).
        for (path, bytes) in artifacts.iter().filter(|(path, _)| path.starts_with("crds/") && path.ends_with(".json")) {
            let crd: serde_json::Value = serde_json::from_slice(bytes).expect("a CRD");
            let verdict = crate::kube_crds::server_verdict(kapi_tests::kube::kube(), &crd);
            assert_eq!(verdict, None, "{}: the server refuses the generated {path}", project.display());
        }
        if let Some(gateways) = artifacts.get("crds/gateways.gateway.networking.k8s.io.json") {
            let crd: serde_json::Value = serde_json::from_slice(gateways).expect("a CRD");
            let checks = serde_json::json!([{"format": "ipv4"}, {"format": "ipv6"}]);
            fn holds(node: &serde_json::Value, checks: &serde_json::Value) -> bool {
                match node {
                    serde_json::Value::Object(map) => {
                        map.get("anyOf") == Some(checks) || map.values().any(|v| holds(v, checks))
                    }
                    serde_json::Value::Array(items) => items.iter().any(|v| holds(v, checks)),
                    _ => false,
                }
            }
            assert!(holds(&crd, &checks), "the address checks are kept");
        }
    }
}
