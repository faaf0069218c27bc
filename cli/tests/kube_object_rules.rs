//! The object rules `kapi validate` applies beyond the schema, checked against the real API server: each case, a
//! manifest breaking one metadata rule (validate/src/metadata.rs), one rule the server applies to built-in kinds
//! in code (validate/src/builtin_rules/) or one rule of CRD validation (cli/src/validate_crd.rs), is created
//! with a dry run and checked with `kapi validate -o json`; the two statuses must agree on the verdict and on each
//! cause's reason and field. Messages are compared and reported (a generated name's random part differs).

use serde_json::{Value, json};

use kapi_tests::kube::{Kube, kube, kube_installing};

use crate::kubectl_validate_suite::kapi_binary;

/// One manifest and the collection it is created in.
struct Case {
    name: &'static str,
    path: &'static str,
    object: Value,
}

/// The service account the pods name: admission refuses a pod whose account does not exist, and the server of
/// the tests runs no controller that would create `default`. It is made on the installing server, by this test
/// only.
const SERVICE_ACCOUNT: &str = "kapi-object-rules";

fn config_map(metadata: Value) -> Value {
    json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": metadata, "data": {"k": "v"}})
}

fn pod(container: Value) -> Value {
    json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
        "spec": {"serviceAccountName": SERVICE_ACCOUNT, "containers": [container]}})
}

fn cases() -> Vec<Case> {
    let configmaps = "/api/v1/namespaces/default/configmaps";
    let long_name = "a".repeat(254);
    let big = "x".repeat(256 * 1024);
    let deployment = json!({
        "apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"},
        "spec": {"selector": {"matchLabels": {"app": "d"}}, "template": {
            "metadata": {"labels": {"app": "d"}}, "spec": {"containers": [{"name": "main"}]}}}
    });
    let crd_typo = json!({
        "apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
        "metadata": {"name": "typos.rules.example.com"},
        "spec": {"group": "rules.example.com", "scope": "Namespaced",
            "names": {"plural": "typos", "singular": "typo", "kind": "Typo", "listKind": "TypoList"},
            "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {
                "type": "object",
                "properties": {"spec": {"type": "object", "properties": {"message": {"type": "strign"}}}}}}}]}
    });
    let mut crd_name = crd_typo.clone();
    crd_name["metadata"]["name"] = json!("wrong.rules.example.com");
    crd_name["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]["message"]["type"] =
        json!("string");
    let mut crd_untyped = crd_name.clone();
    crd_untyped["metadata"]["name"] = json!("typos.rules.example.com");
    crd_untyped["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"]["message"] =
        json!({"description": "no type"});
    let mut crd_rule = crd_name.clone();
    crd_rule["metadata"]["name"] = json!("typos.rules.example.com");
    crd_rule["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]["x-kubernetes-validations"] =
        json!([{"rule": "self.message.size() > 0"}, {"rule": "self.message.limit > 1"}]);
    let crds = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
    vec![
        Case { name: "crd with an untyped property", path: crds, object: crd_untyped },
        Case { name: "crd with a rule that does not compile", path: crds, object: crd_rule },
        Case { name: "valid", path: configmaps, object: config_map(json!({"name": "fine", "labels": {"a": "b"}})) },
        Case { name: "name not a subdomain", path: configmaps, object: config_map(json!({"name": "x.com^2"})) },
        Case { name: "name too long", path: configmaps, object: config_map(json!({"name": long_name})) },
        Case { name: "name missing", path: configmaps, object: config_map(json!({"labels": {"a": "b"}})) },
        Case { name: "generateName invalid", path: configmaps, object: config_map(json!({"generateName": "Bad_"})) },
        Case { name: "generateName valid", path: configmaps, object: config_map(json!({"generateName": "web-"})) },
        Case {
            name: "label value",
            path: configmaps,
            object: config_map(json!({"name": "x", "labels": {"owner": "_"}})),
        },
        Case {
            name: "label key",
            path: configmaps,
            object: config_map(json!({"name": "x", "labels": {"a/b/c": "v"}})),
        },
        Case {
            name: "label key prefix",
            path: configmaps,
            object: config_map(json!({"name": "x", "labels": {"Example.com/v": "v"}})),
        },
        Case {
            name: "annotation key",
            path: configmaps,
            object: config_map(json!({"name": "x", "annotations": {"bad key": "v", "Example.com/Fine": ""}})),
        },
        Case {
            name: "annotations too large",
            path: configmaps,
            object: config_map(json!({"name": "x", "annotations": {"big": big}})),
        },
        Case {
            name: "finalizer",
            path: configmaps,
            object: config_map(json!({"name": "x", "finalizers": ["example.com/ok", "not ok"]})),
        },
        Case {
            name: "owner reference without uid",
            path: configmaps,
            object: config_map(
                json!({"name": "x", "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": "p"}]}),
            ),
        },
        Case {
            name: "service name not a DNS-1035 label",
            path: "/api/v1/namespaces/default/services",
            object: json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "1abc"},
                "spec": {"ports": [{"port": 80}]}}),
        },
        Case {
            name: "namespace name with dots",
            path: "/api/v1/namespaces",
            object: json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "a.b"}}),
        },
        Case {
            name: "cluster role name with a colon and capitals",
            path: "/apis/rbac.authorization.k8s.io/v1/clusterroles",
            object: json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
                "metadata": {"name": "system:Fine"}}),
        },
        Case {
            name: "cluster role name with %",
            path: "/apis/rbac.authorization.k8s.io/v1/clusterroles",
            object: json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
                "metadata": {"name": "a%b"}}),
        },
        Case { name: "pod without image", path: "/api/v1/namespaces/default/pods", object: pod(json!({"name": "c"})) },
        Case {
            name: "pod port protocol in lower case",
            path: "/api/v1/namespaces/default/pods",
            object: pod(json!({"name": "c", "image": "nginx", "ports": [{"containerPort": 80, "protocol": "udp"}]})),
        },
        Case {
            name: "init container without image",
            path: "/api/v1/namespaces/default/pods",
            object: json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": {
                "serviceAccountName": SERVICE_ACCOUNT,
                "initContainers": [{"name": "i"}], "containers": [{"name": "c", "image": "nginx"}]}}),
        },
        Case {
            name: "deployment without image",
            path: "/apis/apps/v1/namespaces/default/deployments",
            object: deployment,
        },
        Case {
            name: "service port protocol in lower case",
            path: "/api/v1/namespaces/default/services",
            object: json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s"},
                "spec": {"ports": [{"port": 80, "protocol": "udp"}]}}),
        },
        Case {
            name: "crd with an unknown type",
            path: "/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
            object: crd_typo,
        },
        Case {
            name: "crd named other than plural.group",
            path: "/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
            object: crd_name,
        },
    ]
}

/// (reason, field) of each cause, sorted, and the messages.
fn causes(status: &Value) -> (Vec<(String, String)>, Vec<String>) {
    let list = status.pointer("/details/causes").and_then(Value::as_array).cloned().unwrap_or_default();
    let text = |cause: &Value, key: &str| cause.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
    let mut pairs: Vec<(String, String)> = list.iter().map(|c| (text(c, "reason"), text(c, "field"))).collect();
    let mut messages: Vec<String> = list.iter().map(|c| text(c, "message")).collect();
    pairs.sort();
    messages.sort();
    (pairs, messages)
}

#[test]
fn object_rules_agree_with_the_server() {
    let installing = kube_installing();
    let account = json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": SERVICE_ACCOUNT}});
    let made = installing.send_json("POST", "/api/v1/namespaces/default/serviceaccounts", &account);
    assert!(matches!(made.status, 201 | 409), "service account: {}", String::from_utf8_lossy(&made.body));
    let kapi = kapi_binary();
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut agree, mut same_messages, mut total_messages) = (0, 0, 0);
    let mut disagreements = Vec::new();
    let all = cases();
    for case in &all {
        let server: &Kube = if case.path.ends_with("/pods") { installing } else { kube() };
        let reply = server.send_json("POST", &format!("{}?dryRun=All", case.path), &case.object);
        let server_valid = (200..300).contains(&reply.status);
        let server = if server_valid { json!({"status": "Success"}) } else { reply.json() };
        let file = dir.path().join("case.json");
        std::fs::write(&file, serde_json::to_vec(&case.object).expect("JSON")).expect("write");
        let output =
            std::process::Command::new(&kapi).args(["validate", "-o", "json"]).arg(&file).output().expect("kapi runs");
        let report: Value = serde_json::from_slice(&output.stdout).expect("kapi prints JSON");
        let ours = report[file.display().to_string()][0].clone();
        let kapi_valid = ours["status"] == "Success";
        let (server_causes, server_messages) = causes(&server);
        let (our_causes, our_messages) = causes(&ours);
        total_messages += server_messages.len();
        same_messages += server_messages.iter().filter(|m| our_messages.contains(m)).count();
        if server_valid == kapi_valid && server_causes == our_causes {
            agree += 1;
        } else {
            disagreements.push(format!(
                "{}: server {} {server_causes:?} {server_messages:?}\n    kapi {} {our_causes:?} {our_messages:?}",
                case.name, reply.status, ours["status"]
            ));
        }
        if server_messages != our_messages {
            println!("  message differs: {}: server {server_messages:?}, kapi {our_messages:?}", case.name);
        }
    }
    println!("object rules vs the API server: {agree}/{} cases agree on verdict, reasons and fields", all.len());
    println!("  cause messages identical: {same_messages}/{total_messages}");
    assert!(disagreements.is_empty(), "disagreements:\n{}", disagreements.join("\n"));
}

/// A CRD with CEL rules on a property and on the root, and a map list whose keys have defaults (kubectl-validate's
/// `cel_basic.yaml`, in a group of this test's own).
fn cel_crd() -> Value {
    json!({
        "apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
        "metadata": {"name": "gauges.objectrules.kapi.example.com"},
        "spec": {"group": "objectrules.kapi.example.com", "scope": "Namespaced",
            "names": {"plural": "gauges", "singular": "gauge", "kind": "Gauge", "listKind": "GaugeList"},
            "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {
                "type": "object",
                "x-kubernetes-validations": [
                    {"rule": "!has(self.other_value) || self.other_value % self.value == 0",
                     "message": "Other must be a multiple of value"}
                ],
                "properties": {
                    "value": {"type": "integer",
                        "x-kubernetes-validations": [{"rule": "self > 0", "message": "Must be positive non-zero"}]},
                    "other_value": {"type": "integer"},
                    "label": {"type": "string", "x-kubernetes-validations": [
                        {"rule": "self != 'forbidden'", "message": "not this one", "reason": "FieldValueForbidden"}]},
                    "map_list": {"type": "array", "x-kubernetes-list-type": "map",
                        "x-kubernetes-list-map-keys": ["containerPort", "protocol"],
                        "items": {"type": "object", "properties": {
                            "containerPort": {"type": "integer", "default": 8080},
                            "protocol": {"type": "string", "default": "TCP"}}}}
                }}}}]}
    })
}

#[test]
fn cel_failures_read_as_the_servers() {
    let installing = kube_installing();
    let crd = cel_crd();
    let made = installing.send_json("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", &crd);
    assert!(matches!(made.status, 201 | 409), "CRD: {}", String::from_utf8_lossy(&made.body));
    let collection = "/apis/objectrules.kapi.example.com/v1/namespaces/default/gauges";
    let gauge = |fields: Value| {
        let mut object = json!({"apiVersion": "objectrules.kapi.example.com/v1", "kind": "Gauge",
            "metadata": {"name": "g"}});
        object.as_object_mut().expect("object").extend(fields.as_object().expect("fields").clone());
        object
    };
    let cases = [
        ("valid", gauge(json!({"value": 3, "other_value": 9}))),
        ("rule on a property", gauge(json!({"value": -3}))),
        ("rule on the root", gauge(json!({"value": 3, "other_value": 8}))),
        ("rule with a reason", gauge(json!({"value": 1, "label": "forbidden"}))),
        (
            "map list keys equal after defaults",
            gauge(json!({"value": 1, "map_list": [{"protocol": "TCP", "containerPort": 88}, {"containerPort": 88}]})),
        ),
    ];
    // The collection answers once the CRD is established and served.
    let started = std::time::Instant::now();
    while installing.send_json("POST", &format!("{collection}?dryRun=All"), &cases[0].1).status == 404 {
        assert!(started.elapsed().as_secs() < 60, "the CRD is not served after 60 s");
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    let kapi = kapi_binary();
    let dir = tempfile::tempdir().expect("tempdir");
    let crd_file = dir.path().join("crd.json");
    std::fs::write(&crd_file, serde_json::to_vec(&crd).expect("JSON")).expect("write");
    let mut disagreements = Vec::new();
    for (name, object) in &cases {
        let reply = installing.send_json("POST", &format!("{collection}?dryRun=All"), object);
        let server = if (200..300).contains(&reply.status) { json!({"status": "Success"}) } else { reply.json() };
        let file = dir.path().join("case.json");
        std::fs::write(&file, serde_json::to_vec(object).expect("JSON")).expect("write");
        let output = std::process::Command::new(&kapi)
            .args(["validate", "-o", "json", "--crds"])
            .arg(&crd_file)
            .arg(&file)
            .output()
            .expect("kapi runs");
        let report: Value = serde_json::from_slice(&output.stdout).expect("kapi prints JSON");
        let ours = &report[file.display().to_string()][0];
        let same = server["status"] == ours["status"]
            && server["message"] == ours["message"]
            && causes(&server) == causes(ours);
        if !same {
            disagreements.push(format!("{name}:\n    server {server}\n    kapi   {ours}"));
        }
    }
    assert!(disagreements.is_empty(), "CEL failures read differently:\n{}", disagreements.join("\n"));
}
