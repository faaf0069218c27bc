//! Test helper: the upstream golden documents in the shared directory next to the workspace.

use std::path::PathBuf;

use serde_json::Value;

/// A golden discovery document of `shared/upstream/k8s-head/discovery`, parsed.
pub(crate) fn discovery_document(name: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/upstream/k8s-head/discovery").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("reading {}: {error}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("parsing {}: {error}", path.display()))
}
