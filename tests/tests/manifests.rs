//! The corpus' types are ordinary serde types: real-looking manifests, as a server returns them (defaults filled
//! in, status present), deserialise into them and serialise back unchanged; and every one of them validates
//! against the JSON Schema kapi generates for its kind, while broken ones fail naming the field.

use std::sync::OnceLock;

use kapi::Schema;
use kapi_codegen::Artifacts;
use kapi_meta::intstr::IntOrString;
use kapi_meta::quantity::Quantity;
use kapi_schemas::apiregistration::v1::APIService;
use kapi_schemas::apps::v1::{Deployment, StatefulSet};
use kapi_schemas::batch::v1::{CronJob, Job};
use kapi_schemas::example::stable_v1::CronTab;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// The corpus' artifacts, generated once for every test here.
fn artifacts() -> &'static Artifacts {
    static ARTIFACTS: OnceLock<Artifacts> = OnceLock::new();
    ARTIFACTS.get_or_init(kapi_tests::corpus_artifacts)
}

/// What the generated JSON Schema of `T`'s definition says about `manifest`: one line per problem, each starting
/// with the JSON pointer of the offending field.
fn schema_problems<T: Schema>(manifest: &Value) -> Vec<String> {
    let name = T::definition_name().expect("a kind has a definition");
    let schema = kapi_tests::artifact_json(artifacts(), &format!("jsonschema/{name}.json"));
    let validator = jsonschema::validator_for(&schema).expect("the generated schema compiles");
    validator.iter_errors(manifest).map(|error| format!("{}: {error}", error.instance_path())).collect()
}

/// Reads `manifest` as a `T`, checks it serialises back to the same JSON and that the generated JSON Schema of
/// `T` accepts it, and returns it for further checks.
fn round_trip<T: Schema + Serialize + DeserializeOwned>(manifest: &Value) -> T {
    let object: T = serde_json::from_value(manifest.clone()).expect("the manifest deserialises");
    let written = serde_json::to_value(&object).expect("the object serialises");
    assert_eq!(&written, manifest, "the manifest changed on the way through the Rust type");
    let problems = schema_problems::<T>(manifest);
    assert!(problems.is_empty(), "the generated JSON Schema rejects the manifest:\n{}", problems.join("\n"));
    object
}

/// The pod template of the web Deployment: probes on named and numbered ports, resources, env, volumes.
fn web_pod_template() -> Value {
    json!({
        "metadata": {"labels": {"app": "web", "tier": "frontend"}, "annotations": {"prometheus.io/scrape": "true"}},
        "spec": {
            "containers": [{
                "name": "nginx",
                "image": "nginx:1.27.2",
                "imagePullPolicy": "IfNotPresent",
                "args": ["-g", "daemon off;"],
                "ports": [
                    {"name": "http", "containerPort": 8080, "protocol": "TCP"},
                    {"name": "metrics", "containerPort": 9113, "protocol": "TCP"}
                ],
                "env": [
                    {"name": "LOG_LEVEL", "value": "info"},
                    {"name": "POD_NAME", "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.name"}}}
                ],
                "resources": {
                    "limits": {"cpu": "500m", "memory": "256Mi"},
                    "requests": {"cpu": "100m", "memory": "128Mi", "ephemeral-storage": "1Gi"}
                },
                "livenessProbe": {
                    "httpGet": {"path": "/healthz", "port": "http", "scheme": "HTTP"},
                    "initialDelaySeconds": 10, "timeoutSeconds": 1, "periodSeconds": 10,
                    "successThreshold": 1, "failureThreshold": 3
                },
                "readinessProbe": {
                    "tcpSocket": {"port": 8080},
                    "timeoutSeconds": 1, "periodSeconds": 5, "successThreshold": 1, "failureThreshold": 3
                },
                "volumeMounts": [
                    {"name": "config", "mountPath": "/etc/nginx/conf.d", "readOnly": true},
                    {"name": "cache", "mountPath": "/var/cache/nginx"}
                ],
                "terminationMessagePath": "/dev/termination-log",
                "terminationMessagePolicy": "File",
                "securityContext": {"runAsNonRoot": true, "allowPrivilegeEscalation": false,
                                    "capabilities": {"drop": ["ALL"]}}
            }],
            "volumes": [
                {"name": "config", "configMap": {"name": "web-nginx", "defaultMode": 420}},
                {"name": "cache", "emptyDir": {"medium": "Memory", "sizeLimit": "64Mi"}},
                {"name": "tls", "secret": {"secretName": "web-tls", "defaultMode": 256, "optional": false}}
            ],
            "restartPolicy": "Always",
            "terminationGracePeriodSeconds": 30,
            "dnsPolicy": "ClusterFirst",
            "nodeSelector": {"kubernetes.io/os": "linux"},
            "serviceAccountName": "web",
            "securityContext": {"fsGroup": 101},
            "schedulerName": "default-scheduler",
            "tolerations": [{"key": "dedicated", "operator": "Equal", "value": "web", "effect": "NoSchedule"}]
        }
    })
}

#[test]
fn a_deployment_round_trips() {
    let manifest = json!({
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {
            "name": "web", "namespace": "shop", "uid": "0b6a6c1e-55a0-4e0c-9d5f-4f1f1b1f0a01",
            "resourceVersion": "918273", "generation": 4, "creationTimestamp": "2024-11-02T09:14:00Z",
            "labels": {"app": "web"}, "annotations": {"deployment.kubernetes.io/revision": "4"}
        },
        "spec": {
            "replicas": 3,
            "selector": {"matchLabels": {"app": "web"},
                         "matchExpressions": [{"key": "tier", "operator": "In", "values": ["frontend"]}]},
            "template": web_pod_template(),
            "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": 1, "maxSurge": "25%"}},
            "revisionHistoryLimit": 10,
            "progressDeadlineSeconds": 600
        },
        "status": {
            "observedGeneration": 4, "replicas": 3, "updatedReplicas": 3, "readyReplicas": 3, "availableReplicas": 3,
            "conditions": [
                {"type": "Available", "status": "True", "lastUpdateTime": "2024-11-02T09:15:10Z",
                 "lastTransitionTime": "2024-11-02T09:15:10Z", "reason": "MinimumReplicasAvailable",
                 "message": "Deployment has minimum availability."},
                {"type": "Progressing", "status": "True", "lastUpdateTime": "2024-11-03T10:00:00Z",
                 "lastTransitionTime": "2024-11-02T09:14:00Z", "reason": "NewReplicaSetAvailable",
                 "message": "ReplicaSet \"web-7d4b9c8f5\" has successfully progressed."}
            ]
        }
    });
    let deployment: Deployment = round_trip(&manifest);
    let strategy = deployment.spec.strategy.rolling_update.expect("rolling update");
    assert_eq!(strategy.max_unavailable, Some(IntOrString::Int(1)));
    assert_eq!(strategy.max_surge, Some(IntOrString::String("25%".to_owned())));
    let container = &deployment.spec.template.spec.containers[0];
    let limits = container.resources.limits.as_ref().expect("limits");
    assert_eq!(limits.get("memory"), Some(&Quantity("256Mi".to_owned())));
    let probe = container.liveness_probe.as_ref().and_then(|p| p.handler.http_get.as_ref()).expect("http probe");
    assert_eq!(probe.port, IntOrString::String("http".to_owned()));
}

#[test]
fn a_stateful_set_with_volume_claim_templates_round_trips() {
    let manifest = json!({
        "apiVersion": "apps/v1",
        "kind": "StatefulSet",
        "metadata": {"name": "db", "namespace": "shop", "generation": 2, "creationTimestamp": "2024-10-01T08:00:00Z"},
        "spec": {
            "replicas": 3,
            "selector": {"matchLabels": {"app": "db"}},
            "template": {
                "metadata": {"labels": {"app": "db"}},
                "spec": {
                    "initContainers": [{
                        "name": "init-permissions", "image": "busybox:1.36",
                        "command": ["sh", "-c", "chown -R 999:999 /var/lib/postgresql/data"],
                        "resources": {}, "volumeMounts": [{"name": "data", "mountPath": "/var/lib/postgresql/data"}]
                    }],
                    "containers": [{
                        "name": "postgres", "image": "postgres:17.0",
                        "ports": [{"name": "postgres", "containerPort": 5432, "protocol": "TCP"}],
                        "env": [{"name": "PGDATA", "value": "/var/lib/postgresql/data/pgdata"},
                                {"name": "POSTGRES_PASSWORD",
                                 "valueFrom": {"secretKeyRef": {"name": "db-credentials", "key": "password"}}}],
                        "resources": {"limits": {"memory": "2Gi"}, "requests": {"cpu": "1", "memory": "2Gi"}},
                        "readinessProbe": {"exec": {"command": ["pg_isready", "-U", "postgres"]},
                                           "periodSeconds": 10, "failureThreshold": 6},
                        "startupProbe": {"tcpSocket": {"port": "postgres"}, "periodSeconds": 5, "failureThreshold": 30},
                        "volumeMounts": [{"name": "data", "mountPath": "/var/lib/postgresql/data"}]
                    }],
                    "terminationGracePeriodSeconds": 60
                }
            },
            "volumeClaimTemplates": [{
                "apiVersion": "v1",
                "kind": "PersistentVolumeClaim",
                "metadata": {"name": "data"},
                "spec": {
                    "accessModes": ["ReadWriteOnce"],
                    "resources": {"requests": {"storage": "20Gi"}},
                    "storageClassName": "fast-ssd",
                    "volumeMode": "Filesystem"
                },
                "status": {"phase": "Pending"}
            }],
            "serviceName": "db-headless",
            "podManagementPolicy": "OrderedReady",
            "updateStrategy": {"type": "RollingUpdate", "rollingUpdate": {"partition": 0}},
            "revisionHistoryLimit": 10,
            "persistentVolumeClaimRetentionPolicy": {"whenDeleted": "Retain", "whenScaled": "Delete"},
            "ordinals": {"start": 1}
        },
        "status": {
            "observedGeneration": 2, "replicas": 3, "readyReplicas": 3, "currentReplicas": 3, "updatedReplicas": 3,
            "currentRevision": "db-5f8d7c6b9", "updateRevision": "db-5f8d7c6b9", "collisionCount": 0,
            "availableReplicas": 3
        }
    });
    let set: StatefulSet = round_trip(&manifest);
    assert_eq!(set.spec.service_name, "db-headless");
    let claims = set.spec.volume_claim_templates.expect("claim templates");
    let storage = claims[0].spec.resources.requests.as_ref().and_then(|r| r.get("storage"));
    assert_eq!(storage, Some(&Quantity("20Gi".to_owned())));
    assert_eq!(set.status.available_replicas, 3);
}

/// The spec of the nightly report job, as the Job and the CronJob's job template carry it.
fn report_job_spec() -> Value {
    json!({
        "parallelism": 2,
        "completions": 4,
        "backoffLimit": 6,
        "completionMode": "Indexed",
        "podFailurePolicy": {"rules": [
            {"action": "FailJob", "onExitCodes": {"containerName": "report", "operator": "In", "values": [42]}},
            {"action": "Ignore", "onPodConditions": [{"type": "DisruptionTarget", "status": "True"}]}
        ]},
        "successPolicy": {"rules": [{"succeededIndexes": "0-2", "succeededCount": 2}]},
        "template": {
            "metadata": {"labels": {"job": "report"}},
            "spec": {
                "containers": [{
                    "name": "report", "image": "registry.example.com/report:2.3.1",
                    "args": ["--date", "$(REPORT_DATE)"],
                    "env": [{"name": "REPORT_DATE", "value": "yesterday"}],
                    "resources": {"requests": {"cpu": "250m", "memory": "512Mi"}},
                    "volumeMounts": [{"name": "out", "mountPath": "/out"}]
                }],
                "volumes": [{"name": "out", "persistentVolumeClaim": {"claimName": "reports"}}],
                "restartPolicy": "Never"
            }
        },
        "ttlSecondsAfterFinished": 86400,
        "suspend": false,
        "podReplacementPolicy": "Failed"
    })
}

#[test]
fn a_job_round_trips() {
    let manifest = json!({
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": {"name": "report-28871040", "namespace": "reports",
                     "ownerReferences": [{"apiVersion": "batch/v1", "kind": "CronJob", "name": "report",
                                          "uid": "8f1c2f0e-0b1d-4a43-9b7e-0c5b8b0e8e11", "controller": true,
                                          "blockOwnerDeletion": true}]},
        "spec": report_job_spec(),
        "status": {
            "conditions": [{"type": "Complete", "status": "True", "lastProbeTime": "2024-12-01T02:10:00Z",
                            "lastTransitionTime": "2024-12-01T02:10:00Z"}],
            "startTime": "2024-12-01T02:00:00Z", "completionTime": "2024-12-01T02:10:00Z",
            "succeeded": 4, "terminating": 0, "completedIndexes": "0-3", "ready": 0,
            "uncountedTerminatedPods": {}
        }
    });
    let job: Job = round_trip(&manifest);
    let policy = job.spec.pod_failure_policy.expect("pod failure policy");
    assert_eq!(policy.rules[0].on_exit_codes.as_ref().map(|r| r.values.clone()), Some(vec![42]));
    assert_eq!(job.status.completed_indexes.as_deref(), Some("0-3"));
}

#[test]
fn a_cron_job_round_trips() {
    let manifest = json!({
        "apiVersion": "batch/v1",
        "kind": "CronJob",
        "metadata": {"name": "report", "namespace": "reports"},
        "spec": {
            "schedule": "0 2 * * *",
            "timeZone": "Europe/Berlin",
            "startingDeadlineSeconds": 300,
            "concurrencyPolicy": "Forbid",
            "suspend": false,
            "jobTemplate": {"metadata": {"labels": {"job": "report"}}, "spec": report_job_spec()},
            "successfulJobsHistoryLimit": 3,
            "failedJobsHistoryLimit": 1
        },
        "status": {
            "active": [{"kind": "Job", "namespace": "reports", "name": "report-28871040",
                        "uid": "2d7d3c8a-9c55-4bb3-8d7b-1c1f0f3c9a77", "apiVersion": "batch/v1",
                        "resourceVersion": "5521"}],
            "lastScheduleTime": "2024-12-01T01:00:00Z",
            "lastSuccessfulTime": "2024-11-30T01:10:00Z"
        }
    });
    let cron_job: CronJob = round_trip(&manifest);
    assert_eq!(cron_job.spec.job_template.spec.completion_mode.as_deref(), Some("Indexed"));
    assert_eq!(cron_job.status.active.map(|jobs| jobs.len()), Some(1));
}

#[test]
fn an_api_service_round_trips_with_its_ca_bundle() {
    let manifest = json!({
        "apiVersion": "apiregistration.k8s.io/v1",
        "kind": "APIService",
        "metadata": {"name": "v1beta1.metrics.k8s.io", "labels": {"k8s-app": "metrics-server"}},
        "spec": {
            "service": {"namespace": "kube-system", "name": "metrics-server", "port": 443},
            "group": "metrics.k8s.io",
            "version": "v1beta1",
            "caBundle": "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM=",
            "groupPriorityMinimum": 100,
            "versionPriority": 100
        },
        "status": {"conditions": [{"type": "Available", "status": "True",
                                   "lastTransitionTime": "2024-09-12T07:30:00Z", "reason": "Passed",
                                   "message": "all checks passed"}]}
    });
    let service: APIService = round_trip(&manifest);
    let bundle = service.spec.ca_bundle.expect("CA bundle");
    assert!(bundle.starts_with(b"-----BEGIN CERTIFICATE-----\n"));
    assert_eq!(service.spec.group_priority_minimum, 100);
}

/// A CronTab of the example group, with every kind of field its schema constrains.
fn crontab() -> Value {
    json!({
        "apiVersion": "stable.example.com/v1",
        "kind": "CronTab",
        "metadata": {"name": "nightly-report", "namespace": "reports"},
        "spec": {
            "cronSpec": "0 3 * * *",
            "image": "registry.example.com/report:2.4.1",
            "replicas": 2,
            "maxReplicas": 4,
            "concurrencyPolicy": "Forbid",
            "suspend": null,
            "maxUnavailable": "25%",
            "memoryLimit": "512Mi",
            "notification": {"email": {"address": "ops@example.com"}},
            "backoff": {"initialSeconds": 5, "maxSeconds": 300},
            "ports": [{"name": "metrics", "port": 9090, "protocol": "TCP"}],
            "config": {"format": "csv", "columns": ["a", "b"]}
        },
        "status": {"replicas": 2, "labelSelector": "app=nightly-report"}
    })
}

#[test]
fn a_crontab_of_the_example_group_round_trips_and_validates() {
    let crontab: CronTab = round_trip(&crontab());
    assert_eq!(crontab.spec.ports[0].port, 9090);
}

#[test]
fn a_broken_crontab_fails_naming_each_field() {
    let mut manifest = crontab();
    manifest["spec"]["replicas"] = json!(500);
    manifest["spec"]["concurrencyPolicy"] = json!("Sometimes");
    manifest["spec"]["ports"][0]["port"] = json!(0);
    manifest["spec"]["cronSpec"] = json!("every night");
    let problems = schema_problems::<CronTab>(&manifest);
    for field in ["/spec/replicas", "/spec/concurrencyPolicy", "/spec/ports/0/port", "/spec/cronSpec"] {
        assert!(problems.iter().any(|p| p.starts_with(&format!("{field}: "))), "{field} not named in {problems:#?}");
    }
    assert_eq!(problems.len(), 4, "{problems:#?}");
}

#[test]
fn a_deployment_without_container_names_fails_naming_the_field() {
    let mut manifest = json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
        "spec": {"selector": {"matchLabels": {"app": "web"}}, "template": web_pod_template()}});
    manifest["spec"]["template"]["spec"]["containers"][0].as_object_mut().expect("container").remove("name");
    let problems = schema_problems::<Deployment>(&manifest);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(
        problems[0].starts_with("/spec/template/spec/containers/0: \"name\" is a required property"),
        "{problems:?}"
    );
}
