//! Internals the fuzz targets in `fuzz/` drive directly; not part of the supported API, and may change freely.

use std::collections::BTreeMap;

use prost_reflect::DescriptorPool;

use crate::protobuf::{descriptors, envelope};

pub use crate::protobuf::envelope::{Envelope, decode as decode_envelope};

/// What the connection fast path writes for the request at the start of `bytes`, answered from `bundle` (a GET's
/// head and body, or a HEAD's head): `None` when it would wait for more bytes or hand the connection to the router.
pub fn fast_path_response(bundle: &crate::Bundle, bytes: &[u8]) -> Option<(Vec<u8>, Option<axum::body::Bytes>)> {
    crate::fastpath::response_bytes(bundle, bytes)
}

/// Frames objects as `wrap` does when a bundle's discovery is encoded, from a bundle's `proto/**` files.
#[derive(Debug)]
pub struct EnvelopeEncoder(DescriptorPool);

impl EnvelopeEncoder {
    /// Compiles the `proto/**/*.proto` files among `files` (they must define `runtime.Unknown`).
    pub fn from_files(files: &BTreeMap<String, Vec<u8>>) -> Result<Self, String> {
        let sources = descriptors::sources(files)?;
        descriptors::compile(&sources)?.map(Self).ok_or_else(|| "no proto/**/*.proto files".to_owned())
    }

    /// The magic and a `runtime.Unknown` carrying `api_version`, `kind` and `raw`.
    pub fn encode(&self, api_version: &str, kind: &str, raw: Vec<u8>) -> Result<Vec<u8>, String> {
        envelope::wrap(&self.0, api_version, kind, raw)
    }
}
