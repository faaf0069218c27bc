//! `k8s.io/api/apps`: the workload controllers (Deployment, StatefulSet, DaemonSet, ReplicaSet) and the revision
//! history they keep.

pub mod v1;
