//! `/openapi/v3.1` and `/openapi/v3.1/<gv>[?hash=]`, in-process: the same caching as `/openapi/v3`, JSON only, and
//! nothing `/openapi/v3` or `/openapi/v2` serve changed by their presence.

use crate::common;

use std::collections::BTreeMap;

use axum::Router;
use axum::http::StatusCode;
use common::{V3_PB_AT, V3_PB_DOT, get, gunzip, pretty};
use kapi_meta::content_hash::content_hash;
use kapi_runtime::{Bundle, Handle, router};
use serde_json::Value;

/// The fixture bundle of `generation` plus a 3.1 edition of each of its v3 documents and a 3.1 index.
fn files_with_v31(generation: u32) -> BTreeMap<String, Vec<u8>> {
    let mut files = common::files(generation);
    let mut paths = serde_json::Map::new();
    for key in ["api/v1", "apis/example.com/v1"] {
        let mut document: Value = serde_json::from_slice(&files[&format!("openapi/v3/{key}.json")]).expect("JSON");
        document["openapi"] = "3.1.0".into();
        let bytes = pretty(&document);
        let url = format!("/openapi/v3.1/{key}?hash={}", content_hash(&bytes));
        paths.insert(key.to_owned(), serde_json::json!({ "serverRelativeURL": url }));
        files.insert(format!("openapi/v3.1/{key}.json"), bytes);
    }
    files.insert("openapi/v3.1/index.json".into(), pretty(&serde_json::json!({ "paths": paths })));
    files
}

fn app_of(files: BTreeMap<String, Vec<u8>>) -> Router {
    router(Handle::with_bundle(Bundle::from_files_with(files, &common::options()).expect("loads")))
}

fn app() -> Router {
    app_of(files_with_v31(0))
}

/// The `serverRelativeURL` the 3.1 root advertises for `key`.
async fn advertised(app: &Router, key: &str) -> String {
    let root = get(app, "/openapi/v3.1", &[("accept", "application/json, */*")]).await;
    root.json()["paths"][key]["serverRelativeURL"].as_str().expect("advertised URL").to_owned()
}

#[tokio::test]
async fn root_lists_the_documents_by_hash_and_revalidates() {
    let app = app();
    let root = get(&app, "/openapi/v3.1?timeout=32s", &[("accept", "application/json, */*")]).await;
    assert_eq!(root.status, StatusCode::OK);
    assert_eq!(root.header("content-type"), "application/json");
    root.assert_etag_matches_body();
    assert_eq!(root.body.to_vec(), files_with_v31(0)["openapi/v3.1/index.json"], "the index exactly as generated");
    let url = advertised(&app, "apis/example.com/v1").await;
    assert!(url.starts_with("/openapi/v3.1/apis/example.com/v1?hash="), "{url}");
    let again = get(&app, "/openapi/v3.1", &[("if-none-match", root.header("etag"))]).await;
    assert_eq!((again.status, again.body.len()), (StatusCode::NOT_MODIFIED, 0));
    let since = get(&app, "/openapi/v3.1", &[("if-modified-since", root.header("last-modified"))]).await;
    assert_eq!(since.status, StatusCode::NOT_MODIFIED);
}

#[tokio::test]
async fn the_current_hash_is_immutable_and_a_stale_one_redirects() {
    let app = app();
    let url = advertised(&app, "apis/example.com/v1").await;
    let reply = get(&app, &url, &[("accept", "application/json")]).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.json()["openapi"], "3.1.0");
    assert_eq!(reply.header("cache-control"), "public, immutable");
    assert_eq!(reply.header("vary"), "Accept, Accept-Encoding");
    let hash = url.split("hash=").nth(1).expect("hash");
    assert_eq!(reply.header("etag"), format!("\"{hash}\""));
    let revalidated = get(&app, &url, &[("if-none-match", reply.header("etag"))]).await;
    assert_eq!(revalidated.status, StatusCode::NOT_MODIFIED);

    let unhashed = get(&app, "/openapi/v3.1/apis/example.com/v1", &[("accept", "application/json")]).await;
    assert_eq!((unhashed.status, unhashed.header("cache-control")), (StatusCode::OK, ""));
    let stale = get(&app, "/openapi/v3.1/apis/example.com/v1?hash=0000STALE", &[]).await;
    assert_eq!(stale.status, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(stale.header("location"), url);
    let missing = get(&app, "/openapi/v3.1/apis/nope.io/v1", &[]).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn documents_are_gzipped_and_json_only() {
    let app = app();
    let path = "/openapi/v3.1/apis/example.com/v1";
    let plain = get(&app, path, &[]).await;
    let zipped = get(&app, path, &[("accept-encoding", "gzip")]).await;
    assert_eq!(zipped.header("content-encoding"), "gzip");
    assert_eq!(gunzip(&zipped.body), plain.body.to_vec());
    assert_eq!(zipped.header("etag"), plain.header("etag"));
    // gnostic's protobuf model is OpenAPI 3.0's: a client asking only for it is refused, one that also takes JSON
    // gets JSON.
    assert_eq!(get(&app, path, &[("accept", V3_PB_DOT)]).await.status, StatusCode::NOT_ACCEPTABLE);
    let fallback = get(&app, path, &[("accept", &format!("{V3_PB_AT}, application/json;q=0.5"))]).await;
    assert_eq!((fallback.status, fallback.header("content-type")), (StatusCode::OK, "application/json"));
}

#[tokio::test]
async fn v3_and_v2_clients_get_what_they_got_before() {
    let (with, without) = (app(), app_of(common::files(0)));
    for path in ["/openapi/v3", "/openapi/v3/api/v1", "/openapi/v3/apis/example.com/v1", "/openapi/v2"] {
        for accept in ["application/json", V3_PB_AT, "*/*"] {
            let (a, b) =
                (get(&with, path, &[("accept", accept)]).await, get(&without, path, &[("accept", accept)]).await);
            assert_eq!((a.status, a.header("etag"), &a.body), (b.status, b.header("etag"), &b.body), "{path} {accept}");
        }
    }
    assert_eq!(get(&without, "/openapi/v3.1", &[]).await.status, StatusCode::NOT_FOUND, "no 3.1 index, no 3.1");
}

#[test]
fn an_index_must_list_documents_the_bundle_has_with_their_hashes() {
    let mut missing = files_with_v31(0);
    missing.remove("openapi/v3.1/api/v1.json");
    let error = Bundle::from_files_with(missing, &common::options()).expect_err("a listed document is missing");
    assert!(error.to_string().contains("openapi/v3.1/index.json"), "{error}");
    // A document whose bytes are not those listed: found when it is first hashed (a start does not hash every
    // document before listening), and not served; a reload checks before it swaps, and fails.
    let mut changed = files_with_v31(0);
    changed.insert("openapi/v3.1/api/v1.json".into(), b"{}\n".to_vec());
    let bundle = Bundle::from_files_with(changed, &common::options()).expect("loads: documents are hashed lazily");
    let error = bundle.check_listed_documents().expect_err("the hash does not match");
    assert!(error.to_string().contains("openapi/v3.1/api/v1.json"), "{error}");
    assert!(error.to_string().contains("not those the index lists"), "{error}");
}

#[tokio::test]
async fn a_document_that_is_not_the_one_listed_is_not_served() {
    let mut changed = files_with_v31(0);
    changed.insert("openapi/v3.1/api/v1.json".into(), b"{}\n".to_vec());
    let app = app_of(changed);
    let reply = get(&app, "/openapi/v3.1/api/v1", &[("accept", "application/json")]).await;
    assert_eq!(reply.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(get(&app, "/openapi/v3.1/apis/example.com/v1", &[]).await.status, StatusCode::OK, "the others are");
    let ready = get(&app, "/readyz?verbose", &[]).await;
    let body = String::from_utf8_lossy(&ready.body);
    assert_eq!(ready.status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(body.contains("[-]encodings failed: 1 of ") && body.contains("/openapi/v3.1/api/v1"), "{body}");
}

#[test]
fn a_reload_reuses_unchanged_documents() {
    let first = Bundle::from_files_with(files_with_v31(0), &common::options()).expect("loads");
    assert!(first.encoded_documents().iter().any(|path| path == "openapi/v3.1/api/v1.json"));
    let again = Bundle::from_files_reusing(files_with_v31(0), &common::options(), Some(&first)).expect("reloads");
    let v31: Vec<&str> =
        again.encoded_documents().iter().map(String::as_str).filter(|p| p.starts_with("openapi/v3.1/")).collect();
    assert_eq!(v31, ["openapi/v3.1/index.json"], "only the index is prepared again");
    let changed = Bundle::from_files_reusing(files_with_v31(1), &common::options(), Some(&again)).expect("reloads");
    assert!(changed.encoded_documents().iter().any(|path| path == "openapi/v3.1/apis/example.com/v1.json"));
}
