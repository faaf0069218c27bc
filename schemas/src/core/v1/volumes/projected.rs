//! Projected volumes: several sources (secrets, config maps, downward API, service account tokens, trust bundles)
//! merged into one directory.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use super::data::{DownwardAPIVolumeFile, KeyToPath};
use crate::core::v1::references::LocalObjectReference;
use kapi_meta::meta::v1::LabelSelector;

/// Several sources written together into one directory.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ProjectedVolumeSource {
    /// The sources to merge, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub sources: Option<Vec<VolumeProjection>>,
    /// The permission bits of the files, from 0000 to 0777 (JSON takes decimal: 420 is 0644); 0644 by default.
    /// Entries can set their own mode, and other mode bits such as fsGroup's may be added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub default_mode: Option<i32>,
}

/// One source of a projected volume; set exactly one field.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct VolumeProjection {
    /// Keys of a Secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub secret: Option<SecretProjection>,
    /// Facts about the pod.
    #[serde(default, rename = "downwardAPI", skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub downward_api: Option<DownwardAPIProjection>,
    /// Keys of a ConfigMap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub config_map: Option<ConfigMapProjection>,
    /// A token of the pod's service account, refreshed by the kubelet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub service_account_token: Option<ServiceAccountTokenProjection>,
    /// The certificates of ClusterTrustBundle objects, concatenated into one file, refreshed as the bundles
    /// change. Alpha: requires the ClusterTrustBundleProjection feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub cluster_trust_bundle: Option<ClusterTrustBundleProjection>,
}

/// The keys of a Secret as part of a projected volume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct SecretProjection {
    /// The Secret, by its name in the pod's namespace.
    #[serde(flatten)]
    #[kapi(proto = 1)]
    pub local_object_reference: LocalObjectReference,
    /// Which keys to write, and under which paths. When set, only the keys listed appear; a listed key missing
    /// from the Secret is an error unless the source is optional.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub items: Option<Vec<KeyToPath>>,
    /// Whether the pod may start when the Secret or one of its listed keys is missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub optional: Option<bool>,
}

/// The keys of a ConfigMap as part of a projected volume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ConfigMapProjection {
    /// The ConfigMap, by its name in the pod's namespace.
    #[serde(flatten)]
    #[kapi(proto = 1)]
    pub local_object_reference: LocalObjectReference,
    /// Which keys to write, and under which paths. When set, only the keys listed appear; a listed key missing
    /// from the ConfigMap is an error unless the source is optional.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub items: Option<Vec<KeyToPath>>,
    /// Whether the pod may start when the ConfigMap or one of its listed keys is missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub optional: Option<bool>,
}

/// Facts about the pod as part of a projected volume.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct DownwardAPIProjection {
    /// The files to write, one per fact.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub items: Option<Vec<DownwardAPIVolumeFile>>,
}

/// A token for the pod's service account, requested by the kubelet and renewed before it expires.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ServiceAccountTokenProjection {
    /// Who the token is meant for; a recipient must reject tokens not naming it. The API server's own
    /// identifier by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub audience: Option<String>,
    /// How long, in seconds, the requested token is valid (at least 600, one hour by default). The kubelet
    /// rotates it once 80% of that has passed or after 24 hours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub expiration_seconds: Option<i64>,
    /// The file the token is written to, relative to the volume.
    #[kapi(proto = 3)]
    pub path: String,
}

/// Trust anchors from ClusterTrustBundle objects, picked by name or by signer and labels, written as one PEM file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ClusterTrustBundleProjection {
    /// One bundle by name; excludes `signerName` and `labelSelector`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub name: Option<String>,
    /// All bundles of this signer (narrowed by `labelSelector` when given); excludes `name`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub signer_name: Option<String>,
    /// Narrows the signer's bundles to those whose labels match. Used only with `signerName`; an empty selector
    /// matches every bundle, a missing one none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub label_selector: Option<LabelSelector>,
    /// Whether the pod may start when no bundle is found; the file is then empty instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub optional: Option<bool>,
    /// The file the certificates are written to, relative to the volume.
    #[kapi(proto = 4)]
    pub path: String,
}
