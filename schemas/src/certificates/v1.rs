//! `k8s.io/api/certificates/v1` (group `certificates.k8s.io`): CertificateSigningRequest.

use std::collections::BTreeMap;

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};

/// A request for an X.509 certificate, signed by a named signer once approved. Approval and denial go through
/// the `approval` subresource; the signer writes the issued certificate (or a failure) through `status`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/certificates/v1",
    group = "certificates.k8s.io",
    version = "v1",
    scope = "Cluster",
    short_names = ["csr"],
    list = CertificateSigningRequestList,
    status,
    subresource(name = "approval")
)]
pub struct CertificateSigningRequest {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    // Undocumented, as upstream leaves it.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The request: the certificate request itself, the signer, and who asked (filled in by the server).
    /// Fixed after creation.
    #[kapi(proto = 2)]
    pub spec: CertificateSigningRequestSpec,
    /// The approval or denial and, once signed, the certificate.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: CertificateSigningRequestStatus,
}

/// A page of certificate signing requests.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/certificates/v1")]
pub struct CertificateSigningRequestList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    // Undocumented, as upstream leaves it.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The requests.
    #[kapi(proto = 2)]
    pub items: Vec<CertificateSigningRequest>,
}

/// What is asked for, from which signer, and by whom. The requester's identity is set by the API server from
/// the creating user and cannot be chosen by the client.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/certificates/v1")]
pub struct CertificateSigningRequestSpec {
    /// The PKCS#10 certificate request, PEM-encoded (a `CERTIFICATE REQUEST` block); base64 in JSON and YAML.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "kapi_meta::byte_string::optional")]
    #[kapi(required, proto = 1, bytes, list_type = "atomic")]
    pub request: Option<Vec<u8>>,
    /// The signer asked to sign, a qualified name (`kubernetes.io/kube-apiserver-client`,
    /// `kubernetes.io/kubelet-serving`, ... or a custom `example.com/signer`). The signer decides what to honour
    /// of the request: subject, extensions, key usages, lifetime.
    #[kapi(proto = 7)]
    pub signer_name: String,
    /// The lifetime asked for, in seconds (at least 600); the signer may shorten it or ignore the field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub expiration_seconds: Option<i32>,
    /// The key usages asked for, such as `digital signature`, `key encipherment`, `client auth` or
    /// `server auth`; signers typically require particular ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5, list_type = "atomic")]
    pub usages: Option<Vec<String>>,
    /// The name of the user who created the request; set by the server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub username: Option<String>,
    /// The UID of the user who created the request; set by the server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub uid: Option<String>,
    /// The groups of the user who created the request; set by the server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "atomic")]
    pub groups: Option<Vec<String>>,
    /// Further attributes of the user who created the request, as the authenticator gave them; set by the
    /// server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6, proto_wrapper = "ExtraValue")]
    pub extra: Option<BTreeMap<String, Vec<String>>>,
}

/// The decision on a request and its outcome.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/certificates/v1")]
pub struct CertificateSigningRequestStatus {
    /// `Approved` or `Denied` (at most one of them, never removed once set), and `Failed` when the signer could
    /// not sign; each type at most once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "map", list_map_keys = ["type"])]
    pub conditions: Option<Vec<CertificateSigningRequestCondition>>,
    /// The issued certificate, set by the signer once the request is approved: PEM `CERTIFICATE` blocks, the
    /// first being the issued certificate and any others intermediates for the client to present along with
    /// it. Base64 in JSON and YAML. Written through the `status` subresource and fixed once set.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "kapi_meta::byte_string::optional")]
    #[kapi(proto = 2, bytes, list_type = "atomic")]
    pub certificate: Option<Vec<u8>>,
}

/// One decision or outcome recorded on a request.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/certificates/v1")]
pub struct CertificateSigningRequestCondition {
    /// `Approved`, `Denied` or `Failed`; other types may be added by other parties.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// `True`, `False` or `Unknown`; approval, denial and failure are only ever `True`.
    #[kapi(proto = 6)]
    pub status: String,
    /// A CamelCase word for why the condition is as it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub reason: Option<String>,
    /// Details of the condition, for people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub message: Option<String>,
    /// When the condition was last updated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub last_update_time: Option<Time>,
    /// When `status` last changed; when it is not set on a change, the server fills in the current time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub last_transition_time: Option<Time>,
}
