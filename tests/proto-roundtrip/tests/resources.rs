//! More resources through both encodings: the example group's CronTabs (tagged and untagged enums, free-form
//! JSON, int-or-string, quantities), the shared Status and WatchEvent kinds, and a Deployment.

mod common;

use common::{from_json, object_meta, round_trip};
use kapi_proto_roundtrip::pb;
use serde_json::json;

#[test]
fn crontabs_round_trip_with_unions_free_form_json_and_special_types() {
    use kapi_schemas::example::stable_v1::CronTab;
    type Typed = pb::example::com::stable::v1::CronTab;
    let full: CronTab = from_json(json!({
        "metadata": object_meta(),
        "spec": {
            "cronSpec": "*/5 * * * *", "image": "registry.example.com/job:1.2", "replicas": 2, "maxReplicas": 4,
            "concurrencyPolicy": "Forbid", "suspend": false, "maxUnavailable": "25%", "memoryLimit": "256Mi",
            "notification": {"webhook": {"url": "https://hooks.example.com/done"}},
            "backoff": {"initialSeconds": 10, "maxSeconds": 600},
            "ports": [
                {"name": "metrics", "port": 9090, "protocol": "TCP"},
                {"name": "dns", "port": 53, "protocol": "UDP"}
            ],
            "config": {"retries": 3, "targets": ["a", "b"], "nested": {"deep": [1.5, -2], "ok": true}}
        },
        "status": {"replicas": 2, "labelSelector": "app=job", "lastScheduleTime": "2024-05-01T12:05:00Z"}
    }));
    let typed: Typed = round_trip(&full, "example.com.stable.v1.CronTab");
    let spec = typed.spec.expect("spec");
    let notification = spec.notification.and_then(|n| n.webhook).and_then(|w| w.url);
    assert_eq!(notification.as_deref(), Some("https://hooks.example.com/done"));
    let surge = spec.max_unavailable.expect("max unavailable");
    assert_eq!((surge.r#type, surge.str_val.as_deref()), (Some(1), Some("25%")));
    assert_eq!(spec.memory_limit.and_then(|q| q.string).as_deref(), Some("256Mi"));

    let sparse: CronTab = from_json(json!({
        "metadata": {},
        "spec": {
            "cronSpec": "0 * * * *", "image": "job@sha256:0123", "replicas": 1, "concurrencyPolicy": "Allow",
            "suspend": null, "maxUnavailable": 1, "notification": {"email": {"address": "ops@example.com"}},
            "backoff": {"seconds": 30}
        }
    }));
    let typed: Typed = round_trip(&sparse, "example.com.stable.v1.CronTab");
    let surge = typed.spec.and_then(|s| s.max_unavailable).expect("max unavailable");
    assert_eq!((surge.r#type, surge.int_val), (Some(0), Some(1)));

    use kapi_schemas::example::batch_v1::CronTab as BatchCronTab;
    let batch: BatchCronTab = from_json(json!({
        "metadata": {"name": "nightly"},
        "spec": {"schedule": "0 3 * * *", "timeZone": "Europe/Berlin", "command": ["backup", "--all"],
                 "nodeSelector": {"disk": "ssd"}},
        "status": {"lastRunTime": "2024-05-01T03:00:00Z", "failedNodes": 0}
    }));
    let _: pb::example::com::batch::v1::CronTab = round_trip(&batch, "example.com.batch.v1.CronTab");
}

#[test]
fn status_and_watch_events_round_trip() {
    use kapi_meta::meta::v1::{Status, WatchEvent};
    let status: Status = from_json(json!({
        "metadata": {}, "status": "Failure", "message": "leases.coordination.k8s.io \"x\" is invalid",
        "reason": "Invalid", "code": 422,
        "details": {"name": "x", "group": "coordination.k8s.io", "kind": "leases", "retryAfterSeconds": 1,
                    "causes": [{"reason": "FieldValueInvalid", "message": "must be positive",
                                "field": "spec.leaseDurationSeconds"}]}
    }));
    let _: pb::k8s::io::apimachinery::pkg::apis::meta::v1::Status =
        round_trip(&status, "k8s.io.apimachinery.pkg.apis.meta.v1.Status");
    let event: WatchEvent = from_json(json!({
        "type": "ADDED",
        "object": {"apiVersion": "coordination.k8s.io/v1", "kind": "Lease", "metadata": {"name": "a"}}
    }));
    let typed: pb::k8s::io::apimachinery::pkg::apis::meta::v1::WatchEvent =
        round_trip(&event, "k8s.io.apimachinery.pkg.apis.meta.v1.WatchEvent");
    let raw = typed.object.and_then(|o| o.raw).expect("the embedded object");
    assert_eq!(serde_json::from_slice::<serde_json::Value>(&raw).ok().map(|o| o["kind"].clone()), Some(json!("Lease")));
}

#[test]
fn a_deployment_round_trips() {
    use kapi_schemas::apps::v1::Deployment;
    let deployment: Deployment = from_json(json!({
        "metadata": {"name": "web", "namespace": "shop", "generation": 4, "creationTimestamp": "2024-11-02T09:14:00Z",
                     "labels": {"app": "web"}},
        "spec": {
            "replicas": 3,
            "selector": {"matchLabels": {"app": "web"},
                         "matchExpressions": [{"key": "tier", "operator": "In", "values": ["frontend"]}]},
            "template": {
                "metadata": {"labels": {"app": "web"}},
                "spec": {"containers": [{
                    "name": "nginx", "image": "nginx:1.27.2", "args": ["-g", "daemon off;"],
                    "ports": [{"name": "http", "containerPort": 8080, "protocol": "TCP"}],
                    "env": [{"name": "POD_NAME",
                             "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.name"}}}],
                    "resources": {"limits": {"cpu": "500m", "memory": "256Mi"}, "requests": {"cpu": "100m"}},
                    "livenessProbe": {"httpGet": {"path": "/healthz", "port": "http", "scheme": "HTTP"},
                                      "periodSeconds": 10},
                    "readinessProbe": {"tcpSocket": {"port": 8080}, "periodSeconds": 5}
                }]}
            },
            "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": 1, "maxSurge": "25%"}},
            "revisionHistoryLimit": 10
        },
        "status": {
            "observedGeneration": 4, "replicas": 3, "readyReplicas": 3,
            "conditions": [{"type": "Available", "status": "True", "lastUpdateTime": "2024-11-02T09:15:10Z",
                            "lastTransitionTime": "2024-11-02T09:15:10Z", "reason": "MinimumReplicasAvailable",
                            "message": "Deployment has minimum availability."}]
        }
    }));
    let typed: pb::k8s::io::api::apps::v1::Deployment = round_trip(&deployment, "k8s.io.api.apps.v1.Deployment");
    let replicas = typed.spec.and_then(|s| s.replicas);
    assert_eq!(replicas, Some(3));
}

#[test]
fn byte_strings_travel_as_raw_bytes() {
    use kapi_schemas::apiregistration::v1::APIService;
    let service: APIService = from_json(json!({
        "metadata": {"name": "v1beta1.metrics.k8s.io"},
        "spec": {
            "service": {"namespace": "kube-system", "name": "metrics-server", "port": 443},
            "group": "metrics.k8s.io", "version": "v1beta1",
            "caBundle": "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM=",
            "groupPriorityMinimum": 100, "versionPriority": 100
        }
    }));
    let typed: pb::k8s::io::kube_aggregator::pkg::apis::apiregistration::v1::ApiService =
        round_trip(&service, "k8s.io.kube_aggregator.pkg.apis.apiregistration.v1.APIService");
    let bundle = typed.spec.and_then(|s| s.ca_bundle).expect("CA bundle");
    assert!(bundle.starts_with(b"-----BEGIN CERTIFICATE-----\n"), "decoded, not base64 text");
}
