//! The media-type sets Kubernetes operations declare (sorted, as they appear as `content` keys).

use std::borrow::Cow;

/// Objects: every non-streaming encoding the server speaks.
pub(crate) const OBJECT: &[&str] =
    &["application/cbor", "application/json", "application/vnd.kubernetes.protobuf", "application/yaml"];

/// Watch-capable responses add the streaming encodings.
pub(crate) const STREAM: &[&str] = &[
    "application/cbor",
    "application/cbor-seq",
    "application/json",
    "application/json;stream=watch",
    "application/vnd.kubernetes.protobuf",
    "application/vnd.kubernetes.protobuf;stream=watch",
    "application/yaml",
];

/// Request bodies other than patches: the server decides by Content-Type.
pub(crate) const ANY: &[&str] = &["*/*"];

/// Patch bodies: one media type per patch strategy.
pub(crate) const PATCH: &[&str] = &[
    "application/apply-patch+cbor",
    "application/apply-patch+yaml",
    "application/json-patch+json",
    "application/merge-patch+json",
    "application/strategic-merge-patch+json",
];

/// Custom resources: the server's CRD routes declare JSON and YAML for every object they send or take.
pub(crate) const CUSTOM_RESOURCE: &[&str] = &["application/json", "application/yaml"];

/// Custom resource patches: no strategic merge (a custom resource has no Go type to take patch strategies from).
pub(crate) const CUSTOM_RESOURCE_PATCH: &[&str] =
    &["application/apply-patch+yaml", "application/json-patch+json", "application/merge-patch+json"];

/// What a connect answers with: whatever the stream or the proxied server sends.
pub(crate) const CONNECT: &[&str] = &["*/*"];

/// A media-type set as a response's.
pub(crate) fn owned(media: &[&'static str]) -> Vec<Cow<'static, str>> {
    media.iter().map(|m| Cow::Borrowed(*m)).collect()
}
