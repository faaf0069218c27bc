//! Serving a router on a listener: HTTP/1.1 connections (what kubectl speaks over plain HTTP) with TCP_NODELAY,
//! each moved to a per-core worker ([`workers`]), limits that keep hostile clients from holding the server
//! ([`ServeLimits`]), and a graceful shutdown that lets in-flight requests finish. [`serve_bundle`] puts the
//! connection fast path ([`crate::fastpath`]) in front of the router; over TLS ([`serve_tls_with`]) each
//! connection is handed to [`crate::tls`].

mod placement;
mod workers;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};

use crate::fastpath;
use crate::handle::Handle;
pub use crate::limits::ServeLimits;
use crate::tls::{self, TlsAcceptor};
use workers::Workers;

/// How long open connections get to finish after `shutdown` resolves.
const DRAIN: Duration = Duration::from_secs(10);

/// [`serve_with`] with the default [`ServeLimits`].
pub async fn serve(listener: TcpListener, app: Router, shutdown: impl Future<Output = ()>) {
    serve_with(listener, app, shutdown, ServeLimits::default()).await;
}

/// Serves `app` on `listener` within `limits` until `shutdown` resolves, then drains open connections for up to
/// ten seconds.
///
/// Compared with `axum::serve`, this skips HTTP/2 detection on every connection, disables Nagle's algorithm (which
/// matters for the many small responses, 304s and discovery, clients revalidate with) and serves each connection
/// on one per-core worker thread for its whole life.
pub async fn serve_with(listener: TcpListener, app: Router, shutdown: impl Future<Output = ()>, limits: ServeLimits) {
    accept_loop(listener, app, Mode::Router, shutdown, limits).await;
}

/// Serves `handle`'s bundle — [`crate::router`] of it — on `listener` as [`serve_with`] does, with the connection
/// fast path in front: discovery, OpenAPI and `/version` requests are answered from prebuilt heads and bodies
/// before any routing (see `docs/BENCHMARKS.md`), everything else by the router, with identical answers.
pub async fn serve_bundle(
    listener: TcpListener,
    handle: Handle,
    shutdown: impl Future<Output = ()>,
    limits: ServeLimits,
) {
    let app = crate::router(handle.clone());
    accept_loop(listener, app, Mode::FastPath(handle), shutdown, limits).await;
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
    accept_loop(listener, app, Mode::Tls(tls, None), shutdown, limits).await;
}

/// [`serve_bundle`] over TLS: HTTP/1.1 clients get the connection fast path inside TLS (bodies encrypted from the
/// same prebuilt bytes), HTTP/2 clients hyper and the router.
pub async fn serve_bundle_tls(
    listener: TcpListener,
    handle: Handle,
    shutdown: impl Future<Output = ()>,
    limits: ServeLimits,
    tls: TlsAcceptor,
) {
    let app = crate::router(handle.clone());
    accept_loop(listener, app, Mode::Tls(tls, Some(handle)), shutdown, limits).await;
}

/// How accepted connections are served.
#[derive(Debug, Clone)]
enum Mode {
    /// hyper and the router.
    Router,
    /// The fast path, handing over to hyper and the router.
    FastPath(Handle),
    /// TLS, then hyper (HTTP/2 or HTTP/1.1) and the router, or the fast path for HTTP/1.1 given a handle.
    Tls(TlsAcceptor, Option<Handle>),
}

async fn accept_loop(
    listener: TcpListener,
    app: Router,
    mode: Mode,
    shutdown: impl Future<Output = ()>,
    limits: ServeLimits,
) {
    // Every connection task holds a receiver: a send asks them to finish, and the sender's `closed` resolves when
    // the last one has.
    let (draining, _) = watch::channel(());
    let workers = match Workers::start() {
        Ok(workers) => workers,
        Err(error) => {
            tracing::error!(%error, "cannot start connection workers");
            return;
        }
    };
    // Fewer than asked when the limit of open files leaves no room for them: the ones over are answered 503 then.
    let slots = Arc::new(Semaphore::new(crate::open_files::make_room_for(limits.max_connections)));
    let max_head_bytes = limits.max_head_bytes;
    let app = app
        .layer(axum::middleware::from_fn(move |request, next| crate::guard::head_limit(max_head_bytes, request, next)));
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
        let Ok(slot) = Arc::clone(&slots).try_acquire_owned() else {
            match mode {
                // A plain refusal would reach a TLS client as garbage, and a handshake is work an overloaded
                // server should not do: just close.
                Mode::Tls(..) => tracing::debug!("connection limit reached; closing a TLS connection"),
                Mode::Router | Mode::FastPath(_) => drop(tokio::spawn(refuse(stream))),
            }
            continue;
        };
        if let Err(error) = stream.set_nodelay(true) {
            tracing::debug!(%error, "cannot set TCP_NODELAY");
        }
        let (app, mode, watcher) = (app.clone(), mode.clone(), draining.subscribe());
        workers.serve(stream, move |stream| serve_accepted(stream, mode, app, limits, watcher, slot));
    }
    let _ = draining.send(());
    tokio::select! {
        () = draining.closed() => {}
        () = tokio::time::sleep(DRAIN) => tracing::warn!("connections still open after the drain period"),
    }
}

/// Serves one accepted connection as `mode` says, holding its `slot` until it ends.
///
/// This future is each connection's task for as long as the connection lasts, thousands of them idle at once (one
/// per watch): its size is that of its largest state, whichever kind of connection it serves, so the states that
/// are large and short-lived (a TLS handshake, hyper's connection) are boxed, and a fast-path connection idle in a
/// stream keeps only what that stream needs.
async fn serve_accepted(
    stream: TcpStream,
    mode: Mode,
    app: Router,
    limits: ServeLimits,
    watcher: watch::Receiver<()>,
    slot: OwnedSemaphorePermit,
) {
    match mode {
        Mode::Router => Box::pin(serve_http1(stream, app, limits, watcher)).await,
        Mode::FastPath(handle) => fastpath::serve_connection(stream, handle, app, limits, watcher).await,
        Mode::Tls(acceptor, fast_path) => {
            Box::pin(tls::serve_connection(stream, acceptor, fast_path, app, limits, watcher)).await;
        }
    }
    drop(slot);
}

/// One connection served by hyper and the router alone; a change on `shutdown` finishes it gracefully.
pub(crate) async fn serve_http1(stream: TcpStream, app: Router, limits: ServeLimits, shutdown: watch::Receiver<()>) {
    fastpath::hand_off(stream, Vec::new(), app, limits, shutdown).await;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// What an idle connection's task holds besides its socket and what it serves: the future of
    /// [`serve_accepted`], whose size is fixed by its largest state. A watch on the fast path is idle in the
    /// smallest of them for minutes; the larger ones are boxed while they last.
    #[tokio::test]
    async fn a_connection_task_stays_small() {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bound");
        let client = TcpStream::connect(listener.local_addr().expect("address")).await.expect("connected");
        let (stream, _) = listener.accept().await.expect("accepted");
        let (_draining, watcher) = watch::channel(());
        let slot = Arc::new(Semaphore::new(1)).try_acquire_owned().expect("a slot");
        let handle = Handle::new();
        let task = serve_accepted(
            stream,
            Mode::FastPath(handle.clone()),
            Router::new(),
            ServeLimits::default(),
            watcher,
            slot,
        );
        let size = size_of_val(&task);
        eprintln!("serve_accepted: {size} bytes; fast path alone: {} bytes", fast_path_size(&handle).await);
        // Unoptimized builds lay futures out larger; either way, an unboxed hyper connection or router future
        // (1–2 KiB more) would not fit.
        let bound = if cfg!(debug_assertions) { 2048 } else { 1024 };
        assert!(size <= bound, "{size} bytes for each connection's task");
        drop((task, client));
    }

    async fn fast_path_size(handle: &Handle) -> usize {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bound");
        let _client = TcpStream::connect(listener.local_addr().expect("address")).await.expect("connected");
        let (stream, _) = listener.accept().await.expect("accepted");
        let (_draining, watcher) = watch::channel(());
        let future = fastpath::serve_connection(stream, handle.clone(), Router::new(), ServeLimits::default(), watcher);
        size_of_val(&future)
    }
}
