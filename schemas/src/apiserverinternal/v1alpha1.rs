//! `k8s.io/api/apiserverinternal/v1alpha1` (group `internal.apiserver.k8s.io`): StorageVersion.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};

/// The encoding versions the API servers of a cluster use for one resource, so that storage migrations know
/// when every server writes the same version. Named `<group>.<resource>`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/apiserverinternal/v1alpha1",
    group = "internal.apiserver.k8s.io",
    version = "v1alpha1",
    scope = "Cluster",
    list = StorageVersionList,
    status
)]
pub struct StorageVersion {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The record's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// Always empty: there is nothing to ask for.
    #[kapi(proto = 2)]
    pub spec: StorageVersionSpec,
    /// What each API server reported, and whether they agree; written by the servers themselves.
    #[kapi(proto = 3)]
    pub status: StorageVersionStatus,
}

/// A page of storage version records.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apiserverinternal/v1alpha1")]
pub struct StorageVersionList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The records.
    #[kapi(proto = 2)]
    pub items: Vec<StorageVersion>,
}

/// An empty spec; a storage version record only has a status.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[kapi(package = "k8s.io/api/apiserverinternal/v1alpha1")]
pub struct StorageVersionSpec {}

/// The storage versions reported by the API servers and their agreement. A server that has not yet reported
/// is assumed to write a version of its own.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apiserverinternal/v1alpha1")]
pub struct StorageVersionStatus {
    /// One entry per API server that has reported its versions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "map", list_map_keys = ["apiServerID"])]
    pub storage_versions: Option<Vec<ServerStorageVersion>>,
    /// The encoding version every server writes, when they all agree; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub common_encoding_version: Option<String>,
    /// Observations about the storage versions, such as whether the servers agree.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "map", list_map_keys = ["type"])]
    pub conditions: Option<Vec<StorageVersionCondition>>,
}

/// The versions one API server encodes, decodes and serves a resource in.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apiserverinternal/v1alpha1")]
pub struct ServerStorageVersion {
    /// The reporting server's identity.
    #[serde(rename = "apiServerID", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub api_server_id: Option<String>,
    /// The version the server writes objects in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub encoding_version: Option<String>,
    /// The versions the server can read stored objects in; the encoding version is one of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "set")]
    pub decodable_versions: Option<Vec<String>>,
    /// The versions the server serves the resource at; every one of them is decodable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "set")]
    pub served_versions: Option<Vec<String>>,
}

/// One observation about the storage versions of a resource.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/apiserverinternal/v1alpha1")]
pub struct StorageVersionCondition {
    /// What is observed, such as `AllEncodingVersionsEqual`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: String,
    /// The generation of the record the observation was made against.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub observed_generation: Option<i64>,
    /// When `status` last changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub last_transition_time: Option<Time>,
    /// A CamelCase word for why the status last changed.
    #[kapi(proto = 5)]
    pub reason: String,
    /// Details of the last change, for people.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    #[kapi(required, proto = 6)]
    pub message: String,
}
