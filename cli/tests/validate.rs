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
    assert_eq!(
        lines[0],
        format!("{file}:2: CronTab/c: spec.image: Invalid value: \"string\": pin the image to a version")
    );
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
fn an_empty_file_is_valid_and_a_document_without_api_version_is_a_problem() {
    let dir = tempfile::tempdir().expect("tempdir");
    // As kubectl-validate (and kubectl apply) see it: nothing to create, nothing wrong.
    for (name, text) in [("empty.yaml", ""), ("comments.yaml", "# nothing yet\n---\n")] {
        let empty = write(dir.path(), name, text);
        let output = kapi(&["validate", &empty]);
        assert_eq!(output.status.code(), Some(0), "{name}: {}", stdout(&output));
        assert_eq!(stdout(&output), "");
    }
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
    assert_eq!(
        stdout(&with_old),
        format!("{new}:1: Widget/w: spec.class: Invalid value: \"string\": class is immutable\n")
    );
}

#[test]
fn json_output_is_one_status_per_document() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: Bad_Name, labels: {owner: _}}\ndata: [x]\n";
    let text = format!("{LEASE}---\n# only a comment\n---\n{bad}");
    let file = write(dir.path(), "mixed.yaml", &text);
    let output = kapi(&["validate", "-o", "json", &file]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("JSON");
    let statuses = report[file.as_str()].as_array().expect("the file's statuses");
    assert_eq!(statuses.len(), 3, "{report:#}");
    assert_eq!(statuses[0], serde_json::json!({"metadata": {}, "status": "Success"}));
    assert_eq!(statuses[1], serde_json::json!({"metadata": {}, "status": "Success"}));
    let failure = &statuses[2];
    assert_eq!((failure["reason"].as_str(), failure["code"].as_i64()), (Some("Invalid"), Some(422)));
    assert_eq!(failure["details"]["group"], "core");
    assert_eq!(failure["details"]["name"], "Bad_Name");
    let causes: Vec<(&str, &str)> = failure["details"]["causes"]
        .as_array()
        .expect("causes")
        .iter()
        .map(|c| (c["reason"].as_str().unwrap_or_default(), c["field"].as_str().unwrap_or_default()))
        .collect();
    assert_eq!(
        causes,
        [
            ("FieldValueInvalid", "metadata.name"),
            ("FieldValueInvalid", "metadata.labels"),
            ("FieldValueTypeInvalid", "data")
        ]
    );
    let message = failure["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("ConfigMap.core \"Bad_Name\" is invalid: [metadata.name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain"), "{message}");
}

#[test]
fn crds_are_loaded_from_files_and_directories() {
    let dir = tempfile::tempdir().expect("tempdir");
    let crds = dir.path().join("crds");
    std::fs::create_dir(&crds).expect("mkdir");
    let crd = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: gadgets.example.com}\nspec:\n  group: example.com\n  names: {plural: gadgets, kind: Gadget}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          size: {type: integer, x-kubernetes-validations: [{rule: 'self > 0', message: must be positive}]}\n";
    // Another object in the same file is skipped, not an error.
    write(&crds, "gadget.yaml", &format!("{crd}---\n{LEASE}"));
    let gadget =
        write(dir.path(), "gadget.yaml", "apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}\nsize: -1\n");
    let crds = crds.to_str().expect("utf-8");
    let output = kapi(&["validate", "--crds", crds, &gadget]);
    assert_eq!(output.status.code(), Some(1), "{}{}", stdout(&output), stderr(&output));
    assert_eq!(stdout(&output), format!("{gadget}:1: Gadget/g: size: Invalid value: \"integer\": must be positive\n"));
    // The CRD manifest itself, with a mistyped type, is checked as the server checks a CRD.
    let typo = write(dir.path(), "typo.yaml", &crd.replace("type: integer", "type: int"));
    let output = kapi(&["validate", &typo]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output).contains("spec.validation.openAPIV3Schema.properties[size].type: Unsupported value: \"int\""),
        "{}",
        stdout(&output)
    );
}
