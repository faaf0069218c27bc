//! What the fast path serves over: plain TCP (large bodies then go out with `sendfile(2)`), or TLS over it.

use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;

/// A connection the fast path serves: plain TCP (large bodies then go out with `sendfile(2)`), or TLS over it.
pub(crate) trait Connection: AsyncRead + AsyncWrite + Unpin + Send + 'static {
    /// The socket itself, when bytes written to it go out unchanged (not through TLS).
    fn as_tcp(&self) -> Option<&TcpStream>;
}

impl Connection for TcpStream {
    fn as_tcp(&self) -> Option<&TcpStream> {
        Some(self)
    }
}

impl Connection for tokio_rustls::server::TlsStream<TcpStream> {
    fn as_tcp(&self) -> Option<&TcpStream> {
        None
    }
}
