//! A bundle read with its large documents kept open (`kapi serve --dir`): they are served from the files as opened
//! at load, with the ETag of those bytes, whatever happens to the paths afterwards. `kapi generate` replaces files
//! by a rename, which leaves the opened file as it was; a writer that rewrites a file in place changes the bytes
//! under the server, which then refuses to serve them (503) rather than send bytes its ETag does not name.

use crate::common;

use std::path::Path;

use axum::http::StatusCode;
use common::get;
use kapi_meta::content_hash::content_hash;
use kapi_runtime::{Bundle, Handle, ServeLimits, Tree, router, serve_bundle};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const KEYS: [&str; 2] = ["apis/big.example.com/v1", "apis/big.example.com/v2"];

/// A JSON document of about `len` bytes, different for each `seed`.
fn large_document(seed: u32, len: usize) -> Vec<u8> {
    let properties: serde_json::Map<String, serde_json::Value> = (0..len / 40)
        .map(|i| (format!("field{i:06}"), serde_json::json!({"description": format!("seed {seed} field {i}")})))
        .collect();
    common::pretty(
        &serde_json::json!({"openapi": "3.0.0", "components": {"schemas": {"Big": {"properties": properties}}}}),
    )
}

/// Writes an OpenAPI-only bundle of two large documents into `dir`; returns their bytes.
fn write_bundle(dir: &Path) -> Vec<Vec<u8>> {
    let documents: Vec<Vec<u8>> = (0..2).map(|seed| large_document(seed, 200_000)).collect();
    let paths: serde_json::Map<String, serde_json::Value> = KEYS
        .iter()
        .zip(&documents)
        .map(|(key, bytes)| {
            let url = format!("/openapi/v3/{key}?hash={}", content_hash(bytes));
            ((*key).to_owned(), serde_json::json!({"serverRelativeURL": url}))
        })
        .collect();
    let write = |path: &str, bytes: &[u8]| {
        let target = dir.join(path);
        std::fs::create_dir_all(target.parent().expect("a parent")).expect("mkdir");
        std::fs::write(target, bytes).expect("write");
    };
    write("openapi/v3/index.json", &common::pretty(&serde_json::json!({"paths": paths})));
    for (key, bytes) in KEYS.iter().zip(&documents) {
        write(&format!("openapi/v3/{key}.json"), bytes);
    }
    documents
}

/// A GET over a real socket to the fast path (which sends large bodies with sendfile): status, ETag and body.
async fn fetch(port: u16, target: &str) -> (u16, String, Vec<u8>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).await.expect("connect");
    let request = format!("GET {target} HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("send");
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.expect("read");
    let split = response.windows(4).position(|w| w == b"\r\n\r\n").expect("a head") + 4;
    let head = String::from_utf8_lossy(&response[..split]).into_owned();
    let status = head.split(' ').nth(1).and_then(|code| code.parse().ok()).expect("a status");
    let etag = head.lines().find_map(|line| line.strip_prefix("etag: ")).unwrap_or_default().to_owned();
    (status, etag, response[split..].to_vec())
}

#[tokio::test]
async fn a_document_replaced_after_load_is_served_as_loaded_and_one_rewritten_in_place_is_not_served() {
    let dir = tempfile::tempdir().expect("a directory");
    let documents = write_bundle(dir.path());
    let tree = Tree::read_keeping_open(dir.path(), None).expect("reads");
    assert!(tree.files().keys().all(|path| path.ends_with("index.json")), "the documents are kept open, not read");
    let bundle = Bundle::from_tree_reusing(&tree, &common::options(), None).expect("loads");
    let handle = Handle::with_bundle(bundle);
    let app = router(handle.clone());
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("an address").port();
    tokio::spawn(serve_bundle(listener, handle, std::future::pending(), ServeLimits::default()));

    // Replaced by a rename, as `kapi generate` replaces files, before and after a first request.
    let replace = |key: &str| {
        let temporary = dir.path().join(format!("openapi/v3/{key}.json.tmp"));
        std::fs::write(&temporary, large_document(9, 200_000)).expect("write");
        std::fs::rename(&temporary, dir.path().join(format!("openapi/v3/{key}.json"))).expect("rename");
    };
    replace(KEYS[0]);
    let target = format!("/openapi/v3/{}", KEYS[0]);
    let fast = fetch(port, &target).await;
    assert_eq!((fast.0, fast.1.as_str()), (200, format!("\"{}\"", content_hash(&documents[0])).as_str()));
    assert!(fast.2 == documents[0], "the bytes opened at load");
    let routed = get(&app, &target, &[("accept", "application/json")]).await;
    assert_eq!((routed.status, routed.header("etag")), (StatusCode::OK, fast.1.as_str()));
    assert!(routed.body == documents[0]);
    replace(KEYS[0]);
    assert!(fetch(port, &target).await.2 == documents[0], "still the bytes opened at load");

    // Rewritten in place after its ETag was computed: neither path sends the new bytes under the old ETag.
    let target = format!("/openapi/v3/{}", KEYS[1]);
    assert_eq!(fetch(port, &target).await.0, 200);
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(dir.path().join(format!("openapi/v3/{}.json", KEYS[1])), large_document(7, 200_000)).expect("write");
    assert_eq!(fetch(port, &target).await.0, 503);
    let routed = get(&app, &target, &[("accept", "application/json")]).await;
    assert_eq!(
        (routed.status, routed.json()["reason"].as_str()),
        (StatusCode::SERVICE_UNAVAILABLE, Some("ServiceUnavailable"))
    );
    assert_eq!(get(&app, &format!("/openapi/v3/{}", KEYS[0]), &[]).await.status, StatusCode::OK, "the other still is");
}

#[test]
fn a_reload_reuses_the_open_files_of_unchanged_documents_and_keeps_their_etags() {
    let dir = tempfile::tempdir().expect("a directory");
    write_bundle(dir.path());
    // Files written within a second of a read are read again by the next one: let them age.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let first = Tree::read_keeping_open(dir.path(), None).expect("reads");
    let serving = Bundle::from_tree_reusing(&first, &common::options(), None).expect("loads");
    let again = Tree::read_keeping_open(dir.path(), Some(&first)).expect("reads again");
    assert_eq!(again.read_from_disk(), 0);
    let reloaded = Bundle::from_tree_reusing(&again, &common::options(), Some(&serving)).expect("reloads");
    assert_eq!(reloaded.encoded_documents(), ["openapi/v3/index.json"], "only the index is made anew");
}
