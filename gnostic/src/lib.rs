//! kapi-gnostic: OpenAPI v2 and v3 JSON documents encoded as gnostic's protobuf messages, the bodies kube-apiserver
//! sends when a client (kubectl) asks for `application/com.github.proto-openapi.spec.v2@v1.0+protobuf` or
//! `application/com.github.proto-openapi.spec.v3@v1.0+protobuf`.
//!
//! kube-apiserver answers those media types by parsing its JSON document with gnostic (`openapi_v2.ParseDocument`,
//! `openapi_v3.ParseDocument`) and marshalling the result; this crate does the same in Rust. [`v2::messages`] and
//! [`v3::messages`] declare gnostic's messages by hand (checked field by field against the upstream `.proto` files
//! in the tests), and each dialect's converter walks the JSON the way gnostic does:
//!
//! - keys gnostic does not allow are refused rather than dropped, and every problem is reported, with its location;
//! - `x-...` keys become `NamedAny` entries whose `Any.yaml` is the value as YAML text, which is where kube-openapi's
//!   `util/proto` (kubectl 1.27's `explain`) finds `x-kubernetes-group-version-kind`;
//! - map entries (definitions, properties, paths, extensions, YAML map keys) are written in key order, so the same
//!   document always gives the same bytes.
//!
//! The crate knows nothing of HTTP or of kapi's bundles: `kapi-runtime` plugs [`openapi_v2_protobuf`] and
//! [`openapi_v3_protobuf`] in as its OpenAPI protobuf encoders when its `gnostic` feature is on.

mod error;
mod protobuf_any;
mod reader;
pub mod v2;
pub mod v3;
mod yaml;

pub use error::{Error, Problem};
pub use protobuf_any::ProtobufAny;

/// Encodes an OpenAPI v2 (swagger) JSON document as a gnostic `openapi.v2.Document`, or returns every problem
/// that keeps gnostic from reading it.
pub fn openapi_v2_protobuf(document: &serde_json::Value) -> Result<Vec<u8>, Error> {
    v2::encode(document)
}

/// Encodes an OpenAPI v3 JSON document as a gnostic `openapi.v3.Document`, or returns every problem that keeps
/// gnostic from reading it.
pub fn openapi_v3_protobuf(document: &serde_json::Value) -> Result<Vec<u8>, Error> {
    v3::encode(document)
}

#[cfg(test)]
mod tests;
