//! Health, version, metrics, unknown paths and path traversal, in-process.

use crate::common;

use axum::http::StatusCode;
use common::{AGG_V2, app, get};
use kapi_runtime::{Bundle, Handle, router};

#[tokio::test]
async fn probes_and_readiness() {
    let handle = Handle::new();
    let app = router(handle.clone());
    for path in ["/healthz", "/livez"] {
        assert_eq!(get(&app, path, &[]).await.status, StatusCode::OK);
    }
    assert_eq!(get(&app, "/readyz", &[]).await.status, StatusCode::SERVICE_UNAVAILABLE);
    let early = get(&app, "/apis", &[("accept", AGG_V2)]).await;
    assert_eq!(
        (early.status, early.json()["reason"].as_str()),
        (StatusCode::SERVICE_UNAVAILABLE, Some("ServiceUnavailable"))
    );
    handle.store(common::bundle(0));
    let ready = get(&app, "/readyz", &[]).await;
    assert_eq!((ready.status, &ready.body[..]), (StatusCode::OK, &b"ok"[..]));
    assert_eq!(get(&app, "/apis", &[("accept", AGG_V2)]).await.status, StatusCode::OK);
}

#[tokio::test]
async fn readyz_verbose_reports_the_encodings_still_to_compute_without_failing() {
    let handle = Handle::with_bundle(common::bundle(0));
    let app = router(handle.clone());
    let ready = get(&app, "/readyz?verbose", &[]).await;
    let body = String::from_utf8_lossy(&ready.body).into_owned();
    assert_eq!(ready.status, StatusCode::OK, "{body}");
    assert!(body.starts_with("[+]bundle ok\n[+]encodings ok ("), "{body}");
    assert!(body.contains(" documents still to encode, each on its first request meanwhile)\n"), "{body}");
    assert_eq!(get(&app, "/readyz", &[]).await.body, &b"ok"[..], "pending encodings are not unreadiness");
    let _warm_up = kapi_runtime::warm_up_in_background(&handle).expect("a thread");
    let started = std::time::Instant::now();
    let body = loop {
        let body = String::from_utf8_lossy(&get(&app, "/readyz?verbose", &[]).await.body).into_owned();
        if body.contains("[+]encodings ok\n") || started.elapsed() > std::time::Duration::from_secs(10) {
            break body;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert!(body.starts_with("[+]bundle ok\n[+]encodings ok\n") && body.ends_with("readyz check passed\n"), "{body}");
}

#[tokio::test]
async fn version_is_json_with_an_etag() {
    let (app, _) = app();
    let reply = get(&app, "/version?timeout=32s", &[]).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.json()["major"], "1");
    reply.assert_etag_matches_body();
    let again = get(&app, "/version", &[("if-none-match", reply.header("etag"))]).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
}

#[tokio::test]
async fn metrics_count_requests_per_class_and_code_and_aggregations() {
    let (app, handle) = app();
    get(&app, "/apis", &[("accept", AGG_V2)]).await;
    get(&app, "/apis", &[("accept", "application/xml")]).await;
    get(&app, "/no/such/path", &[]).await;
    handle.store(common::bundle(1));
    let reply = get(&app, "/metrics", &[]).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert!(reply.header("content-type").contains("text"), "{}", reply.header("content-type"));
    let text = String::from_utf8(reply.body.to_vec()).expect("utf-8");
    for expected in [
        "kapi_http_requests_total{class=\"discovery_root\",method=\"GET\",code=\"200\"} 1",
        "kapi_http_requests_total{class=\"discovery_root\",method=\"GET\",code=\"406\"} 1",
        "kapi_http_requests_total{class=\"other\",method=\"GET\",code=\"404\"} 1",
        "kapi_http_request_duration_seconds_bucket{le=",
        "kapi_http_request_duration_seconds_count{class=\"discovery_root\",code=\"200\"} 1",
        "aggregator_discovery_aggregation_count_total 2",
        "# TYPE aggregator_discovery_aggregation_duration gauge",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
}

#[tokio::test]
async fn unknown_paths_are_404_with_a_status_body() {
    let (app, _) = app();
    for path in ["/", "/foo", "/apis/example.com/v1/widgets/x", "/openapi/v4", "/openapi", "/api/v1/pods"] {
        let reply = get(&app, path, &[]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        let status = reply.json();
        assert_eq!((status["kind"].as_str(), status["code"].as_u64()), (Some("Status"), Some(404)), "{path}");
    }
}

#[tokio::test]
async fn path_traversal_finds_nothing_outside_the_bundle() {
    let (app, _) = app();
    for path in [
        "/openapi/v3/../../etc/passwd",
        "/openapi/v3/%2e%2e/%2e%2e/etc/passwd",
        "/openapi/v3/..%2F..%2Fetc%2Fpasswd",
        "/openapi/v3/apis/example.com/v1/../../../../Cargo.toml",
        "/openapi/v3/apis/example.com/v1.json",
        "/openapi/v3/index",
        "/openapi/v3/%2Fetc%2Fpasswd",
        "/apis/..%2F..%2Fetc/passwd",
        "/apis/%2e%2e",
        "/api/..",
    ] {
        let reply = get(&app, path, &[]).await;
        assert!(matches!(reply.status, StatusCode::NOT_FOUND | StatusCode::BAD_REQUEST), "{path}: {}", reply.status);
        assert!(!String::from_utf8_lossy(&reply.body).contains("root:"), "{path}");
    }
}

#[tokio::test]
async fn from_dir_skips_hidden_files_and_rejects_empty_or_broken_bundles() {
    let dir = tempfile::tempdir().expect("tempdir");
    assert!(Bundle::from_dir(dir.path()).is_err(), "an empty directory is not a bundle");
    for (path, bytes) in common::files(0) {
        let target = dir.path().join(&path);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::write(target, bytes).expect("write");
    }
    std::fs::write(dir.path().join("discovery/.apis.json.swp"), b"not json").expect("write");
    let bundle = Bundle::from_dir_with(dir.path(), &common::options()).expect("loads");
    assert_eq!(bundle.openapi_paths().collect::<Vec<_>>(), ["api/v1", "apis/example.com/v1"]);
    std::fs::write(dir.path().join("discovery/apis.json"), b"{ truncated").expect("write");
    let error = Bundle::from_dir(dir.path()).expect_err("broken JSON");
    assert_eq!(error.path(), Some("discovery/apis.json"));
    assert!(error.to_string().contains("not valid JSON"), "{error}");
}

#[tokio::test]
async fn an_index_that_disagrees_with_its_documents_is_rejected() {
    let mut files = common::files(0);
    let other = common::files(1);
    files.insert("openapi/v3/api/v1.json".into(), other["openapi/v3/api/v1.json"].clone());
    // Found when the document is first hashed (its first request), or by the check a reload makes before it swaps.
    let bundle = Bundle::from_files(files).expect("documents are hashed lazily");
    let error = bundle.check_listed_documents().expect_err("stale index");
    assert!(
        error.to_string().contains("openapi/v3/api/v1.json") && error.to_string().contains("index lists"),
        "{error}"
    );
    let app = router(Handle::with_bundle(bundle));
    assert_eq!(get(&app, "/openapi/v3/api/v1", &[]).await.status, StatusCode::SERVICE_UNAVAILABLE, "not served");
    let mut files = common::files(0);
    files.remove("openapi/v3/apis/example.com/v1.json");
    let error = Bundle::from_files(files).expect_err("missing document");
    assert!(error.to_string().contains("apis/example.com/v1"), "{error}");
}
