//! A node's (deprecated) dynamic kubelet configuration source, named by the node's spec and reported in its
//! status.

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// Deprecated: a source of kubelet configuration; exactly one member is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NodeConfigSource {
    /// A ConfigMap holding the configuration.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub config_map: Option<ConfigMapNodeConfigSource>,
}

/// Deprecated: a ConfigMap holding a node's kubelet configuration.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ConfigMapNodeConfigSource {
    /// The ConfigMap's namespace.
    #[kapi(proto = 1)]
    pub namespace: String,
    /// The ConfigMap's name.
    #[kapi(proto = 2)]
    pub name: String,
    /// The ConfigMap's uid; reported in the node's status, never to be set in its spec.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub uid: Option<String>,
    /// The ConfigMap's resource version; reported in the node's status, never to be set in its spec.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub resource_version: Option<String>,
    /// The ConfigMap key holding the kubelet configuration.
    #[kapi(proto = 5)]
    pub kubelet_config_key: String,
}
