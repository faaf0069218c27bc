//! `kapi serve` over HTTPS: the same bytes and ETags as over HTTP, HTTP/2 through ALPN beside HTTP/1.1, certificate
//! reloads, silent clients dropped, and `--self-signed` directories made once and reused.

use crate::common;

use std::io::Read as _;
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::Server;
use rustls::pki_types::pem::PemObject as _;
use rustls::pki_types::{CertificateDer, ServerName};

/// One response as curl saw it.
struct Fetched {
    version: String,
    code: u16,
    etag: Option<String>,
    body: Vec<u8>,
}

/// `GET path` with curl (a real HTTP/2-capable client), trusting `ca` when given; `protocol` is `--http2` or
/// `--http1.1`.
fn curl(server: &Server, ca: Option<&Path>, protocol: &str, path: &str, headers: &[(&str, &str)]) -> Fetched {
    let dir = tempfile::tempdir().expect("tempdir");
    let (head, body) = (dir.path().join("head"), dir.path().join("body"));
    let mut command = Command::new("curl");
    command.args(["-sS", protocol, "-o"]).arg(&body).arg("-D").arg(&head).args(["-w", "%{http_version} %{http_code}"]);
    if let Some(ca) = ca {
        command.arg("--cacert").arg(ca);
    }
    for (name, value) in headers {
        command.args(["-H", &format!("{name}: {value}")]);
    }
    let output = command.arg(format!("{}{path}", server.url())).output().expect("curl runs");
    assert!(output.status.success(), "curl {path}: {}", String::from_utf8_lossy(&output.stderr));
    let written = String::from_utf8_lossy(&output.stdout).into_owned();
    let (version, code) = written.split_once(' ').expect("version and code");
    let head = std::fs::read_to_string(&head).expect("head");
    let etag = head.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.eq_ignore_ascii_case("etag").then(|| value.trim().to_owned())
    });
    let body = std::fs::read(&body).unwrap_or_default();
    Fetched { version: version.to_owned(), code: code.parse().expect("code"), etag, body }
}

/// `kapi serve --self-signed DIR` on the embedded corpus, advertising a fixed address so its documents match a
/// plain server's; returns the server and the CA path.
fn self_signed_server(dir: &Path, log: &Path) -> (Server, PathBuf) {
    let dir = dir.to_str().expect("utf-8");
    let server = Server::kapi_serve_logging_to(&["--advertise-address", "127.0.0.1:6443", "--self-signed", dir], log);
    assert!(server.https, "--self-signed serves https");
    (server, Path::new(dir).join("ca.crt"))
}

#[test]
fn https_serves_the_bytes_and_etags_of_http_over_http2_and_http1() {
    let dir = tempfile::tempdir().expect("tempdir");
    let plain = Server::kapi_serve(&["--advertise-address", "127.0.0.1:6443"]);
    let (tls, ca) = self_signed_server(&dir.path().join("certs"), &dir.path().join("serve.log"));
    let documents = [
        ("/apis", "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"),
        ("/api", "application/json"),
        ("/openapi/v3", "application/json"),
        ("/openapi/v3/apis/apps/v1", "application/json"),
        ("/openapi/v2", "application/com.github.proto-openapi.spec.v2@v1.0+protobuf"),
    ];
    for (path, accept) in documents {
        let expected = curl(&plain, None, "--http1.1", path, &[("Accept", accept)]);
        assert_eq!((expected.code, expected.version.as_str()), (200, "1.1"), "{path} over http");
        assert!(expected.etag.is_some(), "{path} has an ETag");
        for (protocol, version) in [("--http2", "2"), ("--http1.1", "1.1")] {
            let got = curl(&tls, Some(&ca), protocol, path, &[("Accept", accept)]);
            assert_eq!((got.code, got.version.as_str()), (200, version), "{path} over https {protocol}");
            assert_eq!(got.etag, expected.etag, "{path} over https {protocol}");
            assert!(got.body == expected.body, "{path} over https {protocol}: different bytes");
            let etag = got.etag.as_deref().expect("etag");
            let revalidated = curl(&tls, Some(&ca), protocol, path, &[("Accept", accept), ("If-None-Match", etag)]);
            assert_eq!(revalidated.code, 304, "{path} revalidated over https {protocol}");
        }
    }
    // HTTP/1.1 inside TLS took the connection fast path (two requests per document); HTTP/2 went to the router.
    let metrics = curl(&tls, Some(&ca), "--http2", "/metrics", &[]);
    let text = String::from_utf8(metrics.body).expect("text");
    let answered = text.lines().find_map(|l| l.strip_prefix("kapi_fast_path_answers_total ")).expect("counter");
    assert_eq!(answered.trim(), (documents.len() * 2).to_string(), "{text}");
}

/// The certificate the server at `port` presents, from a handshake that trusts `ca` (and so fails without it).
fn served_certificate(port: u16, ca: &CertificateDer<'static>) -> Result<CertificateDer<'static>, String> {
    let mut roots = rustls::RootCertStore::empty();
    roots.add(ca.clone()).map_err(|e| e.to_string())?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth();
    let name = ServerName::try_from("localhost").map_err(|e| e.to_string())?;
    let mut connection = rustls::ClientConnection::new(Arc::new(config), name).map_err(|e| e.to_string())?;
    let mut tcp = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    tcp.set_read_timeout(Some(Duration::from_secs(10))).map_err(|e| e.to_string())?;
    while connection.is_handshaking() {
        connection.complete_io(&mut tcp).map_err(|e| e.to_string())?;
    }
    let leaf = connection.peer_certificates().and_then(|chain| chain.first()).ok_or("no certificate")?;
    Ok(leaf.clone().into_owned())
}

/// A CA for the reload test, and serving pairs it signs for localhost and 127.0.0.1.
struct TestCa {
    params: rcgen::CertificateParams,
    key: rcgen::KeyPair,
    der: CertificateDer<'static>,
    pem: String,
}

impl TestCa {
    fn new() -> Self {
        let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).expect("params");
        params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        params.distinguished_name = rcgen::DistinguishedName::new();
        params.distinguished_name.push(rcgen::DnType::CommonName, "reload test CA");
        let key = rcgen::KeyPair::generate().expect("key");
        let cert = params.self_signed(&key).expect("CA");
        Self { der: cert.der().clone(), pem: cert.pem(), params, key }
    }

    /// Writes a new pair into `dir` (`tls.crt`, `tls.key`, each replaced by rename); returns its certificate.
    fn write_pair(&self, dir: &Path) -> CertificateDer<'static> {
        let mut params =
            rcgen::CertificateParams::new(vec!["localhost".to_owned(), "127.0.0.1".to_owned()]).expect("params");
        // Not the CA's name (rcgen's default), or clients would take the certificate for a self-signed one.
        params.distinguished_name = rcgen::DistinguishedName::new();
        params.distinguished_name.push(rcgen::DnType::CommonName, "reload test server");
        let key = rcgen::KeyPair::generate().expect("key");
        let issuer = rcgen::Issuer::from_params(&self.params, &self.key);
        let cert = params.signed_by(&key, &issuer).expect("sign");
        replace(&dir.join("tls.key"), &key.serialize_pem());
        replace(&dir.join("tls.crt"), &cert.pem());
        cert.der().clone()
    }
}

fn replace(path: &Path, text: &str) {
    let temporary = path.with_extension("new");
    std::fs::write(&temporary, text).expect("write");
    std::fs::rename(&temporary, path).expect("rename");
}

/// Waits (at most 15 s) until `check` holds.
fn wait_until(what: &str, mut check: impl FnMut() -> bool) {
    let started = Instant::now();
    while !check() {
        assert!(started.elapsed() < Duration::from_secs(15), "timed out waiting until {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn metrics(server: &Server, ca: &Path) -> String {
    String::from_utf8(curl(server, Some(ca), "--http2", "/metrics", &[]).body).expect("utf-8")
}

#[test]
fn a_replaced_pair_is_served_to_new_connections_and_a_broken_one_is_counted_and_ignored() {
    let dir = tempfile::tempdir().expect("tempdir");
    let ca = TestCa::new();
    let ca_file = dir.path().join("ca.crt");
    std::fs::write(&ca_file, &ca.pem).expect("write");
    let first = ca.write_pair(dir.path());
    let (cert, key) = (dir.path().join("tls.crt"), dir.path().join("tls.key"));
    let server =
        Server::kapi_serve(&["--tls-cert", cert.to_str().expect("utf-8"), "--tls-key", key.to_str().expect("utf-8")]);
    assert!(server.https);
    assert_eq!(served_certificate(server.port, &ca.der), Ok(first.clone()));

    let second = ca.write_pair(dir.path());
    assert_ne!(first, second);
    wait_until("the new pair is served", || served_certificate(server.port, &ca.der) == Ok(second.clone()));

    // A key that is not the certificate's: the reload fails and the second pair keeps serving.
    replace(&key, &rcgen::KeyPair::generate().expect("key").serialize_pem());
    let failed = r#"kapi_tls_certificate_reloads_total{outcome="failed"} 1"#;
    wait_until("the failed reload is counted", || metrics(&server, &ca_file).lines().any(|l| l == failed));
    let succeeded = r#"kapi_tls_certificate_reloads_total{outcome="succeeded"} 1"#;
    assert!(metrics(&server, &ca_file).lines().any(|l| l == succeeded));
    assert_eq!(served_certificate(server.port, &ca.der), Ok(second));
}

#[test]
fn a_client_that_sends_nothing_is_dropped_within_the_header_read_timeout_while_others_are_served() {
    let dir = tempfile::tempdir().expect("tempdir");
    let certs = dir.path().join("certs");
    let certs = certs.to_str().expect("utf-8");
    let server = Server::kapi_serve(&["--header-read-timeout", "1", "--self-signed", certs]);
    let ca = Path::new(certs).join("ca.crt");
    let mut silent = TcpStream::connect(("127.0.0.1", server.port)).expect("connect");
    silent.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
    let started = Instant::now();
    assert_eq!(curl(&server, Some(&ca), "--http2", "/version", &[]).code, 200, "others are served meanwhile");
    let read = silent.read(&mut [0; 16]);
    let waited = started.elapsed();
    let closed = match &read {
        Ok(read) => *read == 0,
        Err(error) => error.kind() == std::io::ErrorKind::ConnectionReset,
    };
    assert!(closed, "the server should close a silent connection: {read:?} after {waited:?}");
    assert!(waited >= Duration::from_millis(800) && waited < Duration::from_secs(5), "dropped after {waited:?}");
}

/// File name → contents and permission bits, of every file in `dir`.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>, u32)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("read dir")
        .map(|entry| {
            let entry = entry.expect("entry");
            let mode = std::os::unix::fs::PermissionsExt::mode(&entry.metadata().expect("metadata").permissions());
            (entry.file_name().to_string_lossy().into_owned(), std::fs::read(entry.path()).expect("read"), mode & 0o777)
        })
        .collect();
    files.sort();
    files
}

fn leaf_of(path: &Path) -> CertificateDer<'static> {
    CertificateDer::from_pem_file(path).expect("PEM certificate")
}

#[test]
fn self_signed_writes_a_ca_and_serving_pair_once_and_reuses_them_on_restart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (certs, log) = (dir.path().join("certs"), dir.path().join("serve.log"));
    let (server, ca) = self_signed_server(&certs, &log);
    let written = snapshot(&certs);
    let names: Vec<(&str, u32)> = written.iter().map(|(name, _, mode)| (name.as_str(), *mode)).collect();
    assert_eq!(names, [("ca.crt", 0o644), ("ca.key", 0o600), ("tls.crt", 0o644), ("tls.key", 0o600)]);
    let ca_der = leaf_of(&ca);
    assert_eq!(served_certificate(server.port, &ca_der), Ok(leaf_of(&certs.join("tls.crt"))));
    let told = std::fs::read_to_string(&log).expect("log");
    assert!(told.contains(&format!("--certificate-authority={}", ca.display())), "{told}");
    drop(server);

    let (server, _) = self_signed_server(&certs, &log);
    assert!(snapshot(&certs) == written, "a valid set is reused as it is");
    assert_eq!(served_certificate(server.port, &ca_der), Ok(leaf_of(&certs.join("tls.crt"))));
    drop(server);

    // A serving certificate that is gone is issued again by the same CA, so clients that trust it keep working.
    std::fs::remove_file(certs.join("tls.crt")).expect("remove");
    let (server, _) = self_signed_server(&certs, &log);
    let reissued = snapshot(&certs);
    assert_eq!(reissued[..2], written[..2], "the CA and its key are kept");
    assert_ne!(reissued[2].1, written[2].1, "a new serving certificate");
    assert_eq!(served_certificate(server.port, &ca_der), Ok(leaf_of(&certs.join("tls.crt"))));
}

/// The commands of the README's HTTPS section, each a list of words (comments dropped).
fn readme_https_commands() -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md")).expect("README");
    let section = readme.split("### Serving HTTPS").nth(1).expect("an HTTPS section");
    let block = section.split("```sh\n").nth(1).and_then(|b| b.split("```").next()).expect("a sh block");
    let commands = block.lines().map(|line| line.split(" # ").next().unwrap_or_default().trim());
    commands.map(|line| line.split_whitespace().map(str::to_owned).collect()).collect()
}

#[test]
fn the_readme_https_commands_work() {
    let Some(kubectl) = common::kubectls().into_iter().next() else { return };
    let commands = readme_https_commands();
    assert_eq!(commands.len(), 4, "{commands:?}");
    let dir = tempfile::tempdir().expect("tempdir");
    let documented = "https://127.0.0.1:8443";
    let mut server: Option<Server> = None;
    for words in &commands {
        let url = server.as_ref().map(Server::url).unwrap_or_default();
        let words: Vec<String> = words.iter().map(|word| word.replace(documented, &url)).collect();
        match words.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
            ["kapi", "serve", "--addr", "127.0.0.1:8443", rest @ ..] => {
                // One server at a time on the documented port's stand-in (a free one).
                drop(server.take());
                let started = Server::kapi_serve_in(dir.path(), rest);
                assert!(started.https, "{words:?}");
                server = Some(started);
            }
            [program @ ("kubectl" | "curl"), args @ ..] => {
                let (binary, expected) = match *program {
                    "kubectl" => (kubectl.clone(), "deployments"),
                    _ => (PathBuf::from("curl"), "gitVersion"),
                };
                let output = Command::new(binary)
                    .args(args)
                    .current_dir(dir.path())
                    .env("HOME", dir.path())
                    .env_remove("KUBECONFIG")
                    .output()
                    .expect("runs");
                let text = String::from_utf8_lossy(&output.stdout);
                assert!(output.status.success(), "{words:?}: {text}{}", String::from_utf8_lossy(&output.stderr));
                assert!(text.contains(expected), "{words:?}: {text}");
            }
            other => panic!("the README shows a command this test does not know: {other:?}"),
        }
    }
    let last = server.expect("a server");
    assert_eq!(curl(&last, Some(&dir.path().join("certs/ca.crt")), "--http2", "/version", &[]).code, 200);
}
