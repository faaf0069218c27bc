//! The `kapi` binary end to end: generate is deterministic and idempotent, check catches staleness, model files
//! round-trip.

use std::path::Path;
use std::process::{Command, Output};

fn kapi(args: &[&str]) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_kapi")).args(args).output().expect("kapi runs");
    assert!(output.status.code().is_some(), "kapi was killed");
    output
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

fn read_tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(current) = stack.pop() {
        for entry in std::fs::read_dir(&current).expect("readable") {
            let path = entry.expect("entry").path();
            // Dotfiles are not artifacts: `kapi generate`'s reuse record holds fingerprints of its inputs, which
            // differ between the corpus and its model file (which does not keep what defined each type).
            if path.file_name().is_some_and(|name| name.to_string_lossy().starts_with('.')) {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path.strip_prefix(dir).expect("inside").to_string_lossy().into_owned();
                files.push((relative, std::fs::read(&path).expect("read")));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn generate_twice_gives_identical_bytes_and_rewrites_nothing() {
    let out = tempfile::tempdir().expect("tempdir");
    let dir = out.path().to_str().expect("utf-8");
    let first = kapi(&["generate", "--out", dir]);
    assert!(first.status.success(), "{}", text(&first));
    let before = read_tree(out.path());
    assert!(before.iter().any(|(name, _)| name.ends_with("coordination.k8s.io/v1.json")));
    let second = kapi(&["generate", "--out", dir]);
    assert!(second.status.success(), "{}", text(&second));
    assert!(text(&second).contains(" 0 written"), "second run rewrote files: {}", text(&second));
    assert_eq!(before, read_tree(out.path()));
    assert!(text(&first).contains("v2 dropped"), "no loss summary: {}", text(&first));
}

#[test]
fn check_passes_when_fresh_and_fails_after_the_model_changes() {
    let out = tempfile::tempdir().expect("tempdir");
    let dir = out.path().to_str().expect("utf-8");
    assert!(kapi(&["generate", "--out", dir]).status.success());
    let fresh = kapi(&["check", "--dir", dir]);
    assert!(fresh.status.success(), "{}", text(&fresh));

    // Change a schema type the way a user would (a new field on LeaseSpec), via the model file.
    let model = kapi(&["model"]);
    assert!(model.status.success());
    let mut value: serde_json::Value = serde_json::from_slice(&model.stdout).expect("model JSON");
    let spec = &mut value["definitions"]["io.k8s.api.coordination.v1.LeaseSpec"]["schema"]["properties"];
    spec["newField"] = serde_json::json!({"type": "string", "description": "added without regenerating"});
    let changed = out.path().join("changed-model.json");
    std::fs::write(&changed, serde_json::to_vec(&value).expect("json")).expect("write");
    let model_dir = tempfile::tempdir().expect("tempdir");
    std::fs::rename(&changed, model_dir.path().join("m.json")).expect("move");
    let model_file = model_dir.path().join("m.json");

    let stale = kapi(&["check", "--dir", dir, "--model", model_file.to_str().expect("utf-8")]);
    assert_eq!(stale.status.code(), Some(1), "{}", text(&stale));
    assert!(text(&stale).contains("stale:") && text(&stale).contains("coordination.k8s.io"), "{}", text(&stale));

    std::fs::remove_file(out.path().join("openapi/v2/swagger.json")).expect("remove");
    let missing = kapi(&["check", "--dir", dir]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(text(&missing).contains("missing:"), "{}", text(&missing));
}

#[test]
fn a_model_file_generates_the_same_artifacts_as_the_corpus() {
    let model = kapi(&["model"]);
    assert!(model.status.success(), "{}", text(&model));
    let work = tempfile::tempdir().expect("tempdir");
    let model_file = work.path().join("model.json");
    std::fs::write(&model_file, &model.stdout).expect("write");
    let (a, b) = (work.path().join("a"), work.path().join("b"));
    assert!(kapi(&["generate", "--out", a.to_str().expect("utf-8")]).status.success());
    let from_file =
        kapi(&["generate", "--out", b.to_str().expect("utf-8"), "--model", model_file.to_str().expect("utf-8")]);
    assert!(from_file.status.success(), "{}", text(&from_file));
    assert_eq!(read_tree(&a), read_tree(&b));
}

#[test]
fn bad_inputs_are_clear_errors() {
    let work = tempfile::tempdir().expect("tempdir");
    let bogus = work.path().join("bogus.json");
    std::fs::write(&bogus, "{\"definitions\": 3}").expect("write");
    let output =
        kapi(&["generate", "--out", work.path().to_str().expect("utf-8"), "--model", bogus.to_str().expect("utf-8")]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output).contains("is not a kapi model"), "{}", text(&output));
    let output = kapi(&["generate", "--disable", "a/b/c"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output).contains("--disable"), "{}", text(&output));
}

#[test]
fn kapi_model_prints_the_bundles_model_file() {
    let out = tempfile::tempdir().expect("tempdir");
    let dir = out.path().to_str().expect("utf-8");
    assert!(kapi(&["generate", "--out", dir]).status.success());
    let model = kapi(&["model"]);
    assert!(model.status.success(), "{}", text(&model));
    assert_eq!(model.stdout, std::fs::read(out.path().join("model.json")).expect("model.json"));
}
