//! `ConversionReview`: what the API server posts to a CRD's conversion webhook, and what the webhook answers.
//!
//! Not served as a resource, so no schema: the objects are whole custom resources of any version, kept as JSON.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::meta::v1::{Status, TypeMeta};

/// A request to convert objects, or the answer to one (the same kind and `apiVersion` both ways).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConversionReview {
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The objects to convert, as the server sends them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request: Option<ConversionRequest>,
    /// The converted objects, or why they could not be converted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response: Option<ConversionResponse>,
}

/// The objects to convert and the version wanted.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConversionRequest {
    /// Identifies this request; the response repeats it.
    pub uid: String,
    /// The `group/version` every object is converted to.
    #[serde(rename = "desiredAPIVersion")]
    pub desired_api_version: String,
    /// Whole objects, each in the version it is stored or sent in.
    #[serde(default, deserialize_with = "null_as_empty")]
    pub objects: Vec<Value>,
}

/// The converted objects in request order, or a `Failure` result and none.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConversionResponse {
    /// The request's `uid`.
    pub uid: String,
    /// Go writes a nil slice as `null`: kube-apiserver sends `"response": {"convertedObjects": null, ...}` in
    /// every request, for the webhook to fill.
    #[serde(default, deserialize_with = "null_as_empty")]
    pub converted_objects: Vec<Value>,
    /// `Success`, or `Failure` with a message saying which object could not be converted and why.
    pub result: Status,
}

/// A list that Go may have written as `null`, read as empty.
fn null_as_empty<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<Value>, D::Error> {
    Ok(Option::<Vec<Value>>::deserialize(deserializer)?.unwrap_or_default())
}
