//! `kapi validate` end to end: output lines, exit codes (0 valid, 1 problems, 2 unusable input), `--old`, `--dir`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kapi(args: &[&str]) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_kapi")).args(args).output().expect("kapi runs");
    assert!(output.status.code().is_some(), "kapi was killed");
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path.to_str().expect("utf-8").to_owned()
}

const LEASE: &str =
    "apiVersion: coordination.k8s.io/v1\nkind: Lease\nmetadata: {name: leader}\nspec: {holderIdentity: a}\n";
const CRON_TAB: &str = "apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata: {name: c}\n\
                        spec: {cronSpec: '* * * * *', image: 'app:latest'}\n";

#[test]
fn valid_manifests_exit_zero_with_no_output() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(dir.path(), "lease.yaml", LEASE);
    let output = kapi(&["validate", &file]);
    assert_eq!(output.status.code(), Some(0), "{}{}", stdout(&output), stderr(&output));
    assert_eq!(stdout(&output), "");
}

#[test]
fn problems_are_one_line_each_and_exit_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = format!("{LEASE}---\n{CRON_TAB}---\napiVersion: v1\nkind: Gizmo\nmetadata: {{name: g}}\n");
    let file = write(dir.path(), "mixed.yaml", &text);
    let output = kapi(&["validate", &file]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let lines: Vec<String> = stdout(&output).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[0], format!("{file}:2: CronTab/c: spec.image: pin the image to a version"));
    assert!(lines[1].starts_with(&format!("{file}:3: Gizmo/g: kind: Unsupported value: \"Gizmo\"")), "{}", lines[1]);
}

#[test]
fn unusable_input_exits_two() {
    let dir = tempfile::tempdir().expect("tempdir");
    let not_yaml = write(dir.path(), "broken.yaml", "spec: [unclosed\n  - x: {\n");
    let output = kapi(&["validate", &not_yaml]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("broken.yaml: not valid YAML"), "{}", stderr(&output));
    let missing = dir.path().join("absent.yaml");
    let output = kapi(&["validate", missing.to_str().expect("utf-8")]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("cannot read"), "{}", stderr(&output));
}

#[test]
fn an_empty_file_and_a_document_without_api_version_are_problems() {
    let dir = tempfile::tempdir().expect("tempdir");
    let empty = write(dir.path(), "empty.yaml", "");
    let output = kapi(&["validate", &empty]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains("holds no object"), "{}", stdout(&output));
    let bare = write(dir.path(), "bare.yaml", "kind: Lease\nmetadata: {name: l}\n");
    let output = kapi(&["validate", &bare]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output).starts_with(&format!("{bare}:1: Lease/l: apiVersion: Required value")),
        "{}",
        stdout(&output)
    );
}

#[test]
fn old_objects_feed_transition_rules() {
    let bundle = Path::new(env!("CARGO_MANIFEST_DIR")).join("../validate/tests/fixtures/bundle");
    let bundle = bundle.to_str().expect("utf-8");
    let dir = tempfile::tempdir().expect("tempdir");
    let widget =
        "apiVersion: widgets.example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {class: gold, size: 2}\n";
    let new = write(dir.path(), "new.yaml", widget);
    let old = write(dir.path(), "old.yaml", &widget.replace("gold", "silver"));
    let without_old = kapi(&["validate", "--dir", bundle, &new]);
    assert_eq!(without_old.status.code(), Some(0), "{}", stdout(&without_old));
    let with_old = kapi(&["validate", "--dir", bundle, "--old", &old, &new]);
    assert_eq!(with_old.status.code(), Some(1));
    assert_eq!(stdout(&with_old), format!("{new}:1: Widget/w: spec.class: class is immutable\n"));
}
