//! kubectl-validate's own test suite (`../shared/peers/kubectl-validate/testcases`, see its FORMAT.md) run
//! against `kapi validate -o json --crds testcases/crds <case>`, scored as kubectl-validate's harness scores it:
//! each YAML document's leading comment block states the metav1.Status expected for it.
//!
//! Scored: the verdict of each case (every document's `status`, and the exit code non-zero exactly when some
//! document fails), and for each expected cause its `reason` and `field` (compared in order) and, reported as a
//! percentage only, its message. kubectl-validate checks built-in kinds against Kubernetes 1.30's published
//! schemas with a patch (container `image` required, port `protocol` an enum); kapi uses its embedded 1.32
//! corpus and its table of the server's rules in code, which say the same for these kinds.
//!
//! Where a case's expectation contradicts the real API server (kubectl-validate checks metadata with
//! apimachinery's rules alone, the server adds Kubernetes' own), kapi follows the server: such a document is listed
//! in [`SERVER_DISAGREES`], created on the real server with a dry run here, and kapi's status must then match the
//! server's (verdict, and each cause's reason and field) instead of the expectation.

use std::path::{Path, PathBuf};
use std::process::Command;

use kapi_tests::kube::{Kube, kube, kube_installing};
use kapi_tests::shared;
use serde_json::Value;

/// The `kapi` binary cargo built for these tests.
pub(crate) fn kapi_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_kapi"))
}

/// Documents whose expectation the real API server (1.32) contradicts: case file, document index, the collection
/// to create it in, and why.
const SERVER_DISAGREES: &[(&str, usize, &str, &str)] = &[
    (
        "configmap.yaml",
        0,
        "/api/v1/namespaces/default/configmaps",
        "the finalizer `finalizers.compute.linkedin.com` has no `/` and is not a standard one, which Kubernetes' own \
     ObjectMeta validation refuses (`name is neither a standard finalizer name nor is it fully qualified`)",
    ),
    (
        "error_x_list_map_duplicate_key.yaml",
        0,
        "/api/v1/namespaces/default/pods",
        "a built-in kind's `x-kubernetes-list-type: map` is a merge strategy: the server validates a Pod in code, \
         which does not refuse two unnamed ports of one number and protocol (it only warns), and its field manager \
         tolerates duplicate keys",
    ),
];

/// A server that admits pods in `default`: its service-account admission refuses a pod whose namespace has no
/// `default` service account, which the test servers' missing controllers never create. That is an object to
/// install, so on the installing server (this test alone creates it there).
fn pod_server() -> &'static Kube {
    let server = kube_installing();
    let account = serde_json::json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "default"}});
    let reply = server.send_json("POST", "/api/v1/namespaces/default/serviceaccounts", &account);
    assert!(
        matches!(reply.status, 201 | 409),
        "service account: {} {}",
        reply.status,
        String::from_utf8_lossy(&reply.body)
    );
    server
}

/// The expected Status of each document of a case, as the peer's harness derives it.
fn expectations(text: &str) -> Vec<Value> {
    kapi_validate::split_documents(text)
        .iter()
        .map(|piece| {
            if piece.is_empty_document() {
                return serde_json::json!({"status": "Success"});
            }
            let block: String = piece
                .text
                .lines()
                .skip_while(|line| line.trim().is_empty())
                .take_while(|line| line.starts_with('#'))
                .map(|line| format!("{}\n", &line[1..]))
                .collect();
            serde_json::from_str(&block).unwrap_or_else(|e| panic!("expectation is not JSON ({e}): {block}"))
        })
        .collect()
}

#[derive(Debug, Default)]
struct Score {
    cases: usize,
    verdicts: usize,
    causes: usize,
    fields: usize,
    messages: usize,
    extra_causes: usize,
    misses: Vec<String>,
}

fn causes(status: &Value) -> Vec<Value> {
    status.pointer("/details/causes").and_then(Value::as_array).cloned().unwrap_or_default()
}

fn text(value: &Value, key: &str) -> String {
    value.get(key).and_then(Value::as_str).unwrap_or_default().to_owned()
}

fn score_case(kapi: &Path, crds: &Path, case: &Path, score: &mut Score) {
    let name = case.file_name().unwrap_or_default().to_string_lossy().into_owned();
    let source = std::fs::read_to_string(case).expect("case readable");
    let mut expected = expectations(&source);
    for (file, index, collection, why) in SERVER_DISAGREES {
        if *file == name {
            let piece = &kapi_validate::split_documents(&source)[*index];
            let object = piece.parse(&name).expect("the document parses")[0].value.clone();
            let server = if collection.ends_with("/pods") { pod_server() } else { kube() };
            let reply = server.send_json("POST", &format!("{collection}?dryRun=All"), &object);
            let server = if (200..300).contains(&reply.status) {
                serde_json::json!({"status": "Success"})
            } else {
                reply.json()
            };
            println!(
                "  {name}#{index}: the API server says {} where kubectl-validate expects {}: {why}",
                text(&server, "status"),
                text(&expected[*index], "status")
            );
            expected[*index] = server;
        }
    }
    let output =
        Command::new(kapi).args(["validate", "-o", "json", "--crds"]).arg(crds).arg(case).output().expect("kapi runs");
    let report: Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{name}: output is not JSON ({e}): {}", String::from_utf8_lossy(&output.stderr)));
    let actual = report.get(case.display().to_string()).and_then(Value::as_array).cloned().unwrap_or_default();
    score.cases += 1;
    let any_failure = expected.iter().any(|s| text(s, "status") != "Success");
    let exit_right = (output.status.code() != Some(0)) == any_failure;
    let statuses_right = expected.len() == actual.len()
        && expected.iter().zip(&actual).all(|(e, a)| text(e, "status") == text(a, "status"));
    if exit_right && statuses_right {
        score.verdicts += 1;
    } else {
        score.misses.push(format!("{name}: verdict: expected {expected:?}, got {actual:?} ({})", output.status));
    }
    for (index, want) in expected.iter().enumerate() {
        let got = actual.get(index).map(causes).unwrap_or_default();
        let want = causes(want);
        score.extra_causes += got.len().saturating_sub(want.len());
        for (position, cause) in want.iter().enumerate() {
            score.causes += 1;
            let found = got.get(position);
            let same = |key: &str| found.is_some_and(|f| text(f, key) == text(cause, key));
            if same("reason") && same("field") {
                score.fields += 1;
            } else {
                score.misses.push(format!("{name}#{index}: cause {position}: expected {cause}, got {found:?}"));
            }
            if same("message") {
                score.messages += 1;
            }
        }
    }
}

#[test]
fn kubectl_validate_suite() {
    let testcases = shared().join("peers/kubectl-validate/testcases");
    let crds = testcases.join("crds");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(testcases.join("manifests"))
        .expect("testcases/manifests")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "yaml" || e == "yml"))
        .collect();
    cases.sort();
    let kapi = kapi_binary();
    let mut score = Score::default();
    for case in &cases {
        score_case(&kapi, &crds, case, &mut score);
    }
    let percent = |n: usize, of: usize| if of == 0 { 100.0 } else { 100.0 * n as f64 / of as f64 };
    println!("kubectl-validate suite: {} cases", score.cases);
    println!("  verdicts right: {}/{}", score.verdicts, score.cases);
    println!(
        "  causes with reason and field right: {}/{} ({:.1} %)",
        score.fields,
        score.causes,
        percent(score.fields, score.causes)
    );
    println!(
        "  causes with the exact message: {}/{} ({:.1} %)",
        score.messages,
        score.causes,
        percent(score.messages, score.causes)
    );
    println!("  causes kapi reports beyond the expected ones: {}", score.extra_causes);
    for miss in &score.misses {
        println!("  miss: {miss}");
    }
    assert_eq!(score.cases, 31, "kubectl-validate has 31 active cases");
    assert_eq!(score.verdicts, score.cases, "every verdict right: {:#?}", score.misses);
    assert!(percent(score.fields, score.causes) >= 95.0, "reason and field right for ≥ 95 % of causes");
}
