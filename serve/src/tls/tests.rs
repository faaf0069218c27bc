//! The TLS module against real certificates (made with rcgen) and real connections on loopback.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::routing::get;
use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper_util::rt::{TokioExecutor, TokioIo};
use rustls_pki_types::{CertificateDer, ServerName};
use tokio::io::AsyncReadExt;
use tokio::net::{TcpListener, TcpStream};

use super::*;
use crate::{Handle, ServeLimits, serve_tls_with};

/// A fresh self-signed pair for `localhost`: (certificate PEM, key PEM, certificate DER).
fn pair() -> (String, String, CertificateDer<'static>) {
    let made = rcgen::generate_simple_self_signed(vec!["localhost".to_owned()]).expect("certificate");
    (made.cert.pem(), made.signing_key.serialize_pem(), made.cert.der().clone())
}

fn write_pair(dir: &Path, cert: &str, key: &str) -> CertificateFiles {
    let files = CertificateFiles { cert: dir.join("tls.crt"), key: dir.join("tls.key") };
    // Replaced by rename, as certificate managers do, so a reader never sees half a file.
    for (path, text) in [(&files.cert, cert), (&files.key, key)] {
        let temporary = path.with_extension("tmp");
        std::fs::write(&temporary, text).expect("write");
        std::fs::rename(&temporary, path).expect("rename");
    }
    files
}

fn served_leaf(certificate: &ServingCertificate) -> CertificateDer<'static> {
    certificate.current().cert[0].clone()
}

#[test]
fn load_errors_name_the_file_at_fault() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (cert, key, _) = pair();
    let (_, other_key, _) = pair();
    let files = write_pair(dir.path(), &cert, &key);
    let missing = CertificateFiles { cert: dir.path().join("absent.crt"), key: files.key.clone() };
    let error = ServingCertificate::load(missing).expect_err("no certificate file");
    assert!(error.contains("absent.crt") && error.contains("cannot read"), "{error}");

    std::fs::write(&files.cert, "not pem at all\n").expect("write");
    let error = ServingCertificate::load(files.clone()).expect_err("no certificate in the file");
    assert!(error.contains("tls.crt") && error.contains("no certificate"), "{error}");

    std::fs::write(&files.cert, &cert).expect("write");
    std::fs::write(&files.key, &cert).expect("write");
    let error = ServingCertificate::load(files.clone()).expect_err("a certificate where the key should be");
    assert!(error.contains("tls.key") && error.contains("no PEM private key"), "{error}");

    std::fs::write(&files.key, &other_key).expect("write");
    let error = ServingCertificate::load(files.clone()).expect_err("a key of another pair");
    assert!(error.contains("tls.key") && error.contains("does not belong") && error.contains("tls.crt"), "{error}");

    std::fs::write(&files.key, &key).expect("write");
    assert!(ServingCertificate::load(files).is_ok());
}

#[test]
fn a_changed_pair_is_served_and_a_broken_one_leaves_the_current_pair() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (cert, key, first) = pair();
    let certificate = ServingCertificate::load(write_pair(dir.path(), &cert, &key)).expect("load");
    assert_eq!(served_leaf(&certificate), first);
    assert_eq!(certificate.reload_if_changed(), None, "unchanged files are not read again");

    let (cert, key, second) = pair();
    write_pair(dir.path(), &cert, &key);
    assert_eq!(certificate.reload_if_changed(), Some(Ok(())));
    assert_eq!(served_leaf(&certificate), second);

    let (_, mismatched_key, _) = pair();
    write_pair(dir.path(), &cert, &mismatched_key);
    let outcome = certificate.reload_if_changed().expect("the files changed");
    assert!(outcome.is_err_and(|error| error.contains("does not belong")));
    assert_eq!(served_leaf(&certificate), second, "a broken pair leaves the previous one serving");
    assert_eq!(certificate.reload_if_changed(), None, "a broken pair is not retried until it changes again");

    write_pair(dir.path(), &cert, &key);
    assert_eq!(certificate.reload_if_changed(), Some(Ok(())));
    assert_eq!(served_leaf(&certificate), second);
}

/// Waits (at most 10 s) until the handle's metrics contain `line`.
fn wait_for_metric(handle: &Handle, line: &str) {
    let started = Instant::now();
    while !handle.metrics().render().lines().any(|l| l == line) {
        assert!(started.elapsed() < Duration::from_secs(10), "no `{line}` in\n{}", handle.metrics().render());
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn the_watch_reloads_changed_files_and_counts_each_outcome() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (cert, key, _) = pair();
    let certificate = Arc::new(ServingCertificate::load(write_pair(dir.path(), &cert, &key)).expect("load"));
    let handle = Handle::new();
    let _watch =
        watch::watch_every(Arc::clone(&certificate), handle.clone(), Duration::from_millis(10)).expect("watch");
    let (cert, key, second) = pair();
    write_pair(dir.path(), &cert, &key);
    wait_for_metric(&handle, r#"kapi_tls_certificate_reloads_total{outcome="succeeded"} 1"#);
    assert_eq!(served_leaf(&certificate), second);

    write_pair(dir.path(), "garbage", &key);
    wait_for_metric(&handle, r#"kapi_tls_certificate_reloads_total{outcome="failed"} 1"#);
    assert_eq!(served_leaf(&certificate), second);
}

/// A TLS server for `app` on a loopback port with `limits`, serving a fresh pair: (port, its certificate).
async fn start(limits: ServeLimits) -> (u16, CertificateDer<'static>, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tempdir");
    let (cert, key, der) = pair();
    let certificate = Arc::new(ServingCertificate::load(write_pair(dir.path(), &cert, &key)).expect("load"));
    let acceptor = TlsAcceptor::new(certificate).expect("acceptor");
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("address").port();
    let app = Router::new().route("/hello", get(|| async { "hello" }));
    tokio::spawn(serve_tls_with(listener, app, std::future::pending(), limits, acceptor));
    (port, der, dir)
}

/// A TLS connection to `port` trusting `root`, offering `alpn`; returns the stream.
async fn connect(
    port: u16,
    root: &CertificateDer<'static>,
    alpn: &[&[u8]],
) -> std::io::Result<tokio_rustls::client::TlsStream<TcpStream>> {
    let mut roots = rustls::RootCertStore::empty();
    roots.add(root.clone()).expect("root");
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = alpn.iter().map(|p| p.to_vec()).collect();
    let tcp = TcpStream::connect(("127.0.0.1", port)).await?;
    let name = ServerName::try_from("localhost").expect("name");
    tokio_rustls::TlsConnector::from(Arc::new(config)).connect(name, tcp).await
}

fn hello_request() -> hyper::Request<Empty<Bytes>> {
    hyper::Request::get("https://localhost/hello").body(Empty::new()).expect("request")
}

#[tokio::test]
async fn h2_clients_get_http2_and_the_others_http1() {
    let (port, root, _dir) = start(ServeLimits::default()).await;

    let stream = connect(port, &root, &[b"h2", b"http/1.1"]).await.expect("handshake");
    assert_eq!(stream.get_ref().1.alpn_protocol(), Some(&b"h2"[..]));
    let (mut sender, connection) =
        hyper::client::conn::http2::handshake(TokioExecutor::new(), TokioIo::new(stream)).await.expect("h2");
    tokio::spawn(connection);
    let response = sender.send_request(hello_request()).await.expect("response");
    assert_eq!(response.version(), hyper::Version::HTTP_2);
    assert_eq!(response.into_body().collect().await.expect("body").to_bytes(), "hello");

    for alpn in [&[&b"http/1.1"[..]][..], &[]] {
        let stream = connect(port, &root, alpn).await.expect("handshake");
        assert_ne!(stream.get_ref().1.alpn_protocol(), Some(&b"h2"[..]));
        let (mut sender, connection) =
            hyper::client::conn::http1::handshake(TokioIo::new(stream)).await.expect("http/1.1");
        tokio::spawn(connection);
        let response = sender.send_request(hello_request()).await.expect("response");
        assert_eq!(response.version(), hyper::Version::HTTP_11);
        assert_eq!(response.into_body().collect().await.expect("body").to_bytes(), "hello");
    }
}

/// Reads until the server closes the connection; how long that took.
async fn closed_after(mut stream: TcpStream) -> Duration {
    let started = Instant::now();
    let mut buffer = [0; 64];
    let read = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buffer)).await;
    assert!(matches!(read, Ok(Ok(0) | Err(_))), "the server should close a silent connection: {read:?}");
    started.elapsed()
}

#[tokio::test]
async fn a_client_that_never_sends_a_client_hello_is_dropped_within_the_header_read_timeout() {
    let limits = ServeLimits { header_read_timeout: Duration::from_millis(300), ..ServeLimits::default() };
    let (port, _root, _dir) = start(limits).await;
    let silent = TcpStream::connect(("127.0.0.1", port)).await.expect("connect");
    let waited = closed_after(silent).await;
    assert!(waited >= Duration::from_millis(250) && waited < Duration::from_secs(5), "closed after {waited:?}");
}

#[tokio::test]
async fn a_handshake_in_progress_takes_a_connection_slot() {
    let limits =
        ServeLimits { header_read_timeout: Duration::from_millis(500), max_connections: 1, ..ServeLimits::default() };
    let (port, root, _dir) = start(limits).await;
    let silent = TcpStream::connect(("127.0.0.1", port)).await.expect("connect");
    // Let the server accept the silent connection before the next one arrives.
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(connect(port, &root, &[b"h2"]).await.is_err(), "over the limit: closed without a handshake");
    closed_after(silent).await;
    // The server closes the socket, then gives the slot back: the client may see the close a moment before that.
    let mut freed = false;
    for _ in 0..20 {
        if connect(port, &root, &[b"h2"]).await.is_ok() {
            freed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(freed, "the slot is free again within a second of the close");
}

#[tokio::test]
async fn http2_header_lists_are_held_to_the_head_limit() {
    let limits = ServeLimits { max_head_bytes: 16 * 1024, ..ServeLimits::default() };
    let (port, root, _dir) = start(limits).await;
    let send = |size: usize| {
        let root = root.clone();
        async move {
            let stream = connect(port, &root, &[b"h2"]).await.expect("handshake");
            let (mut sender, connection) =
                hyper::client::conn::http2::handshake(TokioExecutor::new(), TokioIo::new(stream)).await.expect("h2");
            tokio::spawn(connection);
            let mut request = hello_request();
            request.headers_mut().insert("x-padding", "a".repeat(size).parse().expect("header value"));
            sender.send_request(request).await.map(|response| response.status())
        }
    };
    assert_eq!(send(12 * 1024).await.expect("under the limit"), hyper::StatusCode::OK);
    assert_eq!(send(20 * 1024).await.expect("over the limit"), hyper::StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
}
