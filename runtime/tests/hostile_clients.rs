//! Clients that try to hold or trick the server, against a real loopback socket: slow request heads, too many
//! connections, oversized heads and targets, methods nothing serves, and path traversal in its many spellings.
//! Every test runs against both ways of serving: the router alone (`serve_with`) and the router behind the
//! connection fast path (`serve_bundle`, what `kapi serve` runs).

use crate::common;

use std::time::{Duration, Instant};

use common::bundle;
use kapi_runtime::{Handle, ServeLimits, router, serve_bundle, serve_with};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Starts two servers with `limits` on free ports, the router alone and with the fast path; they run until the
/// test's runtime ends.
async fn start(limits: ServeLimits) -> [u16; 2] {
    let plain = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let fast = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let ports = [plain.local_addr().expect("address").port(), fast.local_addr().expect("address").port()];
    let app = router(Handle::with_bundle(bundle(0)));
    tokio::spawn(serve_with(plain, app, std::future::pending(), limits));
    tokio::spawn(serve_bundle(fast, Handle::with_bundle(bundle(0)), std::future::pending(), limits));
    ports
}

/// Sends `raw` on a fresh connection and reads until the server closes it (at most 5 s): the whole answer.
async fn exchange(port: u16, raw: &[u8]) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).await.expect("connect");
    stream.write_all(raw).await.expect("send");
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer).into_owned()
}

async fn get(port: u16, target: &str) -> String {
    exchange(port, format!("GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes()).await
}

fn status(answer: &str) -> u16 {
    answer.split(' ').nth(1).and_then(|code| code.parse().ok()).unwrap_or(0)
}

/// True once the server has closed `stream` (a read returns end of file or a reset).
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let mut buffer = [0; 1024];
    let started = Instant::now();
    while started.elapsed() < limit {
        match tokio::time::timeout(limit - started.elapsed(), stream.read(&mut buffer)).await {
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => continue,
            Err(_) => return false,
        }
    }
    false
}

fn limits() -> ServeLimits {
    ServeLimits { header_read_timeout: Duration::from_millis(500), max_connections: 64, max_head_bytes: 16 * 1024 }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_request_heads_are_dropped_while_other_clients_are_served() {
    for port in start(limits()).await {
        let mut slow = Vec::new();
        for _ in 0..20 {
            let mut stream = TcpStream::connect(("127.0.0.1", port)).await.expect("connect");
            stream.write_all(b"GET /apis HT").await.expect("send half a request line");
            slow.push(stream);
        }
        let started = Instant::now();
        assert_eq!(status(&get(port, "/apis").await), 200, "served while slow clients hang");
        assert!(started.elapsed() < Duration::from_millis(400), "took {:?}", started.elapsed());
        for stream in &mut slow {
            assert!(closed_within(stream, Duration::from_secs(3)).await, "a slow client was kept past the timeout");
        }
        // An idle keep-alive connection goes the same way once its request is answered.
        let mut idle = TcpStream::connect(("127.0.0.1", port)).await.expect("connect");
        idle.write_all(b"GET /version HTTP/1.1\r\nHost: x\r\n\r\n").await.expect("send");
        let mut first = vec![0; 4096];
        let read = idle.read(&mut first).await.expect("answer");
        assert!(String::from_utf8_lossy(&first[..read]).starts_with("HTTP/1.1 200"));
        assert!(closed_within(&mut idle, Duration::from_secs(3)).await, "an idle connection was kept");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_limit_are_refused_cleanly() {
    for port in
        start(ServeLimits { max_connections: 4, header_read_timeout: Duration::from_secs(30), ..limits() }).await
    {
        let mut held = Vec::new();
        for _ in 0..4 {
            held.push(TcpStream::connect(("127.0.0.1", port)).await.expect("connect"));
        }
        // Give the server time to accept them all.
        tokio::time::sleep(Duration::from_millis(200)).await;
        let refused = get(port, "/apis").await;
        assert_eq!(status(&refused), 503, "{refused}");
        assert!(
            refused.contains("\"reason\":\"ServiceUnavailable\"") && refused.contains("retry-after: 1"),
            "{refused}"
        );
        drop(held.pop());
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(status(&get(port, "/apis").await), 200, "a freed slot is used again");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_heads_and_targets_are_refused() {
    for port in start(limits()).await {
        let big_header =
            format!("GET /apis HTTP/1.1\r\nHost: x\r\nX-Filler: {}\r\nConnection: close\r\n\r\n", "a".repeat(20_000));
        assert_eq!(status(&exchange(port, big_header.as_bytes()).await), 431);
        // Just over the limit, and just under it: the limit is on the head as sent, exactly.
        for (filler, expected) in [(16 * 1024 - 200, 200), (16 * 1024 + 10, 431)] {
            let head = format!("GET /apis HTTP/1.1\r\nHost: x\r\nX-Filler: {}\r\n\r\n", "a".repeat(filler));
            let head = head.replace("Host: x\r\n", "Host: x\r\nConnection: close\r\n");
            let answer = exchange(port, head.as_bytes()).await;
            assert_eq!(status(&answer), expected, "a {}-byte head: {answer:.200}", head.len());
        }
        let long_target = format!("/apis?{}", "a=b&".repeat(2_500));
        let answer = get(port, &long_target).await;
        assert_eq!(status(&answer), 414, "{answer}");
        assert!(answer.contains("\"reason\":\"RequestURITooLong\""), "{answer}");
        assert_eq!(status(&get(port, &format!("/apis?{}", "a=b&".repeat(1_000))).await), 200, "a long but sane query");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_reads_are_allowed_and_options_says_so() {
    for port in start(limits()).await {
        for method in ["POST", "PUT", "PATCH", "DELETE", "TRACE"] {
            let request =
                format!("{method} /apis HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            let answer = exchange(port, request.as_bytes()).await;
            assert_eq!(status(&answer), 405, "{method}: {answer}");
            assert!(answer.contains("allow: GET, HEAD, OPTIONS"), "{method}: {answer}");
        }
        let options = exchange(port, b"OPTIONS /openapi/v3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await;
        assert_eq!(status(&options), 204, "{options}");
        assert!(options.contains("allow: GET, HEAD, OPTIONS"), "{options}");
        let head = exchange(port, b"HEAD /apis HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await;
        assert_eq!(status(&head), 200, "{head}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn path_traversal_never_reaches_a_file() {
    for port in start(limits()).await {
        let encoded = [
            "/openapi/v3/../../etc/passwd",
            "/openapi/v3/%2e%2e/%2e%2e/etc/passwd",
            "/openapi/v3/..%2f..%2fetc%2fpasswd",
            "/openapi/v3/%252e%252e%252f%252e%252e%252fetc%252fpasswd",
            "/openapi/v3/....//....//etc/passwd",
            "/openapi/v3/..%5c..%5cetc%5cpasswd",
            "/openapi/v3/apis/apps/v1%00.json",
            "/openapi/v3/apis/apps%2fv1",
            "//etc/passwd",
            "/apis/../../../../etc/passwd",
            "/api/..%2f..%2f..%2fetc%2fpasswd",
        ];
        for target in encoded {
            let answer = get(port, target).await;
            assert_eq!(status(&answer), 404, "{target}: {answer}");
            assert!(!answer.contains("root:"), "{target} leaked a file");
        }
        // Raw backslashes and NUL bytes are not valid in a request line: refused before routing.
        for raw in ["/openapi/v3/..\\..\\etc\\passwd", "/openapi/v3/apis/apps/v1\0"] {
            let answer = get(port, raw).await;
            assert!(matches!(status(&answer), 400 | 404), "{raw:?}: {answer}");
            assert!(!answer.contains("root:"), "{raw:?} leaked a file");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_head_over_the_default_limit_is_refused_even_when_it_arrives_whole() {
    // hyper's own check is on its read buffer, which can hold a 70 KB head whole; the limit is 64 KiB.
    for port in start(ServeLimits::default()).await {
        for (filler, expected) in [(60_000, 200), (70_000, 431)] {
            let head = format!(
                "GET /apis HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Filler: {}\r\n\r\n",
                "a".repeat(filler)
            );
            let answer = exchange(port, head.as_bytes()).await;
            assert_eq!(status(&answer), expected, "a {}-byte head: {answer:.200}", head.len());
        }
    }
}
