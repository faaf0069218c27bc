//! `kapi diff` end to end: two trees, `--base` over a git revision, text and JSON output, the allow-list, exit
//! codes (0 nothing fails, 1 an error not accepted, 2 unusable input).

use std::path::Path;
use std::process::{Command, Output};

fn kapi_in(dir: &Path, args: &[&str]) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_kapi")).current_dir(dir).args(args).output().expect("kapi runs");
    assert!(output.status.code().is_some(), "kapi was killed");
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `model.json` of the embedded corpus, with the group-versions given switched off, in `dir`.
fn write_model(dir: &Path, disabled: &[&str]) {
    std::fs::create_dir_all(dir).expect("mkdir");
    let mut args = vec!["model"];
    for group_version in disabled {
        args.extend(["--disable", group_version]);
    }
    let output = kapi_in(dir, &args);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    std::fs::write(dir.join("model.json"), &output.stdout).expect("write model.json");
}

fn git(dir: &Path, args: &[&str]) {
    let output = Command::new("git")
        .current_dir(dir)
        .args(["-c", "user.name=kapi", "-c", "user.email=kapi@example.invalid"])
        .args(args)
        .output()
        .expect("git runs");
    assert!(output.status.success(), "git {args:?}: {}", text(&output.stderr));
}

const REMOVED: &str = "stable.example.com/v1beta1";

#[test]
fn the_same_tree_reports_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    write_model(&dir.path().join("a"), &[]);
    let output = kapi_in(dir.path(), &["diff", "a", "a/model.json"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "0 errors, 0 warnings, 0 info, 0 allowed\n");
}

#[test]
fn a_removed_group_version_is_found_and_can_be_allowed() {
    let dir = tempfile::tempdir().expect("tempdir");
    write_model(&dir.path().join("old"), &[]);
    write_model(&dir.path().join("new"), &[REMOVED]);
    // Beta: a warning by default, so nothing fails.
    let output = kapi_in(dir.path(), &["diff", "old", "new"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with(&format!("warning api.group-version-removed {REMOVED}: ")), "{stdout}");
    assert!(stdout.ends_with("0 errors, 1 warnings, 0 info, 0 allowed\n"), "{stdout}");

    // Held to the GA standard, it fails.
    let output = kapi_in(dir.path(), &["diff", "old", "new", "--beta", "error", "--output", "json"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON output");
    assert_eq!(report["summary"], serde_json::json!({"error": 1, "warning": 0, "info": 0, "allowed": 0}));
    let finding = &report["findings"][0];
    assert_eq!(finding["rule"], "api.group-version-removed");
    assert_eq!(finding["severity"], "error");
    assert_eq!(finding["location"], REMOVED);
    assert_eq!(finding["groupVersion"], REMOVED);
    assert!(finding["reason"].as_str().is_some_and(|r| !r.is_empty()), "{finding}");

    // Accepted on purpose: it no longer fails, and an entry that matched nothing is pointed out.
    let allow = serde_json::json!({"allowed": [
        {"rule": "api.group-version-removed", "location": REMOVED, "reason": "v1beta1 reached its removal release"},
        {"rule": "schema.field-removed", "location": "stable.example.com/v1 CronTab.spec.image", "reason": "stale"},
    ]});
    std::fs::write(dir.path().join("allow.json"), allow.to_string()).expect("write");
    let output = kapi_in(dir.path(), &["diff", "old", "new", "--beta", "error", "--allow", "allow.json"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(stdout.contains("(allowed: v1beta1 reached its removal release)"), "{stdout}");
    assert!(
        stdout.contains("unused allowance schema.field-removed stable.example.com/v1 CronTab.spec.image"),
        "{stdout}"
    );
    assert!(stdout.ends_with("0 errors, 0 warnings, 0 info, 1 allowed\n"), "{stdout}");
}

#[test]
fn base_reads_the_tree_committed_at_a_revision() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = dir.path();
    git(repo, &["init", "-q"]);
    write_model(&repo.join("generated"), &[]);
    git(repo, &["add", "."]);
    git(repo, &["commit", "-q", "-m", "base"]);
    write_model(&repo.join("generated"), &[REMOVED]);
    let output = kapi_in(repo, &["diff", "--base", "HEAD", "--beta", "error"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert!(text(&output.stdout).starts_with(&format!("error   api.group-version-removed {REMOVED}: ")));
    // From a subdirectory, with the tree named relative to it.
    let output = kapi_in(&repo.join("generated"), &["diff", "--base", "HEAD", "."]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stdout).ends_with("0 errors, 1 warnings, 0 info, 0 allowed\n"));
}

#[test]
fn unusable_input_exits_two() {
    let dir = tempfile::tempdir().expect("tempdir");
    write_model(&dir.path().join("a"), &[]);
    std::fs::write(dir.path().join("broken.json"), "{").expect("write");
    let output = kapi_in(dir.path(), &["diff", "a", "broken.json"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("broken.json is not a kapi model"), "{}", text(&output.stderr));
    let output = kapi_in(dir.path(), &["diff", "--base", "no-such-revision", "a"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("at no-such-revision"), "{}", text(&output.stderr));
    std::fs::write(dir.path().join("allow.json"), r#"{"allowed": [{"rule": "x", "location": "y", "reason": ""}]}"#)
        .expect("write");
    let output = kapi_in(dir.path(), &["diff", "a", "a", "--allow", "allow.json"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("gives no reason"), "{}", text(&output.stderr));
}

#[test]
fn check_with_base_runs_the_gate_after_the_freshness_check() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = dir.path();
    git(repo, &["init", "-q"]);
    let generate = |extra: &[&str]| {
        let mut args = vec!["generate", "--out", "generated"];
        args.extend(extra);
        let output = kapi_in(repo, &args);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    };
    generate(&[]);
    git(repo, &["add", "."]);
    git(repo, &["commit", "-q", "-m", "base"]);
    // A GA group-version of the corpus switched off, generated afresh (generate leaves files it no longer writes,
    // which check reports as extra): fresh, but incompatible.
    let disable = ["--disable", "batch.example.com/v1"];
    std::fs::remove_dir_all(repo.join("generated")).expect("remove the old tree");
    generate(&disable);
    let mut args = vec!["check", "--base", "HEAD"];
    args.extend(disable);
    let output = kapi_in(repo, &args);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(stdout.contains("files up to date\ncompatibility with HEAD:\n"), "{stdout}");
    assert!(stdout.contains("error   api.group-version-removed batch.example.com/v1: "), "{stdout}");
    // A stale tree fails as stale, before any comparison.
    let output = kapi_in(repo, &["check", "--base", "HEAD"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(!text(&output.stdout).contains("compatibility with"), "{}", text(&output.stdout));
}

#[test]
fn the_wire_rules_read_each_trees_proto_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = dir.path();
    git(repo, &["init", "-q"]);
    let output = kapi_in(repo, &["generate", "--out", "generated"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    git(repo, &["add", "."]);
    git(repo, &["commit", "-q", "-m", "base"]);
    // Another producer's idea of apps/v1: DeploymentSpec.replicas as text on the wire.
    let file = repo.join("generated/proto/k8s.io/api/apps/v1/generated.proto");
    let proto = std::fs::read_to_string(&file).expect("read");
    let spec = proto.find("message DeploymentSpec {").expect("DeploymentSpec");
    let field = spec + proto[spec..].find("optional int32 replicas = 1;").expect("replicas");
    let edited = format!("{}optional string replicas = 1;{}", &proto[..field], &proto[field + 28..]);
    std::fs::write(&file, edited).expect("write");
    let output = kapi_in(repo, &["diff", "--base", "HEAD"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(
        stdout.starts_with(
            "error   proto.field-type-changed apps/v1 DeploymentSpec.replicas: \
             k8s.io/api/apps/v1/generated.proto field 1: int32 -> string\n"
        ),
        "{stdout}"
    );
    assert!(stdout.ends_with("1 errors, 0 warnings, 0 info, 0 allowed\n"), "{stdout}");
    // A .proto file that does not compile is unusable input.
    std::fs::write(&file, "message {").expect("write");
    let output = kapi_in(repo, &["diff", "--base", "HEAD"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("the .proto files do not compile"), "{}", text(&output.stderr));
}

#[test]
fn openapi_documents_are_compared_directly() {
    let dir = tempfile::tempdir().expect("tempdir");
    let document = |age: &str| {
        format!(
            "openapi: 3.0.3\ninfo: {{title: pets, version: '1'}}\npaths:\n  /pets:\n    post:\n      requestBody:\n        \
             content:\n          application/json:\n            schema:\n              type: object\n              \
             properties:\n                age: {{type: {age}}}\n      responses:\n        '201': {{description: made}}\n"
        )
    };
    std::fs::write(dir.path().join("old.yaml"), document("integer")).expect("write");
    std::fs::write(dir.path().join("new.yaml"), document("string")).expect("write");
    let output = kapi_in(dir.path(), &["diff", "old.yaml", "new.yaml"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert!(
        text(&output.stdout)
            .starts_with("error   schema.type-changed POST /pets request body.age: type integer -> string\n"),
        "{}",
        text(&output.stdout)
    );
    let output = kapi_in(dir.path(), &["diff", "old.yaml", "old.yaml", "--output", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    // A document beside a model, and a file that is no document, are input errors.
    write_model(&dir.path().join("a"), &[]);
    let output = kapi_in(dir.path(), &["diff", "a", "new.yaml"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("can only be compared with another document"), "{}", text(&output.stderr));
    std::fs::write(dir.path().join("other.yaml"), "kind: ConfigMap\n").expect("write");
    let output = kapi_in(dir.path(), &["diff", "other.yaml", "new.yaml"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("other.yaml: not an OpenAPI v3 document"), "{}", text(&output.stderr));
}

/// A directory of `.proto` files without a model, as buf reads a module: the wire rules alone, with 64-bit integers
/// JSON-incompatible with 32-bit ones (protobuf's JSON writes them as strings).
#[test]
fn directories_of_proto_files_are_compared_by_the_wire_rules() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (side, width) in [("old", "int32"), ("new", "int64")] {
        let file = dir.path().join(side).join("fixture/v1/widget.proto");
        std::fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
        let text =
            format!("syntax = \"proto3\";\npackage kapi.fixture.v1;\nmessage Widget {{\n  {width} replicas = 1;\n}}\n");
        std::fs::write(file, text).expect("write");
    }
    let output = kapi_in(dir.path(), &["diff", "old", "new"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        "error   proto.field-type-changed kapi.fixture/v1 Widget.replicas: fixture/v1/widget.proto field 1: int32 -> int64\n\
         \x20       why: values written under the old type no longer decode, or decode to something else, in binary \
         or in JSON\n\
         1 errors, 0 warnings, 0 info, 0 allowed\n"
    );
}
