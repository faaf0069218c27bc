//! OpenAPI v2 (swagger) as gnostic's `openapi.v2.Document`, the body kube-apiserver sends for
//! `application/com.github.proto-openapi.spec.v2@v1.0+protobuf`.

mod convert;
pub mod messages;

use crate::error::{Dialect, Error};
use crate::reader::Problems;
use prost::Message as _;

/// Converts a swagger JSON document into the gnostic message, or lists everything wrong with its shape.
pub fn document(json: &serde_json::Value) -> Result<messages::Document, Error> {
    let mut problems = Problems::new(Dialect::V2);
    let document = convert::document(&mut problems, json);
    problems.finish(document)
}

/// Encodes a swagger JSON document as `openapi.v2.Document` protobuf bytes.
pub(crate) fn encode(json: &serde_json::Value) -> Result<Vec<u8>, Error> {
    document(json).map(|document| document.encode_to_vec())
}
