//! Sources that write API data as files: config maps, secrets and the downward API.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use crate::core::v1::env::{ObjectFieldSelector, ResourceFieldSelector};
use crate::core::v1::references::LocalObjectReference;

/// A ConfigMap of the pod's namespace exposed as files: by default one file per key, named after the key.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ConfigMapVolumeSource {
    /// The ConfigMap, by its name in the pod's namespace.
    #[serde(flatten)]
    #[kapi(proto = 1)]
    pub local_object_reference: LocalObjectReference,
    /// Which keys to expose, and under which paths. When set, only the keys listed appear; a listed key missing
    /// from the ConfigMap is an error unless the source is optional.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub items: Option<Vec<KeyToPath>>,
    /// The permission bits of the files, from 0000 to 0777 (JSON takes decimal: 420 is 0644); 0644 by default.
    /// Entries can set their own mode, and other mode bits such as fsGroup's may be added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub default_mode: Option<i32>,
    /// Whether the pod may start when the ConfigMap or one of its listed keys is missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub optional: Option<bool>,
}

/// A Secret of the pod's namespace exposed as files: by default one file per key, named after the key.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct SecretVolumeSource {
    /// The Secret's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub secret_name: Option<String>,
    /// Which keys to expose, and under which paths. When set, only the keys listed appear; a listed key missing
    /// from the Secret is an error unless the source is optional.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub items: Option<Vec<KeyToPath>>,
    /// The permission bits of the files, from 0000 to 0777 (JSON takes decimal: 420 is 0644); 0644 by default.
    /// Entries can set their own mode, and other mode bits such as fsGroup's may be added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub default_mode: Option<i32>,
    /// Whether the pod may start when the Secret or one of its listed keys is missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub optional: Option<bool>,
}

/// One key of a ConfigMap or Secret and the file it is written to.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct KeyToPath {
    /// The key to write.
    #[kapi(proto = 1)]
    pub key: String,
    /// The file's path, relative to the volume; it may not be absolute, contain `..` or start with `..`.
    #[kapi(proto = 2)]
    pub path: String,
    /// The permission bits of this file, from 0000 to 0777 (JSON takes decimal); the volume's default mode when
    /// unset. Other mode bits such as fsGroup's may be added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub mode: Option<i32>,
}

/// Facts about the pod, taken from its fields and its containers' resources, written as files.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct DownwardAPIVolumeSource {
    /// The files to write, one per fact.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub items: Option<Vec<DownwardAPIVolumeFile>>,
    /// The permission bits of the files, from 0000 to 0777 (JSON takes decimal: 420 is 0644); 0644 by default.
    /// Entries can set their own mode, and other mode bits such as fsGroup's may be added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub default_mode: Option<i32>,
}

/// One file of a downward API volume and the pod field or container resource it contains.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct DownwardAPIVolumeFile {
    /// The file's path, relative to the volume; it may not be absolute or contain `..`, and its first
    /// component may not start with `..`.
    #[kapi(proto = 1)]
    pub path: String,
    /// A pod field to write: metadata.name, metadata.namespace, metadata.uid, metadata.labels or
    /// metadata.annotations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub field_ref: Option<ObjectFieldSelector>,
    /// A container's resource limit or request to write (only limits.cpu, limits.memory, requests.cpu and
    /// requests.memory are supported).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub resource_field_ref: Option<ResourceFieldSelector>,
    /// The permission bits of this file, from 0000 to 0777 (JSON takes decimal); the volume's default mode when
    /// unset. Other mode bits such as fsGroup's may be added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub mode: Option<i32>,
}
