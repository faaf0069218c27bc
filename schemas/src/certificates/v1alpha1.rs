//! `k8s.io/api/certificates/v1alpha1` (group `certificates.k8s.io`): ClusterTrustBundle.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// A set of trusted X.509 root certificates published cluster-wide, for pods to mount (through a projected
/// volume) and for in-cluster clients to verify servers with. A bundle can belong to a signer, which then
/// controls who may write it; a bundle without one can be written by anyone with access to the kind.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/certificates/v1alpha1",
    group = "certificates.k8s.io",
    version = "v1alpha1",
    scope = "Cluster",
    list = ClusterTrustBundleList
)]
pub struct ClusterTrustBundle {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The bundle's metadata. A bundle with a signer is named after it: the signer name with `/` replaced by
    /// `:`, a `:`, then any suffix.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The signer and the certificates.
    #[kapi(proto = 2)]
    pub spec: ClusterTrustBundleSpec,
}

/// A page of cluster trust bundles.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/certificates/v1alpha1")]
pub struct ClusterTrustBundleList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The bundles.
    #[kapi(proto = 2)]
    pub items: Vec<ClusterTrustBundle>,
}

/// Who a trust bundle belongs to and what it holds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/certificates/v1alpha1")]
pub struct ClusterTrustBundleSpec {
    /// The signer the bundle belongs to, if any; writing such a bundle needs the `attest` verb on that signer.
    /// Bundles of a signer can be selected together in pod volumes. Fixed after creation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub signer_name: Option<String>,
    /// The trusted certificates: PEM `CERTIFICATE` blocks (at least one), optionally separated by whitespace,
    /// each holding a DER-encoded X.509 certificate. Consumers may not rely on the order or on duplicates
    /// being kept; text between blocks is dropped.
    #[kapi(proto = 2)]
    pub trust_bundle: String,
}
