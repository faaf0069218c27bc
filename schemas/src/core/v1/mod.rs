//! `k8s.io/api/core/v1`: the legacy core group's kinds, and the pod template with everything it references (the
//! part of core/v1 other groups embed).

mod affinity;
mod component_status;
mod config;
mod container;
mod endpoints;
mod env;
mod ephemeral;
mod event;
mod limit_range;
mod namespace;
mod persistent_volume;
mod pod;
mod pod_template;
mod probe;
mod references;
mod replication_controller;
mod resource_quota;
mod resources;
mod scheduling;
mod security;
mod service_account;
#[cfg(test)]
mod tests;
mod topology;
mod volumes;

pub use affinity::{
    Affinity, NodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PodAffinity, PodAffinityTerm,
    PodAntiAffinity, PreferredSchedulingTerm, WeightedPodAffinityTerm,
};
pub use component_status::{ComponentCondition, ComponentStatus, ComponentStatusList};
pub use config::{ConfigMap, ConfigMapList, Secret, SecretList};
pub use container::{Container, ContainerPort, VolumeDevice, VolumeMount};
pub use endpoints::{EndpointAddress, EndpointPort, EndpointSubset, Endpoints, EndpointsList};
pub use env::{
    ConfigMapEnvSource, ConfigMapKeySelector, EnvFromSource, EnvVar, EnvVarSource, ObjectFieldSelector,
    ResourceFieldSelector, SecretEnvSource, SecretKeySelector,
};
pub use ephemeral::EphemeralContainer;
pub use event::{Event, EventList, EventSeries, EventSource};
pub use limit_range::{LimitRange, LimitRangeItem, LimitRangeList, LimitRangeSpec};
pub use namespace::{Namespace, NamespaceCondition, NamespaceList, NamespaceSpec, NamespaceStatus};
pub use persistent_volume::{
    PersistentVolume, PersistentVolumeList, PersistentVolumeSpec, PersistentVolumeStatus, VolumeNodeAffinity,
};
pub use pod::{PodSpec, PodTemplateSpec};
pub use pod_template::{PodTemplate, PodTemplateList};
pub use probe::{
    ExecAction, GRPCAction, HTTPGetAction, HTTPHeader, Lifecycle, LifecycleHandler, Probe, SleepAction, TCPSocketAction,
};
pub use references::{LocalObjectReference, ObjectReference, TypedLocalObjectReference, TypedObjectReference};
pub use replication_controller::{
    ReplicationController, ReplicationControllerCondition, ReplicationControllerList, ReplicationControllerSpec,
    ReplicationControllerStatus,
};
pub use resource_quota::{
    ResourceQuota, ResourceQuotaList, ResourceQuotaSpec, ResourceQuotaStatus, ScopeSelector,
    ScopedResourceSelectorRequirement,
};
pub use resources::{ContainerResizePolicy, PodResourceClaim, ResourceClaim, ResourceRequirements};
pub use scheduling::{
    HostAlias, PodDNSConfig, PodDNSConfigOption, PodOS, PodReadinessGate, PodSchedulingGate, Toleration,
    TopologySpreadConstraint,
};
pub use security::{
    AppArmorProfile, Capabilities, PodSecurityContext, SELinuxOptions, SeccompProfile, SecurityContext, Sysctl,
    WindowsSecurityContextOptions,
};
pub use service_account::{ServiceAccount, ServiceAccountList};
pub use topology::{TopologySelectorLabelRequirement, TopologySelectorTerm};
pub use volumes::*;
