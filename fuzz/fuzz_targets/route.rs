//! The whole router over the repository's generated bundle, on arbitrary methods, paths, query strings
//! (`?hash=`), `Accept`, `Accept-Encoding` and `If-None-Match`: never a panic, never a 5xx, every 200 that carries
//! an ETag carries the hash of its own body, and a path that looks like a traversal is answered with nothing but
//! a document of the bundle.
#![no_main]

use std::collections::BTreeSet;
use std::io::Read as _;
use std::sync::OnceLock;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderValue, Method, Request, Response, Uri, header};
use http_body_util::BodyExt as _;
use kapi_fuzz::generated_bundle_files;
use kapi_meta::content_hash::content_hash;
use kapi_runtime::{Bundle, Handle, router};
use libfuzzer_sys::fuzz_target;
use tower::ServiceExt as _;

const ACCEPTS: &[&str] = &[
    "application/json",
    "application/vnd.kubernetes.protobuf",
    "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json",
    "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json",
    "application/vnd.kubernetes.protobuf;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList",
    "application/com.github.proto-openapi.spec.v2@v1.0+protobuf",
    "application/com.github.proto-openapi.spec.v3.v1.0+protobuf",
    "*/*",
    "text/html",
];

struct State {
    runtime: tokio::runtime::Runtime,
    app: Router,
    /// Paths the bundle serves.
    paths: Vec<String>,
    /// The `?hash=` of every OpenAPI v3 document.
    hashes: Vec<String>,
    /// The ETag of every body the known paths answer with, under every Accept above.
    etags: BTreeSet<String>,
}

fn state() -> &'static State {
    static STATE: OnceLock<State> = OnceLock::new();
    STATE.get_or_init(|| {
        let files = generated_bundle_files();
        let bundle = Bundle::from_files(files.clone()).expect("the generated bundle loads");
        let mut paths: Vec<String> = ["/api", "/apis", "/openapi/v2", "/openapi/v3", "/version", "/readyz", "/metrics"]
            .map(str::to_owned)
            .to_vec();
        paths.extend(bundle.openapi_paths().map(|key| format!("/openapi/v3/{key}")));
        for name in files.keys().filter_map(|path| path.strip_prefix("discovery/")?.strip_suffix(".json")) {
            if name.starts_with("api") && !name.starts_with("aggregated") && name.contains("__") {
                paths.push(format!("/{}", name.replace("__", "/")));
            }
        }
        let index: serde_json::Value =
            serde_json::from_slice(&files["openapi/v3/index.json"]).expect("the index is JSON");
        let hashes = index["paths"]
            .as_object()
            .expect("paths")
            .values()
            .filter_map(|entry| entry["serverRelativeURL"].as_str()?.split_once("?hash=").map(|(_, h)| h.to_owned()))
            .collect();
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
        let app = router(Handle::with_bundle(bundle));
        let mut etags = BTreeSet::new();
        for path in &paths {
            for accept in ACCEPTS {
                let request = Request::get(path.as_str()).header(header::ACCEPT, *accept).body(Body::empty());
                let response = runtime.block_on(app.clone().oneshot(request.expect("request"))).expect("infallible");
                if let Some(etag) = response.headers().get(header::ETAG).and_then(|v| v.to_str().ok()) {
                    etags.insert(etag.trim_matches('"').to_owned());
                }
            }
        }
        State { runtime, app, paths, hashes, etags }
    })
}

/// The input: a method byte, a choice byte, then lines: the request target, and optionally `Accept`,
/// `Accept-Encoding` and `If-None-Match`. In the target, `{path}` stands for a path the bundle serves and `{hash}`
/// for the `?hash=` of one of its documents (both picked by the choice byte), so seeds are real requests.
#[derive(Debug)]
struct Input<'a> {
    method: u8,
    target: Vec<u8>,
    accept: Option<&'a [u8]>,
    accept_encoding: Option<&'a [u8]>,
    if_none_match: Option<&'a [u8]>,
}

impl<'a> Input<'a> {
    fn parse(data: &'a [u8], state: &State) -> Option<Self> {
        let (&[method, choice], rest) = data.split_first_chunk::<2>()?;
        let mut lines = rest.split(|&b| b == b'\n');
        let target = lines.next()?;
        let target = replace(target, b"{path}", pick(&state.paths, choice).as_bytes());
        let target = replace(&target, b"{hash}", pick(&state.hashes, choice).as_bytes());
        Some(Self { method, target, accept: lines.next(), accept_encoding: lines.next(), if_none_match: lines.next() })
    }
}

fn replace(haystack: &[u8], token: &[u8], with: &[u8]) -> Vec<u8> {
    match haystack.windows(token.len()).position(|window| window == token) {
        Some(at) => [&haystack[..at], with, &haystack[at + token.len()..]].concat(),
        None => haystack.to_vec(),
    }
}

fn pick<T>(items: &[T], index: u8) -> &T {
    &items[usize::from(index) % items.len()]
}

/// A path spelling that would climb out of a directory, or smuggle a separator, if paths named files.
fn looks_like_traversal(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    ["..", "%2e", "%2f", "%5c", "\\", "%00", "//", "\0"].iter().any(|needle| lower.contains(needle))
}

fn request(input: &Input, uri: Uri) -> Option<Request<Body>> {
    const METHODS: &[&str] = &["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH", "TRACE", "CONNECT"];
    let method = Method::from_bytes(pick(METHODS, input.method).as_bytes()).ok()?;
    let mut builder = Request::builder().method(method).uri(uri);
    for (name, value) in [
        (header::ACCEPT, input.accept),
        (header::ACCEPT_ENCODING, input.accept_encoding),
        (header::IF_NONE_MATCH, input.if_none_match),
    ] {
        if let Some(value) = value.and_then(|v| HeaderValue::from_bytes(v).ok()) {
            builder = builder.header(name, value);
        }
    }
    builder.body(Body::empty()).ok()
}

/// The identity bytes of a complete body, or `None` for a stream (a watch) that may never end.
fn identity_body(state: &State, response: Response<Body>) -> Option<Bytes> {
    if http_body::Body::size_hint(response.body()).exact().is_none() {
        return None;
    }
    let gzip = response.headers().get(header::CONTENT_ENCODING).is_some_and(|v| v == "gzip");
    let bytes = state.runtime.block_on(response.into_body().collect()).expect("a complete body").to_bytes();
    if !gzip {
        return Some(bytes);
    }
    let mut plain = Vec::new();
    flate2::read::GzDecoder::new(&bytes[..]).read_to_end(&mut plain).expect("a gzip body decompresses");
    Some(plain.into())
}

fuzz_target!(|data: &[u8]| {
    let state = state();
    let Some(input) = Input::parse(data, state) else { return };
    let Ok(uri) = Uri::try_from(input.target.clone()) else { return };
    let path = uri.path().to_owned();
    let Some(request) = request(&input, uri) else { return };
    let head = request.method() == Method::HEAD;
    let response = state.runtime.block_on(state.app.clone().oneshot(request)).expect("infallible");
    let status = response.status();
    assert!(!status.is_server_error(), "{status} for {path}");
    if status.as_u16() != 200 {
        return;
    }
    let etag =
        response.headers().get(header::ETAG).and_then(|v| v.to_str().ok()).map(|v| v.trim_matches('"').to_owned());
    let traversal = looks_like_traversal(&path);
    if traversal {
        let etag = etag.as_deref().unwrap_or_else(|| panic!("{path}: 200 without an ETag"));
        assert!(state.etags.contains(etag), "{path}: a body that is none of the bundle's documents");
    }
    if let (Some(etag), false) = (etag, head) {
        if let Some(body) = identity_body(state, response) {
            assert_eq!(content_hash(&body), etag, "{path}: the ETag is not the hash of the body");
        }
    }
});
