//! Request handlers, one module per endpoint family. Each loads the current bundle once and answers from it.

pub(crate) mod documents;
pub(crate) mod operations;

use std::sync::Arc;

use axum::http::{HeaderMap, header};

use crate::bundle::Bundle;
use crate::handle::Handle;
use crate::negotiate::{Clauses, parse_accept};
use crate::respond::header_str;
use crate::status::Failure;

/// The bundle to answer from, or 503 while none is loaded.
fn snapshot(handle: &Handle) -> Result<Arc<Bundle>, Failure> {
    handle.current().ok_or(Failure::NotReady)
}

/// The request's `Accept` clauses in preference order.
pub fn accept(headers: &HeaderMap) -> Clauses<'_> {
    parse_accept(header_str(headers, header::ACCEPT))
}
