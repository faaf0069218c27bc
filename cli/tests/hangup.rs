//! `kill -HUP` reloads `kapi serve --dir` at once without `--watch`: new bytes are served with their own ETag, and
//! a broken file fails the reload, is counted in `/metrics`, and leaves the previous bytes serving.

use crate::common;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use common::Server;
use kapi_meta::content_hash::content_hash;

const DOCUMENT: &str = "openapi/v3/apis/apps/v1.json";
const INDEX: &str = "openapi/v3/index.json";
const URL: &str = "/openapi/v3/apis/apps/v1";

/// Writes `bytes` beside `relative`, then renames it into place, so a reload never reads half a file.
fn replace(dir: &Path, relative: &str, bytes: &[u8]) {
    let staged = dir.join(".staged");
    std::fs::write(&staged, bytes).expect("write");
    std::fs::rename(&staged, dir.join(relative)).expect("rename");
}

fn hang_up(server: &Server) {
    let sent = Command::new("kill").args(["-HUP", &server.child.id().to_string()]).status().expect("kill runs");
    assert!(sent.success(), "kill -HUP failed");
}

/// (body, unquoted ETag) of `URL`.
fn fetch(server: &Server) -> (String, String) {
    let (code, head, body) = server.get_with(URL, &[("Accept", "application/json")]);
    assert_eq!(code, 200, "{head}");
    let etag = head
        .lines()
        .find_map(|line| line.split_once(':').filter(|(name, _)| name.eq_ignore_ascii_case("etag")))
        .map(|(_, value)| value.trim().trim_matches('"').to_owned())
        .expect("an ETag");
    (body, etag)
}

/// Polls until `done` holds (at most 10 s); returns whether it did.
fn eventually(mut done: impl FnMut() -> bool) -> bool {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(10) {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

fn reload_failures(server: &Server) -> Option<u64> {
    let (_, metrics) = server.get("/metrics", "text/plain");
    metrics.lines().find_map(|line| line.strip_prefix("kapi_bundle_reload_failures_total ")?.trim().parse().ok())
}

#[test]
fn sighup_reloads_the_directory_and_a_broken_file_keeps_the_old_bytes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().to_str().expect("utf-8");
    let generated = Command::new(env!("CARGO_BIN_EXE_kapi")).args(["generate", "--out", out]).output().expect("runs");
    assert!(generated.status.success(), "{}", String::from_utf8_lossy(&generated.stderr));
    let server = Server::kapi_serve(&["--dir", out]);
    let (old_body, old_etag) = fetch(&server);
    assert_eq!(reload_failures(&server), Some(0));

    // A new title: new bytes, so a new hash, which the index must list for the bundle to load.
    let original = std::fs::read_to_string(dir.path().join(DOCUMENT)).expect("document");
    let edited = original.replacen("\"title\": \"", "\"title\": \"Reloaded ", 1);
    assert_ne!(edited, original, "the document has a title to edit");
    let index = std::fs::read_to_string(dir.path().join(INDEX)).expect("index");
    let old_hash = content_hash(original.as_bytes());
    let new_hash = content_hash(edited.as_bytes());
    assert!(index.contains(&old_hash), "the index lists the document's hash");
    replace(dir.path(), DOCUMENT, edited.as_bytes());
    replace(dir.path(), INDEX, index.replace(&old_hash, &new_hash).as_bytes());
    hang_up(&server);
    assert!(eventually(|| fetch(&server).0 != old_body), "SIGHUP did not reload within 10 s");
    let (body, etag) = fetch(&server);
    assert_eq!(body, edited);
    assert_eq!(etag, new_hash);
    assert_ne!(etag, old_etag);
    let (_, root) = server.get("/openapi/v3", "application/json");
    assert!(root.contains(&format!("{URL}?hash={new_hash}")), "{root}");

    // A truncated document: the reload fails, is counted, and the edited bytes keep serving.
    replace(dir.path(), DOCUMENT, &edited.as_bytes()[..edited.len() / 2]);
    hang_up(&server);
    assert!(eventually(|| reload_failures(&server) == Some(1)), "the failed reload was not counted");
    assert_eq!(fetch(&server), (edited, new_hash));
    let (ready, _) = server.get("/readyz", "text/plain");
    assert_eq!(ready, 200);
}
