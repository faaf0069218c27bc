//! Environment variables of containers and where their values come from.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use kapi_meta::quantity::Quantity;

use super::references::LocalObjectReference;

/// One environment variable of a container.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct EnvVar {
    /// The variable's name, a C identifier.
    #[kapi(proto = 1)]
    pub name: String,
    /// The literal value (empty when unset). `$(OTHER)` is replaced by the earlier-defined variable `OTHER` or a
    /// service variable; unknown references stay as written, and `$$` stands for a literal `$`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub value: Option<String>,
    /// Where to read the value from instead; only allowed when `value` is empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub value_from: Option<EnvVarSource>,
}

/// The origin of an environment variable's value: exactly one of its fields.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct EnvVarSource {
    /// A field of the pod itself, such as `metadata.name`, `metadata.namespace`, `metadata.labels['<key>']`,
    /// `metadata.annotations['<key>']`, `spec.nodeName`, `spec.serviceAccountName`, `status.hostIP`,
    /// `status.podIP` or `status.podIPs`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub field_ref: Option<ObjectFieldSelector>,
    /// A request or limit of the container: `limits.cpu`, `limits.memory`, `limits.ephemeral-storage` or the same
    /// under `requests.`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub resource_field_ref: Option<ResourceFieldSelector>,
    /// One entry of a ConfigMap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub config_map_key_ref: Option<ConfigMapKeySelector>,
    /// One entry of a Secret from the pod's namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub secret_key_ref: Option<SecretKeySelector>,
}

/// A bulk source of environment variables: every entry of a ConfigMap or a Secret.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct EnvFromSource {
    /// A C identifier put in front of every variable name taken from the source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub prefix: Option<String>,
    /// The ConfigMap whose entries become variables.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub config_map_ref: Option<ConfigMapEnvSource>,
    /// The Secret whose entries become variables.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub secret_ref: Option<SecretEnvSource>,
}

/// A ConfigMap whose entries all become environment variables, named by their keys.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ConfigMapEnvSource {
    /// The ConfigMap, by its name in the pod's namespace.
    #[serde(flatten)]
    #[kapi(proto = 1)]
    pub local_object_reference: LocalObjectReference,
    /// When true, a missing ConfigMap is not an error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub optional: Option<bool>,
}

/// A Secret whose entries all become environment variables, named by their keys.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct SecretEnvSource {
    /// The Secret, by its name in the pod's namespace.
    #[serde(flatten)]
    #[kapi(proto = 1)]
    pub local_object_reference: LocalObjectReference,
    /// When true, a missing Secret is not an error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub optional: Option<bool>,
}

/// One entry of a ConfigMap in the pod's namespace.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", map_type = "atomic")]
pub struct ConfigMapKeySelector {
    /// The ConfigMap, by its name in the pod's namespace.
    #[serde(flatten)]
    #[kapi(proto = 1)]
    pub local_object_reference: LocalObjectReference,
    /// The key of the entry.
    #[kapi(proto = 2)]
    pub key: String,
    /// When true, a missing ConfigMap or key is not an error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub optional: Option<bool>,
}

/// One entry of a Secret in the pod's namespace.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", map_type = "atomic")]
pub struct SecretKeySelector {
    /// The Secret, by its name in the pod's namespace.
    #[serde(flatten)]
    #[kapi(proto = 1)]
    pub local_object_reference: LocalObjectReference,
    /// The key of the entry; must be a valid Secret key.
    #[kapi(proto = 2)]
    pub key: String,
    /// When true, a missing Secret or key is not an error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub optional: Option<bool>,
}

/// A field of an object, named by its path in a given API version.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", map_type = "atomic")]
pub struct ObjectFieldSelector {
    /// The API version `fieldPath` is written against; `v1` when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub api_version: Option<String>,
    /// The path of the field, such as `metadata.labels['app']`.
    #[kapi(proto = 2)]
    pub field_path: String,
}

/// A request or limit of a container, and the unit to express it in.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", map_type = "atomic")]
pub struct ResourceFieldSelector {
    /// The container to read from: needed in volumes, optional in environment variables (then it is the
    /// container being configured).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub container_name: Option<String>,
    /// The resource to read, such as `limits.cpu` or `requests.memory`.
    #[kapi(proto = 2)]
    pub resource: String,
    /// The unit the value is divided by before it is written out, such as `1m` or `1Mi`; `1` when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub divisor: Option<Quantity>,
}
