//! Documents another server answers.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use axum::http::HeaderMap;
use axum::response::Response;

/// The future a [`RemoteDocument`] answers with.
pub type Forwarded<'a> = Pin<Box<dyn Future<Output = Response> + Send + 'a>>;

/// An OpenAPI v3 document another server serves: listed in the bundle's `/openapi/v3` root (with the hash the
/// composed index gives it) and answered by forwarding the request ([`Bundle::compose`](crate::Bundle::compose)).
pub trait RemoteDocument: fmt::Debug + Send + Sync {
    /// Answers `GET /openapi/v3/<key>[?query]` with `headers`.
    fn forward<'a>(&'a self, key: &'a str, query: Option<&'a str>, headers: &'a HeaderMap) -> Forwarded<'a>;
}

/// Remote documents by key (`apis/<group>/<version>`).
pub type RemoteDocuments = std::collections::BTreeMap<String, Arc<dyn RemoteDocument>>;
