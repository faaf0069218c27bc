//! Bundle directories that are broken or hostile: a symbolic link out of the bundle, a link loop, a named pipe, a
//! huge file, a truncated document. Each makes the load fail with a message naming the file, and a failed reload
//! leaves the previous bundle serving, `/readyz` ready and the failure counted.

use crate::common;

use std::path::Path;

use axum::http::StatusCode;
use common::{AGG_V2, get};
use kapi_runtime::{Bundle, Handle, MAX_FILE_BYTES, read_tree, reload, router};

fn write_tree(dir: &Path, generation: u32) {
    for (path, bytes) in common::files(generation) {
        let target = dir.join(&path);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::write(target, bytes).expect("write");
    }
}

/// The error reading `dir` gives; panics if it reads.
fn refusal(dir: &Path) -> String {
    match read_tree(dir) {
        Ok(files) => panic!("read {} files", files.len()),
        Err(error) => error.to_string(),
    }
}

#[test]
fn a_symbolic_link_out_of_the_bundle_is_refused_and_one_inside_is_followed() {
    let outside = tempfile::tempdir().expect("tempdir");
    std::fs::write(outside.path().join("secret.json"), b"{\"password\": \"hunter2\"}").expect("write");
    let dir = tempfile::tempdir().expect("tempdir");
    write_tree(dir.path(), 0);
    std::os::unix::fs::symlink(dir.path().join("openapi/v3/index.json"), dir.path().join("openapi/alias.json"))
        .expect("link");
    let files = read_tree(dir.path()).expect("a link inside the bundle is fine");
    assert_eq!(files.get("openapi/alias.json"), files.get("openapi/v3/index.json"));

    std::os::unix::fs::symlink(outside.path().join("secret.json"), dir.path().join("openapi/v3/leak.json"))
        .expect("link");
    let error = refusal(dir.path());
    assert!(error.contains("openapi/v3/leak.json") && error.contains("outside the bundle"), "{error}");
    std::fs::remove_file(dir.path().join("openapi/v3/leak.json")).expect("unlink");

    std::os::unix::fs::symlink(outside.path(), dir.path().join("discovery/elsewhere")).expect("link");
    let error = refusal(dir.path());
    assert!(error.contains("discovery/elsewhere") && error.contains("outside the bundle"), "{error}");
}

#[test]
fn link_loops_pipes_dangling_links_and_huge_files_are_refused_by_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    write_tree(dir.path(), 0);
    std::os::unix::fs::symlink(dir.path(), dir.path().join("discovery/again")).expect("link");
    let error = refusal(dir.path());
    assert!(error.contains("discovery/again") && error.contains("second time"), "{error}");
    std::fs::remove_file(dir.path().join("discovery/again")).expect("unlink");

    let pipe = dir.path().join("openapi/v3/pipe.json");
    let made = std::process::Command::new("mkfifo").arg(&pipe).status().expect("mkfifo runs");
    assert!(made.success());
    let error = refusal(dir.path());
    assert!(error.contains("openapi/v3/pipe.json") && error.contains("not a regular file"), "{error}");
    std::fs::remove_file(&pipe).expect("unlink");

    std::os::unix::fs::symlink(dir.path().join("nowhere.json"), dir.path().join("openapi/v3/dangling.json"))
        .expect("link");
    let error = refusal(dir.path());
    assert!(error.contains("openapi/v3/dangling.json"), "{error}");
    std::fs::remove_file(dir.path().join("openapi/v3/dangling.json")).expect("unlink");

    // A sparse file: huge by its size, without using the disk.
    let huge = std::fs::File::create(dir.path().join("openapi/v3/huge.json")).expect("create");
    huge.set_len(MAX_FILE_BYTES + 1).expect("grow");
    let error = refusal(dir.path());
    assert!(error.contains("openapi/v3/huge.json") && error.contains("more than"), "{error}");
    std::fs::remove_file(dir.path().join("openapi/v3/huge.json")).expect("unlink");
    assert!(read_tree(dir.path()).is_ok(), "the tree reads again once cleaned");
}

#[tokio::test]
async fn a_failed_reload_from_disk_keeps_serving_and_ready() {
    let dir = tempfile::tempdir().expect("tempdir");
    write_tree(dir.path(), 0);
    let load = |dir: &Path| Bundle::from_dir_with(dir, &common::options()).map_err(|e| e.to_string());
    let handle = Handle::with_bundle(load(dir.path()).expect("loads"));
    let app = router(handle.clone());
    let before = get(&app, "/apis", &[("accept", AGG_V2)]).await;

    // A document cut off halfway, as a crashed writer leaves it.
    let document = dir.path().join("openapi/v3/apis/example.com/v1.json");
    let bytes = std::fs::read(&document).expect("read");
    std::fs::write(&document, &bytes[..bytes.len() / 2]).expect("truncate");
    let root = dir.path().to_path_buf();
    let error = reload(&handle, &|| load(&root)).expect_err("a truncated document fails the reload");
    assert!(error.contains("openapi/v3/apis/example.com/v1.json"), "{error}");

    let after = get(&app, "/apis", &[("accept", AGG_V2)]).await;
    assert_eq!((after.status, after.header("etag")), (StatusCode::OK, before.header("etag")), "still the old bundle");
    let document_served = get(&app, "/openapi/v3/apis/example.com/v1", &[("accept", "application/json")]).await;
    assert_eq!(document_served.status, StatusCode::OK);
    assert_eq!(get(&app, "/readyz", &[]).await.status, StatusCode::OK, "a failed reload is not unreadiness");
    assert!(handle.metrics().render().contains("kapi_bundle_reload_failures_total 1"));
}
