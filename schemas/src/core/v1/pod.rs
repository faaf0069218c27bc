//! The pod spec, and the pod template workload controllers stamp pods out of.

use std::collections::BTreeMap;

use kapi::Schema;
use serde::{Deserialize, Serialize};

use super::{
    affinity::Affinity,
    container::Container,
    ephemeral::EphemeralContainer,
    references::LocalObjectReference,
    resources::{PodResourceClaim, ResourceRequirements},
    scheduling::{
        HostAlias, PodDNSConfig, PodOS, PodReadinessGate, PodSchedulingGate, Toleration, TopologySpreadConstraint,
    },
    security::PodSecurityContext,
    volumes::Volume,
};
use kapi_meta::meta::v1::ObjectMeta;
use kapi_meta::quantity::Quantity;

/// The pods a controller creates: their metadata and spec.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodTemplateSpec {
    /// Metadata given to every pod made from the template, such as its labels.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The spec of every pod made from the template.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: PodSpec,
}

/// What a pod runs and how: its containers and volumes, and how it is scheduled, secured and networked.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodSpec {
    /// Volumes the pod's containers can mount.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 1,
        list_type = "map",
        list_map_keys = ["name"],
        patch_strategy = "merge,retainKeys",
        patch_merge_key = "name"
    )]
    pub volumes: Option<Vec<Volume>>,
    /// Containers run one after another, each to successful completion, before the regular containers start; a
    /// failing one fails the pod as its restart policy says. Names are shared with the regular containers. They
    /// may not have lifecycle hooks or probes (sidecars excepted); for scheduling, the larger of the biggest init
    /// request and the sum of the regular containers counts. Cannot be added, removed or changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 20, list_type = "map", list_map_keys = ["name"], patch_strategy = "merge", patch_merge_key = "name")]
    pub init_containers: Option<Vec<Container>>,
    /// The pod's containers, at least one. Cannot be added, removed or changed.
    #[kapi(proto = 2, list_type = "map", list_map_keys = ["name"], patch_strategy = "merge", patch_merge_key = "name")]
    pub containers: Vec<Container>,
    /// Temporary containers added to the running pod, for example to debug it. Not allowed on create and not
    /// changed by updates: use the pod's `ephemeralcontainers` subresource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 34, list_type = "map", list_map_keys = ["name"], patch_strategy = "merge", patch_merge_key = "name")]
    pub ephemeral_containers: Option<Vec<EphemeralContainer>>,
    /// When containers are restarted after they exit: `Always` (the default), `OnFailure` or `Never`. Some
    /// controllers accept only some of these.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub restart_policy: Option<String>,
    /// How many seconds the containers get to exit after being signalled to stop, before they are killed; 30 when
    /// unset, 0 kills at once. A delete request may shorten it. Allow enough time for your clean-up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub termination_grace_period_seconds: Option<i64>,
    /// How many seconds, counted from the pod's start, it may be active on its node before the system fails it
    /// and kills its containers. Must be positive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub active_deadline_seconds: Option<i64>,
    /// How names are resolved: `ClusterFirst` (the default), `ClusterFirstWithHostNet`, `Default` or `None`;
    /// `dnsConfig` is merged into the result. Pods on the host network that want cluster DNS must choose
    /// `ClusterFirstWithHostNet`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub dns_policy: Option<String>,
    /// Labels a node must carry, with these values, for the pod to be placed on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7, map_type = "atomic")]
    pub node_selector: Option<BTreeMap<String, String>>,
    /// The service account the pod runs as.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub service_account_name: Option<String>,
    /// Deprecated alias of `serviceAccountName`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub service_account: Option<String>,
    /// Whether the service account's token is mounted into the containers automatically.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 21)]
    pub automount_service_account_token: Option<bool>,
    /// The node the pod is bound to. Once set, that node's kubelet runs the pod; leave it empty to let the
    /// scheduler (`schedulerName`) choose. Not meant for asking for a particular node: use affinity or
    /// `nodeSelector` for that.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub node_name: Option<String>,
    /// Runs the pod in the host's network namespace; its ports must then be listed. False when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11)]
    pub host_network: Option<bool>,
    /// Runs the pod in the host's process-id namespace. False when unset.
    #[serde(rename = "hostPID", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 12)]
    pub host_pid: Option<bool>,
    /// Runs the pod in the host's IPC namespace. False when unset.
    #[serde(rename = "hostIPC", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 13)]
    pub host_ipc: Option<bool>,
    /// Puts all containers of the pod in one process namespace, so they can see and signal each other's
    /// processes and no container's first process is PID 1. Excludes `hostPID`. False when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 27)]
    pub share_process_namespace: Option<bool>,
    /// Security settings for the pod, and defaults for its containers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 14)]
    pub security_context: Option<PodSecurityContext>,
    /// Secrets in the pod's namespace holding credentials for pulling its images; each is offered to the image
    /// puller.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 15, list_type = "map", list_map_keys = ["name"], patch_strategy = "merge", patch_merge_key = "name")]
    pub image_pull_secrets: Option<Vec<LocalObjectReference>>,
    /// The pod's host name; a name chosen by the system when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 16)]
    pub hostname: Option<String>,
    /// Gives the pod the fully qualified name `<hostname>.<subdomain>.<namespace>.svc.<cluster domain>`; without
    /// it the pod has no domain name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 17)]
    pub subdomain: Option<String>,
    /// Where the pod wants to run relative to nodes and other pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 18)]
    pub affinity: Option<Affinity>,
    /// The scheduler that places the pod; the default scheduler when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 19)]
    pub scheduler_name: Option<String>,
    /// Taints of nodes the pod accepts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 22, list_type = "atomic")]
    pub tolerations: Option<Vec<Toleration>>,
    /// Extra entries for the pod's hosts file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 23, list_type = "map", list_map_keys = ["ip"], patch_strategy = "merge", patch_merge_key = "ip")]
    pub host_aliases: Option<Vec<HostAlias>>,
    /// The PriorityClass giving the pod its priority. `system-node-critical` and `system-cluster-critical` are
    /// built in and rank highest, in that order; any other name must exist. Unset means the default class, or 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 24)]
    pub priority_class_name: Option<String>,
    /// The pod's priority, higher meaning more important. Filled in from `priorityClassName` by the priority
    /// admission controller, which then rejects values set by hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 25)]
    pub priority: Option<i32>,
    /// DNS settings merged into those `dnsPolicy` produces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 26)]
    pub dns_config: Option<PodDNSConfig>,
    /// Extra pod conditions that must all be `True`, besides every container being ready, for the pod to count
    /// as ready.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 28, list_type = "atomic")]
    pub readiness_gates: Option<Vec<PodReadinessGate>>,
    /// The RuntimeClass (group `node.k8s.io`) to run the pod with; the pod does not run if it does not exist.
    /// Unset or empty means the implicit legacy class with the default runtime handler.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 29)]
    pub runtime_class_name: Option<String>,
    /// Whether environment variables describing the namespace's services, in the style of Docker links, are
    /// given to the containers. True when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 30)]
    pub enable_service_links: Option<bool>,
    /// Whether the pod may preempt pods of lower priority: `PreemptLowerPriority` (the default) or `Never`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 31)]
    pub preemption_policy: Option<String>,
    /// The resources the pod's RuntimeClass costs on top of its containers. Filled in at admission from the
    /// RuntimeClass, and rejected when set on create while that admission controller is on; treated as zero
    /// when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 32)]
    pub overhead: Option<BTreeMap<String, Quantity>>,
    /// How the pod and its siblings are spread over nodes, zones or other domains; all constraints must hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 33,
        list_type = "map",
        list_map_keys = ["topologyKey", "whenUnsatisfiable"],
        patch_strategy = "merge",
        patch_merge_key = "topologyKey"
    )]
    pub topology_spread_constraints: Option<Vec<TopologySpreadConstraint>>,
    /// Makes the pod's host name its fully qualified domain name (on Linux, the kernel's host name; on Windows,
    /// the `Hostname` value of the Tcpip service parameters in the registry). No effect without a domain name.
    /// False when unset.
    #[serde(rename = "setHostnameAsFQDN", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 35)]
    pub set_hostname_as_fqdn: Option<bool>,
    /// The operating system the containers need. When set, fields that do not apply to it are rejected:
    /// `securityContext.windowsOptions` on Linux; on Windows, host namespaces, `shareProcessNamespace` and the
    /// Linux-only pod and container security settings (SELinux, seccomp, AppArmor, users and groups, fsGroup,
    /// sysctls, capabilities, privileged, read-only root, privilege escalation, proc mount).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 36)]
    pub os: Option<PodOS>,
    /// Runs the pod in the host's user namespace (true or unset, needed for things like loading kernel modules)
    /// or in a new one (false), which lets containers run as root without being root on the host. Honoured only
    /// with the UserNamespacesSupport feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 37)]
    pub host_users: Option<bool>,
    /// Gates that keep the pod in the `SchedulingGated` state, away from the scheduler, while any remain. Can only
    /// be set at creation and only removed afterwards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 38, list_type = "map", list_map_keys = ["name"], patch_strategy = "merge", patch_merge_key = "name")]
    pub scheduling_gates: Option<Vec<PodSchedulingGate>>,
    /// Resource claims to allocate and reserve before the pod starts; containers use them by name. Cannot be
    /// changed. Alpha, behind the DynamicResourceAllocation feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 39,
        list_type = "map",
        list_map_keys = ["name"],
        patch_strategy = "merge,retainKeys",
        patch_merge_key = "name"
    )]
    pub resource_claims: Option<Vec<PodResourceClaim>>,
    /// CPU and memory for the pod as a whole, shared by its containers (only `cpu` and `memory`, no claims).
    /// Alpha, behind the PodLevelResources feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 40)]
    pub resources: Option<ResourceRequirements>,
}
