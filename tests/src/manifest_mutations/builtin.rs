//! Valid objects of built-in kinds, written by hand (the published schemas leave out the rules the server
//! applies in code, so a generated instance would not be valid), and where each kind is created.

use serde_json::{Value, json};

/// The namespace the built-in objects live in (the differential test creates it, with its `default` service
/// account, which Pods need).
pub const NAMESPACE: &str = "kapi-differential";

/// A built-in kind: its object, collection path and whether it is namespaced.
#[derive(Debug, Clone)]
pub struct BuiltIn {
    pub object: Value,
    /// `/api/v1` or `/apis/<group>/<version>`, and the resource.
    pub prefix: &'static str,
    pub resource: &'static str,
    pub namespaced: bool,
}

fn container() -> Value {
    json!({
        "name": "app",
        "image": "nginx:1.27",
        "imagePullPolicy": "IfNotPresent",
        "ports": [{"name": "http", "containerPort": 80, "protocol": "TCP"}],
        "env": [{"name": "MODE", "value": "demo"}],
        "resources": {"requests": {"cpu": "100m", "memory": "64Mi"}, "limits": {"cpu": "500m", "memory": "128Mi"}},
        "readinessProbe": {"httpGet": {"path": "/", "port": 80}, "periodSeconds": 10},
        "securityContext": {"runAsNonRoot": true, "allowPrivilegeEscalation": false},
    })
}

fn pod_spec(restart: &str) -> Value {
    json!({"containers": [container()], "restartPolicy": restart, "terminationGracePeriodSeconds": 30})
}

fn template(restart: &str) -> Value {
    json!({"metadata": {"labels": {"app": "demo"}}, "spec": pod_spec(restart)})
}

fn selector() -> Value {
    json!({"matchLabels": {"app": "demo"}})
}

fn object(api_version: &str, kind: &str, namespaced: bool, rest: Value) -> Value {
    let mut metadata = json!({"name": "demo", "labels": {"app": "demo"}});
    if namespaced {
        metadata["namespace"] = json!(NAMESPACE);
    }
    let mut object = json!({"apiVersion": api_version, "kind": kind, "metadata": metadata});
    for (key, value) in rest.as_object().into_iter().flatten() {
        object[key] = value.clone();
    }
    object
}

/// Every built-in kind under test, with a valid object.
pub fn built_ins() -> Vec<BuiltIn> {
    let kind = |prefix: &'static str, resource: &'static str, namespaced: bool, kind: &str, rest: Value| {
        let api_version = prefix.strip_prefix("/apis/").or_else(|| prefix.strip_prefix("/api/")).unwrap_or(prefix);
        BuiltIn { object: object(api_version, kind, namespaced, rest), prefix, resource, namespaced }
    };
    vec![
        kind("/api/v1", "configmaps", true, "ConfigMap", json!({"data": {"mode": "demo"}})),
        kind("/api/v1", "secrets", true, "Secret", json!({"type": "Opaque", "data": {"token": "c2VjcmV0"}})),
        kind("/api/v1", "serviceaccounts", true, "ServiceAccount", json!({"automountServiceAccountToken": false})),
        kind(
            "/api/v1",
            "services",
            true,
            "Service",
            json!({"spec": {"type": "ClusterIP", "selector": {"app": "demo"}, "sessionAffinity": "None",
                "ports": [{"name": "http", "port": 80, "targetPort": 8080, "protocol": "TCP"}]}}),
        ),
        kind("/api/v1", "pods", true, "Pod", json!({"spec": pod_spec("Always")})),
        kind(
            "/api/v1",
            "persistentvolumeclaims",
            true,
            "PersistentVolumeClaim",
            json!({"spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1Gi"}}}}),
        ),
        kind(
            "/api/v1",
            "resourcequotas",
            true,
            "ResourceQuota",
            json!({"spec": {"hard": {"pods": "10", "requests.cpu": "4"}}}),
        ),
        kind(
            "/api/v1",
            "limitranges",
            true,
            "LimitRange",
            json!({"spec": {"limits": [{"type": "Container", "default": {"cpu": "500m"}, "max": {"cpu": "2"}}]}}),
        ),
        kind("/api/v1", "namespaces", false, "Namespace", json!({})),
        kind(
            "/apis/apps/v1",
            "deployments",
            true,
            "Deployment",
            json!({"spec": {"replicas": 2, "selector": selector(), "template": template("Always"),
                "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": 1, "maxUnavailable": "25%"}},
                "revisionHistoryLimit": 5}}),
        ),
        kind(
            "/apis/apps/v1",
            "statefulsets",
            true,
            "StatefulSet",
            json!({"spec": {"replicas": 1, "serviceName": "demo", "selector": selector(), "template": template("Always"),
                "podManagementPolicy": "OrderedReady"}}),
        ),
        kind(
            "/apis/apps/v1",
            "daemonsets",
            true,
            "DaemonSet",
            json!({"spec": {"selector": selector(), "template": template("Always"),
                "updateStrategy": {"type": "RollingUpdate"}}}),
        ),
        kind(
            "/apis/batch/v1",
            "jobs",
            true,
            "Job",
            json!({"spec": {"backoffLimit": 2, "completions": 1, "parallelism": 1, "template": {"spec": pod_spec("Never")}}}),
        ),
        kind(
            "/apis/batch/v1",
            "cronjobs",
            true,
            "CronJob",
            json!({"spec": {"schedule": "*/5 * * * *", "concurrencyPolicy": "Forbid", "successfulJobsHistoryLimit": 3,
                "jobTemplate": {"spec": {"backoffLimit": 1, "template": {"spec": pod_spec("OnFailure")}}}}}),
        ),
        kind(
            "/apis/networking.k8s.io/v1",
            "ingresses",
            true,
            "Ingress",
            json!({"spec": {"rules": [{"host": "demo.example.com", "http": {"paths": [{"path": "/", "pathType": "Prefix",
                "backend": {"service": {"name": "demo", "port": {"number": 80}}}}]}}]}}),
        ),
        kind(
            "/apis/networking.k8s.io/v1",
            "networkpolicies",
            true,
            "NetworkPolicy",
            json!({"spec": {"podSelector": selector(), "policyTypes": ["Ingress"],
                "ingress": [{"from": [{"podSelector": {}}], "ports": [{"port": 80, "protocol": "TCP"}]}]}}),
        ),
        kind(
            "/apis/rbac.authorization.k8s.io/v1",
            "roles",
            true,
            "Role",
            json!({"rules": [{"apiGroups": [""], "resources": ["pods"], "verbs": ["get", "list"]}]}),
        ),
        kind(
            "/apis/rbac.authorization.k8s.io/v1",
            "rolebindings",
            true,
            "RoleBinding",
            json!({"roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "demo"},
                "subjects": [{"kind": "ServiceAccount", "name": "default", "namespace": NAMESPACE}]}),
        ),
        kind(
            "/apis/autoscaling/v2",
            "horizontalpodautoscalers",
            true,
            "HorizontalPodAutoscaler",
            json!({"spec": {"scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "demo"},
                "minReplicas": 1, "maxReplicas": 5, "metrics": [{"type": "Resource", "resource": {"name": "cpu",
                "target": {"type": "Utilization", "averageUtilization": 80}}}]}}),
        ),
        kind(
            "/apis/policy/v1",
            "poddisruptionbudgets",
            true,
            "PodDisruptionBudget",
            json!({"spec": {"minAvailable": 1, "selector": selector()}}),
        ),
        kind("/apis/scheduling.k8s.io/v1", "priorityclasses", false, "PriorityClass", json!({"value": 1000})),
        kind(
            "/apis/storage.k8s.io/v1",
            "storageclasses",
            false,
            "StorageClass",
            json!({"provisioner": "example.com/disk", "reclaimPolicy": "Delete", "volumeBindingMode": "Immediate"}),
        ),
    ]
}
