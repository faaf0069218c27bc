//! `k8s.io/api/core/v1`: the pod template and everything it references (the part of core/v1 other groups embed),
//! and the kinds the legacy core group serves.

mod affinity;
mod binding;
mod component_status;
mod config;
mod connect_options;
mod container;
mod container_status;
mod endpoints;
mod env;
mod ephemeral;
mod event;
mod limit_range;
mod namespace;
mod node;
mod node_config;
mod node_status;
mod persistent_volume;
mod pod;
mod pod_kind;
mod pod_status;
mod pod_template;
mod probe;
mod references;
mod replication_controller;
mod resource_quota;
mod resources;
mod scheduling;
mod security;
mod service;
mod service_account;
#[cfg(test)]
mod tests;
mod topology;
mod volumes;

pub use affinity::{
    Affinity, NodeAffinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PodAffinity, PodAffinityTerm,
    PodAntiAffinity, PreferredSchedulingTerm, WeightedPodAffinityTerm,
};
pub use binding::Binding;
pub use component_status::{ComponentCondition, ComponentStatus, ComponentStatusList};
pub use config::{ConfigMap, ConfigMapList, Secret, SecretList};
pub use connect_options::{
    NodeProxyOptions, PodAttachOptions, PodExecOptions, PodLogOptions, PodPortForwardOptions, PodProxyOptions,
    ServiceProxyOptions,
};
pub use container::{Container, ContainerPort, VolumeDevice, VolumeMount};
pub use container_status::{
    ContainerState, ContainerStateRunning, ContainerStateTerminated, ContainerStateWaiting, ContainerStatus,
    ContainerUser, LinuxContainerUser, ResourceHealth, ResourceStatus, VolumeMountStatus,
};
pub use endpoints::{EndpointAddress, EndpointPort, EndpointSubset, Endpoints, EndpointsList};
pub use env::{
    ConfigMapEnvSource, ConfigMapKeySelector, EnvFromSource, EnvVar, EnvVarSource, ObjectFieldSelector,
    ResourceFieldSelector, SecretEnvSource, SecretKeySelector,
};
pub use ephemeral::{EphemeralContainer, EphemeralContainerCommon};
pub use event::{Event, EventList, EventSeries, EventSource};
pub use limit_range::{LimitRange, LimitRangeItem, LimitRangeList, LimitRangeSpec};
pub use namespace::{Namespace, NamespaceCondition, NamespaceList, NamespaceSpec, NamespaceStatus};
pub use node::{Node, NodeList, NodeSpec, Taint};
pub use node_config::{ConfigMapNodeConfigSource, NodeConfigSource};
pub use node_status::{
    AttachedVolume, ContainerImage, DaemonEndpoint, NodeAddress, NodeCondition, NodeConfigStatus, NodeDaemonEndpoints,
    NodeFeatures, NodeRuntimeHandler, NodeRuntimeHandlerFeatures, NodeStatus, NodeSystemInfo,
};
pub use persistent_volume::{
    PersistentVolume, PersistentVolumeList, PersistentVolumeSource, PersistentVolumeSpec, PersistentVolumeStatus,
    VolumeNodeAffinity,
};
pub use pod::{PodSpec, PodTemplateSpec};
pub use pod_kind::{Pod, PodList};
pub use pod_status::{HostIP, PodCondition, PodIP, PodResourceClaimStatus, PodStatus};
pub use pod_template::{PodTemplate, PodTemplateList};
pub use probe::{
    ExecAction, GRPCAction, HTTPGetAction, HTTPHeader, Lifecycle, LifecycleHandler, Probe, ProbeHandler, SleepAction,
    TCPSocketAction,
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
pub use service::{
    ClientIPConfig, LoadBalancerIngress, LoadBalancerStatus, PortStatus, Service, ServiceList, ServicePort,
    ServiceSpec, ServiceStatus, SessionAffinityConfig,
};
pub use service_account::{ServiceAccount, ServiceAccountList};
pub use topology::{TopologySelectorLabelRequirement, TopologySelectorTerm};
pub use volumes::*;
