//! `/docs`, `/docs/` and `/docs/<path>`: the reference site, from the bundle's precomputed pages.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::Response;

use kapi_serve::Handle;
use kapi_serve::respond::{Caching, Conditional, Reply};
use kapi_serve::status::Failure;

use crate::site::Docs;

/// `/docs`: the site's pages link relative to `/docs/`, so it is only ever read there.
pub(super) async fn redirect(uri: Uri) -> Response {
    let location = match uri.query() {
        Some(query) => format!("/docs/?{query}"),
        None => "/docs/".to_owned(),
    };
    let mut response = Response::new(Body::empty());
    *response.status_mut() = StatusCode::MOVED_PERMANENTLY;
    if let Ok(location) = HeaderValue::try_from(location) {
        response.headers_mut().insert(header::LOCATION, location);
    }
    response
}

/// A page or asset of the site: 200 or 304, gzip when accepted, revalidated on every use (a reload may change
/// it at the same URL); 404 for any other path, or when the bundle has no site.
pub(super) async fn page(State(handle): State<Handle>, uri: Uri, headers: HeaderMap) -> Response {
    let Some(path) = uri.path().strip_prefix("/docs/") else { return Failure::NotFound.response() };
    let Ok(path) = percent_encoding::percent_decode_str(path).decode_utf8() else {
        return Failure::NotFound.response();
    };
    let Some(bundle) = handle.current() else { return Failure::NotReady.response() };
    let site = bundle.part::<Arc<Docs>>();
    // A large model's site is built on first need: off this connection's event loop, which serves others.
    if let Some(docs) = site.as_ref().filter(|docs| !docs.is_built()).cloned()
        && let Err(error) = tokio::task::spawn_blocking(move || docs.build_now()).await
    {
        tracing::error!(%error, "building the API reference failed");
    }
    let Some((docs, rep)) = site.as_ref().and_then(|docs| docs.get(&path).map(|rep| (docs, rep))) else {
        return Failure::NotFound.response();
    };
    let last_modified = &docs.last_modified;
    let reply = Reply {
        conditional: Conditional::Http {
            last_modified: last_modified.time,
            header: &last_modified.header,
            line: &last_modified.line,
        },
        caching: Caching::Revalidate,
        vary_accept: false,
        content_type: None,
    };
    reply.respond(rep, &headers)
}
