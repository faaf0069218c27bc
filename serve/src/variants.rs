//! One servable representation of an artifact: its bytes, media type, and what is computed from the bytes (the
//! ETag, a gzip copy, the prebuilt header lines) on first need.
//!
//! A bundle of thousands of groups has hundreds of megabytes of documents; hashing and compressing all of them
//! before listening took most of a start. Each representation computes its own at most once, when a request (or
//! the background warm-up, [`crate::warmup`]) first needs them: concurrent requests for the same document wait
//! for that one computation, never for another document's. The results are the bytes an eager computation gave.

use std::io::Write;
use std::sync::{Arc, OnceLock};

use axum::body::Bytes;
use axum::http::HeaderValue;
use flate2::Compression;
use flate2::write::GzEncoder;
use kapi_meta::content_hash::ContentHasher;

use crate::body::Body;
use crate::body_file::BodyFile;
use crate::compute_gate::ComputeGate;

/// Bodies smaller than this are never gzipped: the gzip header and trailer would eat most of the gain.
const GZIP_MIN_LEN: usize = 512;

/// Bodies from this size on are compressed at level 1, the level kube-apiserver compresses every response at: for
/// JSON this large (an aggregated list of thousands of groups, a v2 document of hundreds of megabytes) it is three
/// times faster than the default level, which a first request then waits for, and the copy stays a few percent of
/// the body.
const FAST_GZIP_FROM: usize = 1 << 20;

/// A body with everything needed to serve it; clones share the body and what is computed from it.
#[derive(Debug, Clone)]
pub struct Representation {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    body: Body,
    content_type: HeaderValue,
    /// `content-type: …\r\n`.
    content_type_line: String,
    /// The hash the bytes must have (an OpenAPI index lists it), checked when they are first hashed.
    expected_hash: Option<String>,
    encoded: OnceLock<Result<Encoded, String>>,
    /// Requests that find `encoded` missing wait here for the one computing it.
    gate: ComputeGate,
    /// How many times the encodings were computed (tests check it is once).
    #[cfg(test)]
    computations: std::sync::atomic::AtomicUsize,
}

/// What is computed from a representation's bytes, once.
#[derive(Debug)]
pub(crate) struct Encoded {
    hash: String,
    etag: HeaderValue,
    gzip: Option<Body>,
    /// A large body held in memory (a discovery list) again in an unnamed file, for `sendfile(2)`.
    file_copy: Option<Body>,
    lines: HeadLines,
}

/// The header lines of a representation, prebuilt for the fast path's response heads.
#[derive(Debug, Clone)]
pub(crate) struct HeadLines {
    /// `etag: "…"\r\n`.
    pub etag: String,
    /// `content-length: …\r\n` of the uncompressed bytes.
    pub length: String,
    /// `content-length: …\r\n` of the gzip bytes (empty without them).
    pub gzip_length: String,
}

impl Representation {
    /// A representation of `body` as `content_type`; its hash and gzip copy are computed on first need.
    pub fn new(body: impl Into<Bytes>, content_type: &str) -> Result<Self, String> {
        Self::of(Body::Memory(body.into()), content_type, None)
    }

    /// A representation of `body`, in memory or in a file, whose hash must be `expected_hash` when one is given
    /// (a mismatch is found when the hash is first computed, and the document is then not served).
    pub(crate) fn of(body: Body, content_type: &str, expected_hash: Option<String>) -> Result<Self, String> {
        let content_type_value =
            HeaderValue::try_from(content_type).map_err(|e| format!("media type {content_type:?}: {e}"))?;
        let inner = Inner {
            body,
            content_type: content_type_value,
            content_type_line: format!("content-type: {content_type}\r\n"),
            expected_hash,
            encoded: OnceLock::new(),
            gate: ComputeGate::default(),
            #[cfg(test)]
            computations: std::sync::atomic::AtomicUsize::new(0),
        };
        Ok(Self { inner: Arc::new(inner) })
    }

    /// The uncompressed bytes.
    pub(crate) fn body(&self) -> &Body {
        &self.inner.body
    }

    /// The media type sent as `Content-Type`.
    pub fn content_type(&self) -> &HeaderValue {
        &self.inner.content_type
    }

    /// `content-type: …\r\n`.
    pub(crate) fn content_type_line(&self) -> &str {
        &self.inner.content_type_line
    }

    /// The hash, ETag and gzip copy, computed by the first caller (the others wait for it); the reason when they
    /// cannot be (a file that cannot be read, or whose bytes are not the ones the index lists).
    pub(crate) fn encoded(&self) -> Result<&Encoded, &str> {
        self.inner.encoded.get_or_init(|| encode(&self.inner)).as_ref().map_err(String::as_str)
    }

    /// True once [`Representation::encoded`] has been computed (successfully or not).
    pub(crate) fn is_encoded(&self) -> bool {
        self.inner.encoded.get().is_some()
    }

    /// Where requests wait for [`Representation::encoded`] to be computed off their event loop.
    pub(crate) fn gate(&self) -> &ComputeGate {
        &self.inner.gate
    }

    /// Uppercase hex SHA-512 of the uncompressed bytes (the `?hash=` value, the ETag unquoted), computed on first
    /// need.
    pub fn hash(&self) -> Result<&str, String> {
        self.encoded().map(Encoded::hash).map_err(str::to_owned)
    }

    /// The quoted ETag, computed on first need. It names the uncompressed bytes for every content-coding, as
    /// kube-apiserver's compression filter does, so a `?hash=` and a revalidation mean the same thing whether or
    /// not the client took gzip.
    pub fn etag(&self) -> Result<&HeaderValue, String> {
        self.encoded().map(Encoded::etag).map_err(str::to_owned)
    }

    /// True when both are the same representation (clones of one another).
    #[cfg(test)]
    pub(crate) fn same(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }
}

impl Encoded {
    /// Uppercase hex SHA-512 of the uncompressed bytes.
    pub fn hash(&self) -> &str {
        &self.hash
    }

    /// The quoted ETag.
    pub fn etag(&self) -> &HeaderValue {
        &self.etag
    }

    /// The quoted ETag as text.
    pub fn etag_str(&self) -> &str {
        // Built from a quoted hex string, so always visible ASCII.
        self.lines.etag.strip_prefix("etag: ").and_then(|line| line.strip_suffix("\r\n")).unwrap_or_default()
    }

    /// The gzip-encoded bytes, when they are worth sending.
    pub fn gzip(&self) -> Option<&Body> {
        self.gzip.as_ref()
    }

    /// The prebuilt header lines.
    pub fn lines(&self) -> &HeadLines {
        &self.lines
    }

    /// The uncompressed body in a file, when it is in memory and large enough to be sent from one.
    pub fn file_copy(&self) -> Option<&Body> {
        self.file_copy.as_ref()
    }
}

/// Hashes and compresses the body in one pass over it (read a piece at a time when it is in a file).
fn encode(inner: &Inner) -> Result<Encoded, String> {
    #[cfg(test)]
    inner.computations.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let body = &inner.body;
    let mut hasher = ContentHasher::default();
    let mut gzip = (body.len() >= GZIP_MIN_LEN).then(|| {
        let level = if body.len() >= FAST_GZIP_FROM { Compression::fast() } else { Compression::default() };
        GzEncoder::new(Vec::with_capacity(body.len() / 4), level)
    });
    let mut gzip_error = None;
    body.for_each_piece(|piece| {
        hasher.update(piece);
        if let Some(encoder) = &mut gzip
            && let Err(error) = encoder.write_all(piece)
        {
            gzip_error = Some(error);
        }
    })
    .map_err(|e| format!("cannot read the document: {e}"))?;
    if let Some(error) = gzip_error {
        return Err(format!("gzip: {error}"));
    }
    // A file rewritten while it was read may have given a mix of old and new bytes.
    if body.changed_in_place() {
        return Err("the file was rewritten in place after the server opened it".to_owned());
    }
    let hash = hasher.finish();
    if let Some(expected) = &inner.expected_hash
        && *expected != hash
    {
        return Err(format!("its bytes are not those the index lists: hash {hash}, listed {expected}"));
    }
    let gzip = match gzip {
        None => None,
        Some(encoder) => {
            let compressed = encoder.finish().map_err(|e| format!("gzip: {e}"))?;
            (compressed.len() < body.len()).then(|| Body::kept(compressed))
        }
    };
    let file_copy = body.in_memory().and_then(|bytes| BodyFile::of(bytes)).map(Body::File);
    let quoted = format!("\"{hash}\"");
    let etag = HeaderValue::try_from(quoted.as_str()).map_err(|e| e.to_string())?;
    let lines = HeadLines {
        etag: format!("etag: {quoted}\r\n"),
        length: format!("content-length: {}\r\n", body.len()),
        gzip_length: gzip.as_ref().map(|gz| format!("content-length: {}\r\n", gz.len())).unwrap_or_default(),
    };
    Ok(Encoded { hash, etag, gzip, file_copy, lines })
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use super::*;

    fn gunzip(bytes: &[u8]) -> Vec<u8> {
        let mut decoded = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(bytes), &mut decoded).expect("gunzip");
        decoded
    }

    /// What the representation computed before it was lazy: the hash and gzip copy of the whole body at once.
    fn eager(body: &[u8]) -> (String, Option<Vec<u8>>) {
        let hash = kapi_meta::content_hash::content_hash(body);
        let level = if body.len() >= FAST_GZIP_FROM { Compression::fast() } else { Compression::default() };
        let mut encoder = GzEncoder::new(Vec::new(), level);
        encoder.write_all(body).expect("gzip");
        let gzip = encoder.finish().expect("gzip");
        (hash, (body.len() >= GZIP_MIN_LEN && gzip.len() < body.len()).then_some(gzip))
    }

    /// JSON-like bytes that compress, `len` long.
    fn document(len: usize) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(len);
        let mut i = 0_u64;
        while bytes.len() < len {
            bytes
                .extend_from_slice(format!("{{\"name\":\"field{}\",\"n\":{}}},", i % 977, i * 7919 % 10007).as_bytes());
            i += 1;
        }
        bytes.truncate(len);
        bytes
    }

    fn in_file(bytes: &[u8]) -> (tempfile::TempDir, Body) {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("doc.json");
        std::fs::write(&path, bytes).expect("written");
        let file = std::fs::File::open(&path).expect("opens");
        let metadata = file.metadata().expect("stat");
        (dir, Body::File(BodyFile::opened(file, &metadata)))
    }

    #[test]
    fn hash_is_uppercase_sha512_and_etag_is_quoted() {
        let rep = Representation::new(b"abc".to_vec(), "application/json").expect("representation");
        assert!(!rep.is_encoded(), "nothing is computed before it is needed");
        let encoded = rep.encoded().expect("encoded");
        assert_eq!(encoded.hash().len(), 128);
        assert!(encoded.hash().starts_with("DDAF35A193617ABA"));
        assert_eq!(encoded.etag().to_str().expect("ascii"), format!("\"{}\"", encoded.hash()));
        assert_eq!(encoded.etag_str(), format!("\"{}\"", encoded.hash()));
        assert!(encoded.gzip().is_none(), "tiny bodies are not compressed");
    }

    #[test]
    fn large_bodies_get_a_gzip_copy() {
        let body = b"{\"a\":1}".repeat(200);
        let rep = Representation::new(body.clone(), "application/json").expect("representation");
        let gz = rep.encoded().expect("encoded").gzip().expect("gzip").to_bytes().expect("bytes");
        assert_eq!(gunzip(&gz), body);
    }

    #[test]
    fn lazy_encodings_are_the_bytes_the_eager_ones_were_in_memory_and_from_a_file() {
        // Below the sendfile size, between it and the fast-gzip size, and above (read in several pieces).
        for len in [3, 600, 100_000, 3 << 20] {
            let bytes = document(len);
            let (hash, gzip) = eager(&bytes);
            let (_dir, file) = in_file(&bytes);
            for rep in [
                Representation::new(bytes.clone(), "application/json").expect("representation"),
                Representation::of(file.clone(), "application/json", None).expect("representation"),
            ] {
                let encoded = rep.encoded().expect("encoded");
                assert_eq!(encoded.hash(), hash, "{len}");
                let lazy_gzip = encoded.gzip().map(|gz| gz.to_bytes().expect("bytes").to_vec());
                assert_eq!(lazy_gzip, gzip, "{len}");
                assert_eq!(encoded.lines().length, format!("content-length: {len}\r\n"));
            }
        }
    }

    #[test]
    fn concurrent_requests_for_one_document_wait_for_a_single_computation() {
        let rep = Representation::new(document(2 << 20), "application/json").expect("representation");
        let clones: Vec<Representation> = (0..8).map(|_| rep.clone()).collect();
        let etags: Vec<String> = std::thread::scope(|scope| {
            let threads: Vec<_> = clones
                .iter()
                .map(|rep| scope.spawn(move || rep.encoded().expect("encoded").etag_str().to_owned()))
                .collect();
            threads.into_iter().map(|thread| thread.join().expect("joined")).collect()
        });
        assert!(etags.windows(2).all(|pair| pair[0] == pair[1]));
        assert_eq!(rep.inner.computations.load(Ordering::SeqCst), 1);
        assert!(clones.iter().all(|clone| clone.same(&rep) && clone.is_encoded()));
    }

    #[test]
    fn a_body_that_is_not_the_listed_one_is_refused_when_first_hashed() {
        let listed = kapi_meta::content_hash::content_hash(b"listed");
        let rep = Representation::of(Body::Memory(Bytes::from_static(b"other")), "application/json", Some(listed))
            .expect("representation");
        let reason = rep.encoded().expect_err("refused");
        assert!(reason.contains("not those the index lists"), "{reason}");
        assert!(rep.etag().is_err());
    }

    #[test]
    fn a_file_rewritten_in_place_before_it_is_hashed_is_refused() {
        let bytes = document(100_000);
        let (dir, file) = in_file(&bytes);
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(dir.path().join("doc.json"), document(100_001)).expect("rewritten");
        let rep = Representation::of(file, "application/json", None).expect("representation");
        assert!(rep.encoded().is_err());
    }
}
