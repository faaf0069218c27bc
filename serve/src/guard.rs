//! What every request passes before routing: only reads are served (OPTIONS says so, other methods get 405 with
//! `Allow`), except posts to the paths a feature accepts them at ([`crate::Mount::accepting_posts_at`]), and
//! request targets longer than any document path get 414.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;

use crate::status::Failure;

/// The methods every path answers.
const ALLOWED: &str = "GET, HEAD, OPTIONS";

/// The longest request target (path and query) answered: far beyond any document path with its `?hash=` and
/// query options, well below the head limit.
pub(crate) const MAX_TARGET_BYTES: usize = 8 * 1024;

/// The paths `POST` is let through to.
#[derive(Debug, Clone)]
pub(crate) struct Posts(Arc<[&'static str]>);

impl Posts {
    pub fn new(paths: Vec<&'static str>) -> Self {
        Self(paths.into())
    }
}

/// Refuses what no endpoint serves, before routing.
pub(crate) async fn guard(State(posts): State<Posts>, request: Request, next: Next) -> Response {
    let target_length = request.uri().path_and_query().map_or(0, |target| target.as_str().len());
    if target_length > MAX_TARGET_BYTES {
        return Failure::UriTooLong.response();
    }
    match *request.method() {
        Method::GET | Method::HEAD => next.run(request).await,
        Method::POST if posts.0.contains(&request.uri().path()) => next.run(request).await,
        Method::OPTIONS => with_allow(Response::builder().status(StatusCode::NO_CONTENT).body(Default::default())),
        _ => {
            let mut response = Failure::MethodNotAllowed.response();
            response.headers_mut().insert(header::ALLOW, HeaderValue::from_static(ALLOWED));
            response
        }
    }
}

/// Answers 431 to a request whose head, as sent, is over `max_head_bytes`: hyper's own limit is on its read buffer,
/// which may hold a somewhat larger head whole, so the exact size is checked here from what was parsed.
pub(crate) async fn head_limit(max_head_bytes: usize, request: Request, next: Next) -> Response {
    if head_size(&request) > max_head_bytes {
        return Failure::HeadTooLarge.response();
    }
    next.run(request).await
}

/// The size of a request head on the wire: `METHOD TARGET HTTP/1.1\r\n`, each `name: value\r\n`, the blank line.
fn head_size(request: &Request) -> usize {
    let target = request.uri().path_and_query().map_or(1, |target| target.as_str().len());
    let line = request.method().as_str().len() + 1 + target + " HTTP/1.1\r\n".len();
    let headers: usize = request.headers().iter().map(|(name, value)| name.as_str().len() + 2 + value.len() + 2).sum();
    line + headers + 2
}

fn with_allow(response: Result<Response, axum::http::Error>) -> Response {
    let mut response = response.unwrap_or_default();
    response.headers_mut().insert(header::ALLOW, HeaderValue::from_static(ALLOWED));
    response
}
