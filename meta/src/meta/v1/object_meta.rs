//! Object and list metadata.

use std::collections::BTreeMap;

use kapi::Schema;
use serde::{Deserialize, Serialize};

use super::opaque::{FieldsV1, Time};

/// Metadata every persisted object carries: its identity, labels and annotations, owners, finalizers and
/// bookkeeping the server maintains.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1")]
pub struct ObjectMeta {
    /// The object's name, unique among objects of its kind in its namespace. Needed on create unless
    /// `generateName` is given; it cannot change afterwards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub name: Option<String>,
    /// A prefix from which the server makes a unique name when `name` is empty; a random suffix is appended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub generate_name: Option<String>,
    /// The namespace the object lives in; empty for cluster-scoped kinds. Must be a DNS label and cannot change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub namespace: Option<String>,
    /// Deprecated and no longer filled in by the server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub self_link: Option<String>,
    /// A unique id the server assigns on create; it never changes and is never reused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub uid: Option<String>,
    /// An opaque version string that changes whenever the object changes; used for optimistic concurrency and
    /// as the starting point of watches. Set by the server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub resource_version: Option<String>,
    /// A counter of changes to the desired state (the spec), maintained by the server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub generation: Option<i64>,
    /// When the server created the object (RFC 3339, UTC). Set by the server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub creation_timestamp: Option<Time>,
    /// When the object will be removed, set by the server once a graceful delete was requested. The object
    /// stays until its finalizers are gone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub deletion_timestamp: Option<Time>,
    /// The grace period, in seconds, of a pending graceful delete; only set together with `deletionTimestamp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub deletion_grace_period_seconds: Option<i64>,
    /// Key/value pairs to organise and select objects by.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11)]
    pub labels: Option<BTreeMap<String, String>>,
    /// Free-form key/value data for tools; not used for selection.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 12)]
    pub annotations: Option<BTreeMap<String, String>>,
    /// The objects this one depends on. When all of them are gone the object is garbage collected; at most one
    /// of them may be marked as the managing controller.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 13, list_type = "map", list_map_keys = ["uid"], patch_strategy = "merge", patch_merge_key = "uid")]
    pub owner_references: Option<Vec<OwnerReference>>,
    /// Names of the parties that must clean up before the object may be deleted. Once a deletion is pending,
    /// entries can only be removed; they may be processed in any order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 14, list_type = "set", patch_strategy = "merge")]
    pub finalizers: Option<Vec<String>>,
    /// Which manager owns which fields, recorded by server-side apply. Mostly of interest to the server itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 17, list_type = "atomic")]
    pub managed_fields: Option<Vec<ManagedFieldsEntry>>,
}

/// Metadata of list responses and other synthetic objects.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1")]
pub struct ListMeta {
    /// Deprecated and no longer filled in by the server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub self_link: Option<String>,
    /// The version of the collection this list reflects; pass it to a watch to receive the changes after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub resource_version: Option<String>,
    /// A token for fetching the next page when the request set a limit and more items exist. It may expire;
    /// then the list must be restarted.
    #[serde(rename = "continue", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub continue_token: Option<String>,
    /// An estimate of the items after this page; absent when unknown (e.g. with selectors) or when this is the
    /// last page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub remaining_item_count: Option<i64>,
    /// Set when the list is a filtered subset of the collection, as selected by a shard selector on the request;
    /// it echoes the selector back so clients can tell which shard they received.
    // Wire-only: newer releases added it (alpha, behind the ShardedListAndWatch feature gate) to the protobuf form
    // kapi matches, while the JSON form kapi mirrors (Kubernetes 1.32) has no such field.
    #[serde(skip)]
    #[kapi(proto = 5)]
    pub shard_info: Option<ShardInfo>,
}

/// The shard selector that produced a list response; its presence means the list is a filtered subset.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1")]
pub struct ShardInfo {
    /// The shard selector of the request, echoed back so responses from several shards can be merged.
    #[kapi(proto = 1)]
    pub selector: String,
}

/// Identifies an owner of an object. The owner lives in the same namespace as the dependent or is
/// cluster-scoped, so no namespace is recorded.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1", map_type = "atomic")]
pub struct OwnerReference {
    /// The owner's API version.
    #[kapi(proto = 5)]
    pub api_version: String,
    /// The owner's kind.
    #[kapi(proto = 1)]
    pub kind: String,
    /// The owner's name.
    #[kapi(proto = 3)]
    pub name: String,
    /// The owner's uid.
    #[kapi(proto = 4)]
    pub uid: String,
    /// True when the owner is the managing controller of this object.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub controller: Option<bool>,
    /// When true, and the owner has the `foregroundDeletion` finalizer, the owner is not removed from storage
    /// before this dependent is. Setting it requires delete permission on the owner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub block_owner_deletion: Option<bool>,
}

/// One manager's claim on a set of fields, as tracked by server-side apply.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1")]
pub struct ManagedFieldsEntry {
    /// The name of the workflow (client) that manages the fields.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub manager: Option<String>,
    /// How the fields were last written: `Apply` or `Update`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub operation: Option<String>,
    /// The API version the field set is expressed in; needed to interpret `fieldsV1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub api_version: Option<String>,
    /// When the entry last changed (for `Apply`, the last apply that changed these fields).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub time: Option<Time>,
    /// The format of the field set; only `FieldsV1` exists.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub fields_type: Option<String>,
    /// The managed fields, when `fieldsType` is `FieldsV1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub fields_v1: Option<FieldsV1>,
    /// The subresource the fields were written through; empty for the main resource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub subresource: Option<String>,
}
