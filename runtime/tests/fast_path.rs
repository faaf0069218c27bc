//! The connection fast path (`serve_bundle`) against the router alone (`serve_with`), over real sockets: for
//! every document path, negotiation, encoding, validator and method, the two answer with the same status,
//! headers (but `Date`) and bytes; pipelined requests are answered in order, across a hand-off to the router.

use crate::common;

use std::time::{Duration, SystemTime};

use common::{AGG_V2, AGG_V2BETA1, V2_PB_AT, V3_PB_AT, V3_PB_DOT, bundle};
use kapi_runtime::{Handle, ServeLimits, router, serve_bundle, serve_with};
use tokio::io::{AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

/// One response read off the wire.
#[derive(Debug, Clone, PartialEq)]
struct Raw {
    status: u16,
    /// Lowercase names, in the order sent, without `date`, and `expires` only as a placeholder.
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Raw {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Reads one response; `head` says the request was a HEAD (no body follows whatever the length says).
async fn read_response(stream: &mut BufReader<TcpStream>, head: bool) -> Raw {
    let mut head_bytes = Vec::new();
    while !head_bytes.ends_with(b"\r\n\r\n") {
        let byte = stream.read_u8().await.expect("response head");
        head_bytes.push(byte);
    }
    let text = String::from_utf8(head_bytes).expect("ascii head");
    let mut lines = text.split("\r\n");
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).and_then(|c| c.parse().ok()).expect("status");
    let mut headers = Vec::new();
    let mut saw_date = false;
    for line in lines.filter(|l| !l.is_empty()) {
        let (name, value) = line.split_once(':').expect("header line");
        let name = name.to_ascii_lowercase();
        if name == "date" {
            let parsed = httpdate::parse_http_date(value.trim()).expect("an HTTP date");
            let skew = SystemTime::now().duration_since(parsed).unwrap_or_default();
            assert!(skew < Duration::from_secs(5), "date {value} is not now");
            saw_date = true;
            continue;
        }
        if name == "expires" {
            // Taken from the clock as each response is made, so two answers a second boundary apart differ in it:
            // checked here, compared as a placeholder.
            let parsed = httpdate::parse_http_date(value.trim()).expect("an HTTP date");
            let ahead = parsed.duration_since(SystemTime::now()).unwrap_or_default();
            let days = ahead.as_secs_f64() / 86_400.0;
            assert!((364.9..366.1).contains(&days), "expires {value} is not a year from now");
            headers.push((name, "(a year from now)".to_owned()));
            continue;
        }
        headers.push((name, value.trim().to_owned()));
    }
    assert!(saw_date, "no date header in {text}");
    let length = headers.iter().find(|(n, _)| n == "content-length").map_or(0, |(_, v)| v.parse().expect("length"));
    let mut body = vec![0; if head { 0 } else { length }];
    stream.read_exact(&mut body).await.expect("body");
    Raw { status, headers, body }
}

fn request(method: &str, target: &str, extra: &[(&str, &str)]) -> String {
    let mut text = format!("{method} {target} HTTP/1.1\r\nHost: x\r\n");
    for (name, value) in extra {
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    text + "\r\n"
}

async fn servers() -> (u16, u16, Handle) {
    let plain = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let fast = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let ports = (plain.local_addr().expect("addr").port(), fast.local_addr().expect("addr").port());
    // One bundle for both, so Last-Modified agrees.
    let handle = Handle::with_bundle(bundle(0));
    tokio::spawn(serve_with(plain, router(handle.clone()), std::future::pending(), ServeLimits::default()));
    tokio::spawn(serve_bundle(fast, handle.clone(), std::future::pending(), ServeLimits::default()));
    (ports.0, ports.1, handle)
}

async fn connect(port: u16) -> BufReader<TcpStream> {
    BufReader::new(TcpStream::connect(("127.0.0.1", port)).await.expect("connect"))
}

async fn exchange(stream: &mut BufReader<TcpStream>, method: &str, target: &str, extra: &[(&str, &str)]) -> Raw {
    stream.get_mut().write_all(request(method, target, extra).as_bytes()).await.expect("send");
    read_response(stream, method == "HEAD").await
}

/// `kapi_fast_path_answers` and `kapi_fast_path_hand_offs` from `/metrics`.
async fn fast_path_counts(port: u16) -> (u64, u64) {
    let mut stream = connect(port).await;
    let metrics = exchange(&mut stream, "GET", "/metrics", &[]).await;
    let text = String::from_utf8(metrics.body).expect("text");
    let value = |name: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(&format!("{name}_total ")))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or_else(|| panic!("{name} missing from {text}"))
    };
    (value("kapi_fast_path_answers"), value("kapi_fast_path_hand_offs"))
}

const PATHS: [&str; 15] = [
    "/api",
    "/apis",
    "/api/v1",
    "/apis/example.com",
    "/apis/example.com/v1",
    "/openapi/v3",
    "/openapi/v3/api/v1",
    "/openapi/v3/apis/example.com/v1",
    "/openapi/v2",
    "/version",
    "/api?timeout=32s",
    "/openapi/v3/apis/example.com/v1?hash=STALE",
    "/apis/nope",
    "/nothing/here",
    "/openapi/v3/api%2Fv1",
];

const ACCEPTS: [Option<&str>; 10] = [
    None,
    Some("application/json"),
    Some(AGG_V2),
    Some(AGG_V2BETA1),
    Some(
        "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json",
    ),
    Some("application/vnd.kubernetes.protobuf, */*;q=0.1"),
    Some(V3_PB_AT),
    Some(V3_PB_DOT),
    Some(V2_PB_AT),
    Some("text/html"),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fast_path_answers_exactly_as_the_router_does() {
    let (plain, fast, _handle) = servers().await;
    let (mut to_plain, mut to_fast) = (connect(plain).await, connect(fast).await);
    let (answered_before, _) = fast_path_counts(fast).await;
    let mut compared = 0;
    let mut paths: Vec<String> = PATHS.iter().map(|p| (*p).to_owned()).collect();
    // The current hash of a document, so `?hash=` is also compared when it is current.
    let index = exchange(&mut to_plain, "GET", "/openapi/v3", &[]).await;
    let index: serde_json::Value = serde_json::from_slice(&index.body).expect("index");
    paths.push(index["paths"]["api/v1"]["serverRelativeURL"].as_str().expect("url").to_owned());
    for path in &paths {
        for accept in ACCEPTS {
            let accept_header: Vec<(&str, &str)> = accept.map(|a| ("Accept", a)).into_iter().collect();
            let first = exchange(&mut to_plain, "GET", path, &accept_header).await;
            let etag = first.header("etag").unwrap_or("\"none\"").to_owned();
            let weak_list = format!("\"other\", W/{etag}");
            let last_modified = first.header("last-modified").unwrap_or("Thu, 01 Jan 1970 00:00:00 GMT").to_owned();
            let validators: [&[(&str, &str)]; 7] = [
                &[],
                &[("Accept-Encoding", "gzip, deflate")],
                &[("If-None-Match", &etag)],
                &[("If-None-Match", &weak_list)],
                &[("If-None-Match", "*")],
                &[("If-Modified-Since", &last_modified)],
                &[("If-Modified-Since", "Thu, 01 Jan 1970 00:00:00 GMT"), ("Accept-Encoding", "x-gzip;q=0.5")],
            ];
            for extra in validators {
                let headers: Vec<(&str, &str)> = accept_header.iter().chain(extra).copied().collect();
                for method in ["GET", "HEAD"] {
                    // A 404 or 406 on the fast path's server hands the connection over; use a fresh one for it.
                    let expected = exchange(&mut to_plain, method, path, &headers).await;
                    let actual = exchange(&mut to_fast, method, path, &headers).await;
                    assert_eq!(actual, expected, "{method} {path} {headers:?}");
                    if actual.status >= 300 && actual.status != 304 {
                        to_fast = connect(fast).await;
                    }
                    compared += 1;
                }
            }
        }
    }
    assert_eq!(compared, 16 * 10 * 7 * 2);
    let (answered_after, _) = fast_path_counts(fast).await;
    assert!(answered_after - answered_before > 1000, "the fast path answered {}", answered_after - answered_before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pipelined_requests_are_answered_in_order_across_a_hand_off() {
    let (_, fast, _handle) = servers().await;
    let (_, hand_offs_before) = fast_path_counts(fast).await;
    let mut stream = connect(fast).await;
    let pipelined = [
        request("GET", "/version", &[]),
        request("HEAD", "/apis", &[("Accept", AGG_V2)]),
        request("GET", "/openapi/v3", &[]),
        // The router's from here on: a method the fast path leaves to it, then documents again.
        request("DELETE", "/apis", &[("Content-Length", "0")]),
        request("GET", "/version", &[]),
        request("GET", "/apis/example.com/v1/groups", &[]),
    ]
    .concat();
    // Sent in small pieces, so heads also arrive split across reads.
    for piece in pipelined.as_bytes().chunks(7) {
        stream.get_mut().write_all(piece).await.expect("send");
    }
    let version = read_response(&mut stream, false).await;
    assert_eq!(version.status, 200);
    assert!(version.header("content-type").is_some_and(|t| t.starts_with("application/json")));
    let apis = read_response(&mut stream, true).await;
    assert_eq!((apis.status, apis.header("content-type")), (200, Some(AGG_V2)));
    assert!(apis.body.is_empty());
    let index = read_response(&mut stream, false).await;
    assert!(serde_json::from_slice::<serde_json::Value>(&index.body).expect("json")["paths"].is_object());
    let refused = read_response(&mut stream, false).await;
    assert_eq!((refused.status, refused.header("allow")), (405, Some("GET, HEAD, OPTIONS")));
    assert_eq!(read_response(&mut stream, false).await.body, version.body, "the router answers the same");
    assert_eq!(read_response(&mut stream, false).await.status, 404, "no groups resource in this bundle");
    let (_, hand_offs_after) = fast_path_counts(fast).await;
    assert_eq!(hand_offs_after - hand_offs_before, 2, "the DELETE, and the /metrics request");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reload_is_seen_by_the_next_request_on_an_open_connection() {
    let (_, fast, handle) = servers().await;
    let mut stream = connect(fast).await;
    let before = exchange(&mut stream, "GET", "/openapi/v3", &[]).await;
    handle.store(bundle(1));
    let after = exchange(&mut stream, "GET", "/openapi/v3", &[]).await;
    assert_ne!(before.header("etag"), after.header("etag"));
    let stale =
        exchange(&mut stream, "GET", "/openapi/v3", &[("If-None-Match", before.header("etag").expect("etag"))]).await;
    assert_eq!(stale.status, 200, "the old ETag no longer matches");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_closes_mid_body_does_not_disturb_others() {
    let (_, fast, _handle) = servers().await;
    for _ in 0..20 {
        let mut stream = TcpStream::connect(("127.0.0.1", fast)).await.expect("connect");
        stream.write_all(request("GET", "/openapi/v2", &[]).as_bytes()).await.expect("send");
        let mut some = [0; 16];
        let _ = stream.read(&mut some).await;
        drop(stream);
    }
    let mut stream = connect(fast).await;
    assert_eq!(exchange(&mut stream, "GET", "/openapi/v2", &[]).await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn large_bodies_sent_from_in_memory_files_arrive_whole() {
    // A swagger document far above the size the fast path sends with sendfile(2), in pseudo-random text so its
    // gzip copy is large too.
    let mut files = common::files(0);
    let mut swagger: serde_json::Value = serde_json::from_slice(&files["openapi/v2/swagger.json"]).expect("json");
    let filler: String = (0..400_000_u64).map(|i| char::from(b'a' + ((i * 7919 + i / 13) % 26) as u8)).collect();
    swagger["info"]["description"] = serde_json::Value::String(filler);
    files.insert("openapi/v2/swagger.json".into(), common::pretty(&swagger));
    let handle =
        Handle::with_bundle(kapi_runtime::Bundle::from_files_with(files.clone(), &common::options()).expect("bundle"));
    let (plain, fast) =
        (TcpListener::bind("127.0.0.1:0").await.expect("bind"), TcpListener::bind("127.0.0.1:0").await.expect("bind"));
    let ports = (plain.local_addr().expect("addr").port(), fast.local_addr().expect("addr").port());
    tokio::spawn(serve_with(plain, router(handle.clone()), std::future::pending(), ServeLimits::default()));
    tokio::spawn(serve_bundle(fast, handle, std::future::pending(), ServeLimits::default()));
    let (mut to_plain, mut to_fast) = (connect(ports.0).await, connect(ports.1).await);
    let (answered_before, _) = fast_path_counts(ports.1).await;
    for extra in [&[][..], &[("Accept-Encoding", "gzip")][..]] {
        for method in ["GET", "HEAD", "GET"] {
            let expected = exchange(&mut to_plain, method, "/openapi/v2", extra).await;
            let actual = exchange(&mut to_fast, method, "/openapi/v2", extra).await;
            assert_eq!(actual, expected, "{method} {extra:?}");
            if method == "GET" {
                let body = if extra.is_empty() { actual.body.clone() } else { common::gunzip(&actual.body) };
                assert_eq!(body, files["openapi/v2/swagger.json"]);
            }
        }
    }
    // A client that reads slowly still gets every byte, in order, after the rest.
    let mut slow = TcpStream::connect(("127.0.0.1", ports.1)).await.expect("connect");
    slow.write_all(request("GET", "/openapi/v2", &[]).as_bytes()).await.expect("send");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut slow = BufReader::new(slow);
    assert_eq!(read_response(&mut slow, false).await.body, files["openapi/v2/swagger.json"]);
    let (answered_after, _) = fast_path_counts(ports.1).await;
    assert_eq!(answered_after - answered_before, 7);
}

/// The bytes of a response head with the date's value masked.
fn dateless(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes).into_owned();
    let Some(at) = text.find("\r\ndate: ") else { return text };
    let value = at + "\r\ndate: ".len();
    format!("{}<date>{}", &text[..value], &text[value + 29..])
}

/// A watch of `groups` that the server ends after a second, read off the wire whole (head and chunks, to the last
/// chunk), then the next request on the same connection.
async fn watch_then_version(port: u16) -> (String, u16) {
    let mut stream = connect(port).await;
    let target = "/apis/discovery.k8s.io/v1alpha1/groups?watch=1&timeoutSeconds=1";
    stream
        .get_mut()
        .write_all(request("GET", target, &[("Accept", "application/json")]).as_bytes())
        .await
        .expect("send");
    let mut seen = Vec::new();
    let mut chunk = [0; 4096];
    while !(seen.ends_with(b"\r\n0\r\n\r\n") && seen.windows(4).any(|w| w == b"\r\n\r\n")) {
        let read = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut chunk))
            .await
            .expect("the watch ends after its timeout")
            .expect("read");
        assert_ne!(read, 0, "closed after {:?}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&chunk[..read]);
    }
    let version = exchange(&mut stream, "GET", "/version", &[]).await;
    (dateless(&seen), version.status)
}

/// A watch, which the fast path writes itself (the router's answer, a stream lasting minutes), goes out as hyper
/// sends it from the router alone: the same head but the date, the same chunks, the same last chunk; and the
/// connection answers its next request once the watch is over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watch_goes_out_as_hyper_sends_it_and_its_connection_lives_on() {
    let files = common::files_serving_groups(0, "discovery.k8s.io");
    let handle = Handle::with_bundle(kapi_runtime::Bundle::from_files_with(files, &common::options()).expect("bundle"));
    let plain = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let fast = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let ports = (plain.local_addr().expect("addr").port(), fast.local_addr().expect("addr").port());
    tokio::spawn(serve_with(plain, router(handle.clone()), std::future::pending(), ServeLimits::default()));
    tokio::spawn(serve_bundle(fast, handle.clone(), std::future::pending(), ServeLimits::default()));
    let (by_hyper, by_fast_path) = tokio::join!(watch_then_version(ports.0), watch_then_version(ports.1));
    assert!(by_hyper.0.starts_with("HTTP/1.1 200 OK\r\n"), "{}", by_hyper.0);
    assert!(by_hyper.0.contains("transfer-encoding: chunked\r\n"), "{}", by_hyper.0);
    assert!(by_hyper.0.contains("\"type\":\"ADDED\""), "the initial events: {}", by_hyper.0);
    assert_eq!(by_fast_path.0, by_hyper.0);
    assert_eq!((by_fast_path.1, by_hyper.1), (200, 200), "the next request is answered");
}
