//! Helpers shared by the workspace integration tests: the corpus' artifacts, the shared upstream data and the
//! conformance tools beside the project.

use std::path::{Path, PathBuf};
use std::process::Command;

use kapi_codegen::{Artifacts, Options};

pub mod cel_ladder;
pub mod controller_gen;
pub mod crd_semantic_diff;
pub mod golden_discovery;
pub mod kube;
pub mod layers;
pub mod manifest_mutations;
pub mod module_graph;
pub mod openapi_json_schema;
pub mod schema_check;
pub mod synthetic;

/// The project root.
pub fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ sits in the project").to_path_buf()
}

/// `cargo metadata --no-deps` of the workspace (its packages and their targets), as JSON.
pub fn workspace_metadata() -> serde_json::Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args(["metadata", "--no-deps", "--format-version", "1", "--offline"])
        .current_dir(project_root())
        .output()
        .expect("cargo metadata runs");
    assert!(output.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("metadata is JSON")
}

/// `../shared` beside the project (read-only reference data and conformance tools).
pub fn shared() -> PathBuf {
    let dir = project_root().join("../shared");
    assert!(dir.is_dir(), "../shared is missing beside the project: the fidelity tests need the upstream data");
    dir
}

/// The corpus' artifacts, generated in memory with the default (Kubernetes) profile.
pub fn corpus_artifacts() -> Artifacts {
    corpus_artifacts_with(&Options::default())
}

/// The corpus' artifacts under `options` (e.g. with group-versions switched off).
pub fn corpus_artifacts_with(options: &Options) -> Artifacts {
    let registry = kapi_schemas::registry();
    assert!(registry.errors().is_empty(), "corpus problems: {:?}", registry.errors());
    kapi_codegen::generate(&registry, options).expect("the corpus generates")
}

/// One artifact parsed as JSON.
pub fn artifact_json(artifacts: &Artifacts, path: &str) -> serde_json::Value {
    let bytes = artifacts.get(path).unwrap_or_else(|| panic!("no artifact {path}"));
    serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("{path} is not JSON: {e}"))
}

/// The result of `openapi_diff.py` on one document.
#[derive(Debug)]
pub struct DiffReport {
    pub summary: String,
    pub json: serde_json::Value,
}

/// The upstream Kubernetes 1.32 OpenAPI v3 document at `relative` (e.g. `apis/apps/v1.json`).
pub fn upstream_document(relative: &str) -> PathBuf {
    shared().join("upstream/k8s-1.32/openapi-v3").join(relative)
}

/// Runs the upstream structural diff on `ours` (bytes written to a temp file) against an upstream document.
pub fn openapi_diff(ours: &[u8], upstream_relative: &str, only_schemas: bool) -> DiffReport {
    openapi_diff_files(ours, &upstream_document(upstream_relative), only_schemas)
}

/// Runs the upstream structural diff on `ours` against the document at `upstream`.
pub fn openapi_diff_files(ours: &[u8], upstream: &Path, only_schemas: bool) -> DiffReport {
    let work = tempfile::tempdir().expect("tempdir");
    let ours_path = work.path().join("ours.json");
    let report_path = work.path().join("report.json");
    std::fs::write(&ours_path, ours).expect("write ours");
    let mut command = Command::new("python3");
    command.arg(shared().join("conformance/openapi_diff.py")).arg(&ours_path).arg(upstream);
    command.arg("--json").arg(&report_path);
    if only_schemas {
        command.arg("--only-schemas");
    }
    let output = command.output().expect("python3 runs openapi_diff.py");
    assert!(output.status.success(), "openapi_diff failed: {}", String::from_utf8_lossy(&output.stderr));
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&report_path).expect("report")).expect("report JSON");
    let summary = json["summary"].as_str().unwrap_or_default().to_owned();
    DiffReport { summary, json }
}
