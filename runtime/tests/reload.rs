//! Reloads: a failed one keeps serving; 100 swaps under continuous requests never give an error or an ETag that
//! does not name its body; `watch` picks up a changed directory.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use common::{AGG_V2, AGG_V2BETA1, V3_PB_DOT, app, get};
use kapi_runtime::{Bundle, Handle, reload, router, watch};

#[tokio::test]
async fn a_failed_reload_keeps_the_old_bundle_serving() {
    let (app, handle) = app();
    let before = get(&app, "/apis", &[("accept", AGG_V2)]).await;
    let mut broken = common::files(1);
    broken.insert("discovery/aggregated_v2.json".into(), b"{\"kind\": \"APIGroupDiscoveryList\", ".to_vec());
    let result = reload(&handle, &|| Bundle::from_files(broken.clone()).map_err(|e| e.to_string()));
    let error = result.expect_err("a broken file fails the reload");
    assert!(error.contains("discovery/aggregated_v2.json"), "{error}");
    let after = get(&app, "/apis", &[("accept", AGG_V2)]).await;
    assert_eq!(after.status, StatusCode::OK);
    assert_eq!(after.header("etag"), before.header("etag"), "still the old bundle");
    let metrics = handle.metrics().render();
    assert!(metrics.contains("kapi_bundle_reload_failures_total 1"), "{metrics}");
    reload(&handle, &|| Ok(common::bundle(1))).expect("a good reload");
    let swapped = get(&app, "/apis", &[("accept", AGG_V2)]).await;
    assert_ne!(swapped.header("etag"), before.header("etag"));
}

const PATHS: &[(&str, &str)] = &[
    ("/apis", AGG_V2),
    ("/apis", AGG_V2BETA1),
    ("/api", AGG_V2),
    ("/apis", "application/json"),
    ("/openapi/v3", "application/json"),
    ("/openapi/v3/apis/example.com/v1", "application/json"),
    ("/openapi/v3/api/v1", V3_PB_DOT),
    ("/openapi/v2", "application/json"),
    ("/apis/example.com/v1", "application/json"),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn hundred_swaps_under_load_never_mix_bodies_and_etags() {
    // Built up front: the swaps themselves must be the only thing the clients race with.
    let bundles: Vec<Arc<Bundle>> = (0..5).map(|generation| Arc::new(common::bundle(generation))).collect();
    let handle = Handle::new();
    handle.store(bundles[0].clone());
    let app = router(handle.clone());
    let stop = Arc::new(AtomicBool::new(false));
    let served = Arc::new(AtomicUsize::new(0));
    let seen_etags = Arc::new(std::sync::Mutex::new(std::collections::BTreeSet::new()));
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut clients = Vec::new();
    for client in 0..3 {
        let (app, stop, served, seen) = (app.clone(), stop.clone(), served.clone(), seen_etags.clone());
        clients.push(tokio::spawn(async move {
            let mut n = client;
            // Bounded twice: by the stop flag (set after the swaps) and by a request budget and a deadline.
            while !stop.load(Ordering::Relaxed) && n < 200_000 && Instant::now() < deadline {
                let (path, accept) = PATHS[n % PATHS.len()];
                let encoding = if n % 3 == 0 { "gzip" } else { "identity" };
                let reply = get(&app, path, &[("accept", accept), ("accept-encoding", encoding)]).await;
                assert_eq!(reply.status, StatusCode::OK, "{path} {accept}");
                reply.assert_etag_matches_body();
                if path == "/openapi/v3" {
                    seen.lock().expect("lock").insert(reply.header("etag").to_owned());
                }
                served.fetch_add(1, Ordering::Relaxed);
                n += 3;
                // In-process requests never wait on I/O; yield so the scheduler stays fair.
                tokio::task::yield_now().await;
            }
        }));
    }
    for swap in 1..=100_u32 {
        handle.store(bundles[swap as usize % bundles.len()].clone());
        // Blocks only the test's own thread; the clients keep running on the runtime's workers.
        std::thread::sleep(Duration::from_millis(2));
    }
    stop.store(true, Ordering::Relaxed);
    for client in clients {
        client.await.expect("no client saw an error");
    }
    assert!(served.load(Ordering::Relaxed) >= 100, "only {} requests ran", served.load(Ordering::Relaxed));
    let generations = seen_etags.lock().expect("lock").len();
    assert!(generations > 1, "the requests never overlapped a swap ({generations} bundle seen)");
    let metrics = handle.metrics().render();
    assert!(metrics.contains("aggregator_discovery_aggregation_count_total 101"), "{metrics}");
}

fn write_tree(dir: &std::path::Path, generation: u32) {
    for (path, bytes) in common::files(generation) {
        let target = dir.join(&path);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::write(target, bytes).expect("write");
    }
}

/// Polls `/apis` until its ETag differs from `old` (true) or the deadline passes (false).
async fn wait_for_change(app: &axum::Router, old: &str, within: Duration) -> bool {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        if get(app, "/apis", &[("accept", AGG_V2)]).await.header("etag") != old {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_reloads_a_changed_directory_and_survives_a_bad_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    write_tree(dir.path(), 0);
    let handle = Handle::with_bundle(Bundle::from_dir_with(dir.path(), &common::options()).expect("loads"));
    let app = router(handle.clone());
    let root = dir.path().to_path_buf();
    let _watch = watch(dir.path(), handle.clone(), move || {
        Bundle::from_dir_with(&root, &common::options()).map_err(|e| e.to_string())
    })
    .expect("watching");
    let first = get(&app, "/apis", &[("accept", AGG_V2)]).await.header("etag").to_owned();

    std::fs::write(dir.path().join("discovery/aggregated_v2.json"), b"{ not json").expect("write");
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let during = get(&app, "/apis", &[("accept", AGG_V2)]).await;
    assert_eq!((during.status, during.header("etag")), (StatusCode::OK, first.as_str()), "bad file: old bundle");

    write_tree(dir.path(), 7);
    assert!(wait_for_change(&app, &first, Duration::from_secs(10)).await, "the watch never reloaded");
    let after = get(&app, "/apis", &[("accept", AGG_V2)]).await;
    assert!(String::from_utf8_lossy(&after.body).contains("widgets7"));
}

#[tokio::test]
async fn a_bundle_built_reusing_the_previous_one_serves_what_a_fresh_build_serves() {
    let previous = common::bundle(1);
    // Generation 1 again (everything reusable), then generation 2 (documents changed).
    for generation in [1, 2] {
        let reusing = Bundle::from_files_reusing(common::files(generation), &common::options(), Some(&previous))
            .expect("builds reusing the previous bundle");
        reusing.encode_deferred().expect("the v2 document encodes");
        let fresh = Bundle::from_files_with(common::files(generation), &common::options()).expect("builds");
        let (reused_app, fresh_app) = (router(Handle::with_bundle(reusing)), router(Handle::with_bundle(fresh)));
        for (path, accept) in PATHS {
            let reused = get(&reused_app, path, &[("accept", accept)]).await;
            let expected = get(&fresh_app, path, &[("accept", accept)]).await;
            assert_eq!(reused.status, expected.status, "{path} {accept}");
            assert_eq!(reused.body, expected.body, "{path} {accept} (generation {generation})");
            assert_eq!(reused.header("etag"), expected.header("etag"), "{path} {accept}");
        }
    }
}

#[tokio::test]
async fn a_changed_v2_document_is_encoded_after_the_swap_and_the_previous_one_serves_until_then() {
    let previous = common::bundle(1);
    let reloaded = Bundle::from_files_reusing(common::files(2), &common::options(), Some(&previous))
        .expect("builds reusing the previous bundle");
    assert!(reloaded.encoded_documents().iter().any(|path| path == "openapi/v2/swagger.json"));
    let fresh = router(Handle::with_bundle(common::bundle(2)));
    let old = router(Handle::with_bundle(previous));
    let handle = Handle::with_bundle(reloaded);
    let app = router(handle.clone());
    let etag = |reply: &common::Reply| reply.header("etag").to_owned();
    let v2 = [("accept", "application/json")];

    // Swapped in, not yet encoded: the rest is new, v2 is the previous bundle's document.
    let serving = get(&app, "/openapi/v2", &v2).await;
    assert_eq!(serving.status, StatusCode::OK);
    assert_eq!(etag(&serving), etag(&get(&old, "/openapi/v2", &v2).await));
    let discovery = [("accept", AGG_V2)];
    assert_eq!(etag(&get(&app, "/apis", &discovery).await), etag(&get(&fresh, "/apis", &discovery).await));

    let current = handle.current().expect("a bundle");
    // Last-Modified has whole seconds: the new document must be stamped later than the client's copy.
    std::thread::sleep(Duration::from_millis(1100));
    assert!(current.encode_deferred().expect("encodes").is_some());
    assert!(current.encode_deferred().expect("nothing left").is_none(), "encoded once");
    let updated = get(&app, "/openapi/v2", &v2).await;
    let expected = get(&fresh, "/openapi/v2", &v2).await;
    assert_eq!(updated.body, expected.body);
    assert_eq!(etag(&updated), etag(&expected));
    // A client holding the previous document, revalidating by ETag or by date, gets the new one.
    let previous_etag = etag(&serving);
    let by_etag = get(&app, "/openapi/v2", &[("accept", "application/json"), ("if-none-match", &previous_etag)]).await;
    assert_eq!(by_etag.status, StatusCode::OK, "the previous ETag no longer matches");
    let fetched_at = serving.header("last-modified").to_owned();
    assert!(!fetched_at.is_empty());
    let by_date = get(&app, "/openapi/v2", &[("accept", "application/json"), ("if-modified-since", &fetched_at)]).await;
    assert_eq!(by_date.status, StatusCode::OK, "a document newer than the client's copy is not a 304");
}

#[tokio::test]
async fn reload_encodes_the_deferred_v2_document_before_it_returns() {
    let handle = Handle::with_bundle(common::bundle(1));
    let app = router(handle.clone());
    let current = handle.current().expect("a bundle");
    reload(&handle, &|| {
        Bundle::from_files_reusing(common::files(2), &common::options(), Some(&current)).map_err(|e| e.to_string())
    })
    .expect("reloads");
    let fresh = router(Handle::with_bundle(common::bundle(2)));
    let v2 = [("accept", "application/json")];
    assert_eq!(get(&app, "/openapi/v2", &v2).await.body, get(&fresh, "/openapi/v2", &v2).await.body);
}
