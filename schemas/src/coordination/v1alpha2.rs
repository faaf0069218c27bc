//! `k8s.io/api/coordination/v1alpha2` (group `coordination.k8s.io`): LeaseCandidate.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, MicroTime, ObjectMeta, TypeMeta};

/// One component's bid to hold a lease in a coordinated leader election: the election controller picks the
/// holder among a lease's candidates by their versions and the strategy they share.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/coordination/v1alpha2",
    group = "coordination.k8s.io",
    version = "v1alpha2",
    list = LeaseCandidateList
)]
pub struct LeaseCandidate {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The candidate's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The lease it stands for, its versions and its liveness.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: LeaseCandidateSpec,
}

/// A page of lease candidates.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/coordination/v1alpha2")]
pub struct LeaseCandidateList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The candidates.
    #[kapi(proto = 2)]
    pub items: Vec<LeaseCandidate>,
}

/// What a candidate stands for and how recent its heartbeat is.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/coordination/v1alpha2")]
pub struct LeaseCandidateSpec {
    /// The lease, in the candidate's namespace, this candidate wants to hold.
    #[kapi(proto = 1)]
    pub lease_name: String,
    /// When the election controller last asked the candidate to renew (by setting this); the candidate
    /// answers by updating `renewTime`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub ping_time: Option<MicroTime>,
    /// When the candidate last renewed the object; candidates renew periodically and when pinged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub renew_time: Option<MicroTime>,
    /// The binary version of the component, a semantic version; taken into account by the strategy.
    #[kapi(proto = 4)]
    pub binary_version: String,
    /// The compatibility version the component emulates, a semantic version; required when the strategy is
    /// `OldestEmulationVersion`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub emulation_version: Option<String>,
    /// How the holder is picked among candidates, such as `OldestEmulationVersion`; the candidates of one
    /// lease must agree, or the controller picks the strategy with the highest precedence.
    // Required but without a zero-value default upstream, hence an option the schema marks required.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(required, proto = 6)]
    pub strategy: Option<String>,
}
