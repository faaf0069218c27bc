//! Discovery, OpenAPI and `/version` through the router: the same answers as the connection fast path gives
//! ([`crate::documents::answer`]), rendered as axum responses, and the answers only this path gives (redirects,
//! remote documents, 404 and 406 bodies).

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::Response;

use super::snapshot;
use crate::documents::{Answer, answer, document_path};
use crate::handle::Handle;
use crate::status::Failure;

/// Any path no other route takes: a document path, or 404.
pub(crate) async fn documents(State(handle): State<Handle>, uri: Uri, headers: HeaderMap) -> Response {
    let Some(path) = document_path(uri.path()) else { return Failure::NotFound.response() };
    loop {
        let bundle = match snapshot(&handle) {
            Ok(bundle) => bundle,
            Err(failure) => return failure.response(),
        };
        let pending = match answer(&bundle, path.clone(), uri.query(), &headers) {
            Answer::Document(prepared) => return prepared.into_response(),
            Answer::Redirect { location, etag } => return redirect(location, etag),
            Answer::Remote { document, key } => return document.forward(&key, uri.query(), &headers).await,
            Answer::Failure(failure) => return failure.response(),
            Answer::Unavailable(unavailable) => return unavailable.into_response(),
            Answer::Pending(pending) => pending,
        };
        // Computed off the event loop; then answered again, from the bundle current by then.
        drop(bundle);
        pending.compute_off_loop().await;
    }
}

/// A stale `?hash=`: 301 to the current URL, carrying the current ETag (as kube-openapi's handler3 does).
fn redirect(location: &HeaderValue, etag: &HeaderValue) -> Response {
    let mut response = Response::new(Body::empty());
    *response.status_mut() = StatusCode::MOVED_PERMANENTLY;
    let headers = response.headers_mut();
    headers.insert(header::LOCATION, location.clone());
    headers.insert(header::ETAG, etag.clone());
    headers.insert(header::VARY, HeaderValue::from_static("Accept"));
    response
}
