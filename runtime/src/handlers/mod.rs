//! Request handlers, one module per endpoint family. Each loads the current bundle once and answers from it.

pub(crate) mod discovery;
pub(crate) mod openapi;
pub(crate) mod operations;

use std::sync::Arc;

use axum::http::{HeaderMap, header};

use crate::bundle::Bundle;
use crate::handle::Handle;
use crate::negotiate::{MediaRange, parse_accept};
use crate::respond::{Conditional, header_str};
use crate::status::Failure;

/// The bundle to answer from, or 503 while none is loaded.
fn snapshot(handle: &Handle) -> Result<Arc<Bundle>, Failure> {
    handle.current().ok_or(Failure::NotReady)
}

/// The request's `Accept` clauses in preference order.
pub(crate) fn accept(headers: &HeaderMap) -> Vec<MediaRange> {
    parse_accept(header_str(headers, header::ACCEPT))
}

/// `http.ServeContent`-style revalidation against the bundle's load time.
fn served_content(bundle: &Bundle) -> Conditional<'_> {
    Conditional::Http { last_modified: bundle.last_modified, header: &bundle.last_modified_header }
}

/// Anything no route matches.
pub(crate) async fn not_found() -> Failure {
    Failure::NotFound
}
