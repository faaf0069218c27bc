//! `k8s.io/api/core/v1`: the legacy core group's kinds, and the pod template with everything it references (the
//! part of core/v1 other groups embed).

mod affinity;
mod container;
mod env;
mod ephemeral;
mod event;
mod persistent_volume;
mod pod;
mod probe;
mod references;
mod resources;
mod scheduling;
mod security;
#[cfg(test)]
mod tests;
mod topology;
mod volumes;

pub use affinity::{
    Affinity, NodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PodAffinity, PodAffinityTerm,
    PodAntiAffinity, PreferredSchedulingTerm, WeightedPodAffinityTerm,
};
pub use container::{Container, ContainerPort, VolumeDevice, VolumeMount};
pub use env::{
    ConfigMapEnvSource, ConfigMapKeySelector, EnvFromSource, EnvVar, EnvVarSource, ObjectFieldSelector,
    ResourceFieldSelector, SecretEnvSource, SecretKeySelector,
};
pub use ephemeral::EphemeralContainer;
pub use event::{Event, EventList, EventSeries, EventSource};
pub use persistent_volume::{
    PersistentVolume, PersistentVolumeList, PersistentVolumeSpec, PersistentVolumeStatus, VolumeNodeAffinity,
};
pub use pod::{PodSpec, PodTemplateSpec};
pub use probe::{
    ExecAction, GRPCAction, HTTPGetAction, HTTPHeader, Lifecycle, LifecycleHandler, Probe, SleepAction, TCPSocketAction,
};
pub use references::{LocalObjectReference, ObjectReference, TypedLocalObjectReference, TypedObjectReference};
pub use resources::{ContainerResizePolicy, PodResourceClaim, ResourceClaim, ResourceRequirements};
pub use scheduling::{
    HostAlias, PodDNSConfig, PodDNSConfigOption, PodOS, PodReadinessGate, PodSchedulingGate, Toleration,
    TopologySpreadConstraint,
};
pub use security::{
    AppArmorProfile, Capabilities, PodSecurityContext, SELinuxOptions, SeccompProfile, SecurityContext, Sysctl,
    WindowsSecurityContextOptions,
};
pub use topology::{TopologySelectorLabelRequirement, TopologySelectorTerm};
pub use volumes::*;
