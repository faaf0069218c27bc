//! Serving a router on a listener: HTTP/1.1 connections (what kubectl speaks over plain HTTP) with TCP_NODELAY,
//! limits that keep hostile clients from holding the server ([`ServeLimits`]), and a graceful shutdown that lets
//! in-flight requests finish. Over TLS ([`serve_tls_with`]) the same loop hands each connection to [`crate::tls`].

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

use crate::tls::TlsAcceptor;

/// How long open connections get to finish after `shutdown` resolves.
const DRAIN: Duration = Duration::from_secs(10);

/// What one client may take of the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServeLimits {
    /// How long a client may take to send a request head, counted from when the server is ready to read one; this
    /// also closes keep-alive connections left idle that long (clients reconnect as they would after any close).
    pub header_read_timeout: Duration,
    /// Connections served at once; one more is answered 503 and closed.
    pub max_connections: usize,
    /// The largest request head (request line and headers) read; a larger one is answered 431.
    pub max_head_bytes: usize,
}

impl Default for ServeLimits {
    /// 10 s to send a head (or stay idle), 4096 connections, 64 KiB heads.
    fn default() -> Self {
        Self { header_read_timeout: Duration::from_secs(10), max_connections: 4096, max_head_bytes: 64 * 1024 }
    }
}

/// [`serve_with`] with the default [`ServeLimits`].
pub async fn serve(listener: TcpListener, app: Router, shutdown: impl Future<Output = ()>) {
    serve_with(listener, app, shutdown, ServeLimits::default()).await;
}

/// Serves `app` on `listener` within `limits` until `shutdown` resolves, then drains open connections for up to
/// ten seconds.
///
/// Compared with `axum::serve`, this skips HTTP/2 detection on every connection and disables Nagle's algorithm,
/// which matters for the many small responses (304s, discovery) clients revalidate with.
pub async fn serve_with(listener: TcpListener, app: Router, shutdown: impl Future<Output = ()>, limits: ServeLimits) {
    serve_on(listener, app, shutdown, limits, None).await;
}

/// [`serve_with`] over TLS: HTTP/2 for clients that negotiate `h2`, HTTP/1.1 for the others. A TLS handshake takes
/// a connection slot and must finish within [`ServeLimits::header_read_timeout`]; over the limit, connections are
/// closed without one.
pub async fn serve_tls_with(
    listener: TcpListener,
    app: Router,
    shutdown: impl Future<Output = ()>,
    limits: ServeLimits,
    tls: TlsAcceptor,
) {
    serve_on(listener, app, shutdown, limits, Some(tls)).await;
}

async fn serve_on(
    listener: TcpListener,
    app: Router,
    shutdown: impl Future<Output = ()>,
    limits: ServeLimits,
    tls: Option<TlsAcceptor>,
) {
    let graceful = GracefulShutdown::new();
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    tokio::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(error) => {
                    // Running out of file descriptors is transient; back off instead of spinning.
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        if let Some(tls) = &tls {
            crate::tls::accept(stream, &app, limits, &slots, &graceful, tls);
            continue;
        }
        let Ok(slot) = Arc::clone(&slots).try_acquire_owned() else {
            tokio::spawn(refuse(stream));
            continue;
        };
        if let Err(error) = stream.set_nodelay(true) {
            tracing::debug!(%error, "cannot set TCP_NODELAY");
        }
        let service = TowerToHyperService::new(app.clone());
        let connection = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_read_timeout)
            .max_buf_size(limits.max_head_bytes.max(8192))
            .serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, "connection ended with an error");
            }
            drop(slot);
        });
    }
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(DRAIN) => tracing::warn!("connections still open after the drain period"),
    }
}

/// Answers a connection over the limit with a 503 `Status` and closes it, without reading its request.
async fn refuse(mut stream: TcpStream) {
    let body = crate::status::too_many_connections();
    let head = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         retry-after: 1\r\nconnection: close\r\n\r\n",
        body.len()
    );
    // A client that is gone already needs no answer.
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(&body).await?;
        stream.shutdown().await
    })
    .await;
}
