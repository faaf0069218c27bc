//! One servable representation of an artifact: its bytes, a precomputed gzip copy, media type and ETag.
//!
//! Everything a response needs is computed here, once, when a bundle loads; handlers only clone `Bytes` (a reference
//! count) and header values.

use std::io::Write;

use axum::body::Bytes;
use axum::http::HeaderValue;
use flate2::Compression;
use flate2::write::GzEncoder;
use kapi_meta::content_hash::content_hash;

use crate::body_file::BodyFile;

/// Bodies smaller than this are never gzipped: the gzip header and trailer would eat most of the gain.
const GZIP_MIN_LEN: usize = 512;

/// Bodies from this size on are compressed at level 1, the level kube-apiserver compresses every response at: for
/// JSON this large (an aggregated list of thousands of groups, a v2 document of hundreds of megabytes) it is three
/// times faster than the default level, which a reload then waits for, and the copy stays a few percent of the body.
const FAST_GZIP_FROM: usize = 1 << 20;

/// A body with everything needed to serve it.
#[derive(Debug, Clone)]
pub struct Representation {
    body: Bytes,
    gzip: Option<Bytes>,
    content_type: HeaderValue,
    hash: String,
    etag: HeaderValue,
    lines: HeadLines,
    /// Large uncompressed and gzip bodies again, in files the fast path sends with `sendfile(2)`.
    files: (Option<BodyFile>, Option<BodyFile>),
}

/// The header lines of this representation, prebuilt for the fast path's response heads.
#[derive(Debug, Clone)]
pub(crate) struct HeadLines {
    /// `etag: "…"\r\n`.
    pub etag: String,
    /// `content-type: …\r\n`.
    pub content_type: String,
    /// `content-length: …\r\n` of the uncompressed bytes.
    pub length: String,
    /// `content-length: …\r\n` of the gzip bytes (empty without them).
    pub gzip_length: String,
}

impl Representation {
    /// Precomputes the hash, the quoted ETag and (when it pays) a gzip copy of `body`.
    pub fn new(body: impl Into<Bytes>, content_type: &str) -> Result<Self, String> {
        let body = body.into();
        let hash = content_hash(&body);
        let quoted = format!("\"{hash}\"");
        let etag = HeaderValue::try_from(quoted.as_str()).map_err(|e| e.to_string())?;
        let content_type_value =
            HeaderValue::try_from(content_type).map_err(|e| format!("media type {content_type:?}: {e}"))?;
        let gzip = gzip_if_smaller(&body)?;
        let lines = HeadLines {
            etag: format!("etag: {quoted}\r\n"),
            content_type: format!("content-type: {content_type}\r\n"),
            length: format!("content-length: {}\r\n", body.len()),
            gzip_length: gzip.as_ref().map(|gz| format!("content-length: {}\r\n", gz.len())).unwrap_or_default(),
        };
        let files = (BodyFile::of(&body), gzip.as_deref().and_then(BodyFile::of));
        Ok(Self { body, gzip, content_type: content_type_value, hash, etag, lines, files })
    }

    /// The uncompressed bytes.
    pub fn body(&self) -> &Bytes {
        &self.body
    }

    /// The gzip-encoded bytes, when they are worth sending.
    pub fn gzip(&self) -> Option<&Bytes> {
        self.gzip.as_ref()
    }

    /// The media type sent as `Content-Type`.
    pub fn content_type(&self) -> &HeaderValue {
        &self.content_type
    }

    /// Uppercase hex SHA-512 of the uncompressed bytes (the `?hash=` value, the ETag unquoted).
    pub fn hash(&self) -> &str {
        &self.hash
    }

    /// The quoted ETag. It names the uncompressed bytes for every content-coding, as kube-apiserver's compression
    /// filter does, so a `?hash=` and a revalidation mean the same thing whether or not the client took gzip.
    pub fn etag(&self) -> &HeaderValue {
        &self.etag
    }

    /// The quoted ETag as text.
    pub fn etag_str(&self) -> &str {
        // Built from a quoted hex string, so always visible ASCII.
        self.lines.etag.strip_prefix("etag: ").and_then(|line| line.strip_suffix("\r\n")).unwrap_or_default()
    }

    /// The uncompressed (`gzip` false) or gzip body as a file, when it is large enough to be sent from one.
    pub(crate) fn body_file(&self, gzip: bool) -> Option<&BodyFile> {
        if gzip { self.files.1.as_ref() } else { self.files.0.as_ref() }
    }

    /// The prebuilt header lines.
    pub(crate) fn lines(&self) -> &HeadLines {
        &self.lines
    }
}

fn gzip_if_smaller(body: &[u8]) -> Result<Option<Bytes>, String> {
    if body.len() < GZIP_MIN_LEN {
        return Ok(None);
    }
    let level = if body.len() >= FAST_GZIP_FROM { Compression::fast() } else { Compression::default() };
    let mut encoder = GzEncoder::new(Vec::with_capacity(body.len() / 4), level);
    encoder.write_all(body).map_err(|e| format!("gzip: {e}"))?;
    let compressed = encoder.finish().map_err(|e| format!("gzip: {e}"))?;
    Ok((compressed.len() < body.len()).then(|| Bytes::from(compressed)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_is_uppercase_sha512_and_etag_is_quoted() {
        let rep = Representation::new(b"abc".to_vec(), "application/json").expect("representation");
        assert_eq!(rep.hash().len(), 128);
        assert!(rep.hash().starts_with("DDAF35A193617ABA"));
        assert_eq!(rep.etag().to_str().expect("ascii"), format!("\"{}\"", rep.hash()));
        assert!(rep.gzip().is_none(), "tiny bodies are not compressed");
    }

    #[test]
    fn large_bodies_get_a_gzip_copy() {
        let body = b"{\"a\":1}".repeat(200);
        let rep = Representation::new(body.clone(), "application/json").expect("representation");
        let gz = rep.gzip().expect("gzip");
        let mut decoded = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut decoded).expect("gunzip");
        assert_eq!(decoded, body);
    }
}
