//! Reading one request head in place and deciding whether the fast path may answer it: a GET or HEAD over
//! HTTP/1.1, without a body or any header that changes how the connection behaves, for a path within the target
//! limit. Anything else goes to hyper with the rest of the connection.

use crate::guard::MAX_TARGET_BYTES;

/// Headers a request may carry and still be answered here; more goes to hyper (which answers 431 past its limit).
pub(crate) const MAX_HEADERS: usize = 64;

/// Headers that mean a body, an upgrade or a connection option: hyper handles those requests.
const HANDED_OFF_HEADERS: [&str; 6] = ["content-length", "transfer-encoding", "connection", "expect", "upgrade", "te"];

/// What the buffered bytes hold.
#[derive(Debug)]
pub(crate) enum Parsed<'b> {
    /// A whole head the fast path may answer, `len` bytes long.
    Simple(SimpleRequest<'b>),
    /// A whole head, or a malformed one, for hyper.
    HandOff,
    /// Not a whole head yet.
    Partial,
}

/// A request the fast path may answer.
#[derive(Debug)]
pub(crate) struct SimpleRequest<'b> {
    pub head: bool,
    pub target: &'b str,
    pub path: &'b str,
    pub query: Option<&'b str>,
    pub headers: &'b [httparse::Header<'b>],
    /// The head's length in the buffer.
    pub len: usize,
}

impl SimpleRequest<'_> {
    pub fn method(&self) -> &'static str {
        if self.head { "HEAD" } else { "GET" }
    }
}

/// Parses the head at the start of `bytes` into `storage`.
pub(crate) fn parse<'b>(bytes: &'b [u8], storage: &'b mut [httparse::Header<'b>; MAX_HEADERS]) -> Parsed<'b> {
    let mut request = httparse::Request::new(storage);
    let len = match request.parse(bytes) {
        Ok(httparse::Status::Complete(len)) => len,
        Ok(httparse::Status::Partial) => return Parsed::Partial,
        Err(_) => return Parsed::HandOff,
    };
    let head = match request.method {
        Some("GET") => false,
        Some("HEAD") => true,
        _ => return Parsed::HandOff,
    };
    let (Some(target), Some(1)) = (request.path, request.version) else { return Parsed::HandOff };
    if target.len() > MAX_TARGET_BYTES || !target.starts_with('/') {
        return Parsed::HandOff;
    }
    let headers: &'b [httparse::Header<'b>] = request.headers;
    if headers.iter().any(|header| HANDED_OFF_HEADERS.iter().any(|name| header.name.eq_ignore_ascii_case(name))) {
        return Parsed::HandOff;
    }
    let (path, query) = match target.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (target, None),
    };
    Parsed::Simple(SimpleRequest { head, target, path, query, headers, len })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(bytes: &[u8]) -> String {
        let mut storage = [httparse::EMPTY_HEADER; MAX_HEADERS];
        match parse(bytes, &mut storage) {
            Parsed::Simple(r) => format!("{} {} {:?} {} {}", r.method(), r.path, r.query, r.headers.len(), r.len),
            Parsed::HandOff => "hand-off".to_owned(),
            Parsed::Partial => "partial".to_owned(),
        }
    }

    #[test]
    fn simple_reads_are_answered_here() {
        assert_eq!(parsed(b"GET /apis HTTP/1.1\r\nHost: x\r\n\r\n"), "GET /apis None 1 31");
        assert_eq!(
            parsed(b"HEAD /openapi/v3/api/v1?hash=AB HTTP/1.1\r\n\r\nGET"),
            "HEAD /openapi/v3/api/v1 Some(\"hash=AB\") 0 44"
        );
    }

    #[test]
    fn everything_else_goes_to_hyper_or_waits() {
        assert_eq!(parsed(b"GET /apis HTTP/1.1\r\nHost: x\r\n"), "partial");
        assert_eq!(parsed(b"GET /apis HTTP/1.0\r\n\r\n"), "hand-off");
        assert_eq!(parsed(b"POST /apis HTTP/1.1\r\n\r\n"), "hand-off");
        assert_eq!(parsed(b"GET /apis HTTP/1.1\r\nConnection: close\r\n\r\n"), "hand-off");
        assert_eq!(parsed(b"GET /apis HTTP/1.1\r\nContent-Length: 0\r\n\r\n"), "hand-off");
        assert_eq!(parsed(b"GET /apis HTTP/1.1\r\nUpgrade: h2c\r\n\r\n"), "hand-off");
        assert_eq!(parsed(b"GET * HTTP/1.1\r\n\r\n"), "hand-off");
        assert_eq!(parsed(b"GET http://x/apis HTTP/1.1\r\n\r\n"), "hand-off", "absolute form");
        assert_eq!(parsed(b"G\0T /apis HTTP/1.1\r\n\r\n"), "hand-off", "malformed");
        let long = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(MAX_TARGET_BYTES));
        assert_eq!(parsed(long.as_bytes()), "hand-off");
    }
}
