//! Request headers as the answering code reads them, whether hyper parsed them into a `HeaderMap` or the fast
//! path left them where they arrived (`httparse` headers borrowing the connection's buffer).

use axum::http::HeaderMap;

/// Read access to a request's headers by (case-insensitive) name; the first of repeated headers wins.
pub trait RequestHeaders {
    /// The raw value of header `name` (lowercase).
    fn raw(&self, name: &str) -> Option<&[u8]>;

    /// The value of header `name` (lowercase) when it is text.
    fn text(&self, name: &str) -> Option<&str> {
        self.raw(name).and_then(|value| std::str::from_utf8(value).ok())
    }
}

impl RequestHeaders for HeaderMap {
    fn raw(&self, name: &str) -> Option<&[u8]> {
        self.get(name).map(|value| value.as_bytes())
    }
}

impl RequestHeaders for [httparse::Header<'_>] {
    fn raw(&self, name: &str) -> Option<&[u8]> {
        self.iter().find(|header| header.name.eq_ignore_ascii_case(name)).map(|header| header.value)
    }
}
