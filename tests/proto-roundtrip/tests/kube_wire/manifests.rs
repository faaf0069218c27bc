//! One manifest per group-version-kind the API server stores: small, but each reaches the nested messages, maps,
//! int-or-string values, quantities, time stamps, byte strings and raw extensions its kind has. Names are filled
//! in by the test unless the kind dictates them (CRDs, APIServices); namespaced objects go to the test's own
//! namespace, `namespace`.

use serde_json::{Value, json};

/// A CSR for `CN=proto-wire` (an EC P-256 key made with openssl for this test; the key was thrown away): the
/// server parses the request, so it must be a real one.
const CSR_PEM_BASE64: &str = "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIUE1IY0NBUUF3RlRFVE1CRUdBMVVFQXd3S2NISnZkRzh0ZDJseVpUQlpNQk1HQnlxR1NNNDlBZ0VHQ0NxRwpTTTQ5QXdFSEEwSUFCRFp0Rml1T2J4NUE0V0prZEU2MHBTbVpkTEl4Y1ZueHNwMmRpZjRBTkRvUWJrdkhLekZ5ClgvR3BWckd5ZE1nQnhBdnRUeXJzWTVWcndMOXo0MklIa2V5Z0FEQUtCZ2dxaGtqT1BRUURBZ05JQURCRkFpRUEKNVp3MmpPNkU1WWdlRjRCQitoUGt2M3VNOHZ6aVMwMWdEVjFaWGV1VWJoMENJRVBXdWs3MlRKdXd3Q29qTk5EUQpqS28vRmhEc3Y4YlNoWGE1YzR0T29yL3kKLS0tLS1FTkQgQ0VSVElGSUNBVEUgUkVRVUVTVC0tLS0tCg==";

/// A CA bundle's bytes (not parsed by the server, only carried): a byte string in JSON as base64.
const CA_BUNDLE_BASE64: &str = "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM=";

/// The manifest of `group/version` `kind` (`group` empty for the core group), without its name and namespace.
pub fn manifest(group: &str, version: &str, kind: &str, namespace: &str) -> Option<Value> {
    let body = match (group, version, kind) {
        ("", "v1", "Pod") => json!({"spec": pod_spec()}),
        ("", "v1", "PodTemplate") => json!({"template": pod_template()}),
        ("", "v1", "ReplicationController") => json!({
            "spec": {"replicas": 2, "selector": {"app": "web"}, "template": pod_template(), "minReadySeconds": 3}
        }),
        ("", "v1", "ConfigMap") => json!({
            "data": {"app.properties": "color=blue\n", "empty": ""}, "binaryData": {"blob": "AAEC/w=="},
            "immutable": false
        }),
        ("", "v1", "Secret") => json!({
            "type": "Opaque", "data": {"password": "czNjcjN0", "zero": "AA=="}
        }),
        ("", "v1", "ServiceAccount") => json!({
            "automountServiceAccountToken": false, "imagePullSecrets": [{"name": "registry"}],
            "secrets": [{"name": "token", "kind": "Secret"}]
        }),
        ("", "v1", "Service") => json!({
            "spec": {
                "clusterIP": "None", "selector": {"app": "web"}, "publishNotReadyAddresses": true,
                "ports": [{"name": "http", "port": 80, "targetPort": "http", "protocol": "TCP"},
                          {"name": "metrics", "port": 9090, "targetPort": 9091}],
                "sessionAffinity": "ClientIP", "sessionAffinityConfig": {"clientIP": {"timeoutSeconds": 600}}
            }
        }),
        ("", "v1", "Endpoints") => json!({
            "subsets": [{
                "addresses": [{"ip": "10.1.2.3", "hostname": "a", "targetRef": {"kind": "Pod", "name": "a"}}],
                "notReadyAddresses": [{"ip": "10.1.2.4"}],
                "ports": [{"name": "http", "port": 8080, "protocol": "TCP", "appProtocol": "http"}]
            }]
        }),
        ("", "v1", "Event") => json!({
            "involvedObject": {"kind": "Pod", "name": "web", "namespace": namespace, "apiVersion": "v1",
                               "fieldPath": "spec.containers{a}"},
            "reason": "Started", "message": "Started container a", "type": "Normal", "count": 3,
            "source": {"component": "kubelet", "host": "node-a"},
            "firstTimestamp": "2024-05-01T12:00:00Z", "lastTimestamp": "2024-05-01T12:05:00Z",
            "eventTime": "2024-05-01T12:00:00.123456Z", "reportingComponent": "kubelet", "reportingInstance": "node-a",
            "action": "Start", "series": {"count": 2, "lastObservedTime": "2024-05-01T12:04:00.000001Z"}
        }),
        ("", "v1", "LimitRange") => json!({
            "spec": {"limits": [{
                "type": "Container", "max": {"cpu": "2", "memory": "1Gi"}, "min": {"cpu": "10m"},
                "default": {"cpu": "500m"}, "defaultRequest": {"cpu": "100m"}, "maxLimitRequestRatio": {"cpu": "10"}
            }]}
        }),
        ("", "v1", "ResourceQuota") => json!({
            "spec": {
                "hard": {"pods": "10", "requests.cpu": "4", "requests.memory": "8Gi"},
                "scopeSelector": {"matchExpressions": [
                    {"scopeName": "PriorityClass", "operator": "In", "values": ["high"]}
                ]}
            }
        }),
        ("", "v1", "PersistentVolumeClaim") => json!({
            "spec": {
                "accessModes": ["ReadWriteOnce"], "storageClassName": "fast", "volumeMode": "Filesystem",
                "resources": {"requests": {"storage": "1Gi"}, "limits": {"storage": "2Gi"}},
                "selector": {"matchLabels": {"tier": "db"}}
            }
        }),
        ("", "v1", "Namespace") => {
            json!({"metadata": {"labels": {"team": "wire"}}, "spec": {"finalizers": ["kubernetes"]}})
        }
        ("", "v1", "Node") => json!({
            "metadata": {"labels": {"kubernetes.io/hostname": "node-a"}},
            "spec": {"podCIDR": "10.244.0.0/24", "podCIDRs": ["10.244.0.0/24"], "unschedulable": true,
                     "taints": [{"key": "dedicated", "value": "wire", "effect": "NoSchedule"}]}
        }),
        ("", "v1", "PersistentVolume") => json!({
            "spec": {
                "capacity": {"storage": "5Gi"}, "accessModes": ["ReadWriteOnce"],
                "persistentVolumeReclaimPolicy": "Retain", "storageClassName": "fast", "volumeMode": "Filesystem",
                "mountOptions": ["ro"], "hostPath": {"path": "/data/wire", "type": "DirectoryOrCreate"},
                "claimRef": {"namespace": "default", "name": "data"},
                "nodeAffinity": {"required": {"nodeSelectorTerms": [{"matchExpressions": [
                    {"key": "kubernetes.io/hostname", "operator": "In", "values": ["node-a"]}
                ]}]}}
            }
        }),
        ("apps", "v1", "Deployment") => json!({
            "spec": {
                "replicas": 2, "selector": selector(), "template": pod_template(), "revisionHistoryLimit": 4,
                "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": 1, "maxSurge": "25%"}}
            }
        }),
        ("apps", "v1", "ReplicaSet") => {
            json!({"spec": {"replicas": 1, "selector": selector(), "template": pod_template()}})
        }
        ("apps", "v1", "DaemonSet") => json!({
            "spec": {"selector": selector(), "template": pod_template(),
                     "updateStrategy": {"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": "10%", "maxSurge": 0}}}
        }),
        ("apps", "v1", "StatefulSet") => json!({
            "spec": {
                "serviceName": "web", "replicas": 1, "selector": selector(), "template": pod_template(),
                "podManagementPolicy": "Parallel",
                "updateStrategy": {"type": "RollingUpdate", "rollingUpdate": {"partition": 0, "maxUnavailable": 1}},
                "persistentVolumeClaimRetentionPolicy": {"whenDeleted": "Delete", "whenScaled": "Retain"},
                "volumeClaimTemplates": [{
                    "metadata": {"name": "data"},
                    "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1Gi"}}}
                }]
            }
        }),
        ("apps", "v1", "ControllerRevision") => json!({
            "revision": 3,
            "data": {"spec": {"template": {"spec": {"containers": [{"name": "a", "image": "nginx:1.27"}]}}}}
        }),
        ("batch", "v1", "Job") => json!({"spec": job_spec()}),
        ("batch", "v1", "CronJob") => json!({
            "spec": {
                "schedule": "*/5 * * * *", "timeZone": "Etc/UTC", "concurrencyPolicy": "Forbid", "suspend": true,
                "startingDeadlineSeconds": 60, "successfulJobsHistoryLimit": 2,
                "jobTemplate": {"metadata": {"labels": {"app": "web"}}, "spec": cron_job_spec()}
            }
        }),
        ("autoscaling", "v1", "HorizontalPodAutoscaler") => json!({
            "spec": {"scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "web"},
                     "minReplicas": 1, "maxReplicas": 5, "targetCPUUtilizationPercentage": 70}
        }),
        ("autoscaling", "v2", "HorizontalPodAutoscaler") => json!({
            "spec": {
                "scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "web"},
                "minReplicas": 1, "maxReplicas": 5,
                "metrics": [
                    {"type": "Resource", "resource": {"name": "memory", "target": {"type": "AverageValue", "averageValue": "500Mi"}}},
                    {"type": "Pods", "pods": {"metric": {"name": "qps", "selector": {"matchLabels": {"a": "b"}}},
                                              "target": {"type": "AverageValue", "averageValue": "1500m"}}}
                ],
                "behavior": {"scaleDown": {"stabilizationWindowSeconds": 300, "selectPolicy": "Min",
                                           "policies": [{"type": "Percent", "value": 10, "periodSeconds": 60}]}}
            }
        }),
        ("policy", "v1", "PodDisruptionBudget") => json!({
            "spec": {"minAvailable": "50%", "selector": selector(), "unhealthyPodEvictionPolicy": "AlwaysAllow"}
        }),
        ("networking.k8s.io", "v1", "NetworkPolicy") => json!({
            "spec": {
                "podSelector": selector(), "policyTypes": ["Ingress", "Egress"],
                "ingress": [{"from": [{"ipBlock": {"cidr": "10.0.0.0/8", "except": ["10.1.0.0/16"]}},
                                      {"namespaceSelector": {"matchLabels": {"team": "a"}}}],
                             "ports": [{"protocol": "TCP", "port": "http"}, {"port": 8080, "endPort": 8090}]}],
                "egress": [{"to": [{"podSelector": {}}]}]
            }
        }),
        ("networking.k8s.io", "v1", "Ingress") => json!({
            "spec": {
                "ingressClassName": "nginx",
                "defaultBackend": {"service": {"name": "web", "port": {"number": 80}}},
                "tls": [{"hosts": ["example.com"], "secretName": "tls"}],
                "rules": [{"host": "example.com", "http": {"paths": [
                    {"path": "/api", "pathType": "Prefix", "backend": {"service": {"name": "api", "port": {"name": "http"}}}},
                    {"path": "/static", "pathType": "Exact",
                     "backend": {"resource": {"apiGroup": "example.com", "kind": "Bucket", "name": "static"}}}
                ]}}]
            }
        }),
        ("networking.k8s.io", "v1", "IngressClass") => json!({
            "spec": {"controller": "example.com/ingress",
                     "parameters": {"apiGroup": "example.com", "kind": "Params", "name": "p", "scope": "Cluster"}}
        }),
        ("rbac.authorization.k8s.io", "v1", "Role") => json!({"rules": rules()}),
        ("rbac.authorization.k8s.io", "v1", "ClusterRole") => json!({"rules": rules()}),
        ("rbac.authorization.k8s.io", "v1", "RoleBinding") => json!({
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "reader"},
            "subjects": [{"kind": "ServiceAccount", "name": "default", "namespace": "default"},
                         {"kind": "User", "apiGroup": "rbac.authorization.k8s.io", "name": "jane"}]
        }),
        ("rbac.authorization.k8s.io", "v1", "ClusterRoleBinding") => json!({
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "reader"},
            "subjects": [{"kind": "Group", "apiGroup": "rbac.authorization.k8s.io", "name": "readers"}]
        }),
        ("storage.k8s.io", "v1", "StorageClass") => json!({
            "provisioner": "example.com/disk", "parameters": {"type": "ssd", "iops": "3000"},
            "reclaimPolicy": "Retain", "allowVolumeExpansion": true, "mountOptions": ["discard"],
            "volumeBindingMode": "WaitForFirstConsumer",
            "allowedTopologies": [{"matchLabelExpressions": [{"key": "zone", "values": ["a", "b"]}]}]
        }),
        ("storage.k8s.io", "v1", "CSIDriver") => json!({
            "spec": {"attachRequired": true, "podInfoOnMount": true, "volumeLifecycleModes": ["Persistent"],
                     "fsGroupPolicy": "File", "tokenRequests": [{"audience": "vault", "expirationSeconds": 3600}],
                     "requiresRepublish": false, "storageCapacity": true, "seLinuxMount": false}
        }),
        ("storage.k8s.io", "v1", "CSINode") => json!({
            "spec": {"drivers": [{"name": "disk.example.com", "nodeID": "node-a", "topologyKeys": ["zone"],
                                  "allocatable": {"count": 8}}]}
        }),
        ("storage.k8s.io", "v1", "VolumeAttachment") => json!({
            "spec": {"attacher": "disk.example.com", "nodeName": "node-a", "source": {"persistentVolumeName": "pv-a"}}
        }),
        ("storage.k8s.io", "v1", "CSIStorageCapacity") => json!({
            "storageClassName": "fast", "capacity": "100Gi", "maximumVolumeSize": "10Gi",
            "nodeTopology": {"matchLabels": {"zone": "a"}}
        }),
        ("admissionregistration.k8s.io", "v1", "ValidatingWebhookConfiguration") => json!({
            "webhooks": [webhook("validate.example.com")]
        }),
        ("admissionregistration.k8s.io", "v1", "MutatingWebhookConfiguration") => {
            let mut hook = webhook("mutate.example.com");
            hook["reinvocationPolicy"] = json!("IfNeeded");
            json!({"webhooks": [hook]})
        }
        ("admissionregistration.k8s.io", "v1", "ValidatingAdmissionPolicy") => json!({
            "spec": {
                "failurePolicy": "Fail",
                "paramKind": {"apiVersion": "v1", "kind": "ConfigMap"},
                "matchConstraints": {"resourceRules": [{"apiGroups": ["apps"], "apiVersions": ["v1"],
                                                        "operations": ["CREATE", "UPDATE"], "resources": ["deployments"]}]},
                "variables": [{"name": "replicas", "expression": "object.spec.replicas"}],
                "validations": [{"expression": "variables.replicas <= 5", "message": "too many",
                                 "reason": "Invalid"}],
                "auditAnnotations": [{"key": "replicas", "valueExpression": "string(variables.replicas)"}],
                "matchConditions": [{"name": "labelled", "expression": "has(object.metadata.labels)"}]
            }
        }),
        ("admissionregistration.k8s.io", "v1", "ValidatingAdmissionPolicyBinding") => json!({
            "spec": {"policyName": "replicas", "validationActions": ["Deny", "Audit"],
                     "paramRef": {"name": "limits", "namespace": "default", "parameterNotFoundAction": "Deny"},
                     "matchResources": {"namespaceSelector": {"matchLabels": {"team": "a"}}}}
        }),
        ("apiextensions.k8s.io", "v1", "CustomResourceDefinition") => crd(),
        ("apiregistration.k8s.io", "v1", "APIService") => json!({
            "metadata": {"name": "v1.wire.example.com"},
            "spec": {"group": "wire.example.com", "version": "v1", "caBundle": CA_BUNDLE_BASE64,
                     "service": {"namespace": "default", "name": "wire", "port": 8443},
                     "groupPriorityMinimum": 1000, "versionPriority": 15}
        }),
        ("certificates.k8s.io", "v1", "CertificateSigningRequest") => json!({
            "spec": {"request": CSR_PEM_BASE64, "signerName": "example.com/signer", "expirationSeconds": 3600,
                     "usages": ["digital signature", "client auth"], "extra": {"team": ["a", "b"]}}
        }),
        ("coordination.k8s.io", "v1", "Lease") => json!({
            "spec": {"holderIdentity": "node-a", "leaseDurationSeconds": 40, "leaseTransitions": 2,
                     "acquireTime": "2024-05-01T12:00:00.250000Z", "renewTime": "2024-05-01T12:00:30.000001Z"}
        }),
        ("discovery.k8s.io", "v1", "EndpointSlice") => json!({
            "addressType": "IPv4",
            "endpoints": [{"addresses": ["10.1.2.3"], "conditions": {"ready": true, "serving": true},
                           "hostname": "a", "nodeName": "node-a", "zone": "a",
                           "targetRef": {"kind": "Pod", "name": "a"}, "hints": {"forZones": [{"name": "a"}]}}],
            "ports": [{"name": "http", "port": 8080, "protocol": "TCP", "appProtocol": "http"}]
        }),
        ("events.k8s.io", "v1", "Event") => json!({
            "eventTime": "2024-05-01T12:00:00.123456Z", "reportingController": "example.com/controller",
            "reportingInstance": "controller-0", "action": "Scale", "reason": "Scaled", "type": "Normal",
            "regarding": {"kind": "Deployment", "apiVersion": "apps/v1", "name": "web", "namespace": namespace},
            "note": "scaled to 3", "series": {"count": 2, "lastObservedTime": "2024-05-01T12:01:00.500000Z"},
            "related": {"kind": "Pod", "name": "web-1"}
        }),
        ("flowcontrol.apiserver.k8s.io", "v1", "FlowSchema") => json!({
            "spec": {
                "priorityLevelConfiguration": {"name": "workload-low"}, "matchingPrecedence": 9000,
                "distinguisherMethod": {"type": "ByUser"},
                "rules": [{"subjects": [{"kind": "ServiceAccount", "serviceAccount": {"namespace": "a", "name": "b"}}],
                           "resourceRules": [{"verbs": ["get"], "apiGroups": [""], "resources": ["pods"],
                                              "namespaces": ["*"]}],
                           "nonResourceRules": [{"verbs": ["get"], "nonResourceURLs": ["/healthz"]}]}]
            }
        }),
        ("flowcontrol.apiserver.k8s.io", "v1", "PriorityLevelConfiguration") => json!({
            "spec": {"type": "Limited", "limited": {
                "nominalConcurrencyShares": 10, "lendablePercent": 20, "borrowingLimitPercent": 50,
                "limitResponse": {"type": "Queue", "queuing": {"queues": 16, "handSize": 4, "queueLengthLimit": 50}}
            }}
        }),
        ("node.k8s.io", "v1", "RuntimeClass") => json!({
            "handler": "runsc", "overhead": {"podFixed": {"cpu": "250m", "memory": "120Mi"}},
            "scheduling": {"nodeSelector": {"sandbox": "gvisor"},
                           "tolerations": [{"key": "sandbox", "operator": "Exists", "effect": "NoSchedule"}]}
        }),
        ("scheduling.k8s.io", "v1", "PriorityClass") => json!({
            "value": 1000, "globalDefault": false, "description": "wire test", "preemptionPolicy": "Never"
        }),
        _ => return None,
    };
    Some(body)
}

fn selector() -> Value {
    json!({"matchLabels": {"app": "web"}, "matchExpressions": [{"key": "tier", "operator": "In", "values": ["a"]}]})
}

fn pod_template() -> Value {
    json!({"metadata": {"labels": {"app": "web", "tier": "a"}, "annotations": {"note": "wire"}}, "spec": pod_spec()})
}

/// A Job's spec with a selector of its own: the server would otherwise make one from the Job's uid, which differs
/// from one object to the next.
fn job_spec() -> Value {
    let mut spec = cron_job_spec();
    spec["manualSelector"] = json!(true);
    spec["selector"] = selector();
    spec
}

/// A Job's spec as a CronJob's template has it (the server refuses a selector there).
fn cron_job_spec() -> Value {
    let mut template = pod_template();
    template["spec"]["restartPolicy"] = json!("Never");
    json!({
        "template": template, "completions": 2, "parallelism": 1,
        "backoffLimit": 3, "activeDeadlineSeconds": 600, "ttlSecondsAfterFinished": 100, "completionMode": "Indexed",
        "podFailurePolicy": {"rules": [{"action": "FailJob",
                                        "onExitCodes": {"operator": "In", "values": [42]}}]}
    })
}

/// Probes, environment from ConfigMaps and Secrets, volumes of several sources, resources, security context:
/// the messages of core/v1 that embed others.
fn pod_spec() -> Value {
    json!({
        "automountServiceAccountToken": false,
        "restartPolicy": "Always", "terminationGracePeriodSeconds": 20,
        "nodeSelector": {"disk": "ssd"},
        "tolerations": [{"key": "dedicated", "operator": "Equal", "value": "wire", "effect": "NoExecute",
                         "tolerationSeconds": 30}],
        "securityContext": {"runAsUser": 1000, "runAsNonRoot": true, "fsGroup": 2000,
                            "sysctls": [{"name": "net.ipv4.ip_local_port_range", "value": "1024 65535"}]},
        "affinity": {"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [{
            "weight": 50, "podAffinityTerm": {"topologyKey": "zone", "labelSelector": {"matchLabels": {"app": "web"}}}
        }]}},
        "initContainers": [{"name": "init", "image": "busybox:1.36", "command": ["sh", "-c", "true"]}],
        "containers": [{
            "name": "app", "image": "nginx:1.27", "args": ["-g", "daemon off;"], "workingDir": "/srv",
            "ports": [{"name": "http", "containerPort": 8080, "protocol": "TCP"}],
            "env": [
                {"name": "PLAIN", "value": "1"},
                {"name": "FROM_CM", "valueFrom": {"configMapKeyRef": {"name": "settings", "key": "color", "optional": true}}},
                {"name": "FROM_SECRET", "valueFrom": {"secretKeyRef": {"name": "creds", "key": "password"}}},
                {"name": "LIMIT", "valueFrom": {"resourceFieldRef": {"resource": "limits.memory", "divisor": "1Mi"}}},
                {"name": "POD", "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.name"}}}
            ],
            "envFrom": [{"prefix": "CM_", "configMapRef": {"name": "settings", "optional": true}},
                        {"secretRef": {"name": "creds"}}],
            "resources": {"limits": {"cpu": "500m", "memory": "256Mi"}, "requests": {"cpu": "100m", "memory": "64Mi"}},
            "livenessProbe": {"httpGet": {"path": "/healthz", "port": "http", "scheme": "HTTP",
                                          "httpHeaders": [{"name": "X-Probe", "value": "1"}]},
                              "initialDelaySeconds": 3, "periodSeconds": 10, "failureThreshold": 4},
            "readinessProbe": {"tcpSocket": {"port": 8080}, "periodSeconds": 5},
            "startupProbe": {"exec": {"command": ["cat", "/scratch/ready"]}, "failureThreshold": 30},
            "lifecycle": {"preStop": {"sleep": {"seconds": 2}}},
            "volumeMounts": [{"name": "config", "mountPath": "/etc/app", "readOnly": true},
                             {"name": "scratch", "mountPath": "/scratch"}],
            "securityContext": {"allowPrivilegeEscalation": false, "capabilities": {"drop": ["ALL"]}}
        }],
        "volumes": [
            {"name": "config", "configMap": {"name": "settings", "defaultMode": 420,
                                             "items": [{"key": "color", "path": "color.txt"}]}},
            {"name": "creds", "secret": {"secretName": "creds", "optional": true}},
            {"name": "scratch", "emptyDir": {"medium": "Memory", "sizeLimit": "64Mi"}},
            {"name": "all", "projected": {"sources": [
                {"configMap": {"name": "settings"}},
                {"secret": {"name": "creds", "items": [{"key": "password", "path": "p"}]}},
                {"downwardAPI": {"items": [{"path": "labels", "fieldRef": {"fieldPath": "metadata.labels"}}]}}
            ]}}
        ]
    })
}

/// A debugging container as `kubectl debug` adds one, with an environment variable from a ConfigMap.
pub fn ephemeral_containers() -> Value {
    json!([{
        "name": "debug", "image": "busybox:1.36", "command": ["sh"], "stdin": true, "tty": true,
        "targetContainerName": "app", "terminationMessagePolicy": "File", "imagePullPolicy": "IfNotPresent",
        "env": [{"name": "COLOR", "valueFrom": {"configMapKeyRef": {"name": "settings", "key": "color"}}}],
        "securityContext": {"capabilities": {"add": ["SYS_PTRACE"]}}
    }])
}

fn rules() -> Value {
    json!([{"apiGroups": [""], "resources": ["pods", "configmaps"], "verbs": ["get", "list"]},
           {"apiGroups": ["apps"], "resources": ["deployments"], "resourceNames": ["web"], "verbs": ["patch"]}])
}

fn webhook(name: &str) -> Value {
    json!({
        "name": name, "admissionReviewVersions": ["v1"], "sideEffects": "None", "timeoutSeconds": 5,
        "failurePolicy": "Ignore", "matchPolicy": "Equivalent",
        "clientConfig": {"url": "https://hooks.example.com/check", "caBundle": CA_BUNDLE_BASE64},
        "rules": [{"apiGroups": ["wire.example.com"], "apiVersions": ["v1"], "operations": ["CREATE"],
                   "resources": ["widgets"], "scope": "Namespaced"}],
        "namespaceSelector": {"matchExpressions": [{"key": "team", "operator": "Exists"}]},
        "matchConditions": [{"name": "not-system", "expression": "!request.userInfo.username.startsWith('system:')"}]
    })
}

/// A CRD whose schema has defaults, enums, an int-or-string and a preserved free-form field: the JSON values the
/// schema carries as JSON text in protobuf.
fn crd() -> Value {
    json!({
        "metadata": {"name": "widgets.wire.example.com"},
        "spec": {
            "group": "wire.example.com", "scope": "Namespaced",
            "names": {"plural": "widgets", "singular": "widget", "kind": "Widget", "listKind": "WidgetList",
                      "shortNames": ["wg"], "categories": ["all"]},
            "versions": [{
                "name": "v1", "served": true, "storage": true,
                "additionalPrinterColumns": [{"name": "Size", "type": "integer", "jsonPath": ".spec.size"}],
                "subresources": {"status": {}, "scale": {"specReplicasPath": ".spec.size",
                                                          "statusReplicasPath": ".status.size"}},
                "schema": {"openAPIV3Schema": {
                    "type": "object",
                    "properties": {
                        "spec": {
                            "type": "object",
                            "x-kubernetes-validations": [{"rule": "self.size <= 10", "message": "too big"}],
                            "properties": {
                                "size": {"type": "integer", "default": 3, "minimum": 1, "maximum": 10},
                                "mode": {"type": "string", "enum": ["a", "b"], "default": "a"},
                                "port": {"x-kubernetes-int-or-string": true},
                                "extra": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
                                "tags": {"type": "array", "items": {"type": "string"},
                                         "x-kubernetes-list-type": "set"}
                            }
                        },
                        "status": {"type": "object", "properties": {"size": {"type": "integer"}}}
                    }
                }}
            }]
        }
    })
}
