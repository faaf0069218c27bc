//! Kinds registered in every group-version: delete request bodies and watch events.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use super::type_meta::TypeMeta;

use crate::runtime::RawExtension;

/// The optional body of a DELETE request: how and under which conditions to delete.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1", registered_in_every_group_version)]
pub struct DeleteOptions {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Seconds to wait before the object is removed; 0 deletes at once, unset uses the kind's default.
    /// Must not be negative.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub grace_period_seconds: Option<i64>,
    /// Conditions the object must meet, or the delete fails with a conflict.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub preconditions: Option<Preconditions>,
    /// Deprecated in favour of `propagationPolicy`: whether dependents are orphaned instead of deleted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub orphan_dependents: Option<bool>,
    /// What happens to dependents: `Orphan`, `Background` or `Foreground`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub propagation_policy: Option<String>,
    /// Set to `["All"]` to run every stage of the request without persisting the result.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[kapi(proto = 5, list_type = "atomic")]
    pub dry_run: Vec<String>,
    /// Deletes an object that cannot be read from storage (it fails to decode or decrypt), skipping
    /// finalizers and admission. Dangerous; needs the `unsafe-delete-ignore-read-errors` permission.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub ignore_store_read_error_with_cluster_breaking_potential: Option<bool>,
}

/// Conditions a delete checks before it proceeds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1")]
pub struct Preconditions {
    /// The uid the object must have.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub uid: Option<String>,
    /// The resource version the object must have.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub resource_version: Option<String>,
}

/// One change seen by a watch.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1", registered_in_every_group_version)]
pub struct WatchEvent {
    // No description, as upstream: the event type is `ADDED`, `MODIFIED`, `DELETED`, `BOOKMARK` or `ERROR`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub event_type: String,
    /// The object after the change; for `DELETED`, its last state; for `ERROR`, a Status; for `BOOKMARK`, an
    /// object of the watched kind carrying only a resource version.
    #[kapi(proto = 2)]
    pub object: RawExtension,
}
