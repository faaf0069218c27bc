//! `k8s.io/api/coordination/v1` (group `coordination.k8s.io`): the Lease kind.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::meta::v1::{ListMeta, MicroTime, ObjectMeta, TypeMeta};

/// A lock held for a limited time, used for leader election and node heartbeats.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/coordination/v1", group = "coordination.k8s.io", version = "v1", list = LeaseList)]
pub struct Lease {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The lease's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// Who holds the lease and until when.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: LeaseSpec,
}

/// The holder of a lease and its timing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/coordination/v1")]
pub struct LeaseSpec {
    /// The identity of the current holder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub holder_identity: Option<String>,
    /// How long, in seconds, candidates wait after the last renewal before they may take the lease.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub lease_duration_seconds: Option<i32>,
    /// When the current holder acquired the lease.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub acquire_time: Option<MicroTime>,
    /// When the current holder last renewed the lease.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub renew_time: Option<MicroTime>,
    /// How many times the lease changed hands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub lease_transitions: Option<i32>,
    /// The strategy by which a coordinated leader election picks the holder, such as `OldestEmulationVersion`.
    /// Requires the CoordinatedLeaderElection feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub strategy: Option<String>,
    /// A candidate that should take over; the current holder is expected to step down when it can.
    /// Requires the CoordinatedLeaderElection feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub preferred_holder: Option<String>,
}

/// A page of leases.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/coordination/v1")]
pub struct LeaseList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The leases.
    #[kapi(proto = 2)]
    pub items: Vec<Lease>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_lease_manifest_round_trips() -> serde_json::Result<()> {
        let manifest = json!({
            "apiVersion": "coordination.k8s.io/v1",
            "kind": "Lease",
            "metadata": {
                "name": "kube-scheduler",
                "namespace": "kube-system",
                "resourceVersion": "4711",
                "creationTimestamp": "2024-05-01T12:00:00Z",
                "labels": {"app": "scheduler"},
                "ownerReferences": [
                    {"apiVersion": "v1", "kind": "Node", "name": "n1", "uid": "a-b-c", "controller": true}
                ],
                "managedFields": [{
                    "manager": "kube-scheduler", "operation": "Update", "apiVersion": "coordination.k8s.io/v1",
                    "time": "2024-05-01T12:00:00Z", "fieldsType": "FieldsV1",
                    "fieldsV1": {"f:spec": {"f:holderIdentity": {}}}
                }]
            },
            "spec": {
                "holderIdentity": "node-1_8c1f",
                "leaseDurationSeconds": 15,
                "acquireTime": "2024-05-01T12:00:00.000000Z",
                "renewTime": "2024-05-01T12:05:00.123456Z",
                "leaseTransitions": 3
            }
        });
        let lease: Lease = serde_json::from_value(manifest.clone())?;
        assert_eq!(lease.spec.lease_duration_seconds, Some(15));
        assert_eq!(lease.metadata.name.as_deref(), Some("kube-scheduler"));
        assert_eq!(serde_json::to_value(&lease)?, manifest);
        Ok(())
    }

    #[test]
    fn empty_metadata_and_spec_are_written_as_empty_objects() -> serde_json::Result<()> {
        let list = LeaseList { items: vec![Lease::default()], ..LeaseList::default() };
        assert_eq!(serde_json::to_value(&list)?, json!({"metadata": {}, "items": [{"metadata": {}, "spec": {}}]}));
        Ok(())
    }
}
