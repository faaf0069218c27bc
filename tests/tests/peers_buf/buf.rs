//! buf, built from its pinned version by scripts/peers/build-buf.sh, run as its users run it: a buf.yaml (v2) in
//! each tree with `breaking: use: [WIRE_JSON]`, `buf breaking NEW --against OLD --error-format json`.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::finding::{Finding, Tree, repo};

/// buf's rule ids and the kapi rule each maps to (docs/peers/buf.md has the same table).
pub const RULES: [(&str, &str); 22] = [
    ("FIELD_WIRE_JSON_COMPATIBLE_TYPE", "proto.field-type-changed"),
    ("FIELD_WIRE_JSON_COMPATIBLE_CARDINALITY", "proto.field-cardinality-changed"),
    ("FIELD_SAME_NAME", "proto.field-name-changed"),
    ("FIELD_SAME_JSON_NAME", "proto.json-name-changed"),
    ("FIELD_SAME_ONEOF", "proto.field-oneof-changed"),
    ("FIELD_SAME_DEFAULT", "proto.field-default-changed"),
    ("FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED", "proto.field-number-unreserved"),
    ("FIELD_NO_DELETE_UNLESS_NAME_RESERVED", "proto.field-name-unreserved"),
    ("MESSAGE_SAME_REQUIRED_FIELDS", "proto.required-fields-changed"),
    ("RESERVED_MESSAGE_NO_DELETE", "proto.reserved-dropped"),
    ("RESERVED_ENUM_NO_DELETE", "proto.reserved-dropped"),
    ("ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED", "proto.enum-value-number-unreserved"),
    ("ENUM_VALUE_NO_DELETE_UNLESS_NAME_RESERVED", "proto.enum-value-name-unreserved"),
    ("ENUM_VALUE_SAME_NAME", "proto.enum-value-name-changed"),
    ("MESSAGE_SAME_JSON_FORMAT", "proto.json-format-changed"),
    ("ENUM_SAME_JSON_FORMAT", "proto.json-format-changed"),
    ("FILE_SAME_PACKAGE", "proto.package-changed"),
    ("RPC_SAME_REQUEST_TYPE", "proto.rpc-request-type-changed"),
    ("RPC_SAME_RESPONSE_TYPE", "proto.rpc-response-type-changed"),
    ("RPC_SAME_CLIENT_STREAMING", "proto.rpc-client-streaming-changed"),
    ("RPC_SAME_SERVER_STREAMING", "proto.rpc-server-streaming-changed"),
    ("RPC_SAME_IDEMPOTENCY_LEVEL", "proto.rpc-idempotency-changed"),
];

const BUF_YAML: &str = "version: v2\nbreaking:\n  use:\n    - WIRE_JSON\n";

/// The pinned buf, built first when missing. `None`, after a loud message, when it cannot be had outside CI; under
/// CI a missing buf fails the test.
pub fn binary() -> Option<PathBuf> {
    let script = repo().join("scripts/peers/build-buf.sh");
    let text = std::fs::read_to_string(&script).expect("scripts/peers/build-buf.sh");
    let version = text
        .lines()
        .find_map(|line| line.strip_prefix("BUF_VERSION="))
        .expect("BUF_VERSION= in build-buf.sh")
        .trim()
        .to_owned();
    let cache = std::env::var_os("KAPI_CACHE")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cache/kapi"));
    let binary = cache.join("peers/buf").join(&version).join("bin/buf");
    if !binary.exists() {
        let built = Command::new("bash").arg(&script).status().is_ok_and(|status| status.success());
        if !built || !binary.exists() {
            let message =
                format!("buf {version} is missing at {} and scripts/peers/build-buf.sh failed", binary.display());
            assert!(std::env::var_os("CI").is_none(), "{message}");
            eprintln!("\n!!! SKIPPING the buf comparison: {message} !!!\n");
            return None;
        }
    }
    Some(binary)
}

/// Writes `tree` under `dir` with the buf.yaml users write.
fn write(tree: &Tree, dir: &Path) {
    for (path, text) in tree {
        let file = dir.join(path);
        std::fs::create_dir_all(file.parent().expect("a folder")).expect("mkdir");
        std::fs::write(file, text).expect("write");
    }
    std::fs::write(dir.join("buf.yaml"), BUF_YAML).expect("buf.yaml");
}

/// buf's findings between `old` and `new`.
pub fn findings(buf: &Path, old: &Tree, new: &Tree) -> Vec<Finding> {
    let scratch = tempfile::tempdir().expect("tempdir");
    let (old_dir, new_dir) = (scratch.path().join("old"), scratch.path().join("new"));
    write(old, &old_dir);
    write(new, &new_dir);
    // Run from inside the new tree, so that buf's paths are the files' import paths.
    let output = Command::new(buf)
        .current_dir(&new_dir)
        .args(["breaking", ".", "--against"])
        .arg(&old_dir)
        .args(["--error-format", "json"])
        .env("BUF_CACHE_DIR", scratch.path().join("cache"))
        .output()
        .expect("buf runs");
    // 0: nothing found; 100: findings.
    assert!(
        matches!(output.status.code(), Some(0 | 100)),
        "buf breaking failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| parse(&serde_json::from_str(line).expect("a JSON finding")))
        .collect()
}

/// One of buf's JSON findings as a [`Finding`]: its file, the element and the number its message names (`field 5`, `extension 100`, `value 2`), and the
/// kapi rule its rule maps to.
fn parse(finding: &serde_json::Value) -> Finding {
    let text = finding["message"].as_str().expect("message");
    let buf_rule = finding["type"].as_str().expect("type");
    let rule = RULES
        .iter()
        .find(|(id, _)| *id == buf_rule)
        .map_or_else(|| format!("unmapped buf rule {buf_rule}"), |(_, kapi)| (*kapi).to_owned());
    let element = if rule == "proto.package-changed" {
        String::new()
    } else {
        ["on message \"", "on enum \"", "on service \"", "Message \"", "Enum \""]
            .iter()
            .find_map(|prefix| quoted_after(text, prefix))
            // An extension's extendee is printed by its full name.
            .map(|name| name.rsplit('.').next().unwrap_or_default().to_owned())
            .unwrap_or_default()
    };
    let subject = if let Some(range) = quoted_after(text, "reserved range \"") {
        format!("reserved range {range}")
    } else if let Some(name) = quoted_after(text, "reserved name \"") {
        format!("reserved name `{name}`")
    } else if let Some(number) = quoted_after(text, "num value \"") {
        format!("value {number}")
    } else if let Some(method) = text.strip_prefix("RPC \"").and_then(|rest| rest.split('"').next()) {
        format!("rpc {method}")
    } else if let Some(number) = text.strip_prefix("Extension \"").and_then(|rest| rest.split('"').next()) {
        format!("extension {number}")
    } else if let Some(number) = quoted_after(text, "ield \"") {
        format!("field {number}")
    } else {
        String::new()
    };
    Finding { file: finding["path"].as_str().expect("path").to_owned(), element, subject, rule }
}

/// The text between the first `prefix` (which ends with a quote) and the next quote.
fn quoted_after(text: &str, prefix: &str) -> Option<String> {
    let start = text.find(prefix)? + prefix.len();
    text[start..].split('"').next().map(str::to_owned)
}
