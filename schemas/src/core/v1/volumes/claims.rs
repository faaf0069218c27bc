//! Persistent volume claims, their templates (in stateful sets and ephemeral volumes), and the volume sources that
//! mount them.

use std::collections::BTreeMap;

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::core::v1::references::{TypedLocalObjectReference, TypedObjectReference};
use kapi_meta::meta::v1::{LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta};
use kapi_meta::quantity::Quantity;

/// A user's request for storage: how much, with which access modes and from which class. The claim is bound to
/// a PersistentVolume that satisfies it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/core/v1",
    group = "",
    version = "v1",
    short_names = ["pvc"],
    list = PersistentVolumeClaimList,
    status,
    delete_returns_object
)]
pub struct PersistentVolumeClaim {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The claim's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The storage requested.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: PersistentVolumeClaimSpec,
    /// What the claim is bound to and its current state; read-only.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: PersistentVolumeClaimStatus,
}

/// A page of persistent volume claims.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PersistentVolumeClaimList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The claims.
    #[kapi(proto = 2)]
    pub items: Vec<PersistentVolumeClaim>,
}

/// The storage a claim asks for, and where it may come from.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PersistentVolumeClaimSpec {
    /// How the volume must be mountable: `ReadWriteOnce`, `ReadOnlyMany`, `ReadWriteMany` or
    /// `ReadWriteOncePod`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub access_modes: Option<Vec<String>>,
    /// Restricts binding to existing volumes whose labels match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub selector: Option<LabelSelector>,
    /// The least storage the volume must have (`requests.storage`), and optionally a limit. When volume
    /// expansion is allowed, raising the request grows the volume.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub resources: VolumeResourceRequirements,
    /// Binds the claim to this PersistentVolume by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub volume_name: Option<String>,
    /// The StorageClass the volume comes from; an empty string asks for a volume without class, and leaving it
    /// unset uses the cluster's default class.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub storage_class_name: Option<String>,
    /// Whether the volume is used as a formatted file system (`Filesystem`, the default) or as a raw
    /// `Block` device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub volume_mode: Option<String>,
    /// An existing VolumeSnapshot, PersistentVolumeClaim or populator object whose data the new volume starts
    /// with. Mirrored to and from `dataSourceRef` when that has no namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub data_source: Option<TypedLocalObjectReference>,
    /// The object the new volume is populated from: like `dataSource`, but any non-core kind is accepted, a
    /// namespace may be given (requires the CrossNamespaceVolumeDataSource feature and a ReferenceGrant), and
    /// invalid values are rejected instead of ignored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub data_source_ref: Option<TypedObjectReference>,
    /// The VolumeAttributesClass that sets mutable attributes of the volume, such as its throughput. Setting it
    /// on an existing claim modifies the volume; beta, requires the VolumeAttributesClass feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub volume_attributes_class_name: Option<String>,
}

/// The observed state of a claim.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PersistentVolumeClaimStatus {
    /// Where the claim is in its life: `Pending`, `Bound` or `Lost`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub phase: Option<String>,
    /// The access modes the bound volume actually has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub access_modes: Option<Vec<String>>,
    /// The capacity of the bound volume, by resource name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub capacity: Option<BTreeMap<String, Quantity>>,
    /// The claim's current conditions, such as `Resizing` while the volume is being expanded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "map", list_map_keys = ["type"], patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Option<Vec<PersistentVolumeClaimCondition>>,
    /// The amounts the system has set aside for the claim, by resource name; written by the resize controller
    /// and the kubelet, and possibly above the request while an expansion is under way. Requires the
    /// RecoverVolumeExpansionFailure feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub allocated_resources: Option<BTreeMap<String, Quantity>>,
    /// The progress of an expansion, by resource name: `ControllerResizeInProgress`, `ControllerResizeFailed`,
    /// `NodeResizePending`, `NodeResizeInProgress` or `NodeResizeFailed`. Requires the
    /// RecoverVolumeExpansionFailure feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7, map_type = "granular")]
    pub allocated_resource_statuses: Option<BTreeMap<String, String>>,
    /// The VolumeAttributesClass the volume currently has; beta, requires the VolumeAttributesClass feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub current_volume_attributes_class_name: Option<String>,
    /// The state of a pending change of the volume's attributes class; absent when none is under way. Beta,
    /// requires the VolumeAttributesClass feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub modify_volume_status: Option<ModifyVolumeStatus>,
}

/// One aspect of a claim's state and when it last changed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PersistentVolumeClaimCondition {
    /// The condition's type, such as `Resizing` or `FileSystemResizePending`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// Whether the condition holds: `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: String,
    /// When the condition was last checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub last_probe_time: Option<Time>,
    /// When the status last changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub last_transition_time: Option<Time>,
    /// A short, machine-readable CamelCase reason for the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub reason: Option<String>,
    /// A human-readable account of the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub message: Option<String>,
}

/// The state of a change of a claim's VolumeAttributesClass.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ModifyVolumeStatus {
    /// The class the volume is being moved to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub target_volume_attributes_class_name: Option<String>,
    /// How the change is going: `Pending` (waiting, for instance for the class to exist), `InProgress` or
    /// `Infeasible` (rejected by the driver; choose another class).
    #[kapi(proto = 2)]
    pub status: String,
}

/// The storage a claim requests, and at most how much it may have, by resource name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct VolumeResourceRequirements {
    /// The most of each resource the volume may have.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub limits: Option<BTreeMap<String, Quantity>>,
    /// The least of each resource the volume must have; defaults to the limits when only those are given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub requests: Option<BTreeMap<String, Quantity>>,
}

/// The claim an ephemeral volume creates: metadata to copy onto it and the spec it is created with.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PersistentVolumeClaimTemplate {
    /// Labels and annotations copied onto the claim; other metadata is rejected.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The spec of the claim, copied unchanged.
    #[kapi(proto = 2)]
    pub spec: PersistentVolumeClaimSpec,
}

/// A reference to a claim in the pod's namespace, whose volume the pod mounts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PersistentVolumeClaimVolumeSource {
    /// The name of the claim.
    #[kapi(proto = 1)]
    pub claim_name: String,
    /// Mount the volume read-only, whatever the claim allows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub read_only: Option<bool>,
}

/// A volume with the pod's lifetime, provisioned through a claim created from a template.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct EphemeralVolumeSource {
    /// The claim to create, named `<pod name>-<volume name>` and owned by the pod, so it is deleted with it.
    /// An existing claim of that name is used only when the pod owns it. Required; it cannot change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub volume_claim_template: Option<PersistentVolumeClaimTemplate>,
}
