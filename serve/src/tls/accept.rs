//! The TLS accept path: a connection takes a slot, gets `header_read_timeout` to finish its handshake, then is
//! served HTTP/2 when it negotiated `h2` through ALPN and HTTP/1.1 otherwise, by the same service as plain HTTP.

use std::fmt;
use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::extract::Request;
use hyper::body::Incoming;
use hyper::server::conn::http2;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpStream;
use tokio::sync::watch;
use tower::ServiceExt as _;

use crate::status::Failure;

use super::certificate::ServingCertificate;
use super::front_proxy::FrontProxy;
use crate::graceful::until_drained;
use crate::handle::Handle;
use crate::limits::ServeLimits;

/// Streams one HTTP/2 connection may have open at once (Go's net/http, which kube-apiserver uses, allows 250).
pub const MAX_CONCURRENT_STREAMS: u32 = 250;

/// Accepts TLS connections for a [`ServingCertificate`], offering `h2` and `http/1.1` through ALPN.
#[derive(Clone)]
pub struct TlsAcceptor {
    inner: tokio_rustls::TlsAcceptor,
    front_proxy: Option<Arc<FrontProxy>>,
}

impl fmt::Debug for TlsAcceptor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TlsAcceptor").finish_non_exhaustive()
    }
}

impl TlsAcceptor {
    /// TLS 1.2 and 1.3 with rustls' safe defaults, no client certificates, and `certificate` for every handshake
    /// (so a reload reaches the next handshake).
    pub fn new(certificate: Arc<ServingCertificate>) -> Result<Self, String> {
        Self::build(certificate, None)
    }

    /// [`TlsAcceptor::new`], authenticating requests as an aggregated API server behind kube-apiserver does:
    /// requests from `front_proxy` carry the user they are made for; any other request to a path that is not
    /// public is refused with 401.
    pub fn with_front_proxy(certificate: Arc<ServingCertificate>, front_proxy: FrontProxy) -> Result<Self, String> {
        Self::build(certificate, Some(front_proxy))
    }

    fn build(certificate: Arc<ServingCertificate>, front_proxy: Option<FrontProxy>) -> Result<Self, String> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let builder = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("cannot set up TLS: {e}"))?;
        let builder = match &front_proxy {
            Some(front_proxy) => builder.with_client_cert_verifier(front_proxy.verifier()?),
            None => builder.with_no_client_auth(),
        };
        let mut config = builder.with_cert_resolver(certificate);
        // Preferred first: clients that speak both (kubectl, curl, browsers) get HTTP/2.
        config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
        Ok(Self { inner: tokio_rustls::TlsAcceptor::from(Arc::new(config)), front_proxy: front_proxy.map(Arc::new) })
    }
}

/// Serves one accepted TCP connection over TLS: the handshake must finish within the header-read timeout (a
/// client that connects and never finishes one holds its slot no longer than a slow request head), then HTTP/2 or
/// HTTP/1.1 as negotiated; a change on `shutdown` finishes the connection gracefully.
pub(crate) async fn serve_connection(
    stream: TcpStream,
    acceptor: TlsAcceptor,
    fast_path: Option<Handle>,
    app: Router,
    limits: ServeLimits,
    mut shutdown: watch::Receiver<()>,
) {
    let stream = match tokio::time::timeout(limits.header_read_timeout, acceptor.inner.accept(stream)).await {
        Ok(Ok(stream)) => stream,
        Ok(Err(error)) => return tracing::debug!(%error, "TLS handshake failed"),
        Err(_) => return tracing::debug!("TLS handshake timed out"),
    };
    let h2 = stream.get_ref().1.alpn_protocol() == Some(b"h2");
    // The fast path knows nothing of users: a server that authenticates requests answers each in the router.
    let handle = fast_path;
    if let (false, Some(handle), None) = (h2, &handle, &acceptor.front_proxy) {
        return crate::fastpath::serve_connection(stream, handle.clone(), app, limits, shutdown).await;
    }
    let front_proxy = acceptor.front_proxy.map(|front_proxy| {
        let from_front_proxy = front_proxy.is_front_proxy(stream.get_ref().1.peer_certificates());
        (front_proxy, from_front_proxy)
    });
    // Refused here rather than in the router, so that no router of any user's making can forget to.
    let app = tower::service_fn(move |mut request: Request<Incoming>| {
        let (app, started) = (app.clone(), Instant::now());
        let refused = front_proxy.as_ref().is_some_and(|(front_proxy, from_front_proxy)| {
            let authentication = front_proxy.authenticate(*from_front_proxy, request.headers());
            let refused = !authentication.may_read(request.uri().path());
            request.extensions_mut().insert(authentication);
            refused
        });
        let handle = handle.clone();
        async move {
            if !refused {
                return app.oneshot(request).await;
            }
            let response = Failure::Unauthorized.response();
            if let Some(handle) = handle {
                crate::router::record_request(&handle, request.method(), request.uri(), &response, started.elapsed());
            }
            Ok(response)
        }
    });
    let io = TokioIo::new(stream);
    let service = TowerToHyperService::new(app);
    let result = if h2 {
        let connection = http2_builder(limits).serve_connection(io, service);
        until_drained(connection, &mut shutdown, |c| c.graceful_shutdown()).await
    } else {
        let connection = crate::limits::http1_builder(limits).serve_connection(io, service);
        until_drained(connection, &mut shutdown, |c| c.graceful_shutdown()).await
    };
    if let Err(error) = result {
        tracing::debug!(%error, "TLS connection ended with an error");
    }
}

/// HTTP/2 with the HTTP/1.1 limits carried over: headers as large as a head may be, a bounded number of streams,
/// and a peer that stops answering pings for `header_read_timeout` is dropped.
fn http2_builder(limits: ServeLimits) -> http2::Builder<TokioExecutor> {
    let mut builder = http2::Builder::new(TokioExecutor::new());
    builder
        .timer(TokioTimer::new())
        .max_header_list_size(u32::try_from(limits.max_head_bytes).unwrap_or(u32::MAX))
        .max_concurrent_streams(MAX_CONCURRENT_STREAMS)
        .keep_alive_interval(limits.header_read_timeout)
        .keep_alive_timeout(limits.header_read_timeout);
    builder
}
