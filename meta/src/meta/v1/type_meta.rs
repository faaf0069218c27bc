//! The API version and kind every serialised object states about itself.

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// Which kind an object is and which version of its group's schema it is written in: Go's `metav1.TypeMeta`.
///
/// Kinds embed it with `#[serde(flatten)]`, so `apiVersion` and `kind` are properties of the kind itself, as in
/// Kubernetes' OpenAPI documents. It is `inline`, so it is no definition of its own either: no OpenAPI or JSON
/// Schema definition, and no protobuf message (a kind's protobuf message leaves both fields to the
/// `runtime.Unknown` envelope).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(inline)]
pub struct TypeMeta {
    /// The version of the schema this object is written in: its group and version, such as `apps/v1`, or only
    /// `v1` for the core group. Servers convert the versions they know and may reject others.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// The kind of this object, in CamelCase, such as `Deployment`. A server can tell it from the endpoint a
    /// request is sent to, so clients may leave it out; it cannot be changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
}
