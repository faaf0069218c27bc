//! The connection fast path `kapi serve` puts before the router: discovery, OpenAPI and `/version` requests are
//! parsed in place and answered with prebuilt heads and bodies — no routing, no header map, no allocation per
//! request — through the same [`crate::documents::answer`] the router's handler uses. The first request it does
//! not answer (another endpoint, a redirect, an error, a body, HTTP/1.0, `Connection:` options) hands the
//! connection to hyper and the router for the rest of its life, but for a watch: the router's answer to one, a
//! stream for minutes, is written here ([`stream`]), and the connection comes back to the fast path after it.

mod buffer;
mod clock;
mod connection;
mod prefixed;
mod request;
#[cfg(target_os = "linux")]
mod sendfile;
mod socket;
mod stream;

pub(crate) use connection::{hand_off, serve_connection};

/// The bytes the fast path would write for the request at the start of `bytes` (for the fuzz targets).
pub(crate) fn response_bytes(
    bundle: &crate::bundle::Bundle,
    bytes: &[u8],
) -> Option<(Vec<u8>, Option<axum::body::Bytes>)> {
    let mut storage = [httparse::EMPTY_HEADER; request::MAX_HEADERS];
    let request::Parsed::Simple(request) = request::parse(bytes, &mut storage) else { return None };
    let prepared = loop {
        match connection::decide(bundle, &request) {
            connection::Decision::Answer(prepared, _) => break prepared,
            connection::Decision::HandOff => return None,
            connection::Decision::Pending(pending) => pending.compute(),
        }
    };
    let mut clock = clock::ConnectionClock::default();
    let head = prepared.head_parts(clock.now(), request.head);
    let head_bytes = head.io_slices()[..head.len()].iter().flat_map(|slice| slice.iter().copied()).collect();
    let body = prepared.body().filter(|_| !request.head).map(|body| body.to_bytes().unwrap_or_default());
    Some((head_bytes, body))
}
