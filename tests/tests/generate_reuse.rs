//! `kapi generate` into its previous output: every unit (a group-version's OpenAPI v3 document and swagger paths, a
//! definition's JSON Schema and swagger schema, a CRD) whose inputs did not change is taken from the files already
//! there, only the changed group's units are rendered, and the bytes equal a full generation's.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use kapi_codegen::proto::{LEDGER_PATH, Ledger};
use kapi_codegen::reuse::manifest::{MANIFEST_NAME, previous};
use kapi_codegen::{Artifacts, Options, Previous, generate_reusing, writer};
use kapi_model::Registry;
use kapi_tests::synthetic::{Base, Shape, change_group, synthetic_model};
use serde_json::Value;

/// Every fourth synthetic group serves two versions; group 7 is one of them.
const CHANGED: usize = 7;

fn registry(model: &Value) -> Registry {
    Registry::from_json(&model.to_string()).expect("the synthetic model reads back")
}

/// Generates `model` into `dir` as `kapi generate` does: numbered against the ledger there, reusing `previous`.
fn generate_into(dir: &Path, model: &Value, previous: &Previous) -> Artifacts {
    let ledger = fs::read(dir.join(LEDGER_PATH)).ok().map(|bytes| Ledger::from_json(&bytes).expect("a ledger"));
    let options = Options { proto_ledger: ledger, ..Options::default() };
    let artifacts = generate_reusing(&registry(model), &options, previous).expect("generates");
    writer::write(dir, &artifacts).expect("writes");
    artifacts
}

/// The models of `groups` synthetic groups before and after group 7's specs gained a field.
fn models(groups: usize) -> (Value, Value) {
    let before = synthetic_model(Base::Minimal, Shape { groups, kinds_per_group: 1 });
    let mut after = before.clone();
    assert_eq!(change_group(&mut after, CHANGED), 2);
    (before, after)
}

/// Two directories holding `before`'s output: one keeps the reuse record, the other lost it.
fn two_outputs(before: &Value) -> (tempfile::TempDir, tempfile::TempDir) {
    let (kept, lost) = (tempfile::tempdir().expect("a dir"), tempfile::tempdir().expect("a dir"));
    generate_into(kept.path(), before, &Previous::none());
    generate_into(lost.path(), before, &Previous::none());
    fs::remove_file(lost.path().join(MANIFEST_NAME)).expect("the record was written");
    (kept, lost)
}

/// The units rendered rather than reused, with the group number taken out.
fn rendered_shape(artifacts: &Artifacts) -> BTreeSet<String> {
    let rendered = artifacts.units().keys().filter(|unit| !artifacts.reused_units().contains(*unit));
    rendered.map(|unit| unit.replace(&format!("g{CHANGED:04}"), "gX")).collect()
}

/// Files of `dir` by relative path, dotfiles left out (as `kapi check` does).
fn files(dir: &Path) -> BTreeSet<(String, Vec<u8>)> {
    let mut found = BTreeSet::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(next) = pending.pop() {
        for entry in fs::read_dir(&next).expect("a directory") {
            let path = entry.expect("an entry").path();
            if path.file_name().is_some_and(|name| name.to_string_lossy().starts_with('.')) {
                continue;
            }
            if path.is_dir() {
                pending.push(path);
            } else {
                let relative = path.strip_prefix(dir).expect("inside").to_string_lossy().into_owned();
                found.insert((relative, fs::read(&path).expect("readable")));
            }
        }
    }
    found
}

fn reusing_matches_a_full_run(groups: usize) -> BTreeSet<String> {
    let (before, after) = models(groups);
    let (kept, lost) = two_outputs(&before);
    let reusable = previous(kept.path());
    assert!(!reusable.is_empty(), "the record lists the units of the first run");
    assert!(previous(lost.path()).is_empty(), "without the record nothing is reused");
    let reused = generate_into(kept.path(), &after, &reusable);
    let full = generate_into(lost.path(), &after, &Previous::none());
    assert_eq!(reused, full, "reusing units gives other artifacts than rendering them ({groups} groups)");
    assert_eq!(reused.units(), full.units(), "the records for the next run differ");
    assert_eq!(files(kept.path()), files(lost.path()), "the directories differ ({groups} groups)");
    assert!(full.reused_units().is_empty());
    let rendered = rendered_shape(&reused);
    let strays: Vec<&String> = rendered.iter().filter(|unit| !unit.contains("gX")).collect();
    assert!(strays.is_empty(), "units of unchanged groups were rendered again: {strays:#?}");
    assert!(rendered.iter().any(|unit| unit.starts_with("openapi/v3/")), "{rendered:#?}");
    assert!(rendered.iter().any(|unit| unit.starts_with("openapi/v2/definitions/")), "{rendered:#?}");
    assert!(rendered.iter().any(|unit| unit.starts_with("crds/")), "{rendered:#?}");

    // Nothing changed since: every unit is reused and nothing is written.
    let again = generate_into(kept.path(), &after, &previous(kept.path()));
    assert_eq!(again.reused_units().len(), again.units().len());
    assert_eq!(again, full);
    rendered
}

#[test]
fn generating_into_the_previous_output_renders_only_the_changed_group_and_writes_a_full_runs_bytes() {
    let small = reusing_matches_a_full_run(8);
    let large = reusing_matches_a_full_run(24);
    assert_eq!(small, large, "what one group's change renders grows with the number of groups");
}

#[test]
fn a_file_edited_or_removed_since_the_last_run_is_rendered_again() {
    let (before, _) = models(8);
    let (kept, lost) = two_outputs(&before);
    let edited = kept.path().join("openapi/v3/apis/g0003.bench.example.com/v1.json");
    let mut bytes = fs::read(&edited).expect("the document");
    bytes.extend_from_slice(b" ");
    fs::write(&edited, bytes).expect("edits");
    let removed = "crds/pulleys.g0002.bench.example.com.yaml";
    let removed = fs::read_dir(kept.path().join("crds"))
        .expect("crds")
        .map(|entry| entry.expect("an entry").file_name().to_string_lossy().into_owned())
        .find(|name| name.contains("g0002") && name.ends_with(".yaml"))
        .map_or_else(|| removed.to_owned(), |name| format!("crds/{name}"));
    fs::remove_file(kept.path().join(&removed)).expect("removes");
    // An edit to the shared swagger document makes every swagger unit render again.
    let swagger = kept.path().join("openapi/v2/swagger.json");
    let mut bytes = fs::read(&swagger).expect("swagger");
    bytes.insert(0, b' ');
    fs::write(&swagger, bytes).expect("edits");

    let reusable = previous(kept.path());
    let reused = generate_into(kept.path(), &before, &reusable);
    let full = generate_into(lost.path(), &before, &Previous::none());
    assert_eq!(reused, full);
    assert_eq!(files(kept.path()), files(lost.path()));
    let rendered: BTreeSet<&String> =
        reused.units().keys().filter(|unit| !reused.reused_units().contains(*unit)).collect();
    assert!(rendered.iter().any(|unit| unit.as_str() == "openapi/v3/apis/g0003.bench.example.com/v1"));
    assert!(rendered.iter().any(|unit| removed.starts_with(unit.as_str())), "{removed} not rendered");
    assert!(rendered.iter().all(|unit| !reused.reused_units().contains(*unit)));
    let swagger_reused = reused.reused_units().iter().filter(|unit| unit.starts_with("openapi/v2/")).count();
    assert_eq!(swagger_reused, 0, "swagger units were taken from an edited document");
    assert!(reused.reused_units().len() > reused.units().len() / 3, "everything else is still reused");
}

#[test]
fn an_unreadable_record_means_rendering_everything() {
    let (before, _) = models(8);
    let (kept, _lost) = two_outputs(&before);
    fs::write(kept.path().join(MANIFEST_NAME), b"{ not json").expect("overwrites");
    assert!(previous(kept.path()).is_empty());
    let again = generate_into(kept.path(), &before, &previous(kept.path()));
    assert!(again.reused_units().is_empty());
    assert!(previous(kept.path()).len() == again.units().len(), "the next run can reuse everything again");
}

/// [`generate_into`] as `kapi generate` now runs it: each file written as soon as it is rendered.
fn stream_into(dir: &Path, model: &Value, previous: &Previous) -> (Artifacts, writer::WriteReport) {
    let ledger = fs::read(dir.join(LEDGER_PATH)).ok().map(|bytes| Ledger::from_json(&bytes).expect("a ledger"));
    let options = Options { proto_ledger: ledger, ..Options::default() };
    kapi_codegen::generate_into(registry(model), &options, previous, dir).expect("generates and writes")
}

#[test]
fn streaming_each_file_as_it_is_rendered_writes_what_holding_them_all_writes() {
    let (before, after) = models(8);
    let (held, streamed) = (tempfile::tempdir().expect("a dir"), tempfile::tempdir().expect("a dir"));
    let full = generate_into(held.path(), &before, &Previous::none());
    let (artifacts, report) = stream_into(streamed.path(), &before, &Previous::none());
    assert_eq!(files(held.path()), files(streamed.path()), "the directories differ");
    assert_eq!(report.written.len(), full.len(), "every file is written once");
    assert!(report.unchanged.is_empty());
    assert_eq!(artifacts.paths().collect::<Vec<_>>(), full.paths().collect::<Vec<_>>(), "every file is listed");
    let document = "openapi/v3/apis/g0003.bench.example.com/v1.json";
    assert!(artifacts.contains(document) && artifacts.get(document).is_none(), "a written document is not held");
    assert!(artifacts.iter().all(|(path, _)| path.starts_with("crds/") || path.ends_with("loss-report.json")));

    // The next run into the streamed output reuses what did not change, and writes a full run's bytes.
    let (reused, report) = stream_into(streamed.path(), &after, &previous(streamed.path()));
    let full = generate_into(held.path(), &after, &Previous::none());
    assert_eq!(files(held.path()), files(streamed.path()), "the directories differ after the change");
    assert_eq!(reused.units(), full.units(), "the records for the next run differ");
    let strays: Vec<String> = rendered_shape(&reused).into_iter().filter(|unit| !unit.contains("gX")).collect();
    assert!(strays.is_empty(), "units of unchanged groups were rendered again: {strays:#?}");
    assert!(report.written.iter().all(|path| path.contains(&format!("g{CHANGED:04}")) || !path.contains(".bench.")));
    assert!(!report.unchanged.is_empty());
}
