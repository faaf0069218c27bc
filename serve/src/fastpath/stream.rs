//! Long-lived streams written by the fast path itself: a request that asks for a watch is answered by the router
//! (called here, with the head the fast path parsed), and when the answer is a stream of unknown length (a watch
//! is one, for minutes) the fast path writes it, chunked, exactly as hyper would: the same head, the same chunks.
//!
//! What this saves is memory while the stream is idle. Handed to hyper, each connection kept hyper's read buffer
//! (8 KiB reserved, polled for the client's next request) and its write buffer for heads (8 KiB, allocated with the
//! connection), touched pages of which stayed resident for the life of the watch; here an idle stream holds its
//! response's headers, its body (the watch session) and a small future. Every other answer the router gives
//! (a list, a refusal, a watch that ends at once) goes to hyper with the connection, which parses the request
//! again and sends that answer, unchanged: see [`FirstAnswered`].

use std::convert::Infallible;
use std::future::{Future, poll_fn};
use std::io::{self, IoSlice};
use std::pin::Pin;
use std::sync::Mutex;

use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use axum::http::header::{CONNECTION, CONTENT_LENGTH, DATE, TRAILER, TRANSFER_ENCODING};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode, Version};
use axum::response::Response;
use hyper::body::{Body as _, Incoming};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::watch;
use tower::ServiceExt;

use super::buffer::CAPACITY;
use super::clock::ConnectionClock;
use super::request::SimpleRequest;
use super::socket::Connection;

/// Whether `request` may be answered with a long-lived stream: a GET asking for a watch, as Kubernetes clients ask
/// for one (`?watch=…`, or a `watch` segment in the path of the older watch endpoints). A request that only looks
/// like one costs nothing more than the router's answer given to hyper.
pub(crate) fn may_stream(request: &SimpleRequest<'_>) -> bool {
    let watch_query = request
        .query
        .is_some_and(|query| query.split('&').any(|pair| pair.split_once('=').map_or(pair, |(key, _)| key) == "watch"));
    !request.head && (watch_query || request.path.split('/').any(|segment| segment == "watch"))
}

/// The request hyper would give the router for `request`; `None` when a header is one `http` refuses (hyper then
/// handles the request as before).
pub(crate) fn to_request(request: &SimpleRequest<'_>) -> Option<Request> {
    let mut built = Request::new(Body::empty());
    *built.method_mut() = Method::GET;
    *built.uri_mut() = request.target.parse().ok()?;
    *built.version_mut() = Version::HTTP_11;
    let headers = built.headers_mut();
    for header in request.headers {
        let name = HeaderName::from_bytes(header.name.as_bytes()).ok()?;
        headers.append(name, HeaderValue::from_bytes(header.value).ok()?);
    }
    Some(built)
}

/// The router's answer to `request`.
pub(crate) async fn route(app: &Router, request: Request) -> Response {
    match app.clone().oneshot(request).await {
        Ok(response) => response,
        Err(infallible) => match infallible {},
    }
}

/// Whether hyper would send `response` (to a GET over HTTP/1.1) as a chunked stream with nothing but its headers,
/// `transfer-encoding: chunked` and `date` in the head: a `200` whose body has no known length and whose headers
/// leave the framing and the connection to the server.
pub(crate) fn is_plain_stream(response: &Response) -> bool {
    let headers = response.headers();
    response.status() == StatusCode::OK
        && response.body().size_hint().exact().is_none()
        && !response.body().is_end_stream()
        && [CONTENT_LENGTH, TRANSFER_ENCODING, CONNECTION, TRAILER, DATE].iter().all(|name| !headers.contains_key(name))
        && response.extensions().get::<hyper::ext::ReasonPhrase>().is_none()
}

/// The head hyper writes for a [plain stream](is_plain_stream): the status line, every header in the map's order
/// with its lower-case name, `transfer-encoding: chunked`, then the date.
pub(crate) fn stream_head(response: &Response, date_line: &[u8]) -> Vec<u8> {
    let mut head = Vec::with_capacity(256);
    head.extend_from_slice(b"HTTP/1.1 200 OK\r\n");
    for (name, value) in response.headers() {
        head.extend_from_slice(name.as_str().as_bytes());
        head.extend_from_slice(b": ");
        head.extend_from_slice(value.as_bytes());
        head.extend_from_slice(b"\r\n");
    }
    head.extend_from_slice(b"transfer-encoding: chunked\r\n");
    head.extend_from_slice(date_line);
    head.extend_from_slice(b"\r\n");
    head
}

/// How a stream written here ended.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum StreamEnd {
    /// The whole stream went out; the connection stays open for the next request, whose first bytes (sent while
    /// the stream lasted) are these.
    KeepAlive(Vec<u8>),
    /// The connection is to be closed: the client left, a write failed, the body failed (hyper aborts the
    /// connection then too), or the server is draining.
    Close,
}

/// Bytes read from the client while a stream lasts (its next request, or nothing but the end of the connection).
const PEEK: usize = 256;

/// Writes `response`, a [plain stream](is_plain_stream), to `stream` as hyper would: the head at once, each data
/// frame as one chunk as soon as the body yields it, the last chunk when the body ends. The client's side is read
/// meanwhile, so a client that leaves ends the stream (and drops its body) at once; a change on `shutdown` lets the
/// stream finish and then closes the connection, as hyper's graceful shutdown does.
pub(crate) async fn write_stream<S: Connection>(
    stream: &mut S,
    response: Response,
    shutdown: &mut watch::Receiver<()>,
) -> StreamEnd {
    // The clock is not kept: this future lasts as long as the stream.
    let head = stream_head(&response, ConnectionClock::default().now().date);
    let mut body = response.into_body();
    if write_all(stream, &[IoSlice::new(&head)]).await.is_err() {
        return StreamEnd::Close;
    }
    drop(head);
    let mut next_request = Vec::new();
    let mut peek = [0; PEEK];
    let mut draining = false;
    loop {
        let reading = next_request.len() < CAPACITY;
        tokio::select! {
            frame = poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)) => match frame {
                Some(Ok(frame)) => {
                    // Trailers are not sent without a `trailer` header, by hyper either.
                    let Ok(data) = frame.into_data() else { continue };
                    if data.is_empty() {
                        continue;
                    }
                    let size = format!("{:X}\r\n", data.len());
                    let chunk = [IoSlice::new(size.as_bytes()), IoSlice::new(&data), IoSlice::new(b"\r\n")];
                    if write_all(stream, &chunk).await.is_err() {
                        return StreamEnd::Close;
                    }
                }
                Some(Err(error)) => {
                    tracing::debug!(%error, "a streamed body failed; closing its connection");
                    return StreamEnd::Close;
                }
                None => {
                    if write_all(stream, &[IoSlice::new(b"0\r\n\r\n")]).await.is_err() || draining {
                        return StreamEnd::Close;
                    }
                    return StreamEnd::KeepAlive(next_request);
                }
            },
            read = stream.read(&mut peek), if reading => match read {
                Ok(0) | Err(_) => return StreamEnd::Close,
                Ok(read) => next_request.extend_from_slice(&peek[..read]),
            },
            changed = shutdown.changed(), if !draining => {
                // A closed channel means the server is gone: the same as a drain.
                let _ = changed;
                draining = true;
            }
        }
    }
}

/// Writes every byte of `slices` and flushes (TLS buffers what it encrypts).
async fn write_all<S: Connection>(stream: &mut S, slices: &[IoSlice<'_>]) -> io::Result<()> {
    let mut owned: [IoSlice<'_>; 3] = [IoSlice::new(&[]), IoSlice::new(&[]), IoSlice::new(&[])];
    let count = slices.len().min(owned.len());
    owned[..count].copy_from_slice(&slices[..count]);
    let mut remaining = &mut owned[..count];
    while !remaining.is_empty() {
        let written = stream.write_vectored(remaining).await?;
        if written == 0 {
            return Err(io::ErrorKind::WriteZero.into());
        }
        IoSlice::advance_slices(&mut remaining, written);
    }
    stream.flush().await
}

/// The router behind hyper, with the answer to the connection's first request already given: hyper parses the
/// replayed request again and gets that answer, so the router runs (and counts) it once.
pub(crate) struct FirstAnswered {
    first: Mutex<Option<Response>>,
    app: TowerToHyperService<Router>,
}

impl FirstAnswered {
    pub fn new(first: Option<Response>, app: Router) -> Self {
        Self { first: Mutex::new(first), app: TowerToHyperService::new(app) }
    }
}

impl hyper::service::Service<axum::http::Request<Incoming>> for FirstAnswered {
    type Response = Response;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

    fn call(&self, request: axum::http::Request<Incoming>) -> Self::Future {
        let first = self.first.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
        match first {
            Some(response) => Box::pin(std::future::ready(Ok(response))),
            None => Box::pin(self.app.call(request)),
        }
    }
}

#[cfg(test)]
#[path = "stream_tests.rs"]
mod tests;
