//! Turning a precomputed representation into a response: conditional requests, caching headers, gzip.

use std::time::{Duration, SystemTime};

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;
use headers::{HeaderMapExt, IfModifiedSince, IfNoneMatch};

use crate::negotiate::accepts_gzip;
use crate::variants::Representation;

/// How long an immutable (`?hash=`-addressed) document may be cached: one year, as kube-openapi says.
const ONE_YEAR: Duration = Duration::from_secs(365 * 24 * 60 * 60);

/// How `If-None-Match` is judged.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Conditional<'a> {
    /// The aggregated discovery handler's own rule: the header must equal the quoted ETag exactly.
    Exact,
    /// Go's `http.ServeContent`: RFC 9110 `If-None-Match` (weak comparison, lists, `*`), else `If-Modified-Since`.
    Http {
        /// When the bundle was loaded.
        last_modified: SystemTime,
        /// The same, formatted once.
        header: &'a HeaderValue,
    },
}

/// What caching a response allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Caching {
    /// No `Cache-Control`.
    Unspecified,
    /// `Cache-Control: public` (aggregated discovery).
    Public,
    /// `Cache-Control: public, immutable` and `Expires` a year ahead (a document addressed by its current hash).
    Immutable,
}

/// How to send one representation.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Reply<'a> {
    pub conditional: Conditional<'a>,
    pub caching: Caching,
    /// Send `Vary: Accept` (the endpoint negotiates on it).
    pub vary_accept: bool,
    /// A media type to send instead of the representation's own (the spelling the client asked for).
    pub content_type: Option<&'a HeaderValue>,
}

impl Reply<'_> {
    /// The response to a request with `request` headers: 304 when the client's copy is current, else 200.
    pub fn send(self, rep: &Representation, request: &HeaderMap) -> Response {
        let not_modified = match self.conditional {
            Conditional::Exact => request.get(header::IF_NONE_MATCH) == Some(rep.etag()),
            Conditional::Http { last_modified, .. } => http_not_modified(request, rep, last_modified),
        };
        let gzip = rep.gzip().filter(|_| !not_modified && accepts_gzip(header_str(request, header::ACCEPT_ENCODING)));
        let mut response = match (not_modified, gzip) {
            (true, _) => Response::new(Body::empty()),
            (false, Some(compressed)) => Response::new(Body::from(compressed.clone())),
            (false, None) => Response::new(Body::from(rep.body().clone())),
        };
        let headers = response.headers_mut();
        headers.insert(header::ETAG, rep.etag().clone());
        if let Some(vary) = vary(self.vary_accept, rep.gzip().is_some()) {
            headers.insert(header::VARY, vary);
        }
        self.caching_headers(headers);
        if not_modified {
            *response.status_mut() = StatusCode::NOT_MODIFIED;
            return response;
        }
        let content_type = self.content_type.unwrap_or(rep.content_type());
        headers.insert(header::CONTENT_TYPE, content_type.clone());
        if gzip.is_some() {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
        if let Conditional::Http { header: last_modified, .. } = self.conditional {
            headers.insert(header::LAST_MODIFIED, last_modified.clone());
        }
        response
    }

    fn caching_headers(self, headers: &mut HeaderMap) {
        match self.caching {
            Caching::Unspecified => {}
            Caching::Public => {
                headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public"));
            }
            Caching::Immutable => {
                headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, immutable"));
                // The one header that depends on the clock, so the only thing formatted per request.
                let expires = httpdate::fmt_http_date(SystemTime::now() + ONE_YEAR);
                if let Ok(value) = HeaderValue::try_from(expires) {
                    headers.insert(header::EXPIRES, value);
                }
            }
        }
    }
}

/// `If-None-Match` decides when present (as in `http.ServeContent`); otherwise `If-Modified-Since` does.
fn http_not_modified(request: &HeaderMap, rep: &Representation, last_modified: SystemTime) -> bool {
    if let Some(if_none_match) = request.typed_get::<IfNoneMatch>() {
        return !if_none_match.precondition_passes(rep.typed_etag());
    }
    if request.contains_key(header::IF_NONE_MATCH) {
        return false; // present but unparsable: no match, send the document
    }
    request.typed_get::<IfModifiedSince>().is_some_and(|since| !since.is_modified(last_modified))
}

fn vary(accept: bool, encoding: bool) -> Option<HeaderValue> {
    match (accept, encoding) {
        (true, true) => Some(HeaderValue::from_static("Accept, Accept-Encoding")),
        (true, false) => Some(HeaderValue::from_static("Accept")),
        (false, true) => Some(HeaderValue::from_static("Accept-Encoding")),
        (false, false) => None,
    }
}

/// A request header as text, when it is text.
pub(crate) fn header_str(request: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    request.get(name).and_then(|value| value.to_str().ok())
}
