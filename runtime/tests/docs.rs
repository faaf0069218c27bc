//! The API reference site at `/docs/`: built from the bundle's `model.json` (here the corpus' model), served with
//! ETags, 304s and gzip, and absent without a model.

use crate::common;

use std::collections::BTreeMap;
use std::sync::{Arc, LazyLock};

use axum::Router;
use axum::http::StatusCode;
use common::{get, gunzip, send};
use kapi_runtime::{Bundle, DocsOptions, Handle, LoadOptions, Logo, router};

/// The corpus' model, as `kapi generate` writes it beside the other artifacts.
static MODEL: LazyLock<Vec<u8>> = LazyLock::new(|| {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../generated/model.json");
    std::fs::read(path).expect("generated/model.json")
});

/// The fixture bundle with the corpus' model.
fn files_with_model() -> BTreeMap<String, Vec<u8>> {
    let mut files = common::files(0);
    files.insert("model.json".to_owned(), MODEL.clone());
    files
}

fn app_with(options: &LoadOptions) -> Router {
    let bundle = Bundle::from_files_with(files_with_model(), options).expect("bundle loads");
    assert!(bundle.warnings().is_empty(), "{:?}", bundle.warnings());
    router(Handle::with_bundle(bundle))
}

/// One site built for the tests that need only the default options (rendering the corpus takes a while).
static DEFAULT_APP: LazyLock<Router> = LazyLock::new(|| app_with(&common::options()));

fn text(body: &[u8]) -> String {
    String::from_utf8(body.to_vec()).expect("UTF-8")
}

#[tokio::test]
async fn the_index_and_group_version_pages_are_html() {
    let app = &*DEFAULT_APP;
    let index = get(app, "/docs/", &[]).await;
    assert_eq!(index.status, StatusCode::OK);
    assert_eq!(index.header("content-type"), "text/html; charset=utf-8");
    assert_eq!(index.header("cache-control"), "no-cache");
    index.assert_etag_matches_body();
    let html = text(&index.body);
    assert!(html.contains("<title>API reference</title>"), "{html}");
    assert!(html.contains("<h1>API reference</h1>"));
    assert!(html.contains("<a href=\"apps/v1\">v1</a>"));
    let apps = get(app, "/docs/apps/v1", &[]).await;
    assert_eq!(apps.status, StatusCode::OK);
    let html = text(&apps.body);
    assert!(html.contains("id=\"Deployment\""));
    assert!(html.contains("<title>apps/v1 · API reference</title>"));
    assert!(html.contains("href=\"../core/v1#"), "links to core types are relative");
    let head = send(app, "HEAD", "/docs/apps/v1", &[]).await;
    assert_eq!((head.status, head.body.len()), (StatusCode::OK, 0));
    assert_eq!(head.header("etag"), apps.header("etag"));
}

#[tokio::test]
async fn assets_have_their_media_types() {
    let app = &*DEFAULT_APP;
    let css = get(app, "/docs/_assets/style.css", &[]).await;
    assert_eq!((css.status, css.header("content-type")), (StatusCode::OK, "text/css; charset=utf-8"));
    let search = get(app, "/docs/_assets/search.js", &[]).await;
    assert_eq!(search.header("content-type"), "text/javascript; charset=utf-8");
    let index = get(app, "/docs/_assets/search-index.js", &[]).await;
    let script = text(&index.body);
    assert!(script.starts_with("window.KAPI_SEARCH_INDEX = [["), "{}", &script[..80.min(script.len())]);
    assert!(script.contains("[\"Deployment\",\"apps/v1\",\"apps/v1\",\"Deployment\"]"));
}

#[tokio::test]
async fn docs_redirects_to_the_folder() {
    let app = &*DEFAULT_APP;
    let reply = get(app, "/docs", &[]).await;
    assert_eq!((reply.status, reply.header("location")), (StatusCode::MOVED_PERMANENTLY, "/docs/"));
    let reply = get(app, "/docs?q=pod", &[]).await;
    assert_eq!(reply.header("location"), "/docs/?q=pod");
}

#[tokio::test]
async fn pages_revalidate_and_compress() {
    let app = &*DEFAULT_APP;
    let page = get(app, "/docs/core/v1", &[]).await;
    let etag = page.header("etag");
    let again = get(app, "/docs/core/v1", &[("if-none-match", etag)]).await;
    assert_eq!((again.status, again.body.len()), (StatusCode::NOT_MODIFIED, 0));
    assert_eq!(again.header("etag"), etag);
    let since = page.header("last-modified");
    assert!(!since.is_empty());
    assert_eq!(get(app, "/docs/core/v1", &[("if-modified-since", since)]).await.status, StatusCode::NOT_MODIFIED);
    let zipped = get(app, "/docs/core/v1", &[("accept-encoding", "gzip")]).await;
    assert_eq!(zipped.header("content-encoding"), "gzip");
    assert_eq!(zipped.header("vary"), "Accept-Encoding");
    assert_eq!(gunzip(&zipped.body), page.body.to_vec());
    zipped.assert_etag_matches_body();
}

#[tokio::test]
async fn unknown_paths_are_not_found_as_status() {
    let app = &*DEFAULT_APP;
    for path in ["/docs/nope", "/docs/apps/v1/", "/docs/apps", "/docs/_assets/", "/docs/%ff", "/docs/../version"] {
        let reply = get(app, path, &[]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(reply.json()["reason"], "NotFound", "{path}");
    }
}

#[tokio::test]
async fn without_a_model_or_when_disabled_there_is_no_site() {
    let (app, _) = common::app();
    assert_eq!(get(&app, "/docs/", &[]).await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&app, "/docs/_assets/style.css", &[]).await.status, StatusCode::NOT_FOUND);
    let bundle = Bundle::from_files_with(files_with_model(), &common::options()).expect("bundle loads");
    let handle = Handle::new();
    kapi_runtime::docs::attach(&handle, DocsOptions { enabled: false, ..DocsOptions::default() });
    handle.store(bundle);
    let app = router(handle);
    assert_eq!(get(&app, "/docs/", &[]).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_broken_model_leaves_the_rest_served_with_a_warning() {
    let mut files = common::files(0);
    files.insert("model.json".to_owned(), b"{\"not\": \"a model\"".to_vec());
    let bundle = Bundle::from_files_with(files, &common::options()).expect("bundle loads");
    let handle = Handle::with_bundle(bundle);
    let app = router(handle.clone());
    // The site is derived when the feature is plugged in (here by `router`), and its warnings kept with the bundle.
    let warnings = handle.current().expect("a bundle").part_warnings();
    assert!(warnings.iter().any(|w| w.contains("/docs/")), "{warnings:?}");
    assert_eq!(get(&app, "/docs/", &[]).await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&app, "/version", &[]).await.status, StatusCode::OK);
}

#[tokio::test]
async fn title_and_logo_come_from_the_options_and_a_reload_keeps_an_unchanged_site() {
    let logo =
        Logo::from_bytes(b"<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"/>".to_vec()).expect("svg");
    let docs = DocsOptions { title: "Widgets <API>".to_owned(), logo: Some(logo), ..DocsOptions::default() };
    let options = common::options();
    let first = Arc::new(Bundle::from_files_with(files_with_model(), &options).expect("bundle loads"));
    let handle = Handle::new();
    kapi_runtime::docs::attach(&handle, docs);
    handle.store(first.clone());
    let app = router(handle.clone());
    let index = get(&app, "/docs/", &[]).await;
    assert!(text(&index.body).contains("<title>Widgets &#60;API&#62;</title>"), "{}", text(&index.body));
    let logo = get(&app, "/docs/_assets/logo.svg", &[]).await;
    assert_eq!((logo.status, logo.header("content-type")), (StatusCode::OK, "image/svg+xml"));
    // The same model and options: the same site, ETags and Last-Modified.
    let second = Bundle::from_files_reusing(files_with_model(), &options, Some(&first)).expect("reload");
    handle.store(second);
    let again = get(&app, "/docs/", &[]).await;
    assert_eq!(again.header("etag"), index.header("etag"));
    assert_eq!(again.header("last-modified"), index.header("last-modified"));
    // Other options: a new site.
    assert!(kapi_runtime::docs::configure(&handle, DocsOptions::default()));
    let current = handle.current().expect("a bundle");
    handle.store(Bundle::from_files_reusing(files_with_model(), &options, Some(&current)).expect("reload"));
    let changed = get(&app, "/docs/", &[]).await;
    assert_ne!(changed.header("etag"), index.header("etag"));
    assert_eq!(get(&app, "/docs/_assets/logo.svg", &[]).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn docs_requests_have_their_own_metrics_class() {
    let app = &*DEFAULT_APP;
    get(app, "/docs/", &[]).await;
    let metrics = text(&get(app, "/metrics", &[]).await.body);
    assert!(metrics.contains("kapi_http_requests_total{class=\"docs\",method=\"GET\",code=\"200\"}"), "{metrics}");
}
