//! The example Backup, written once with `#[kapi::versioned]`: each version's generated documents hold that
//! version's fields, the CRD has the three versions with one storage version and the conversion webhook, the
//! typed conversions go through the hub, and docs/VERSIONS.md shows code that is compiled.

use std::sync::OnceLock;

use kapi::model::conversion::Convert;
use kapi_codegen::Artifacts;
use kapi_schemas::example::backups::backup::{self, v1, v1alpha1, v1beta1};
use serde_json::json;

const GUIDE: &str = include_str!("../../docs/VERSIONS.md");
const EXAMPLE: &str = include_str!("../../schemas/src/example/backups.rs");
const SERVE: &str = include_str!("../../cli/src/serve.rs");
const PER_VERSION: &str = include_str!("per_version.rs");

fn artifacts() -> &'static Artifacts {
    static ARTIFACTS: OnceLock<Artifacts> = OnceLock::new();
    ARTIFACTS.get_or_init(kapi_tests::corpus_artifacts)
}

/// The property names of `BackupSpec` in one version's OpenAPI v3 document.
fn spec_fields(version: &str) -> Vec<String> {
    let document = kapi_tests::artifact_json(artifacts(), &format!("openapi/v3/apis/ops.example.com/{version}.json"));
    let name = format!("com.example.ops.{version}.BackupSpec");
    let spec = &document["components"]["schemas"][&name];
    let properties = spec["properties"].as_object().unwrap_or_else(|| panic!("{name} in {version}'s document"));
    properties.keys().cloned().collect()
}

#[test]
fn each_version_document_has_that_version_fields() {
    // Sorted, as the documents are written.
    assert_eq!(spec_fields("v1alpha1"), ["compress", "schedule", "volume"]);
    assert_eq!(spec_fields("v1beta1"), ["compress", "retentionDays", "schedule", "volume"]);
    assert_eq!(spec_fields("v1"), ["retention", "schedule", "source"]);
}

#[test]
fn the_crd_has_every_version_one_storage_version_and_the_webhook() {
    let crd = kapi_tests::artifact_json(artifacts(), "crds/backups.ops.example.com.json");
    let versions = crd["spec"]["versions"].as_array().expect("versions");
    let summary: Vec<(&str, bool, bool)> = versions
        .iter()
        .map(|v| (v["name"].as_str().unwrap_or_default(), v["storage"] == json!(true), v["deprecated"] == json!(true)))
        .collect();
    assert_eq!(summary, [("v1", true, false), ("v1beta1", false, false), ("v1alpha1", false, true)]);
    let conversion = &crd["spec"]["conversion"];
    assert_eq!(conversion["strategy"], "Webhook");
    assert_eq!(conversion["webhook"]["conversionReviewVersions"], json!(["v1"]));
    assert_eq!(
        conversion["webhook"]["clientConfig"]["service"],
        json!({"namespace": "kapi-system", "name": "kapi", "path": "/convert", "port": 8443})
    );
    let schema = |version: &str| {
        let found = versions.iter().find(|v| v["name"] == version).expect("version");
        found["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"].clone()
    };
    assert!(schema("v1beta1")["retentionDays"]["type"] == "integer" && schema("v1")["retention"]["type"] == "object");
}

#[test]
fn typed_conversions_cross_renames_type_changes_and_defaults() -> Result<(), Box<dyn std::error::Error>> {
    let beta: v1beta1::Backup = serde_json::from_value(json!({
        "apiVersion": "ops.example.com/v1beta1", "kind": "Backup", "metadata": {"name": "nightly"},
        "spec": {"volume": "data", "schedule": "0 3 * * *", "retentionDays": 7, "compress": true},
    }))?;
    let hub: v1::Backup = beta.clone().convert()?;
    assert_eq!(hub.spec.source, "data");
    assert_eq!(hub.spec.retention, Some(v1::RetentionPolicy { days: 7 }));
    let alpha: v1alpha1::Backup = hub.clone().convert()?;
    assert_eq!((alpha.spec.volume.as_str(), alpha.spec.compress), ("data", None), "v1 has no compress to give");
    let back: v1beta1::Backup = hub.convert()?;
    assert_eq!(back.spec.retention_days, Some(7));
    // The JSON converter, as the webhook calls it.
    let converters = backup::converters();
    let [converter] = converters.as_slice() else { panic!("one kind") };
    assert_eq!((converter.group, converter.kind, converter.hub), ("ops.example.com", "Backup", "v1"));
    let converted = converter.convert_to(serde_json::to_value(&beta)?, "ops.example.com/v1")?;
    assert_eq!(converted["apiVersion"], "ops.example.com/v1");
    assert_eq!(converted["spec"]["retention"], json!({"days": 7}));
    let error =
        converter.convert_to(json!({"apiVersion": "ops.example.com/v1", "kind": "Backup"}), "ops.example.com/v1beta1");
    assert!(error.is_err_and(|e| e.message().contains("not a valid ops.example.com/v1 object")));
    Ok(())
}

#[test]
fn every_rust_block_of_the_guide_is_compiled_code() {
    let mut lines = GUIDE.lines();
    let mut blocks = 0;
    while let Some(line) = lines.next() {
        if line == "```rust" {
            let body: String =
                lines.by_ref().take_while(|line| *line != "```").map(|line| format!("{line}\n")).collect();
            assert!(
                EXAMPLE.contains(&body) || SERVE.contains(&body) || PER_VERSION.contains(&body),
                "docs/VERSIONS.md shows code found nowhere:\n{body}"
            );
            blocks += 1;
        }
    }
    assert!(blocks >= 6, "the guide shows its code, settings per version included");
}
