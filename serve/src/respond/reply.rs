//! A reply to one request for a precomputed representation: how it revalidates and caches, and the decision
//! (304 or 200, gzip or not) made once for both renderings.

use std::time::{Duration, SystemTime};

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;

use super::conditional::http_not_modified;
use super::request_headers::RequestHeaders;
use crate::body::Body as DocumentBody;
use crate::negotiate::accepts_gzip;
use crate::variants::{Encoded, Representation};

/// How long an immutable (`?hash=`-addressed) document may be cached: one year, as kube-openapi says.
pub(crate) const ONE_YEAR: Duration = Duration::from_secs(365 * 24 * 60 * 60);

/// How `If-None-Match` is judged.
#[derive(Debug, Clone, Copy)]
pub enum Conditional<'a> {
    /// The aggregated discovery handler's own rule: the header must equal the quoted ETag exactly.
    Exact,
    /// Go's `http.ServeContent`: RFC 9110 `If-None-Match` (weak comparison, lists, `*`), else `If-Modified-Since`.
    Http {
        /// When the bundle was loaded.
        last_modified: SystemTime,
        /// The same, formatted once.
        header: &'a HeaderValue,
        /// The same as a whole `last-modified` header line.
        line: &'a [u8],
    },
}

/// What caching a response allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caching {
    /// No `Cache-Control`.
    Unspecified,
    /// `Cache-Control: public` (aggregated discovery).
    Public,
    /// `Cache-Control: public, immutable` and `Expires` a year ahead (a document addressed by its current hash).
    Immutable,
    /// `Cache-Control: no-cache`: kept, but revalidated before each use (the reference site, whose URLs stay the
    /// same when a reload changes it).
    Revalidate,
}

/// How to send one representation.
#[derive(Debug, Clone, Copy)]
pub struct Reply<'a> {
    pub conditional: Conditional<'a>,
    pub caching: Caching,
    /// Send `Vary: Accept` (the endpoint negotiates on it).
    pub vary_accept: bool,
    /// A media type to send instead of the representation's own (the spelling the client asked for).
    pub content_type: Option<&'static ContentTypeOverride>,
}

/// A media type sent instead of a representation's own, as a header value and as a whole header line.
#[derive(Debug)]
pub struct ContentTypeOverride {
    pub value: HeaderValue,
    pub line: &'static [u8],
}

/// A reply decided for one request: which bytes, and whether the client's copy is current.
#[derive(Debug, Clone, Copy)]
pub struct Prepared<'a> {
    pub reply: Reply<'a>,
    pub rep: &'a Representation,
    /// The representation's ETag and gzip copy (computed for this request if none before needed them).
    pub(crate) encoded: &'a Encoded,
    pub not_modified: bool,
    pub gzip: bool,
}

/// Why a representation cannot be sent: its encodings could not be computed, or its file was rewritten in place
/// since (the bytes would not be those its ETag names).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unavailable(pub String);

/// Why a reply is not decided yet.
#[derive(Debug, Clone)]
pub enum Undecided {
    /// The representation cannot be sent.
    Unavailable(Unavailable),
    /// Its ETag and gzip copy are not computed yet: the caller computes them (off its event loop) and decides again.
    NotEncoded(Representation),
}

impl<'a> Reply<'a> {
    /// Decides between 304 and 200, and between gzip and no coding, for a request with `request` headers,
    /// computing the representation's ETag and gzip copy on this thread if no request has yet (waiting for
    /// another request computing them); never another representation's.
    pub fn decide(
        self,
        rep: &'a Representation,
        request: &(impl RequestHeaders + ?Sized),
    ) -> Result<Prepared<'a>, Unavailable> {
        let _ = rep.encoded();
        self.decide_encoded(rep, request).map_err(|undecided| match undecided {
            Undecided::Unavailable(unavailable) => unavailable,
            // Encoded just above: not reached.
            Undecided::NotEncoded(_) => Unavailable("not encoded".to_owned()),
        })
    }

    /// [`Reply::decide`] without computing anything: a representation not encoded yet is
    /// [`Undecided::NotEncoded`], for an event loop to compute elsewhere (a large document takes seconds).
    pub fn decide_encoded(
        self,
        rep: &'a Representation,
        request: &(impl RequestHeaders + ?Sized),
    ) -> Result<Prepared<'a>, Undecided> {
        if !rep.is_encoded() {
            return Err(Undecided::NotEncoded(rep.clone()));
        }
        let unavailable = |reason: &str| Undecided::Unavailable(Unavailable(reason.to_owned()));
        let encoded = rep.encoded().map_err(unavailable)?;
        if rep.body().changed_in_place() {
            return Err(unavailable("the file was rewritten in place after the server opened it"));
        }
        let not_modified = match self.conditional {
            Conditional::Exact => request.raw("if-none-match") == Some(encoded.etag().as_bytes()),
            Conditional::Http { last_modified, .. } => http_not_modified(request, encoded, last_modified),
        };
        let gzip = encoded.gzip().is_some() && !not_modified && accepts_gzip(request.text("accept-encoding"));
        Ok(Prepared { reply: self, rep, encoded, not_modified, gzip })
    }
}

impl Reply<'_> {
    /// [`Reply::decide`] rendered as an axum response; a representation that cannot be sent is a 503 (logged).
    pub fn respond(self, rep: &Representation, request: &(impl RequestHeaders + ?Sized)) -> Response {
        match self.decide(rep, request) {
            Ok(prepared) => prepared.into_response(),
            Err(unavailable) => unavailable.into_response(),
        }
    }
}

impl Unavailable {
    /// Logged, and answered as a 503 `Status`.
    pub fn into_response(self) -> Response {
        tracing::error!(reason = %self.0, "a document cannot be served");
        crate::status::Failure::DocumentUnavailable.response()
    }
}

impl<'a> Prepared<'a> {
    /// The response status.
    pub fn status(&self) -> StatusCode {
        if self.not_modified { StatusCode::NOT_MODIFIED } else { StatusCode::OK }
    }

    /// The body sent with a 200 (none with a 304): in memory, or in a file.
    pub(crate) fn body(&self) -> Option<&'a DocumentBody> {
        match (self.not_modified, self.gzip) {
            (true, _) => None,
            (false, true) => self.encoded.gzip(),
            (false, false) => Some(self.rep.body()),
        }
    }

    /// [`Prepared::body`], from a file when there is one (what `sendfile(2)` sends): a large body held in
    /// memory has a copy in one.
    pub(crate) fn body_to_send(&self) -> Option<&'a DocumentBody> {
        match (self.not_modified, self.gzip) {
            (false, false) => self.encoded.file_copy().or(Some(self.rep.body())),
            _ => self.body(),
        }
    }

    /// The `Vary` value, if any.
    pub(crate) fn vary(&self) -> Option<&'static str> {
        match (self.reply.vary_accept, self.encoded.gzip().is_some()) {
            (true, true) => Some("Accept, Accept-Encoding"),
            (true, false) => Some("Accept"),
            (false, true) => Some("Accept-Encoding"),
            (false, false) => None,
        }
    }

    /// The `Cache-Control` value, if any.
    fn cache_control(&self) -> Option<&'static str> {
        match self.reply.caching {
            Caching::Unspecified => None,
            Caching::Public => Some("public"),
            Caching::Immutable => Some("public, immutable"),
            Caching::Revalidate => Some("no-cache"),
        }
    }

    /// The response as axum sends it (hyper adds `Date` and `Content-Length`).
    pub fn into_response(self) -> Response {
        let mut response = match self.body() {
            Some(DocumentBody::Memory(bytes)) => Response::new(Body::from(bytes.clone())),
            Some(DocumentBody::File(file)) => Response::new(super::file_stream::body(file.clone())),
            None => Response::new(Body::empty()),
        };
        *response.status_mut() = self.status();
        let headers = response.headers_mut();
        headers.insert(header::ETAG, self.encoded.etag().clone());
        if let Some(vary) = self.vary() {
            headers.insert(header::VARY, HeaderValue::from_static(vary));
        }
        if let Some(cache_control) = self.cache_control() {
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control));
        }
        if self.reply.caching == Caching::Immutable {
            // The one header that depends on the clock.
            let expires = httpdate::fmt_http_date(SystemTime::now() + ONE_YEAR);
            if let Ok(value) = HeaderValue::try_from(expires) {
                headers.insert(header::EXPIRES, value);
            }
        }
        if self.not_modified {
            return response;
        }
        let content_type = self.reply.content_type.map_or(self.rep.content_type(), |o| &o.value);
        headers.insert(header::CONTENT_TYPE, content_type.clone());
        if self.gzip {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
        if let Conditional::Http { header: last_modified, .. } = self.reply.conditional {
            headers.insert(header::LAST_MODIFIED, last_modified.clone());
        }
        // A streamed body has no length of its own; hyper sends this one rather than chunks, as for bytes.
        if let Some(DocumentBody::File(file)) = self.body() {
            headers.insert(header::CONTENT_LENGTH, HeaderValue::from(file.len()));
        }
        response
    }
}
