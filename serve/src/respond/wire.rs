//! A decided reply as the bytes of an HTTP/1.1 response head, gathered from lines prebuilt when the bundle
//! loaded (status, ETag, media type, length, caching) and the two clock lines formatted once a second: nothing
//! is formatted or allocated per request.

use std::io::IoSlice;

use super::reply::{Caching, Conditional, Prepared};

/// The most pieces a head has: status, ETag, Vary, Cache-Control, Expires, media type, encoding,
/// Last-Modified, length, Date and the blank line.
const MAX_PARTS: usize = 11;

/// The current `date: …\r\n` and `expires: …\r\n` (a year ahead) lines.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ClockLines<'a> {
    pub date: &'a [u8],
    pub expires: &'a [u8],
}

/// The pieces of one response head, in order.
#[derive(Debug)]
pub(crate) struct HeadParts<'a> {
    parts: [&'a [u8]; MAX_PARTS],
    len: usize,
}

impl<'a> HeadParts<'a> {
    fn push(&mut self, part: &'a [u8]) {
        if !part.is_empty() {
            self.parts[self.len] = part;
            self.len += 1;
        }
    }

    /// The pieces as slices for a vectored write.
    pub fn io_slices(&self) -> [IoSlice<'a>; MAX_PARTS] {
        let mut slices = [IoSlice::new(&[]); MAX_PARTS];
        for (slice, part) in slices.iter_mut().zip(&self.parts[..self.len]) {
            *slice = IoSlice::new(part);
        }
        slices
    }

    /// How many pieces there are.
    pub fn len(&self) -> usize {
        self.len
    }
}

impl<'a> Prepared<'a> {
    /// The response head. A HEAD answer carries the length a GET's body would have, and a HEAD answered 304 says
    /// `content-length: 0`, as hyper writes them.
    pub(crate) fn head_parts(&self, clock: ClockLines<'a>, head_request: bool) -> HeadParts<'a> {
        let mut head = HeadParts { parts: [&[]; MAX_PARTS], len: 0 };
        head.push(if self.not_modified { b"HTTP/1.1 304 Not Modified\r\n" } else { b"HTTP/1.1 200 OK\r\n" });
        head.push(self.encoded.lines().etag.as_bytes());
        if let Some(vary) = self.vary() {
            head.push(match vary {
                "Accept, Accept-Encoding" => b"vary: Accept, Accept-Encoding\r\n",
                "Accept" => b"vary: Accept\r\n",
                _ => b"vary: Accept-Encoding\r\n",
            });
        }
        match self.reply.caching {
            Caching::Unspecified => {}
            Caching::Public => head.push(b"cache-control: public\r\n"),
            Caching::Revalidate => head.push(b"cache-control: no-cache\r\n"),
            Caching::Immutable => {
                head.push(b"cache-control: public, immutable\r\n");
                head.push(clock.expires);
            }
        }
        if !self.not_modified {
            head.push(self.reply.content_type.map_or(self.rep.content_type_line().as_bytes(), |o| o.line));
            if self.gzip {
                head.push(b"content-encoding: gzip\r\n");
            }
            if let Conditional::Http { line, .. } = self.reply.conditional {
                head.push(line);
            }
            let lines = self.encoded.lines();
            head.push(if self.gzip { lines.gzip_length.as_bytes() } else { lines.length.as_bytes() });
        } else if head_request {
            head.push(b"content-length: 0\r\n");
        }
        head.push(clock.date);
        head.push(b"\r\n");
        head
    }
}
