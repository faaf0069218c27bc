//! Request-header authentication over real TLS connections: certificates made with rcgen, a server on loopback.

use std::sync::Arc;

use axum::Router;
use axum::extract::Request;
use http_body_util::{BodyExt, Empty};
use hyper::StatusCode;
use hyper::body::Bytes;
use hyper_util::rt::{TokioExecutor, TokioIo};
use rcgen::{BasicConstraints, CertificateParams, DnType, ExtendedKeyUsagePurpose, IsCa, Issuer, KeyPair};
use rustls_pki_types::pem::PemObject as _;
use rustls_pki_types::{CertificateDer, PrivateKeyDer, ServerName};
use tokio::net::{TcpListener, TcpStream};

use super::*;
use crate::serve_tls_with;

/// A CA: its certificate (DER and PEM) and the issuer that signs with it.
struct Ca {
    der: CertificateDer<'static>,
    pem: String,
    issuer: Issuer<'static, KeyPair>,
}

fn ca(name: &str) -> Ca {
    let mut params = CertificateParams::default();
    params.distinguished_name.push(DnType::CommonName, name);
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    let key = KeyPair::generate().expect("key");
    let cert = params.self_signed(&key).expect("CA");
    Ca { der: cert.der().clone(), pem: cert.pem(), issuer: Issuer::new(params, key) }
}

/// A certificate signed by `ca` with `common_name`, for servers (`localhost`) or clients: (PEM chain, PEM key).
fn leaf(ca: &Ca, common_name: &str, usage: ExtendedKeyUsagePurpose) -> (String, String) {
    let mut params = CertificateParams::new(vec!["localhost".to_owned()]).expect("params");
    params.distinguished_name.push(DnType::CommonName, common_name);
    params.extended_key_usages = vec![usage];
    let key = KeyPair::generate().expect("key");
    let cert = params.signed_by(&key, &ca.issuer).expect("signed");
    (cert.pem(), key.serialize_pem())
}

/// An HTTPS server in request-header mode that answers every path with who asked: (port, serving CA, front proxy
/// CA, directory of files).
async fn start(allowed_names: Vec<String>) -> (u16, Ca, Ca, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tempdir");
    let (serving_ca, front_proxy_ca) = (ca("serving CA"), ca("front proxy CA"));
    let (cert, key) = leaf(&serving_ca, "server", ExtendedKeyUsagePurpose::ServerAuth);
    let files = CertificateFiles { cert: dir.path().join("tls.crt"), key: dir.path().join("tls.key") };
    std::fs::write(&files.cert, cert).expect("write");
    std::fs::write(&files.key, key).expect("write");
    let client_ca = dir.path().join("front-proxy-ca.crt");
    std::fs::write(&client_ca, &front_proxy_ca.pem).expect("write");
    let front_proxy = FrontProxy { allowed_names, ..FrontProxy::new(client_ca) };
    let certificate = Arc::new(ServingCertificate::load(files).expect("load"));
    let acceptor = TlsAcceptor::with_front_proxy(certificate, front_proxy).expect("acceptor");
    let whoami = |request: Request| async move {
        match request.extensions().get::<Authentication>() {
            Some(Authentication::User { name, groups }) => format!("{name} {groups:?}"),
            Some(Authentication::Anonymous) => "anonymous".to_owned(),
            None => "unauthenticated server".to_owned(),
        }
    };
    let app = Router::new().fallback(axum::routing::get(whoami));
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("address").port();
    tokio::spawn(serve_tls_with(listener, app, std::future::pending(), Default::default(), acceptor));
    (port, serving_ca, front_proxy_ca, dir)
}

/// GET `path` over HTTP/2 presenting `client` (PEM chain and key) when given, with `headers`: status and body, or
/// the handshake's error.
async fn get(
    port: u16,
    root: &CertificateDer<'static>,
    client: Option<(String, String)>,
    path: &str,
    headers: &[(&str, &str)],
) -> Result<(StatusCode, String), String> {
    let mut roots = rustls::RootCertStore::empty();
    roots.add(root.clone()).expect("root");
    let builder = rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .expect("versions")
        .with_root_certificates(roots);
    let mut config = match client {
        Some((cert, key)) => {
            let chain = CertificateDer::pem_slice_iter(cert.as_bytes()).collect::<Result<Vec<_>, _>>().expect("chain");
            let key = PrivateKeyDer::from_pem_slice(key.as_bytes()).expect("key");
            builder.with_client_auth_cert(chain, key).expect("client certificate")
        }
        None => builder.with_no_client_auth(),
    };
    config.alpn_protocols = vec![b"h2".to_vec()];
    let tcp = TcpStream::connect(("127.0.0.1", port)).await.expect("connect");
    let name = ServerName::try_from("localhost").expect("name");
    let stream =
        tokio_rustls::TlsConnector::from(Arc::new(config)).connect(name, tcp).await.map_err(|e| e.to_string())?;
    let (mut sender, connection) = hyper::client::conn::http2::handshake(TokioExecutor::new(), TokioIo::new(stream))
        .await
        .map_err(|e| e.to_string())?;
    tokio::spawn(connection);
    let mut request = hyper::Request::get(format!("https://localhost{path}"));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    // TLS 1.3 clients learn that the server refused their certificate only when they read.
    let response =
        sender.send_request(request.body(Empty::<Bytes>::new()).expect("request")).await.map_err(|e| e.to_string())?;
    let status = response.status();
    let body = response.into_body().collect().await.map_err(|e| e.to_string())?.to_bytes();
    Ok((status, String::from_utf8_lossy(&body).into_owned()))
}

#[tokio::test]
async fn the_front_proxy_names_the_user_and_anyone_else_reads_only_the_public_paths() {
    let (port, serving, front_proxy, _dir) = start(vec!["front-proxy-client".to_owned()]).await;
    let proxy = leaf(&front_proxy, "front-proxy-client", ExtendedKeyUsagePurpose::ClientAuth);
    let user = [("X-Remote-User", "alice"), ("X-Remote-Group", "devs"), ("X-Remote-Group", "ops")];

    let (status, body) = get(port, &serving.der, Some(proxy.clone()), "/apis", &user).await.expect("answered");
    assert_eq!((status, body.as_str()), (StatusCode::OK, r#"alice ["devs", "ops"]"#));

    let (status, body) = get(port, &serving.der, Some(proxy), "/apis", &[]).await.expect("answered");
    assert_eq!(status, StatusCode::UNAUTHORIZED, "the front proxy naming no user is no one: {body}");
    assert!(body.contains(r#""reason":"Unauthorized""#), "a Status: {body}");

    let (status, _) = get(port, &serving.der, None, "/apis", &user).await.expect("answered");
    assert_eq!(status, StatusCode::UNAUTHORIZED, "headers without the certificate are not believed");
    for public in ["/healthz", "/livez", "/readyz", "/version"] {
        let (status, body) = get(port, &serving.der, None, public, &[]).await.expect("answered");
        assert_eq!((status, body.as_str()), (StatusCode::OK, "anonymous"), "{public}");
    }
}

#[tokio::test]
async fn certificates_of_other_cas_and_names_not_allowed_are_not_the_front_proxy() {
    let (port, serving, front_proxy, _dir) = start(vec!["front-proxy-client".to_owned()]).await;
    let user = [("X-Remote-User", "alice")];

    let stranger = leaf(&ca("another CA"), "front-proxy-client", ExtendedKeyUsagePurpose::ClientAuth);
    let refused = get(port, &serving.der, Some(stranger), "/apis", &user).await;
    assert!(refused.is_err(), "a certificate of another CA fails the handshake: {refused:?}");

    let other_name = leaf(&front_proxy, "someone-else", ExtendedKeyUsagePurpose::ClientAuth);
    let (status, _) = get(port, &serving.der, Some(other_name.clone()), "/apis", &user).await.expect("answered");
    assert_eq!(status, StatusCode::UNAUTHORIZED, "the CA's certificate for a name not allowed");

    // With no names listed, any certificate of the CA is the front proxy's.
    let (port, serving, front_proxy, _dir) = start(Vec::new()).await;
    let any_name = leaf(&front_proxy, "someone-else", ExtendedKeyUsagePurpose::ClientAuth);
    let (status, body) = get(port, &serving.der, Some(any_name), "/apis", &user).await.expect("answered");
    assert_eq!((status, body.as_str()), (StatusCode::OK, "alice []"));
}

#[test]
fn a_client_ca_file_that_is_no_certificate_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("ca.crt");
    std::fs::write(&path, "not a certificate\n").expect("write");
    let error = FrontProxy::new(&path).verifier().expect_err("refused");
    assert!(error.contains("ca.crt") && error.contains("no certificate"), "{error}");
    let error = FrontProxy::new(dir.path().join("absent.crt")).verifier().expect_err("refused");
    assert!(error.contains("absent.crt") && error.contains("cannot read"), "{error}");
}
