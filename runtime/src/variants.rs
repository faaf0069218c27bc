//! One servable representation of an artifact: its bytes, a precomputed gzip copy, media type and ETag.
//!
//! Everything a response needs is computed here, once, when a bundle loads; handlers only clone `Bytes` (a reference
//! count) and header values.

use std::io::Write;

use axum::body::Bytes;
use axum::http::HeaderValue;
use flate2::Compression;
use flate2::write::GzEncoder;
use headers::ETag;
use kapi_meta::content_hash::content_hash;

/// Bodies smaller than this are never gzipped: the gzip header and trailer would eat most of the gain.
const GZIP_MIN_LEN: usize = 512;

/// A body with everything needed to serve it.
#[derive(Debug, Clone)]
pub struct Representation {
    body: Bytes,
    gzip: Option<Bytes>,
    content_type: HeaderValue,
    hash: String,
    etag: HeaderValue,
    typed_etag: ETag,
}

impl Representation {
    /// Precomputes the hash, the quoted ETag and (when it pays) a gzip copy of `body`.
    pub fn new(body: Vec<u8>, content_type: &str) -> Result<Self, String> {
        let hash = content_hash(&body);
        let quoted = format!("\"{hash}\"");
        let typed_etag = quoted.parse::<ETag>().map_err(|e| format!("etag: {e:?}"))?;
        let etag = HeaderValue::try_from(quoted).map_err(|e| e.to_string())?;
        let content_type =
            HeaderValue::try_from(content_type).map_err(|e| format!("media type {content_type:?}: {e}"))?;
        let gzip = gzip_if_smaller(&body)?;
        Ok(Self { body: Bytes::from(body), gzip, content_type, hash, etag, typed_etag })
    }

    /// The identity-encoded bytes.
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

    /// Uppercase hex SHA-512 of the identity bytes (the `?hash=` value, the ETag unquoted).
    pub fn hash(&self) -> &str {
        &self.hash
    }

    /// The quoted ETag. It names the identity bytes for every content-coding, as kube-apiserver's compression
    /// filter does, so a `?hash=` and a revalidation mean the same thing whether or not the client took gzip.
    pub fn etag(&self) -> &HeaderValue {
        &self.etag
    }

    /// The ETag as the `headers` crate's conditional logic takes it.
    pub fn typed_etag(&self) -> &ETag {
        &self.typed_etag
    }
}

fn gzip_if_smaller(body: &[u8]) -> Result<Option<Bytes>, String> {
    if body.len() < GZIP_MIN_LEN {
        return Ok(None);
    }
    let mut encoder = GzEncoder::new(Vec::with_capacity(body.len() / 4), Compression::best());
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
