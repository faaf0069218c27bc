//! The connection fast path `kapi serve` puts before the router: discovery, OpenAPI and `/version` requests are
//! parsed in place and answered with prebuilt heads and bodies — no routing, no header map, no allocation per
//! request — through the same [`crate::documents::answer`] the router's handler uses. The first request it does
//! not answer (another endpoint, a redirect, an error, a body, HTTP/1.0, `Connection:` options) hands the
//! connection to hyper and the router for the rest of its life.

mod buffer;
mod clock;
mod connection;
mod prefixed;
mod request;
#[cfg(target_os = "linux")]
mod sendfile;

pub(crate) use connection::{hand_off, serve_connection};
