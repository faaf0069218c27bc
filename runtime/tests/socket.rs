//! The router on a real loopback socket: HTTP/1.1 framing, Content-Length, HEAD and gzip as a client sees them.

use crate::common;

use std::time::Duration;

use common::{AGG_V2, gunzip};
use kapi_runtime::{Handle, router};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// One request over a fresh connection; returns (status line, lowercase headers, body).
async fn request(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
) -> (String, Vec<(String, String)>, Vec<u8>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).await.expect("connect");
    let mut text = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n");
    for (name, value) in headers {
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    text.push_str("\r\n");
    stream.write_all(text.as_bytes()).await.expect("send");
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut raw)).await.expect("in time").expect("read");
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("header end");
    let head = String::from_utf8(raw[..split].to_vec()).expect("ascii head");
    let mut lines = head.split("\r\n");
    let status = lines.next().expect("status line").to_owned();
    let parsed = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_owned()))
        .collect();
    (status, parsed, raw[split + 4..].to_vec())
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> &'a str {
    headers.iter().find(|(n, _)| n == name).map_or("", |(_, v)| v.as_str())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serves_over_a_loopback_socket() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind a free loopback port");
    let port = listener.local_addr().expect("address").port();
    let handle = Handle::with_bundle(common::bundle(0));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(kapi_runtime::serve(listener, router(handle), async move {
        let _ = stopped.await;
    }));

    let (status, headers, body) = request(port, "GET", "/apis?timeout=32s", &[("Accept", AGG_V2)]).await;
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert_eq!(header(&headers, "content-type"), AGG_V2);
    assert_eq!(header(&headers, "content-length"), body.len().to_string());
    assert_eq!(header(&headers, "etag"), format!("\"{}\"", kapi_meta::content_hash::content_hash(&body)));

    let (status, headers, body) = request(port, "HEAD", "/openapi/v3/api/v1", &[]).await;
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(body.is_empty(), "HEAD has no body");
    let (_, _, full) = request(port, "GET", "/openapi/v3/api/v1", &[]).await;
    assert_eq!(header(&headers, "content-length"), full.len().to_string(), "HEAD announces the GET length");

    let (_, headers, zipped) = request(port, "GET", "/openapi/v3/api/v1", &[("Accept-Encoding", "gzip")]).await;
    assert_eq!(header(&headers, "content-encoding"), "gzip");
    assert_eq!(gunzip(&zipped), full);

    let (status, _, _) = request(port, "GET", "/openapi/v3/../../../etc/passwd", &[]).await;
    assert!(status.starts_with("HTTP/1.1 404") || status.starts_with("HTTP/1.1 400"), "{status}");

    // Shutdown stops accepting and returns once open connections are done.
    stop.send(()).expect("server still running");
    tokio::time::timeout(Duration::from_secs(15), server).await.expect("drained in time").expect("no panic");
    assert!(TcpStream::connect(("127.0.0.1", port)).await.is_err(), "still accepting after shutdown");
}
