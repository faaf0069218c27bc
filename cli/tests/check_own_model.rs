//! `kapi check --dir DIR` on a user's bundle, as the README shows it: the bundle is held to its own `model.json`,
//! not to the embedded corpus, and the command it suggests never writes the corpus over the user's artifacts.

use std::path::Path;
use std::process::{Command, Output};

fn kapi_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kapi")).args(args).current_dir(dir).output().expect("kapi runs")
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

#[test]
fn check_dir_holds_a_users_bundle_to_its_own_model() {
    let work = tempfile::tempdir().expect("tempdir");
    let init = kapi_in(work.path(), &["init", "demo"]);
    assert!(init.status.success(), "{}", text(&init));
    let demo = work.path().join("demo");

    let fresh = kapi_in(&demo, &["check", "--dir", "generated"]);
    assert!(fresh.status.success(), "{}", text(&fresh));
    assert!(text(&fresh).contains("files up to date with generated/model.json"), "{}", text(&fresh));

    // A stale artifact of the user's own: reported alone, with a way to regenerate that is not the corpus'.
    let document = demo.join("generated/openapi/v3/apis/demo.example.com/v1.json");
    let mut bytes = std::fs::read(&document).expect("read");
    bytes.push(b'\n');
    std::fs::write(&document, bytes).expect("write");
    let stale = kapi_in(&demo, &["check", "--dir", "generated"]);
    assert_eq!(stale.status.code(), Some(1), "{}", text(&stale));
    let lines: Vec<&str> = std::str::from_utf8(&stale.stdout).expect("utf-8").lines().collect();
    let problems: Vec<&&str> = lines.iter().filter(|line| line.contains(": generated/")).collect();
    assert_eq!(problems, [&"stale: generated/openapi/v3/apis/demo.example.com/v1.json"], "{lines:#?}");
    let advice = lines.last().expect("advice");
    assert!(advice.contains("kapi generate --model generated/model.json --out generated"), "{advice}");
    assert!(!advice.contains("run `kapi generate --out generated`"), "{advice}");
}

#[test]
fn check_dir_still_holds_the_corpus_bundle_to_the_corpus() {
    let work = tempfile::tempdir().expect("tempdir");
    assert!(kapi_in(work.path(), &["generate", "--out", "generated"]).status.success());
    // The bundle's model.json edited to agree with a change made there: the corpus, not the file, is the source.
    let model_path = work.path().join("generated/model.json");
    let mut model: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&model_path).expect("model.json")).expect("json");
    let spec = &mut model["definitions"]["io.k8s.api.coordination.v1.LeaseSpec"]["schema"]["properties"];
    spec["newField"] = serde_json::json!({"type": "string"});
    std::fs::write(&model_path, serde_json::to_vec(&model).expect("json")).expect("write");
    let stale = kapi_in(work.path(), &["check", "--dir", "generated"]);
    assert_eq!(stale.status.code(), Some(1), "{}", text(&stale));
    assert!(text(&stale).contains("stale: generated/model.json"), "{}", text(&stale));
    assert!(text(&stale).contains("run `kapi generate --out generated`"), "{}", text(&stale));
}
