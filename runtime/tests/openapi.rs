//! `/openapi/v3`, `/openapi/v3/<gv>[?hash=]` and `/openapi/v2`, in-process.

use crate::common;

use std::sync::Arc;

use axum::http::StatusCode;
use common::{V2_PB_AT, V3_PB_AT, V3_PB_DOT, app, get, gunzip};
use kapi_runtime::{Bundle, Handle, LoadOptions, router};
use prost::Message as _;

/// The `serverRelativeURL` the root advertises for `key`.
async fn advertised(app: &axum::Router, key: &str) -> String {
    let root = get(app, "/openapi/v3", &[("accept", "application/json, */*")]).await;
    root.json()["paths"][key]["serverRelativeURL"].as_str().expect("advertised URL").to_owned()
}

#[tokio::test]
async fn root_lists_documents_by_hash_and_revalidates() {
    let (app, _) = app();
    let root = get(&app, "/openapi/v3?timeout=32s", &[("accept", "application/json, */*")]).await;
    assert_eq!(root.status, StatusCode::OK);
    assert_eq!(root.header("content-type"), "application/json");
    assert!(!root.header("last-modified").is_empty());
    root.assert_etag_matches_body();
    let url = advertised(&app, "apis/example.com/v1").await;
    assert!(url.starts_with("/openapi/v3/apis/example.com/v1?hash="), "{url}");
    let again = get(&app, "/openapi/v3", &[("if-none-match", root.header("etag"))]).await;
    assert_eq!((again.status, again.body.len()), (StatusCode::NOT_MODIFIED, 0));
    let since = get(&app, "/openapi/v3", &[("if-modified-since", root.header("last-modified"))]).await;
    assert_eq!(since.status, StatusCode::NOT_MODIFIED, "If-Modified-Since is honoured too");
    let stale = get(&app, "/openapi/v3", &[("if-none-match", "\"OLD\"")]).await;
    assert_eq!(stale.status, StatusCode::OK);
}

#[tokio::test]
async fn current_hash_is_immutable_and_its_etag_is_the_hash() {
    let (app, _) = app();
    let url = advertised(&app, "apis/example.com/v1").await;
    let reply = get(&app, &url, &[("accept", "application/json")]).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("cache-control"), "public, immutable");
    let expires = httpdate::parse_http_date(reply.header("expires")).expect("Expires is an HTTP date");
    let ahead = expires.duration_since(std::time::SystemTime::now()).expect("in the future").as_secs();
    assert!((364 * 86_400..=366 * 86_400).contains(&ahead), "{ahead}s ahead");
    assert_eq!(reply.header("vary"), "Accept, Accept-Encoding");
    reply.assert_etag_matches_body();
    let hash = url.split("hash=").nth(1).expect("hash");
    assert_eq!(reply.header("etag"), format!("\"{hash}\""));
    assert_eq!(reply.json()["components"]["schemas"]["com.example.Widget"]["type"], "object");
}

#[tokio::test]
async fn no_hash_means_no_immutable_caching() {
    let (app, _) = app();
    let reply = get(&app, "/openapi/v3/apis/example.com/v1", &[("accept", "application/json")]).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("cache-control"), "");
    assert_eq!(reply.header("expires"), "");
    assert!(reply.header("vary").starts_with("Accept"));
}

#[tokio::test]
async fn stale_hash_redirects_to_the_current_url() {
    let (app, _) = app();
    let url = advertised(&app, "api/v1").await;
    let reply = get(&app, "/openapi/v3/api/v1?hash=0000STALE0000&timeout=32s", &[("accept", "application/json")]).await;
    assert_eq!(reply.status, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(reply.header("location"), url);
    let hash = url.split("hash=").nth(1).expect("hash");
    assert_eq!(reply.header("etag"), format!("\"{hash}\""));
}

#[tokio::test]
async fn documents_revalidate_per_variant() {
    let (app, _) = app();
    let url = advertised(&app, "apis/example.com/v1").await;
    let json = get(&app, &url, &[("accept", "application/json")]).await;
    let pb = get(&app, &url, &[("accept", V3_PB_DOT)]).await;
    assert_ne!(json.header("etag"), pb.header("etag"), "each variant has its own ETag");
    for (accept, reply) in [("application/json", &json), (V3_PB_DOT, &pb)] {
        let again = get(&app, &url, &[("accept", accept), ("if-none-match", reply.header("etag"))]).await;
        assert_eq!((again.status, again.body.len()), (StatusCode::NOT_MODIFIED, 0), "{accept}");
        assert_eq!(again.header("cache-control"), "public, immutable");
    }
    let crossed = get(&app, &url, &[("accept", V3_PB_DOT), ("if-none-match", json.header("etag"))]).await;
    assert_eq!(crossed.status, StatusCode::OK, "the JSON ETag does not validate the protobuf variant");
    let weak = get(&app, &url, &[("if-none-match", &format!("\"a\", W/{}", json.header("etag")))]).await;
    assert_eq!(weak.status, StatusCode::NOT_MODIFIED, "OpenAPI follows http.ServeContent's comparison");
}

#[tokio::test]
async fn protobuf_in_both_spellings_echoes_the_media_type() {
    let (app, _) = app();
    for spelling in [V3_PB_AT, V3_PB_DOT] {
        let reply = get(&app, "/openapi/v3/apis/example.com/v1", &[("accept", spelling)]).await;
        assert_eq!(reply.status, StatusCode::OK, "{spelling}");
        assert_eq!(reply.header("content-type"), spelling);
        assert!(reply.body.starts_with(b"PB"));
        reply.assert_etag_matches_body();
    }
    let refused = get(&app, "/openapi/v3/apis/example.com/v1", &[("accept", "text/html")]).await;
    assert_eq!(refused.status, StatusCode::NOT_ACCEPTABLE);
    assert_eq!(refused.json()["reason"], "NotAcceptable");
}

#[tokio::test]
async fn openapi_v2_as_json_and_protobuf() {
    let (app, _) = app();
    let json = get(&app, "/openapi/v2?timeout=32s", &[("accept", "application/json")]).await;
    assert_eq!((json.status, json.json()["swagger"].as_str()), (StatusCode::OK, Some("2.0")));
    json.assert_etag_matches_body();
    let pb = get(&app, "/openapi/v2?timeout=32s", &[("accept", V2_PB_AT)]).await;
    assert_eq!(pb.status, StatusCode::OK);
    assert_eq!(pb.header("content-type"), "application/com.github.proto-openapi.spec.v2.v1.0+protobuf");
    assert_eq!(pb.header("vary"), "Accept, Accept-Encoding");
    pb.assert_etag_matches_body();
    let revalidated = get(&app, "/openapi/v2", &[("accept", V2_PB_AT), ("if-none-match", pb.header("etag"))]).await;
    assert_eq!(revalidated.status, StatusCode::NOT_MODIFIED);
    let v3_type = get(&app, "/openapi/v2", &[("accept", V3_PB_AT)]).await;
    assert_eq!(v3_type.status, StatusCode::NOT_ACCEPTABLE);
}

#[tokio::test]
async fn failing_protobuf_encoders_leave_json_only() {
    fn refuse(_: &serde_json::Value) -> Result<Vec<u8>, String> {
        Err("not yet".into())
    }
    let options =
        LoadOptions { openapi_v2_protobuf: Some(refuse), openapi_v3_protobuf: Some(refuse), ..LoadOptions::default() };
    let bundle = Arc::new(Bundle::from_files_with(common::files(0), &options).expect("loads without protobuf"));
    // Each document is encoded when first asked for in protobuf, and then found not to be offered.
    assert!(bundle.warnings().is_empty(), "{:?}", bundle.warnings());
    let handle = Handle::new();
    handle.store(Arc::clone(&bundle));
    let app = router(handle);
    let pb = get(&app, "/openapi/v2", &[("accept", V2_PB_AT)]).await;
    assert_eq!(pb.status, StatusCode::NOT_ACCEPTABLE);
    let fallback = get(&app, "/openapi/v3/api/v1", &[("accept", &format!("{V3_PB_AT}, application/json;q=0.5"))]).await;
    assert_eq!((fallback.status, fallback.header("content-type")), (StatusCode::OK, "application/json"));
    assert_eq!(bundle.protobuf_warnings().len(), 2, "{:?}", bundle.protobuf_warnings());
}

#[tokio::test]
async fn without_encoders_openapi_is_json_only_and_nothing_is_warned() {
    let options = LoadOptions { openapi_v2_protobuf: None, openapi_v3_protobuf: None, ..common::options() };
    let bundle = Bundle::from_files_with(common::files(0), &options).expect("loads without protobuf");
    assert_eq!(bundle.warnings(), &[] as &[String], "no encoder is a choice, not a problem");
    let app = router(Handle::with_bundle(bundle));
    assert_eq!(get(&app, "/openapi/v2", &[("accept", V2_PB_AT)]).await.status, StatusCode::NOT_ACCEPTABLE);
    let url = advertised(&app, "apis/example.com/v1").await;
    assert_eq!(get(&app, &url, &[("accept", V3_PB_DOT)]).await.status, StatusCode::NOT_ACCEPTABLE);
    let fallback = get(&app, &url, &[("accept", &format!("{V3_PB_AT}, application/json;q=0.5"))]).await;
    assert_eq!((fallback.status, fallback.header("content-type")), (StatusCode::OK, "application/json"));
}

/// kapi-gnostic's encoders as `ProtobufEncoder`s, plugged in by hand so these tests do not depend on whether
/// kapi-runtime's `gnostic` feature is on.
fn gnostic_options() -> LoadOptions {
    fn v2(document: &serde_json::Value) -> Result<Vec<u8>, String> {
        kapi_gnostic::openapi_v2_protobuf(document).map_err(|e| e.to_string())
    }
    fn v3(document: &serde_json::Value) -> Result<Vec<u8>, String> {
        kapi_gnostic::openapi_v3_protobuf(document).map_err(|e| e.to_string())
    }
    LoadOptions { openapi_v2_protobuf: Some(v2), openapi_v3_protobuf: Some(v3), ..common::options() }
}

#[tokio::test]
async fn gnostic_encoders_serve_gnostic_documents() {
    let files = common::files(0);
    let json = |path: &str| -> serde_json::Value { serde_json::from_slice(&files[path]).expect("JSON") };
    let bundle = Bundle::from_files_with(files.clone(), &gnostic_options()).expect("loads");
    assert_eq!(bundle.warnings(), &[] as &[String]);
    let app = router(Handle::with_bundle(bundle));
    let v2 = get(&app, "/openapi/v2", &[("accept", V2_PB_AT)]).await;
    assert_eq!(v2.status, StatusCode::OK);
    let swagger = json("openapi/v2/swagger.json");
    assert_eq!(v2.body.to_vec(), kapi_gnostic::openapi_v2_protobuf(&swagger).expect("encodes"));
    let decoded = kapi_gnostic::v2::messages::Document::decode(v2.body.as_ref()).expect("an openapi.v2.Document");
    assert_eq!(decoded.swagger, "2.0");
    let url = advertised(&app, "api/v1").await;
    let v3 = get(&app, &url, &[("accept", V3_PB_AT)]).await;
    assert_eq!((v3.status, v3.header("content-type")), (StatusCode::OK, V3_PB_AT));
    let document = json("openapi/v3/api/v1.json");
    assert_eq!(v3.body.to_vec(), kapi_gnostic::openapi_v3_protobuf(&document).expect("encodes"));
    let decoded = kapi_gnostic::v3::messages::Document::decode(v3.body.as_ref()).expect("an openapi.v3.Document");
    assert_eq!(decoded.openapi, "3.0.0");
}

#[tokio::test]
async fn a_document_gnostic_refuses_is_a_warning_naming_every_problem() {
    let mut files = common::files(0);
    let swagger = serde_json::json!({"swagger": "2.0", "info": {"title": "t", "version": "v"}, "paths": {"apis": {}},
                                     "definitions": {"A": {"nullable": true}}});
    files.insert("openapi/v2/swagger.json".into(), common::pretty(&swagger));
    let bundle = Arc::new(Bundle::from_files_with(files, &gnostic_options()).expect("loads with JSON only"));
    // Encoded on the first request for it (not at load), which then finds it cannot be offered.
    assert!(bundle.warnings().is_empty() && bundle.protobuf_warnings().is_empty(), "{:?}", bundle.warnings());
    let handle = Handle::new();
    handle.store(Arc::clone(&bundle));
    let app = router(handle);
    assert_eq!(get(&app, "/openapi/v2", &[("accept", V2_PB_AT)]).await.status, StatusCode::NOT_ACCEPTABLE);
    assert_eq!(get(&app, "/openapi/v2", &[("accept", "application/json")]).await.status, StatusCode::OK);
    let warnings = bundle.protobuf_warnings();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].starts_with("openapi/v2/swagger.json: protobuf variant not offered: openapi v2 document"));
    assert!(warnings[0].contains("#/paths: path \"apis\" must start with \"/\""), "{warnings:?}");
    assert!(warnings[0].contains("#/definitions/A: unknown key \"nullable\""), "{warnings:?}");
}

#[tokio::test]
async fn default_options_offer_gnostic_protobuf_only_with_the_gnostic_feature() {
    let options = LoadOptions::default();
    let on = cfg!(feature = "gnostic");
    assert_eq!((options.openapi_v2_protobuf.is_some(), options.openapi_v3_protobuf.is_some()), (on, on));
    let bundle = Bundle::from_files(common::files(0)).expect("loads");
    assert_eq!(bundle.warnings(), &[] as &[String]);
    let app = router(Handle::with_bundle(bundle));
    let v2 = get(&app, "/openapi/v2", &[("accept", V2_PB_AT)]).await;
    assert_eq!(v2.status, if on { StatusCode::OK } else { StatusCode::NOT_ACCEPTABLE });
}

#[tokio::test]
async fn gzip_is_served_when_accepted_and_decodes_to_the_same_bytes() {
    let (app, _) = app();
    let plain = get(&app, "/openapi/v3/apis/example.com/v1", &[]).await;
    let zipped = get(&app, "/openapi/v3/apis/example.com/v1", &[("accept-encoding", "gzip, deflate")]).await;
    assert_eq!(zipped.header("content-encoding"), "gzip");
    assert!(zipped.body.len() < plain.body.len());
    assert_eq!(gunzip(&zipped.body), plain.body.to_vec());
    assert_eq!(zipped.header("etag"), plain.header("etag"), "the ETag names the document, not its coding");
    let refused = get(&app, "/openapi/v3/apis/example.com/v1", &[("accept-encoding", "gzip;q=0")]).await;
    assert_eq!(refused.header("content-encoding"), "");
    let discovery = get(&app, "/apis", &[("accept", common::AGG_V2), ("accept-encoding", "gzip")]).await;
    discovery.assert_etag_matches_body();
}

#[tokio::test]
async fn unknown_documents_and_head() {
    let (app, _) = app();
    let missing = get(&app, "/openapi/v3/apis/nope.io/v1", &[]).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.json()["kind"], "Status");
    let url = advertised(&app, "api/v1").await;
    let head = common::send(&app, "HEAD", &url, &[("accept", "application/json")]).await;
    assert_eq!((head.status, head.body.len()), (StatusCode::OK, 0));
    assert_eq!(head.header("cache-control"), "public, immutable");
}
