//! How a bundle is built from its files: the options every part of loading reads.

/// Encodes an OpenAPI JSON document as gnostic protobuf.
pub type ProtobufEncoder = fn(&serde_json::Value) -> Result<Vec<u8>, String>;

/// How a bundle is built from its files.
#[derive(Debug, Clone)]
pub struct LoadOptions {
    /// Filled into `/api`'s `serverAddressByClientCIDRs` when the document leaves it empty (`host:port`).
    pub server_address: Option<String>,
    /// The OpenAPI v2 protobuf encoder; when it fails the protobuf variant is not offered (JSON still is).
    pub openapi_v2_protobuf: ProtobufEncoder,
    /// The OpenAPI v3 protobuf encoder; same rule.
    pub openapi_v3_protobuf: ProtobufEncoder,
}

impl Default for LoadOptions {
    fn default() -> Self {
        Self {
            server_address: None,
            openapi_v2_protobuf: gnostic_v2,
            openapi_v3_protobuf: gnostic_v3,
        }
    }
}

/// kapi-gnostic's v2 encoder as a [`ProtobufEncoder`], its error (every problem found) as one message.
fn gnostic_v2(document: &serde_json::Value) -> Result<Vec<u8>, String> {
    kapi_gnostic::openapi_v2_protobuf(document).map_err(|e| e.to_string())
}

/// kapi-gnostic's v3 encoder as a [`ProtobufEncoder`].
fn gnostic_v3(document: &serde_json::Value) -> Result<Vec<u8>, String> {
    kapi_gnostic::openapi_v3_protobuf(document).map_err(|e| e.to_string())
}
