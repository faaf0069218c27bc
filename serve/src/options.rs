//! How a bundle is built from its files: the options every part of loading reads.

/// Encodes an OpenAPI JSON document as gnostic protobuf; the error says why the document cannot be encoded.
pub type ProtobufEncoder = fn(&serde_json::Value) -> Result<Vec<u8>, String>;

/// How a bundle is built from its files.
#[derive(Debug, Clone)]
pub struct LoadOptions {
    /// Filled into `/api`'s `serverAddressByClientCIDRs` when the document leaves it empty (`host:port`).
    pub server_address: Option<String>,
    /// The OpenAPI v2 protobuf encoder. `None`: `/openapi/v2` is served as JSON only, without a warning. An encoder
    /// that fails leaves JSON only too, and the bundle warns ([`Bundle::warnings`](crate::Bundle::warnings)).
    pub openapi_v2_protobuf: Option<ProtobufEncoder>,
    /// The OpenAPI v3 protobuf encoder, for every group-version document; same rules.
    pub openapi_v3_protobuf: Option<ProtobufEncoder>,
}

impl Default for LoadOptions {
    /// No server address; kapi-gnostic's encoders with the `gnostic` feature, none without it.
    fn default() -> Self {
        #[cfg(feature = "gnostic")]
        let (v2, v3): (Option<ProtobufEncoder>, Option<ProtobufEncoder>) = (Some(gnostic_v2), Some(gnostic_v3));
        #[cfg(not(feature = "gnostic"))]
        let (v2, v3) = (None, None);
        Self { server_address: None, openapi_v2_protobuf: v2, openapi_v3_protobuf: v3 }
    }
}

/// kapi-gnostic's v2 encoder as a [`ProtobufEncoder`]; its error (every problem found) becomes one message.
#[cfg(feature = "gnostic")]
fn gnostic_v2(document: &serde_json::Value) -> Result<Vec<u8>, String> {
    kapi_gnostic::openapi_v2_protobuf(document).map_err(|e| e.to_string())
}

/// kapi-gnostic's v3 encoder as a [`ProtobufEncoder`].
#[cfg(feature = "gnostic")]
fn gnostic_v3(document: &serde_json::Value) -> Result<Vec<u8>, String> {
    kapi_gnostic::openapi_v3_protobuf(document).map_err(|e| e.to_string())
}
