//! The Status kind: the body of error responses and of operations that return no object.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use super::{object_meta::ListMeta, type_meta::TypeMeta};

/// The outcome of a call that returns no object, and the body of every error response.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1", gvk(group = "", version = "v1", kind = "Status"))]
pub struct Status {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// List metadata; normally empty.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// `Success` or `Failure`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub status: Option<String>,
    /// A human-readable explanation of the outcome.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub message: Option<String>,
    /// A machine-readable reason for a failure (such as `NotFound` or `Conflict`); empty when none applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub reason: Option<String>,
    /// Extra data about the failure, shaped by `reason`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5, schema_with = details_schema)]
    pub details: Option<StatusDetails>,
    /// The HTTP status code of the response, when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub code: Option<i32>,
}

/// `details` as upstream writes it: Go's `+listType=atomic` marker sits on this struct field, so upstream's
/// documents give the field `x-kubernetes-list-type: atomic`. The derive refuses list keywords on a field that is
/// not a list, so the quirk is reproduced here, by hand.
fn details_schema(registry: &mut kapi::Registry) -> kapi::model::SchemaNode {
    let mut node = registry.schema_for::<Option<StatusDetails>>();
    node.keywords_mut().kubernetes.list_type = Some(kapi::model::ListType::Atomic);
    node
}

/// Which object a status is about and why it failed. Every field is optional and clients must cope with
/// unexpected values.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1")]
pub struct StatusDetails {
    /// The name of the object concerned, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub name: Option<String>,
    /// The API group of the object concerned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub group: Option<String>,
    /// The kind of the object concerned; it may differ from the requested resource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub kind: Option<String>,
    /// The uid of the object concerned, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub uid: Option<String>,
    /// The individual problems behind the failure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "atomic")]
    pub causes: Option<Vec<StatusCause>>,
    /// How many seconds a client should wait before retrying, for reasons that allow a retry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub retry_after_seconds: Option<i32>,
}

/// One problem behind a failed call, such as an invalid field.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1")]
pub struct StatusCause {
    /// A machine-readable kind of problem (such as `FieldValueInvalid`); empty when unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub reason: Option<String>,
    /// A human-readable description of the problem.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub message: Option<String>,
    /// The path of the offending field in JSON form (`spec.containers[0].image`), when the problem has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub field: Option<String>,
}
