//! CSIDriver: how Kubernetes should talk to one CSI volume driver installed in the cluster.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// Describes a CSI driver deployed in the cluster, so that Kubernetes knows which optional steps it needs. The
/// object is named after the driver.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/storage/v1",
    group = "storage.k8s.io",
    version = "v1",
    scope = "Cluster",
    list = CSIDriverList,
    delete_returns_object
)]
pub struct CSIDriver {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The object's metadata; its name must be the driver's name (at most 63 characters, a DNS subdomain).
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// How the driver behaves.
    #[kapi(proto = 2)]
    pub spec: CSIDriverSpec,
}

/// A page of CSI drivers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storage/v1")]
pub struct CSIDriverList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The CSI drivers.
    #[kapi(proto = 2)]
    pub items: Vec<CSIDriver>,
}

/// What a CSI driver supports and needs. Only `podInfoOnMount`, `requiresRepublish`, `seLinuxMount` and
/// `tokenRequests` may change after creation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storage/v1")]
pub struct CSIDriverSpec {
    /// Whether volumes need an attach step (a VolumeAttachment, waited for before mounting); true when unset.
    /// Drivers without a controller publish call set it to false.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub attach_required: Option<bool>,
    /// Whether the kubelet passes the pod's name, namespace, UID and service account name to the driver's node
    /// publish call as volume context; false when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub pod_info_on_mount: Option<bool>,
    /// The volume modes the driver supports: `Persistent` (through claims and volumes) and/or `Ephemeral`
    /// (inline in the pod spec); `Persistent` when empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "set")]
    pub volume_lifecycle_modes: Option<Vec<String>>,
    /// Whether the scheduler should consider the capacity the driver reports in CSIStorageCapacity objects;
    /// false when unset. May change after creation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub storage_capacity: Option<bool>,
    /// Whether the volume's ownership and permissions may be changed to the pod's fsGroup: `ReadWriteOnceWithFSType`
    /// (the default), `File` or `None`. Cannot change after creation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub fs_group_policy: Option<String>,
    /// Service account tokens the kubelet requests for the pod and passes to the driver's node publish call,
    /// one per audience.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6, list_type = "atomic")]
    pub token_requests: Option<Vec<TokenRequest>>,
    /// Whether the kubelet calls node publish again periodically, for instance to refresh tokens; false when
    /// unset. Only the first call may mount; later ones just update the contents.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub requires_republish: Option<bool>,
    /// Whether the driver supports the `-o context` mount option, so volumes can be mounted with the pod's SELinux
    /// label instead of being relabelled file by file; false when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub se_linux_mount: Option<bool>,
}

/// A service account token a CSI driver wants for the pods mounting its volumes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storage/v1")]
pub struct TokenRequest {
    /// The token's intended audience; empty means the API server's audiences.
    #[kapi(proto = 1)]
    pub audience: String,
    /// How long the token is valid, in seconds; the same default as a TokenRequest's when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub expiration_seconds: Option<i64>,
}
