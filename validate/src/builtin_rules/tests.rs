use super::*;
use crate::reason::Reason;
use serde_json::json;

#[test]
fn image_and_protocols() {
    let pod = Gvk { group: String::new(), version: "v1".to_owned(), kind: "Pod".to_owned() };
    let object = json!({"spec": {"containers": [{"name": "a", "ports": [{"containerPort": 80, "protocol": "udp"}, {"containerPort": 443, "protocol": "TCP"}]}]}});
    let found: Vec<(String, Reason)> =
        builtin_problems(&pod, &object).into_iter().map(|e| (e.field, e.reason)).collect();
    assert_eq!(
        found,
        [
            ("spec.containers[0].image".to_owned(), Reason::Required),
            ("spec.containers[0].ports[0].protocol".to_owned(), Reason::NotSupported)
        ]
    );
    let cron = Gvk { group: "batch".to_owned(), version: "v1".to_owned(), kind: "CronJob".to_owned() };
    let job = json!({"spec": {"jobTemplate": {"spec": {"template": {"spec": {"containers": [{"name": "a", "image": ""}]}}}}}});
    assert_eq!(builtin_problems(&cron, &job)[0].field, "spec.jobTemplate.spec.template.spec.containers[0].image");
}

fn found(api_version: &str, kind: &str, object: &Value) -> Vec<(String, Reason)> {
    let gvk = Gvk::from_api_version(api_version, kind);
    builtin_problems(&gvk, object).into_iter().map(|e| (e.field, e.reason)).collect()
}

#[test]
fn service_ports_and_names_derived_labels() {
    let service = json!({"spec": {"ports": [{"name": "a", "port": 80}, {"name": "a", "port": 80}, {"port": 0}]}});
    let fields = found("v1", "Service", &service);
    assert_eq!(
        fields,
        [
            ("spec.ports[1].name".to_owned(), Reason::Duplicate),
            ("spec.ports[1]".to_owned(), Reason::Duplicate),
            ("spec.ports[2].name".to_owned(), Reason::Required),
            ("spec.ports[2].port".to_owned(), Reason::Invalid),
        ]
    );
    // A headless Service needs no ports.
    assert!(found("v1", "Service", &json!({"spec": {"clusterIP": "None"}})).is_empty());
    // A Namespace's name is also a label value (at most 63 characters).
    let long = "a".repeat(64);
    assert_eq!(found("v1", "Namespace", &json!({"metadata": {"name": long}})).len(), 1);
    // A workload's selector must match its template's labels.
    let deployment = json!({"spec": {"selector": {"matchLabels": {"app": "a"}},
        "template": {"metadata": {"labels": {"app": "b"}}, "spec": {"containers": [{"name": "c", "image": "i"}]}}}});
    assert_eq!(
        found("apps/v1", "Deployment", &deployment),
        [("spec.template.metadata.labels".to_owned(), Reason::Invalid)]
    );
}
