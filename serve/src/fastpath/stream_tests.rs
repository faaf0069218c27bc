use std::time::Duration;

use axum::body::Bytes;
use axum::http::header::CONTENT_TYPE;
use hyper::body::Frame;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncReadExt, AsyncWriteExt, DuplexStream};
use tokio::sync::mpsc;

use super::*;
use crate::fastpath::request::{MAX_HEADERS, Parsed, parse};
use crate::limits::ServeLimits;

impl Connection for DuplexStream {
    fn as_tcp(&self) -> Option<&tokio::net::TcpStream> {
        None
    }
}

const WATCH: &[u8] = b"GET /apis/discovery.k8s.io/v1alpha1/groups?watch=1&resourceVersion=7 HTTP/1.1\r\n\
    Host: localhost\r\nAccept: application/json\r\nX-Twice: a\r\nX-Twice: b\r\n\r\n";

fn with_parsed<T>(bytes: &[u8], then: impl FnOnce(&SimpleRequest<'_>) -> T) -> T {
    let mut storage = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let Parsed::Simple(request) = parse(bytes, &mut storage) else { panic!("not simple: {bytes:?}") };
    then(&request)
}

#[test]
fn watches_are_told_by_their_query_or_path() {
    let may = |target: &str| with_parsed(format!("GET {target} HTTP/1.1\r\n\r\n").as_bytes(), may_stream);
    assert!(may("/apis/discovery.k8s.io/v1alpha1/groups?watch=1"));
    assert!(may("/apis/discovery.k8s.io/v1alpha1/groups?resourceVersion=3&watch=true"));
    assert!(may("/apis/discovery.k8s.io/v1alpha1/watch/groups"));
    assert!(may("/apis/x/v1/groups?watch"));
    assert!(!may("/apis/discovery.k8s.io/v1alpha1/groups"));
    assert!(!may("/apis/discovery.k8s.io/v1alpha1/groups?watchful=1&allowWatchBookmarks=true"));
    assert!(!may("/apis/x/v1/watchers"));
    assert!(!with_parsed(b"HEAD /apis/x/v1/groups?watch=1 HTTP/1.1\r\n\r\n", may_stream), "a HEAD has no stream");
}

#[test]
fn the_request_is_the_one_hyper_would_give_the_router() {
    let request = with_parsed(WATCH, to_request).expect("request");
    assert_eq!(request.method(), Method::GET);
    assert_eq!(request.version(), Version::HTTP_11);
    assert_eq!(request.uri().path(), "/apis/discovery.k8s.io/v1alpha1/groups");
    assert_eq!(request.uri().query(), Some("watch=1&resourceVersion=7"));
    assert_eq!(request.headers()["host"], "localhost");
    let twice: Vec<_> = request.headers().get_all("x-twice").iter().collect();
    assert_eq!(twice, ["a", "b"], "repeated headers kept, in order");
}

/// A body of the lines sent on its channel, ending when the sender is dropped.
struct Lines(mpsc::UnboundedReceiver<&'static str>);

impl hyper::body::Body for Lines {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.0.poll_recv(cx).map(|line| line.map(|line| Ok(Frame::data(Bytes::from_static(line.as_bytes())))))
    }
}

/// A watch-like answer streaming what is sent on the returned channel.
fn streamed() -> (Response, mpsc::UnboundedSender<&'static str>) {
    let (lines, receiver) = mpsc::unbounded_channel();
    let mut response = Response::new(Body::new(Lines(receiver)));
    response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static("application/json;stream=watch"));
    response.headers_mut().append("x-twice", HeaderValue::from_static("a"));
    response.headers_mut().append("x-twice", HeaderValue::from_static("b"));
    (response, lines)
}

/// Reads from `client` until what arrived ends with `end`.
async fn read_until(client: &mut DuplexStream, end: &[u8]) -> Vec<u8> {
    let mut seen = Vec::new();
    let mut chunk = [0; 1024];
    while !seen.ends_with(end) {
        let read = tokio::time::timeout(Duration::from_secs(5), client.read(&mut chunk))
            .await
            .expect("in time")
            .expect("read");
        assert_ne!(read, 0, "closed after {:?}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&chunk[..read]);
    }
    seen
}

/// The bytes with the date's value masked (the two servers may format it a second apart).
fn dateless(bytes: &[u8]) -> String {
    let text = String::from_utf8(bytes.to_vec()).expect("ascii");
    let at = text.find("date: ").expect("a date") + "date: ".len();
    format!("{}<date>{}", &text[..at], &text[at + 29..])
}

/// The head, two events and the last chunk, as a client reads them from `client` while `lines` feeds the body.
async fn exchange(client: &mut DuplexStream, lines: mpsc::UnboundedSender<&'static str>) -> Vec<u8> {
    let mut seen = read_until(client, b"\r\n\r\n").await;
    lines.send("{\"type\":\"ADDED\"}\n").expect("open");
    seen.extend(read_until(client, b"}\n\r\n").await);
    lines.send("{\"type\":\"MODIFIED\",\"object\":{\"long\":\"........................\"}}\n").expect("open");
    seen.extend(read_until(client, b"}\n\r\n").await);
    drop(lines);
    seen.extend(read_until(client, b"0\r\n\r\n").await);
    seen
}

#[tokio::test]
async fn a_stream_goes_out_byte_for_byte_as_hyper_writes_it() {
    // hyper, given the same answer through `FirstAnswered`.
    let (mut client, server) = tokio::io::duplex(64 * 1024);
    let (response, lines) = streamed();
    assert!(is_plain_stream(&response));
    let served = tokio::spawn(async move {
        let service = FirstAnswered::new(Some(response), Router::new());
        let _ =
            crate::limits::http1_builder(ServeLimits::default()).serve_connection(TokioIo::new(server), service).await;
    });
    client.write_all(WATCH).await.expect("request");
    let by_hyper = exchange(&mut client, lines).await;
    drop(client);
    served.await.expect("served");

    // The fast path.
    let (mut client, mut server) = tokio::io::duplex(64 * 1024);
    let (response, lines) = streamed();
    let written = tokio::spawn(async move {
        let (_draining, mut shutdown) = watch::channel(());
        write_stream(&mut server, response, &mut shutdown).await
    });
    let by_fast_path = exchange(&mut client, lines).await;
    assert_eq!(written.await.expect("written"), StreamEnd::KeepAlive(Vec::new()), "the connection stays open");

    assert_eq!(dateless(&by_fast_path), dateless(&by_hyper));
    assert!(dateless(&by_hyper).starts_with(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json;stream=watch\r\nx-twice: a\r\nx-twice: b\r\n\
         transfer-encoding: chunked\r\ndate: <date>\r\n\r\n11\r\n{\"type\":\"ADDED\"}\n\r\n"
    ));
}

#[tokio::test]
async fn the_next_request_sent_during_a_stream_is_kept_for_after_it() {
    let (mut client, mut server) = tokio::io::duplex(64 * 1024);
    let (response, lines) = streamed();
    let written = tokio::spawn(async move {
        let (_draining, mut shutdown) = watch::channel(());
        write_stream(&mut server, response, &mut shutdown).await
    });
    read_until(&mut client, b"\r\n\r\n").await;
    client.write_all(b"GET /apis HTTP/1.1\r\n\r\n").await.expect("pipelined");
    // Read before the stream ends (the stream's own wake-ups are not ordered with the client's).
    tokio::time::sleep(Duration::from_millis(50)).await;
    drop(lines);
    read_until(&mut client, b"0\r\n\r\n").await;
    assert_eq!(written.await.expect("written"), StreamEnd::KeepAlive(b"GET /apis HTTP/1.1\r\n\r\n".to_vec()));
}

#[tokio::test]
async fn a_client_that_leaves_ends_the_stream_and_drops_its_body() {
    let (mut client, mut server) = tokio::io::duplex(64 * 1024);
    let (response, lines) = streamed();
    let written = tokio::spawn(async move {
        let (_draining, mut shutdown) = watch::channel(());
        write_stream(&mut server, response, &mut shutdown).await
    });
    read_until(&mut client, b"\r\n\r\n").await;
    drop(client);
    assert_eq!(written.await.expect("written"), StreamEnd::Close);
    assert!(lines.is_closed(), "the body (a watch session) is dropped with the stream");
}

#[tokio::test]
async fn a_drain_lets_the_stream_finish_then_closes() {
    let (mut client, mut server) = tokio::io::duplex(64 * 1024);
    let (response, lines) = streamed();
    let (draining, mut shutdown) = watch::channel(());
    let written = tokio::spawn(async move { write_stream(&mut server, response, &mut shutdown).await });
    read_until(&mut client, b"\r\n\r\n").await;
    draining.send(()).expect("a connection listens");
    lines.send("{\"type\":\"MODIFIED\"}\n").expect("still open");
    read_until(&mut client, b"}\n\r\n").await;
    drop(lines);
    read_until(&mut client, b"0\r\n\r\n").await;
    assert_eq!(written.await.expect("written"), StreamEnd::Close);
}

#[test]
fn answers_with_a_length_or_framing_of_their_own_go_to_hyper() {
    let full = Response::new(Body::from("{}"));
    assert!(!is_plain_stream(&full), "a known length");
    let (mut refused, _lines) = streamed();
    *refused.status_mut() = StatusCode::GONE;
    assert!(!is_plain_stream(&refused));
    let (mut closing, _lines) = streamed();
    closing.headers_mut().insert(CONNECTION, HeaderValue::from_static("close"));
    assert!(!is_plain_stream(&closing));
}
