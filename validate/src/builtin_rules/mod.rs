//! Checks the API server applies in code to built-in kinds that their published OpenAPI schema does not state,
//! as a versioned table (Kubernetes 1.32, `pkg/apis/core/validation`). kubectl-validate patches the same two
//! into its schemas (a container's `image` is required; a port's `protocol` is one of `SCTP`, `TCP`, `UDP`);
//! here they are rules with the server's messages and field paths, each checked against a real server by
//! `cli/tests/kube_object_rules.rs`.

mod autoscaling;
mod cluster;
mod common;
mod networking;
mod pods;
mod rbac;
mod services;
mod storage;
#[cfg(test)]
mod tests;
mod workloads;

use serde_json::Value;

use crate::catalog::Gvk;
use crate::walk::FieldError;

/// Where each built-in kind holds a pod spec: (group, kind, path of the pod spec, `.`-separated). A StatefulSet's
/// template is absent: the server does not validate its pod spec (see `builtin_schema::UNVALIDATED_1_32`).
pub const POD_SPECS_1_32: &[(&str, &str, &str)] = &[
    ("", "Pod", "spec"),
    ("", "PodTemplate", "template.spec"),
    ("", "ReplicationController", "spec.template.spec"),
    ("apps", "DaemonSet", "spec.template.spec"),
    ("apps", "Deployment", "spec.template.spec"),
    ("apps", "ReplicaSet", "spec.template.spec"),
    ("batch", "CronJob", "spec.jobTemplate.spec.template.spec"),
    ("batch", "Job", "spec.template.spec"),
];

/// The rules, for the documentation: what is checked, where, and the server's message.
pub const RULES_1_32: &[(&str, &str)] = &[
    ("<pod spec>.containers[*].image, <pod spec>.initContainers[*].image", "Required value (absent or empty)"),
    (
        "<pod spec>.containers[*].ports[*].protocol, <pod spec>.initContainers[*].ports[*].protocol",
        "Unsupported value: <value>: supported values: \"SCTP\", \"TCP\", \"UDP\" (when set)",
    ),
    (
        "<pod spec>.containers[*].name, <pod spec>.initContainers[*].name, <pod spec>.containers[*].env[*].name",
        "Required value (absent, null or empty)",
    ),
    (
        "<pod spec>.containers[*].ports[*].containerPort",
        "Required value (absent, null or 0); Invalid value: <n>: must be between 1 and 65535, inclusive",
    ),
    (
        "<pod spec>.containers[*].name, <pod spec>.initContainers[*].name (together)",
        "Duplicate value: <name> (a name used before)",
    ),
    ("<pod spec>.containers[*].ports[*].name", "Duplicate value: <name> (a name used before in the container)"),
    (
        "Deployment, DaemonSet, ReplicaSet, StatefulSet (apps/v1) spec.selector",
        "Invalid value: empty selector is invalid for <kind> (no matchLabels, no matchExpressions)",
    ),
    (
        "Deployment, DaemonSet, ReplicaSet, StatefulSet (apps/v1) spec.template.metadata.labels",
        "Invalid value: `selector` does not match template `labels` (a matchLabels entry the labels lack)",
    ),
    (
        "<pod spec>.containers[*].{liveness,readiness,startup}Probe",
        "Required value: must specify a handler type (none of exec, httpGet, tcpSocket, grpc)",
    ),
    (
        "<pod spec>.containers[*].resources.requests",
        "Invalid value: <request>: must be less than or equal to <resource> limit of <limit> (a null limit is 0)",
    ),
    (
        "PersistentVolumeClaim spec.accessModes[*]",
        "Unsupported value: <mode>: supported values: \"ReadOnlyMany\", \"ReadWriteMany\", \"ReadWriteOnce\", \"ReadWriteOncePod\"",
    ),
    ("Ingress (networking.k8s.io/v1) spec", "Invalid value: either `defaultBackend` or `rules` must be specified"),
    (
        "Ingress (networking.k8s.io/v1) spec.rules[*].http.paths[*].path",
        "Invalid value: <path>: must be an absolute path (pathType Prefix or Exact)",
    ),
    (
        "Role, ClusterRole (rbac.authorization.k8s.io/v1) rules[*].apiGroups, rules[*].resources",
        "Required value: resource rules must supply at least one api group / resource (no nonResourceURLs)",
    ),
    (
        "HorizontalPodAutoscaler (autoscaling/v2) spec.metrics[*].resource (type Resource)",
        "Required value: the source, its name, the target's type and the value that type names",
    ),
    (
        "Namespace metadata.name, as the value of its `kubernetes.io/metadata.name` label",
        "metadata.labels: Invalid value: <name>: <label value problem>",
    ),
    ("CronJob (batch/v1) metadata.name", "Invalid value: <name>: must be no more than 52 characters"),
    (
        "HorizontalPodAutoscaler (autoscaling/v2) spec.maxReplicas",
        "Invalid value: <max>: must be greater than or equal to `minReplicas`",
    ),
    (
        "PriorityClass (scheduling.k8s.io/v1) value",
        "Forbidden: maximum allowed value of a user defined priority is 1000000000",
    ),
    ("Service spec.ports", "Required value (absent or empty, unless type ExternalName or clusterIP None)"),
    ("Service spec.ports[*].name", "Required value (several ports); Duplicate value: <name>"),
    ("Service spec.ports[*]", "Duplicate value: <port, protocol> (a pair used before; the protocol defaults to TCP)"),
    ("Service spec.ports[*].port", "Invalid value: <n>: must be between 1 and 65535, inclusive (0 when absent)"),
    (
        "Job metadata.name (batch/v1), as the value of its pod template's two job-name labels",
        "spec.template.labels: Invalid value: <name>: <label value problem>, twice (a name over 63 characters)",
    ),
    (
        "Service spec.ports[*].protocol",
        "Unsupported value: <value>: supported values: \"SCTP\", \"TCP\", \"UDP\" (when set)",
    ),
];

/// The problems the table's rules find in an object of a built-in kind.
pub fn builtin_problems(gvk: &Gvk, object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if let Some((_, _, path)) = POD_SPECS_1_32.iter().find(|(group, kind, _)| *group == gvk.group && *kind == gvk.kind)
        && let Some(spec) = object.pointer(&format!("/{}", path.replace('.', "/")))
    {
        errors.extend(pods::pod_spec_problems(path, spec));
    }
    if gvk.group.is_empty()
        && gvk.kind == "Service"
        && let Some(spec) = object.get("spec")
    {
        errors.extend(services::service_ports(spec));
        errors.extend(common::protocols(spec, "spec"));
    }
    if gvk.group == "apps" && matches!(gvk.kind.as_str(), "Deployment" | "DaemonSet" | "ReplicaSet" | "StatefulSet") {
        errors.extend(workloads::selector_matches_template(&gvk.kind, object));
    }
    errors.extend(kind_rules(gvk, object));
    if gvk.group == "batch"
        && gvk.kind == "Job"
        && let Some(name) = object.pointer("/metadata/name").and_then(Value::as_str)
    {
        errors.extend(workloads::job_name_labels(name));
    }
    errors
}

/// Rules of single kinds: a CronJob's name length, an autoscaler's replica bounds, a priority's ceiling.
fn kind_rules(gvk: &Gvk, object: &Value) -> Vec<FieldError> {
    match (gvk.group.as_str(), gvk.kind.as_str()) {
        ("batch", "CronJob") => workloads::cron_job_name(object),
        ("", "Namespace") => cluster::namespace_name_label(object),
        ("autoscaling", "HorizontalPodAutoscaler") => autoscaling::autoscaler_rules(object),
        ("", "PersistentVolumeClaim") => storage::claim_access_modes(object),
        ("networking.k8s.io", "Ingress") => networking::ingress_rules(object),
        ("rbac.authorization.k8s.io", "Role" | "ClusterRole") => rbac::role_rules(object),
        ("scheduling.k8s.io", "PriorityClass") => cluster::priority_ceiling(object).into_iter().collect(),
        _ => Vec::new(),
    }
}
