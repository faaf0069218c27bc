//! `k8s.io/api/apps/v1` (group `apps`): Deployments, StatefulSets, DaemonSets, ReplicaSets and
//! ControllerRevisions.

mod controller_revision;
mod daemon_set;
mod deployment;
mod replica_set;
mod stateful_set;

pub use controller_revision::{ControllerRevision, ControllerRevisionList};
pub use daemon_set::{
    DaemonSet, DaemonSetCondition, DaemonSetList, DaemonSetSpec, DaemonSetStatus, DaemonSetUpdateStrategy,
    RollingUpdateDaemonSet,
};
pub use deployment::{
    Deployment, DeploymentCondition, DeploymentList, DeploymentSpec, DeploymentStatus, DeploymentStrategy,
    RollingUpdateDeployment,
};
pub use replica_set::{ReplicaSet, ReplicaSetCondition, ReplicaSetList, ReplicaSetSpec, ReplicaSetStatus};
pub use stateful_set::{
    RollingUpdateStatefulSetStrategy, StatefulSet, StatefulSetCondition, StatefulSetList, StatefulSetOrdinals,
    StatefulSetPersistentVolumeClaimRetentionPolicy, StatefulSetSpec, StatefulSetStatus, StatefulSetUpdateStrategy,
};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/api/apps/v1";
