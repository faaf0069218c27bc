//! `kapi diff` beside oasdiff (issue 43, acceptance 3; docs/peers/oasdiff.md). On oasdiff's own pairs, kapi
//! reports the break each pair's upstream test expects, at the same operation, under the rule docs/DIFF.md maps
//! the id to; on those pairs and on ours (upstream Kubernetes 1.32 documents, one edit each), every break the
//! pinned `oasdiff breaking` reports is reported by kapi at the same operation. oasdiff is built by
//! scripts/peers/build-oasdiff.sh when missing; under `CI` a missing oasdiff fails, elsewhere it is a loud skip.

use std::path::{Path, PathBuf};

use kapi_tests::oasdiff::{self, Case, Outcome};

/// The pinned oasdiff, or `None` (with a loud message) outside CI when it cannot be had.
fn oasdiff_binary() -> Option<PathBuf> {
    match oasdiff::binary() {
        Ok(binary) => Some(binary),
        Err(error) if std::env::var_os("CI").is_some() => panic!("oasdiff is needed under CI: {error}"),
        Err(error) => {
            eprintln!(
                "\n!!! SKIPPED: oasdiff is missing and could not be built ({error}); run {}\n",
                oasdiff::BUILD_SCRIPT
            );
            None
        }
    }
}

fn run_all(binary: &Path, cases: Vec<Case>) -> Vec<Outcome> {
    cases.into_iter().map(|case| oasdiff::run(binary, case).unwrap_or_else(|e| panic!("{e}"))).collect()
}

/// The outcomes that fall short, described.
fn shortfalls(outcomes: &[Outcome]) -> Vec<String> {
    let mut problems = Vec::new();
    for outcome in outcomes {
        if outcome.expected_findings().is_empty() {
            problems.push(format!("{}: kapi does not report {:?}", outcome.case.name, outcome.case.expected));
        }
        for peer in outcome.missed() {
            problems.push(format!(
                "{}: oasdiff reports `{}` at {}, kapi no mapped rule ({:?}) there",
                outcome.case.name,
                peer.id,
                peer.operation_name(),
                oasdiff::kapi_rules_for(&peer.id)
            ));
        }
    }
    problems
}

#[test]
fn kapi_reports_every_break_oasdiff_reports_on_its_own_pairs() {
    let Some(binary) = oasdiff_binary() else { return };
    let cases = oasdiff::upstream_cases().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(cases.len(), 17, "cases.json holds 17 pairs");
    let outcomes = run_all(&binary, cases);
    let problems = shortfalls(&outcomes);
    assert!(problems.is_empty(), "{}\n{}", problems.join("\n"), oasdiff::upstream_table(&outcomes));
    // oasdiff is really run: it reports its expected id on every pair whose id `breaking` shows (all but the two
    // whose checks are info in this release: a parameter's default changed, an optional response field removed).
    let reported: usize = outcomes
        .iter()
        .filter(|o| {
            let oasdiff::Expected::Upstream { id, .. } = &o.case.expected else { return false };
            o.oasdiff.iter().any(|peer| &peer.id == id)
        })
        .count();
    assert_eq!(reported, 15, "{}", oasdiff::upstream_table(&outcomes));
}

#[test]
fn kapi_reports_every_break_oasdiff_reports_on_edited_kubernetes_documents() {
    let Some(binary) = oasdiff_binary() else { return };
    let work = tempfile::tempdir().expect("a temporary directory");
    let cases = oasdiff::own_pairs(work.path()).unwrap_or_else(|e| panic!("{e}"));
    assert!(cases.len() >= 20, "20 pairs or more, found {}", cases.len());
    let outcomes = run_all(&binary, cases);
    let problems = shortfalls(&outcomes);
    assert!(problems.is_empty(), "{}\n{}", problems.join("\n"), oasdiff::own_table(&outcomes));
    // Where oasdiff stays silent, kapi's reasons are Kubernetes': merge semantics and defaults.
    let silent: Vec<&str> = outcomes.iter().filter(|o| o.oasdiff.is_empty()).map(|o| o.case.name.as_str()).collect();
    assert_eq!(
        silent,
        [
            "default-changed",
            "list-map-keys-changed",
            "list-type-set-to-atomic",
            "map-type-atomic-to-granular",
            "parameter-type-changed"
        ],
        "{}",
        oasdiff::own_table(&outcomes)
    );
}

#[test]
fn docs_diff_md_maps_every_oasdiff_id() {
    let docs = std::fs::read_to_string(kapi_tests::project_root().join("docs/DIFF.md")).expect("docs/DIFF.md");
    let table = oasdiff::id_map_table();
    assert!(docs.contains(&table), "docs/DIFF.md should hold this table:\n{table}");
    for (_, rules) in oasdiff::ID_MAP {
        for rule in *rules {
            assert!(kapi_diff::Rule::ALL.iter().any(|r| r.id() == *rule), "`{rule}` is no kapi rule");
        }
    }
}

#[test]
fn patches_apply_as_rfc_6902_says() {
    let mut document = serde_json::json!({"a": {"b": [1, 2]}, "c~/d": 1});
    for operation in [
        serde_json::json!({"op": "add", "path": "/a/b/-", "value": 3}),
        serde_json::json!({"op": "add", "path": "/a/b/0", "value": 0}),
        serde_json::json!({"op": "remove", "path": "/a/b/1"}),
        serde_json::json!({"op": "replace", "path": "/c~0~1d", "value": 2}),
        serde_json::json!({"op": "add", "path": "/a/e", "value": true}),
    ] {
        oasdiff::apply_patch(&mut document, &operation).expect("the operation applies");
    }
    assert_eq!(document, serde_json::json!({"a": {"b": [0, 2, 3], "e": true}, "c~/d": 2}));
    let error = oasdiff::apply_patch(&mut document, &serde_json::json!({"op": "replace", "path": "/x", "value": 1}));
    assert_eq!(error.expect_err("nothing at /x"), "`/x` points at nothing");
}
