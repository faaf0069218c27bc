//! Answering with a precomputed representation: the revalidation and gzip decisions ([`Reply::decide`]), made
//! once, then rendered either as an axum response ([`Prepared::into_response`]) or as the pieces of a response
//! head written straight to a connection (`Prepared::head_parts`, the fast path), so both say the same thing.

mod conditional;
mod file_stream;
mod reply;
mod request_headers;
mod wire;

use axum::http::{HeaderMap, header};

pub(crate) use reply::ONE_YEAR;
pub use reply::{Caching, Conditional, ContentTypeOverride, Prepared, Reply, Unavailable, Undecided};
pub use request_headers::RequestHeaders;
pub(crate) use wire::ClockLines;

/// A request header as text, when it is text.
pub(crate) fn header_str(request: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    request.get(name).and_then(|value| value.to_str().ok())
}
