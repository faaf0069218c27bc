//! One HTTP/1.1 connection on the fast path: requests for documents are parsed in place and answered with
//! heads gathered from prebuilt lines and the prebuilt body in one vectored write; the first request the fast
//! path does not answer hands the connection, with the bytes already read, to hyper and the router for good —
//! unless it is a watch the router answers with a stream, which is written here and the connection kept after it
//! (see [`super::stream`]).

use std::io::{self, IoSlice};
use std::time::Instant;

use axum::Router;
use axum::extract::Request;
use axum::response::Response;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::watch;

use super::buffer::ReadBuffer;
use super::clock::ConnectionClock;
use super::prefixed::Prefixed;
use super::request::{MAX_HEADERS, Parsed, SimpleRequest, parse};
pub(crate) use super::socket::Connection;
use super::stream::{FirstAnswered, StreamEnd, is_plain_stream, may_stream, route, to_request, write_stream};
use crate::body::Body;
use crate::body_file::BodyFile;
use crate::bundle::Bundle;
use crate::documents::{Answer, Pending, answer, document_path};
use crate::graceful::until_drained;
use crate::handle::Handle;
use crate::limits::ServeLimits;
use crate::metrics::EndpointClass;
use crate::respond::Prepared;

/// What became of the buffered bytes.
enum Step {
    /// One request answered; there may be more.
    Answered,
    /// The buffer holds no whole request.
    NeedMore,
    /// hyper takes over from here.
    HandOff,
    /// The client is gone.
    Closed,
}

/// Serves `stream` until the client leaves, stays silent past the header-read timeout, or `shutdown` changes
/// while no request is in progress.
pub(crate) async fn serve_connection<S: Connection>(
    mut stream: S,
    handle: Handle,
    app: Router,
    limits: ServeLimits,
    mut shutdown: watch::Receiver<()>,
) {
    let mut buffer = ReadBuffer::default();
    loop {
        // Boxed: its state (the parsed head's storage, the write in progress) is freed when it ends, rather than
        // kept in this connection's task for as long as a stream that follows lasts.
        let ending = Box::pin(serve_documents(&mut stream, &handle, &mut buffer, limits, &mut shutdown)).await;
        if ending == Ending::Closed {
            return;
        }
        handle.metrics().observe_fast_path_hand_off();
        let unread = buffer.take_unread();
        // Freed before the router answers: a watch lives for minutes, and the buffer would otherwise stay
        // allocated for as long (16 KiB of each idle watcher's memory).
        drop(buffer);
        // hyper's connection and the router's future are boxed too: this future's size is that of its largest
        // state, and it stays that large for as long as the connection lasts, in a stream too.
        let Some((request, len)) = stream_request(&unread, limits, &shutdown) else {
            return Box::pin(hand_off(stream, unread, app, limits, shutdown)).await;
        };
        let response = Box::pin(route(&app, request)).await;
        if !is_plain_stream(&response) {
            return Box::pin(hand_off_answered(stream, unread, response, app, limits, shutdown)).await;
        }
        let mut rest = unread[len..].to_vec();
        drop(unread);
        match write_stream(&mut stream, response, &mut shutdown).await {
            StreamEnd::KeepAlive(more) => rest.extend_from_slice(&more),
            StreamEnd::Close => return,
        }
        buffer = match ReadBuffer::with_unread(&rest) {
            Some(buffer) => buffer,
            None => return Box::pin(hand_off(stream, rest, app, limits, shutdown)).await,
        };
    }
}

/// The request at the start of `unread`, for the router, when it may be answered with a stream the fast path
/// writes itself (see [`super::stream`]), with the length of its head: a watch, while the server is not draining.
fn stream_request(unread: &[u8], limits: ServeLimits, shutdown: &watch::Receiver<()>) -> Option<(Request, usize)> {
    if shutdown.has_changed().unwrap_or(true) {
        return None;
    }
    let mut storage = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let Parsed::Simple(request) = parse(unread, &mut storage) else { return None };
    if request.len > limits.max_head_bytes || !may_stream(&request) {
        return None;
    }
    Some((to_request(&request)?, request.len))
}

/// How the fast path's part of a connection ended.
#[derive(Debug, PartialEq, Eq)]
enum Ending {
    /// Closed: the client left, timed out, or the server is shutting down.
    Closed,
    /// A request for the router is in the buffer.
    HandOff,
}

/// Answers requests for documents until one is not, or the connection ends.
async fn serve_documents<S: Connection>(
    stream: &mut S,
    handle: &Handle,
    buffer: &mut ReadBuffer,
    limits: ServeLimits,
    shutdown: &mut watch::Receiver<()>,
) -> Ending {
    let mut clock = ConnectionClock::default();
    // One timer and one shutdown registration for the connection's life, moved rather than re-created per
    // request (a later deadline only updates the timer entry in place). A head must arrive within the timeout
    // of the server being ready to read it.
    let head_deadline = tokio::time::sleep(limits.header_read_timeout);
    let shutting_down = shutdown.changed();
    tokio::pin!(head_deadline, shutting_down);
    loop {
        match answer_buffered(stream, handle, buffer, &mut clock, limits.max_head_bytes).await {
            Step::Answered => {
                head_deadline.as_mut().reset(tokio::time::Instant::now() + limits.header_read_timeout);
                continue;
            }
            Step::NeedMore if !buffer.is_full() => {}
            Step::NeedMore | Step::HandOff => return Ending::HandOff,
            Step::Closed => return Ending::Closed,
        }
        let read = tokio::select! {
            read = stream.read(buffer.spare()) => read,
            () = &mut head_deadline => {
                tracing::debug!("dropped a client that sent no whole request head within the header-read timeout");
                return Ending::Closed;
            }
            // Idle or part-way through a head: nothing in progress to finish.
            _ = &mut shutting_down => return Ending::Closed,
        };
        match read {
            Ok(0) | Err(_) => return Ending::Closed,
            Ok(read) => buffer.filled(read),
        }
    }
}

/// Answers the first buffered request, if it is whole and the fast path's to answer.
async fn answer_buffered<S: Connection>(
    stream: &mut S,
    handle: &Handle,
    buffer: &mut ReadBuffer,
    clock: &mut ConnectionClock,
    max_head_bytes: usize,
) -> Step {
    let mut storage = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let request = match parse(buffer.unread(), &mut storage) {
        // The router's guard answers heads over the limit.
        Parsed::Simple(request) if request.len > max_head_bytes => return Step::HandOff,
        Parsed::Simple(request) => request,
        Parsed::Partial => return Step::NeedMore,
        Parsed::HandOff => return Step::HandOff,
    };
    let started = Instant::now();
    loop {
        match answer_request(stream, handle, &request, clock, started).await {
            Attempt::Done(written) => {
                buffer.consume(request.len);
                return if written.is_err() { Step::Closed } else { Step::Answered };
            }
            Attempt::HandOff => return Step::HandOff,
            // Computed off this event loop (its other connections go on), then answered from the bundle current
            // by then.
            Attempt::Pending(pending) => pending.compute_off_loop().await,
        }
    }
}

/// What one attempt at answering a request from the current bundle gave.
enum Attempt {
    /// Answered: whether the response was written.
    Done(io::Result<()>),
    HandOff,
    /// The document needs something computed first.
    Pending(Pending),
}

/// Answers `request` from the current bundle, unless it needs something computed first.
async fn answer_request<S: Connection>(
    stream: &mut S,
    handle: &Handle,
    request: &SimpleRequest<'_>,
    clock: &mut ConnectionClock,
    started: Instant,
) -> Attempt {
    let current = handle.current_guard();
    let Some(bundle) = current.as_ref() else { return Attempt::HandOff };
    let (prepared, class) = match decide(bundle, request) {
        Decision::Answer(prepared, class) => (prepared, class),
        Decision::HandOff => return Attempt::HandOff,
        Decision::Pending(pending) => return Attempt::Pending(pending),
    };
    let head = prepared.head_parts(clock.now(), request.head);
    let slices = head.io_slices();
    let head = &slices[..head.len()];
    // Over plain TCP a large body goes out of a file with sendfile(2); through TLS it is written from memory.
    let body = if stream.as_tcp().is_some() { prepared.body_to_send() } else { prepared.body() };
    let written = match body.filter(|_| !request.head) {
        None => write_response(stream, head, None).await,
        Some(Body::Memory(bytes)) => write_response(stream, head, Some(bytes)).await,
        Some(Body::File(file)) => match stream.as_tcp() {
            #[cfg(target_os = "linux")]
            Some(tcp) => super::sendfile::send_head_and_file(tcp, head, file).await,
            _ => write_file(stream, head, file).await,
        },
    };
    let status = prepared.status().as_u16();
    observe(handle, request, class, status, started);
    Attempt::Done(written)
}

/// The fast path's decision for one request.
pub(crate) enum Decision<'b> {
    Answer(Prepared<'b>, EndpointClass),
    /// For the router to answer.
    HandOff,
    Pending(Pending),
}

/// The fast path's answer to `request` from `bundle`: a document, something to compute first, or the router's to
/// answer.
pub(crate) fn decide<'b>(bundle: &'b Bundle, request: &SimpleRequest<'b>) -> Decision<'b> {
    let Some(path) = document_path(request.path) else { return Decision::HandOff };
    let class = path.endpoint_class();
    match answer(bundle, path, request.query, request.headers) {
        Answer::Document(prepared) => Decision::Answer(prepared, class),
        Answer::Pending(pending) => Decision::Pending(pending),
        Answer::Redirect { .. } | Answer::Remote { .. } | Answer::Failure(_) | Answer::Unavailable(_) => {
            Decision::HandOff
        }
    }
}

fn observe(handle: &Handle, request: &SimpleRequest<'_>, class: EndpointClass, status: u16, started: Instant) {
    let elapsed = started.elapsed();
    handle.metrics().observe_request(class, request.method(), status, elapsed);
    handle.metrics().observe_fast_path_answer();
    handle.log_request(request.method(), request.target, status);
    tracing::debug!(method = request.method(), target = request.target, status, "request");
}

/// Writes the head pieces and the body with as few system calls as the socket allows.
async fn write_response<S: Connection>(stream: &mut S, head: &[IoSlice<'_>], body: Option<&[u8]>) -> io::Result<()> {
    let mut slices = [IoSlice::new(&[]); 16];
    let count = head.len().min(slices.len() - 1);
    slices[..count].copy_from_slice(&head[..count]);
    let count = match body {
        Some(body) => {
            slices[count] = IoSlice::new(body);
            count + 1
        }
        None => count,
    };
    let mut remaining = &mut slices[..count];
    while !remaining.is_empty() {
        let written = stream.write_vectored(remaining).await?;
        if written == 0 {
            return Err(io::ErrorKind::WriteZero.into());
        }
        IoSlice::advance_slices(&mut remaining, written);
    }
    Ok(())
}

/// Writes the head and then a body in a file a piece at a time, where `sendfile(2)` cannot be used (TLS).
async fn write_file<S: Connection>(stream: &mut S, head: &[IoSlice<'_>], body: &BodyFile) -> io::Result<()> {
    write_response(stream, head, None).await?;
    const PIECE_BYTES: usize = 256 * 1024;
    let mut offset = 0;
    while offset < body.len() {
        let piece = body.read_piece(offset, PIECE_BYTES)?;
        stream.write_all(&piece).await?;
        offset += piece.len();
    }
    Ok(())
}

/// Serves the rest of the connection with hyper and the router, replaying `unread` first.
pub(crate) async fn hand_off<S: Connection>(
    stream: S,
    unread: Vec<u8>,
    app: Router,
    limits: ServeLimits,
    mut shutdown: watch::Receiver<()>,
) {
    let connection = crate::limits::http1_builder(limits)
        .serve_connection(TokioIo::new(Prefixed::new(unread, stream)), TowerToHyperService::new(app));
    let outcome = until_drained(connection, &mut shutdown, |c| c.graceful_shutdown()).await;
    if let Err(error) = outcome {
        tracing::debug!(%error, "connection ended with an error");
    }
}

/// [`hand_off`] with the router's answer to the request at the start of `unread` already given: hyper parses that
/// request again and sends `response`, then serves the rest of the connection.
async fn hand_off_answered<S: Connection>(
    stream: S,
    unread: Vec<u8>,
    response: Response,
    app: Router,
    limits: ServeLimits,
    mut shutdown: watch::Receiver<()>,
) {
    let connection = crate::limits::http1_builder(limits)
        .serve_connection(TokioIo::new(Prefixed::new(unread, stream)), FirstAnswered::new(Some(response), app));
    let outcome = until_drained(connection, &mut shutdown, |c| c.graceful_shutdown()).await;
    if let Err(error) = outcome {
        tracing::debug!(%error, "connection ended with an error");
    }
}
