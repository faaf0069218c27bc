//! `k8s.io/api/core/v1`: the pod template and everything it references (the part of core/v1 other groups embed),
//! and the kinds the legacy core group serves.

mod affinity;
mod binding;
mod connect_options;
mod container;
mod container_status;
mod env;
mod ephemeral;
mod node;
mod node_status;
mod pod;
mod pod_kind;
mod pod_status;
mod probe;
mod references;
mod resources;
mod scheduling;
mod security;
mod service;
#[cfg(test)]
mod tests;
mod volumes;

pub use affinity::{
    Affinity, NodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PodAffinity, PodAffinityTerm,
    PodAntiAffinity, PreferredSchedulingTerm, WeightedPodAffinityTerm,
};
pub use binding::Binding;
pub use connect_options::{
    NodeProxyOptions, PodAttachOptions, PodExecOptions, PodLogOptions, PodPortForwardOptions, PodProxyOptions,
    ServiceProxyOptions,
};
pub use container::{Container, ContainerPort, VolumeDevice, VolumeMount};
pub use container_status::{
    ContainerState, ContainerStateRunning, ContainerStateTerminated, ContainerStateWaiting, ContainerStatus,
    ContainerUser, LinuxContainerUser, ResourceHealth, ResourceStatus, VolumeMountStatus,
};
pub use env::{
    ConfigMapEnvSource, ConfigMapKeySelector, EnvFromSource, EnvVar, EnvVarSource, ObjectFieldSelector,
    ResourceFieldSelector, SecretEnvSource, SecretKeySelector,
};
pub use ephemeral::EphemeralContainer;
pub use node::{ConfigMapNodeConfigSource, Node, NodeConfigSource, NodeList, NodeSpec, Taint};
pub use node_status::{
    AttachedVolume, ContainerImage, DaemonEndpoint, NodeAddress, NodeCondition, NodeConfigStatus, NodeDaemonEndpoints,
    NodeFeatures, NodeRuntimeHandler, NodeRuntimeHandlerFeatures, NodeStatus, NodeSystemInfo,
};
pub use pod::{PodSpec, PodTemplateSpec};
pub use pod_kind::{Pod, PodList};
pub use pod_status::{HostIP, PodCondition, PodIP, PodResourceClaimStatus, PodStatus};
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
pub use service::{
    ClientIPConfig, LoadBalancerIngress, LoadBalancerStatus, PortStatus, Service, ServiceList, ServicePort,
    ServiceSpec, ServiceStatus, SessionAffinityConfig,
};
pub use volumes::*;
