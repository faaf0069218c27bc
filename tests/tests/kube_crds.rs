//! CRD acceptance, differential: every CRD kapi generates or is asked about, created (dry run) on a real
//! kube-apiserver, and `check_crd`'s verdict compared with the server's. The server is the oracle; a
//! disagreement is a bug in kapi (docs/KUBE.md lists what is known and why).

use std::path::{Path, PathBuf};

use kapi_codegen::crd_check::check_crd;
use kapi_tests::kube::{Kube, kube};
use kapi_tests::{project_root, shared};
use serde_json::Value;

/// One CRD to try: where it comes from and the object.
pub(crate) struct Case {
    pub(crate) source: String,
    pub(crate) crd: Value,
}

/// What one side says about a CRD: `None` when accepted, the reasons when refused.
type Verdict = Option<Vec<String>>;

/// Every CRD document in the YAML files under `dir` (sorted by path).
pub(crate) fn crds_under(dir: &Path) -> Vec<Case> {
    let mut files = Vec::new();
    collect_yaml(dir, &mut files);
    files.sort();
    let mut cases = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable");
        let documents: Vec<Value> = serde_saphyr::from_multiple(&text).expect("YAML");
        let shown = file.strip_prefix(project_root()).unwrap_or(&file).display().to_string();
        for (index, crd) in documents.into_iter().enumerate() {
            if crd.get("kind").and_then(Value::as_str) == Some("CustomResourceDefinition") {
                cases.push(Case { source: format!("{shown}:{index}"), crd });
            }
        }
    }
    cases
}

fn collect_yaml(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_yaml(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "yaml" || ext == "yml") {
            out.push(path);
        }
    }
}

/// kapi's verdict: the errors `check_crd` finds, and the CEL cost warnings (a rule the server would find too
/// costly is refused, so such a warning is a prediction of refusal too; the structural warnings are of what the
/// server accepts).
fn kapi_verdict(crd: &Value) -> Verdict {
    let found = check_crd(crd).unwrap_or_else(|problem| panic!("check_crd: {problem}"));
    let costly = found.warnings.iter().filter(|f| f.rule == "cel");
    let reasons: Vec<String> = found.errors.iter().chain(costly).map(|f| f.message.clone()).collect();
    (!reasons.is_empty()).then_some(reasons)
}

/// The server's verdict on creating `crd`, without storing it (`dryRun=All` runs every validation).
pub fn server_verdict(kube: &Kube, crd: &Value) -> Verdict {
    let reply = kube.send_json(
        "POST",
        "/apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All&fieldValidation=Strict",
        crd,
    );
    match reply.status {
        200 | 201 => None,
        422 => {
            let status = reply.json();
            let causes = status.pointer("/details/causes").and_then(Value::as_array).cloned().unwrap_or_default();
            let mut reasons: Vec<String> = causes
                .iter()
                .map(|cause| {
                    let field = cause.get("field").and_then(Value::as_str).unwrap_or_default();
                    let message = cause.get("message").and_then(Value::as_str).unwrap_or_default();
                    format!("{field}: {message}")
                })
                .collect();
            if reasons.is_empty() {
                reasons.push(status["message"].as_str().unwrap_or_default().to_owned());
            }
            Some(reasons)
        }
        // A schema the server cannot even decode (a keyword of the wrong JSON type) is refused too.
        400 => Some(vec![reply.json()["message"].as_str().unwrap_or_default().to_owned()]),
        other => panic!("the server answered {other}: {}", String::from_utf8_lossy(&reply.body)),
    }
}

/// Both verdicts for every case (in parallel: the server checks CEL rules on several cores); the disagreements,
/// each with both sides' reasons.
fn disagreements(cases: &[Case]) -> (usize, usize, Vec<String>) {
    let kube = kube();
    let verdicts: Vec<(Verdict, Verdict)> = std::thread::scope(|scope| {
        let chunks: Vec<_> = cases
            .chunks(cases.len().div_ceil(4).max(1))
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|case| (kapi_verdict(&case.crd), server_verdict(kube, &case.crd)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        chunks.into_iter().flat_map(|chunk| chunk.join().expect("a checking thread panicked")).collect()
    });
    let refused = verdicts.iter().filter(|(_, server)| server.is_some()).count();
    let mut differing = Vec::new();
    for (case, (ours, theirs)) in cases.iter().zip(&verdicts) {
        if ours.is_some() != theirs.is_some() {
            let side = |verdict: &Verdict| match verdict {
                None => "accepts".to_owned(),
                Some(reasons) => format!("refuses:\n      {}", reasons.join("\n      ")),
            };
            differing.push(format!("{}\n    kapi {}\n    server {}", case.source, side(ours), side(theirs)));
        }
    }
    (cases.len(), refused, differing)
}

#[track_caller]
fn assert_agreement(what: &str, cases: &[Case], at_least: usize) {
    assert!(cases.len() >= at_least, "{what}: {} CRDs, expected at least {at_least}", cases.len());
    let (total, refused, differing) = disagreements(cases);
    eprintln!("{what}: {total} CRDs, the server refuses {refused}, kapi disagrees on {}", differing.len());
    assert!(differing.is_empty(), "{what}: kapi and the API server disagree on:\n  {}", differing.join("\n  "));
}

#[test]
fn every_crd_kapi_generates_is_accepted_by_the_server_as_kapi_says() {
    let mut cases = crds_under(&project_root().join("generated/crds"));
    cases.extend(crds_under(&project_root().join("examples")));
    // Hand-written cases for what kapi once got wrong (the format library, durations, group protection).
    cases.extend(crds_under(&project_root().join("tests/fixtures/kube-crds")));
    assert_agreement("kapi's CRDs and the hand-written cases", &cases, 12);
}

#[test]
fn every_crd_of_the_derive_corpus_is_accepted_by_the_server_as_kapi_says() {
    let registry = kapi_crd_corpus::registry();
    let artifacts = kapi_codegen::generate(&registry, &kapi_codegen::Options::default())
        .unwrap_or_else(|error| panic!("kapi writes every CRD of the derive corpus: {error}"));
    let cases: Vec<Case> = artifacts
        .iter()
        .filter(|(path, _)| path.starts_with("crds/") && path.ends_with(".json"))
        .map(|(path, bytes)| Case {
            source: format!("kapi-crd-corpus {path}"),
            crd: serde_json::from_slice(bytes).expect("a CRD is JSON"),
        })
        .collect();
    assert_agreement("the derive corpus", &cases, 200);
    // Every CRD kapi writes is one the server takes: none of the corpus is refused by either side.
    let refused: Vec<&str> =
        cases.iter().filter(|case| kapi_verdict(&case.crd).is_some()).map(|case| case.source.as_str()).collect();
    assert!(refused.is_empty(), "kapi writes CRDs it would refuse: {refused:?}");
}

#[test]
fn kapi_agrees_with_the_server_on_real_world_crds() {
    let cases = crds_under(&shared().join("peers/crds"));
    assert_agreement("real-world CRDs", &cases, 26);
}
