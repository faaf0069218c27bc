//! What one client may take of the server, and hyper's HTTP/1.1 settings that carry those limits.

use std::time::Duration;

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

/// hyper's HTTP/1.1 settings for every connection it serves (plain, handed over by the fast path, or inside TLS): a
/// head must arrive within the timeout, and hyper reads at most the head limit (the exact limit is the `431`
/// layer's, see [`crate::guard::head_limit`]).
pub(crate) fn http1_builder(limits: ServeLimits) -> hyper::server::conn::http1::Builder {
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .max_buf_size(limits.max_head_bytes.max(8192));
    builder
}
