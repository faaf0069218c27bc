//! Changing one group among many: generation touches only that group's artifacts and the lists of every group, and
//! a server reloading the result re-encodes only those documents, so every other document keeps its ETag.
//!
//! Run at two sizes: what changes must not grow with the number of groups (the N = 3 000 figures are
//! `benches/incremental.sh`'s).

use std::collections::{BTreeMap, BTreeSet};

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use kapi_codegen::{Artifacts, writer};
use kapi_model::Registry;
use kapi_runtime::{Bundle, Handle, LoadOptions, Tree, router};
use kapi_tests::synthetic::{Base, Shape, change_group, synthetic_model};
use serde_json::Value;
use tower::ServiceExt;

use crate::served;
use served::{assert_only_changed_etags_change, etags, is_read_by_servers, request_for};

/// Group 7 serves two versions (every fourth group does), so both of its documents change.
const CHANGED: usize = 7;
const CHANGED_GROUP: &str = "g0007.bench.example.com";

type Files = BTreeMap<String, Vec<u8>>;

fn artifacts(model: &Value) -> Artifacts {
    let registry = Registry::from_json(&model.to_string()).expect("the synthetic model reads back");
    kapi_codegen::generate(&registry, &kapi_codegen::Options::default()).expect("generates")
}

fn files(artifacts: &Artifacts) -> Files {
    artifacts.iter().map(|(path, bytes)| (path.to_owned(), bytes.to_vec())).collect()
}

/// The artifacts of `groups` synthetic groups, before and after group 7 changed.
fn before_and_after(groups: usize) -> (Artifacts, Artifacts) {
    let before = synthetic_model(Base::Minimal, Shape { groups, kinds_per_group: 1 });
    let mut after = before.clone();
    assert_eq!(change_group(&mut after, CHANGED), 2);
    (artifacts(&before), artifacts(&after))
}

/// Paths whose bytes differ, or that exist on one side only.
fn differing(before: &Files, after: &Files) -> BTreeSet<String> {
    before.keys().chain(after.keys()).filter(|path| before.get(*path) != after.get(*path)).cloned().collect()
}

/// `/apis` as aggregated v2 and v2beta1 and as the legacy group list, in protobuf.
async fn group_lists_in_protobuf(bundle: Bundle) -> Vec<Vec<u8>> {
    const PROTOBUF: &str = "application/vnd.kubernetes.protobuf";
    let app = router(Handle::with_bundle(bundle));
    let mut bodies = Vec::new();
    for accept in [
        format!("{PROTOBUF};g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"),
        format!("{PROTOBUF};g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList"),
        PROTOBUF.to_owned(),
    ] {
        let request = Request::get("/apis").header(header::ACCEPT, &accept).body(Body::empty()).expect("a request");
        let response = app.clone().oneshot(request).await.expect("the router answers");
        assert_eq!(response.status(), StatusCode::OK, "{accept}");
        let content_type =
            response.headers().get(header::CONTENT_TYPE).expect("a content type").to_str().expect("ASCII");
        assert!(content_type.starts_with(PROTOBUF), "{accept}: {content_type}");
        bodies.push(axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body").to_vec());
    }
    bodies
}

/// The differing paths with the group number taken out, so two corpus sizes can be compared.
fn shape_of(paths: &BTreeSet<String>) -> BTreeSet<String> {
    paths.iter().map(|path| path.replace("g0007", "gX").replace("G0007", "GX")).collect()
}

#[test]
fn changing_one_group_changes_its_own_artifacts_and_the_whole_api_lists_only() {
    let (small_before, small_after) = before_and_after(8);
    let (small_before, small_after) = (files(&small_before), files(&small_after));
    let (before, after) = before_and_after(24);
    let (before, after) = (files(&before), files(&after));
    let changed = differing(&before, &after);
    let (own, shared): (BTreeSet<String>, BTreeSet<String>) =
        changed.iter().cloned().partition(|path| path.contains(CHANGED_GROUP) || path.contains("g0007"));
    assert!(own.contains(&format!("openapi/v3/apis/{CHANGED_GROUP}/v1.json")), "{own:#?}");
    assert!(own.contains(&format!("openapi/v3/apis/{CHANGED_GROUP}/v1beta1.json")), "{own:#?}");
    assert!(own.contains(&format!("openapi/v3.1/apis/{CHANGED_GROUP}/v1.json")), "{own:#?}");
    // Files that describe every group at once necessarily change; nothing of any other group may.
    // (The field-number ledger records the number the new field took.)
    let whole_api = BTreeSet::from(
        [
            "model.json",
            "openapi/v2/swagger.json",
            "openapi/v3/index.json",
            "openapi/v3.1/index.json",
            "proto/field-numbers.json",
        ]
        .map(String::from),
    );
    let unexpected: Vec<&String> = shared.difference(&whole_api).collect();
    assert!(unexpected.is_empty(), "files of other groups changed: {unexpected:#?}");
    assert_eq!(
        shape_of(&changed),
        shape_of(&differing(&small_before, &small_after)),
        "what one group's change touches grows with the number of groups"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn a_reload_encodes_only_the_changed_documents_and_every_other_etag_stays() {
    let (before, changed) = before_and_after(12);
    let added = artifacts(&synthetic_model(Base::Minimal, Shape { groups: 13, kinds_per_group: 1 }));
    for (scenario, after) in [("group 7 changed", changed), ("group 12 added", added)] {
        reload_and_compare(scenario, &before, &after).await;
    }
}

/// Serves `before` from a directory, writes `after` into it as `kapi generate` does and reloads the directory as
/// `kapi serve` does: the reload reads only the files that changed, encodes only the documents that changed, and
/// serves what a fresh start on `after` serves, every untouched document with its ETag unchanged.
async fn reload_and_compare(scenario: &str, before_artifacts: &Artifacts, after_artifacts: &Artifacts) {
    let (before, after) = (&files(before_artifacts), &files(after_artifacts));
    let options = LoadOptions::default();
    let live = tempfile::tempdir().expect("a directory");
    writer::write(live.path(), before_artifacts).expect("writes");
    // A file changed within a second of a read is read again by the next one, whatever its stamp: let them age.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let first_read = Tree::read(live.path()).expect("reads");
    let serving = Bundle::from_files_reusing(first_read.files().clone(), &options, None).expect("the first bundle");
    assert!(serving.warnings().is_empty(), "{:?}", serving.warnings());
    let written = writer::write(live.path(), after_artifacts).expect("writes").written;
    let second_read = Tree::read_reusing(live.path(), Some(&first_read)).expect("reads again");
    let served_written = written.iter().filter(|path| is_read_by_servers(path)).count();
    assert_eq!(second_read.read_from_disk(), served_written, "{scenario}: read again: {written:#?}");
    assert_eq!(
        written.iter().collect::<BTreeSet<_>>(),
        differing(before, after).iter().filter(|path| after.contains_key(*path)).collect(),
        "{scenario}"
    );
    let reloaded =
        Bundle::from_files_reusing(second_read.files().clone(), &options, Some(&serving)).expect("the reload");

    // Re-encoded: the documents whose bytes changed, and the roots built on every reload (`/api`, whose body the
    // server completes with its address, and the OpenAPI 3.0 and 3.1 indexes). The v2 document is encoded after
    // the swap.
    let encoded: BTreeSet<String> = reloaded.encoded_documents().iter().cloned().collect();
    let expected: BTreeSet<String> = differing(before, after)
        .into_iter()
        .filter(|path| request_for(path).is_some())
        .chain(["discovery/api.json", "openapi/v3/index.json", "openapi/v3.1/index.json"].map(String::from))
        .collect();
    assert_eq!(encoded, expected, "{scenario}");
    assert!(encoded.len() <= 12, "{scenario}: {} documents re-encoded for one group: {encoded:#?}", encoded.len());
    assert!(reloaded.encode_deferred().expect("the v2 document encodes").is_some(), "{scenario}: v2 changed");

    // The group lists' protobuf, encoded element by element with the serving bundle's elements, is a fresh
    // encoding's.
    let reloaded_again = Bundle::from_files_reusing(after.clone(), &options, Some(&serving)).expect("the reload");
    let fresh = Bundle::from_files_with(after.clone(), &options).expect("a fresh build");
    assert_eq!(group_lists_in_protobuf(reloaded_again).await, group_lists_in_protobuf(fresh).await, "{scenario}");

    let etags_before = etags(serving, before.keys()).await;
    let etags_reloaded = etags(reloaded, after.keys()).await;
    let fresh = Bundle::from_files_with(after.clone(), &options).expect("a fresh build");
    let etags_fresh = etags(fresh, after.keys()).await;
    assert_eq!(etags_reloaded, etags_fresh, "{scenario}: a reload serves what a fresh start serves");
    let kept = assert_only_changed_etags_change(scenario, (before, after), (&etags_before, &etags_reloaded));
    assert!(kept > 3 * encoded.len(), "{scenario}: only {kept} documents kept their ETag");
}
