//! `/api`, `/apis` and the legacy discovery endpoints, in-process.

use crate::common;

use axum::http::StatusCode;
use common::{AGG_V2, AGG_V2BETA1, app, get};
use kapi_runtime::{Bundle, Handle, router};

#[tokio::test]
async fn kubectl_132_gets_aggregated_v2_with_exact_headers() {
    let (app, _) = app();
    let accept = format!("{AGG_V2},{AGG_V2BETA1},application/json");
    for (path, item_count) in [("/apis", 1), ("/api", 1)] {
        let reply = get(&app, &format!("{path}?timeout=32s"), &[("accept", &accept)]).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}");
        assert_eq!(reply.header("content-type"), AGG_V2);
        assert_eq!(reply.header("vary"), "Accept, Accept-Encoding");
        assert_eq!(reply.header("cache-control"), "public");
        reply.assert_etag_matches_body();
        let body = reply.json();
        assert_eq!(body["apiVersion"], "apidiscovery.k8s.io/v2");
        assert_eq!(body["items"].as_array().map(Vec::len), Some(item_count));
    }
}

#[tokio::test]
async fn kubectl_129_gets_aggregated_v2beta1() {
    let (app, _) = app();
    let reply = get(&app, "/apis", &[("accept", &format!("{AGG_V2BETA1},application/json"))]).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("content-type"), AGG_V2BETA1);
    assert_eq!(reply.json()["apiVersion"], "apidiscovery.k8s.io/v2beta1");
}

#[tokio::test]
async fn q_values_choose_between_aggregated_and_legacy() {
    let (app, _) = app();
    let prefers_legacy = format!("{AGG_V2};q=0.5,application/json");
    let reply = get(&app, "/apis", &[("accept", &prefers_legacy)]).await;
    assert_eq!(reply.header("content-type"), "application/json");
    assert_eq!(reply.json()["kind"], "APIGroupList");
    let prefers_v2 = format!("application/json;q=0.9,{AGG_V2BETA1};q=0.8,{AGG_V2}");
    let reply = get(&app, "/apis", &[("accept", &prefers_v2)]).await;
    assert_eq!(reply.header("content-type"), AGG_V2);
}

#[tokio::test]
async fn wildcards_and_no_accept_give_legacy_documents() {
    let (app, _) = app();
    for accept in [None, Some("*/*"), Some("application/*")] {
        let headers: Vec<(&str, &str)> = accept.map(|a| ("accept", a)).into_iter().collect();
        let apis = get(&app, "/apis", &headers).await;
        assert_eq!((apis.status, apis.json()["kind"].as_str()), (StatusCode::OK, Some("APIGroupList")), "{accept:?}");
        let api = get(&app, "/api", &headers).await;
        assert_eq!(api.json()["kind"], "APIVersions");
    }
}

#[tokio::test]
async fn legacy_api_carries_the_server_address() {
    let (app, _) = app();
    let reply = get(&app, "/api", &[("accept", "application/json")]).await;
    let cidrs = &reply.json()["serverAddressByClientCIDRs"];
    assert_eq!(cidrs[0]["serverAddress"], "127.0.0.1:6443");
    assert_eq!(cidrs[0]["clientCIDR"], "0.0.0.0/0");
    reply.assert_etag_matches_body();
}

#[tokio::test]
async fn nothing_acceptable_is_406_with_a_status_body() {
    let (app, _) = app();
    let other_version = "application/json;g=apidiscovery.k8s.io;v=v9;as=APIGroupDiscoveryList";
    for accept in ["application/xml", "application/yaml", other_version, "text/html;q=1, application/json;q=0"] {
        for path in ["/apis", "/api", "/apis/example.com", "/apis/example.com/v1", "/api/v1"] {
            let reply = get(&app, path, &[("accept", accept)]).await;
            assert_eq!(reply.status, StatusCode::NOT_ACCEPTABLE, "{path} {accept}");
            let status = reply.json();
            assert_eq!((status["kind"].as_str(), status["reason"].as_str()), (Some("Status"), Some("NotAcceptable")));
            assert_eq!(status["code"], 406);
        }
    }
}

#[tokio::test]
async fn aggregated_if_none_match_is_an_exact_comparison() {
    let (app, _) = app();
    let first = get(&app, "/apis", &[("accept", AGG_V2)]).await;
    let etag = first.header("etag").to_owned();
    let again = get(&app, "/apis", &[("accept", AGG_V2), ("if-none-match", &etag)]).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    assert_eq!(again.header("etag"), etag);
    // The aggregated handler compares strings: lists, W/ and * do not match.
    for near_miss in [format!("W/{etag}"), format!("\"x\", {etag}"), "*".to_owned()] {
        let reply = get(&app, "/apis", &[("accept", AGG_V2), ("if-none-match", &near_miss)]).await;
        assert_eq!(reply.status, StatusCode::OK, "{near_miss}");
    }
    // The v2beta1 document is a different representation with its own ETag.
    let beta = get(&app, "/apis", &[("accept", AGG_V2BETA1), ("if-none-match", &etag)]).await;
    assert_eq!(beta.status, StatusCode::OK);
}

#[tokio::test]
async fn legacy_documents_per_group_and_version() {
    let (app, _) = app();
    let accept = [("accept", "application/json, */*")];
    let group = get(&app, "/apis/example.com?timeout=32s", &accept).await;
    assert_eq!((group.status, group.json()["kind"].as_str()), (StatusCode::OK, Some("APIGroup")));
    let gv = get(&app, "/apis/example.com/v1?timeout=32s", &accept).await;
    assert_eq!(gv.json()["groupVersion"], "example.com/v1");
    let core = get(&app, "/api/v1", &accept).await;
    assert_eq!(core.json()["groupVersion"], "v1");
    for reply in [&group, &gv, &core] {
        reply.assert_etag_matches_body();
        let revalidated = get(&app, "/api/v1", &[("if-none-match", core.header("etag"))]).await;
        assert_eq!(revalidated.status, StatusCode::NOT_MODIFIED);
    }
    for missing in ["/apis/nope.io", "/apis/example.com/v9", "/api/v2", "/apis/example.com/v1/widgets"] {
        let reply = get(&app, missing, &accept).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{missing}");
        assert_eq!(reply.json()["reason"], "NotFound");
    }
}

#[tokio::test]
async fn a_bundle_without_core_discovery_answers_404_on_api() {
    let mut files = common::files(0);
    files.retain(|path, _| !path.starts_with("discovery/api") || path.starts_with("discovery/apis"));
    files.remove("discovery/aggregated_api_v2.json");
    files.remove("discovery/aggregated_api_v2beta1.json");
    let bundle = Bundle::from_files_with(files, &common::options()).expect("loads without a core group");
    let app = router(Handle::with_bundle(bundle));
    let api = get(&app, "/api", &[("accept", AGG_V2)]).await;
    assert_eq!(api.status, StatusCode::NOT_FOUND, "kubectl treats a 404 on /api as no core group");
    let apis = get(&app, "/apis", &[("accept", AGG_V2)]).await;
    assert_eq!(apis.status, StatusCode::OK);
}

#[tokio::test]
async fn head_sends_headers_without_a_body() {
    let (app, _) = app();
    let got = get(&app, "/apis", &[("accept", AGG_V2)]).await;
    let head = common::send(&app, "HEAD", "/apis", &[("accept", AGG_V2)]).await;
    assert_eq!(head.status, StatusCode::OK);
    assert!(head.body.is_empty());
    assert_eq!(head.header("etag"), got.header("etag"));
    assert_eq!(head.header("content-type"), AGG_V2);
}
