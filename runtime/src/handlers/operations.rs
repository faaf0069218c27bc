//! `/version`, the health probes and `/metrics`.

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::{served_content, snapshot};
use crate::handle::Handle;
use crate::respond::{Caching, Reply};

/// `GET /version`.
pub(crate) async fn version(State(handle): State<Handle>, headers: HeaderMap) -> Response {
    match snapshot(&handle) {
        Ok(bundle) => Reply {
            conditional: served_content(&bundle),
            caching: Caching::Unspecified,
            vary_accept: false,
            content_type: None,
        }
        .send(&bundle.version, &headers),
        Err(failure) => failure.response(),
    }
}

/// `GET /healthz`, `/livez`: the process answers.
pub(crate) async fn alive() -> Response {
    text(StatusCode::OK, "ok")
}

/// `GET /readyz`: a bundle is loaded (and with it, discovery built).
pub(crate) async fn ready(State(handle): State<Handle>) -> Response {
    if handle.is_ready() {
        text(StatusCode::OK, "ok")
    } else {
        text(StatusCode::SERVICE_UNAVAILABLE, "no bundle loaded")
    }
}

/// `GET /metrics`.
pub(crate) async fn metrics(State(handle): State<Handle>) -> Response {
    let body = handle.metrics().render();
    let content_type = HeaderValue::from_static("application/openmetrics-text; version=1.0.0; charset=utf-8");
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

fn text(status: StatusCode, body: &'static str) -> Response {
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    response
}
