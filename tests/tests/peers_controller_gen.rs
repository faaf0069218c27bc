//! kapi's CRDs beside controller-gen's (issue 43, docs/peers/controller-gen.md). controller-gen (the pinned
//! release of scripts/peers/build-controller-gen.sh) generates CRDs from the Go types of
//! `tests/peers-data/controller-gen`, written with kubebuilder markers to mean what kapi's example kinds mean; a
//! semantic diff compares them with `generated/crds/`, and every difference must be listed, with its verdict, in
//! `tests/peers-controller-gen-differences.toml`. The verdicts about what the API server accepts are then checked
//! on the real server: both CRDs of CronTab v1 installed side by side (under two groups of their own), the same
//! objects created against each in dry runs.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use kapi_tests::controller_gen::{self, Comparison};
use kapi_tests::kube::{Kube, kube, kube_installing};
use serde_json::{Value, json};

/// controller-gen's CRDs by name; under `CI` a missing controller-gen fails the test, elsewhere it is built.
fn controller_gen_crds() -> BTreeMap<String, Value> {
    let binary = controller_gen::binary()
        .unwrap_or_else(|e| panic!("controller-gen is needed (scripts/peers/build-controller-gen.sh builds it): {e}"));
    let out = tempfile::tempdir().expect("a temporary directory");
    controller_gen::generate(&binary, out.path()).unwrap_or_else(|e| panic!("{e}"))
}

fn comparison() -> Comparison {
    controller_gen::compare_all(&controller_gen_crds()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_difference_from_controller_gen_has_a_verdict() {
    let comparison = comparison();
    let unexplained: Vec<String> = comparison.unexplained().iter().map(ToString::to_string).collect();
    assert!(
        unexplained.is_empty(),
        "differences from controller-gen not in {}: add each with its verdict, or fix kapi:\n{}",
        controller_gen::ALLOW_LIST,
        unexplained.join("\n")
    );
    let stale: Vec<String> =
        comparison.stale.iter().map(|e| format!("{} {} {} {}", e.crd, e.version, e.path, e.keyword)).collect();
    assert!(
        stale.is_empty(),
        "entries of {} that match no difference:\n{}",
        controller_gen::ALLOW_LIST,
        stale.join("\n")
    );
    // The comparison sees something: the two CRDs share all their versions and most of their schemas.
    assert!(comparison.rows.len() >= 10, "suspiciously few differences: {}", comparison.table());
}

#[test]
fn the_api_server_accepts_both_crds_and_gives_controller_gens_backup_no_conversion() {
    let server = kube();
    let peer = controller_gen_crds();
    for name in controller_gen::CRDS {
        for (side, crd) in
            [("kapi", controller_gen::kapi_crd(name).expect("kapi's CRD")), ("controller-gen", peer[*name].clone())]
        {
            let reply =
                server.send_json("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All", &crd);
            assert_eq!(reply.status, 201, "{side}'s {name}: {}", String::from_utf8_lossy(&reply.body));
            if *name == "backups.ops.example.com" {
                // Without a conversion webhook the server converts between Backup's versions by relabelling them
                // (strategy None), which loses `volume`/`source` and `retentionDays`/`retention` across versions:
                // kapi's CRD names the webhook `#[kapi::versioned]` writes; a kubebuilder project patches it in.
                let strategy = reply.json()["spec"]["conversion"]["strategy"].clone();
                let expected = if side == "kapi" { "Webhook" } else { "None" };
                assert_eq!(strategy, json!(expected), "{side}'s Backup conversion");
            }
        }
    }
}

/// CronTab v1 of `crd`, renamed into `group` and installed on the installing server; returns the objects' path.
fn install_crontab_v1(server: &Kube, crd: &Value, group: &str) -> String {
    let mut crd = crd.clone();
    crd["metadata"] = json!({"name": format!("crontabs.{group}")});
    crd["spec"]["group"] = json!(group);
    let versions = crd["spec"]["versions"].as_array().expect("versions").clone();
    let mut v1: Value = versions.into_iter().find(|v| v["name"] == "v1").expect("a v1");
    v1["storage"] = json!(true);
    crd["spec"]["versions"] = json!([v1]);
    let reply = server.send_json("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", &crd);
    assert!(reply.status == 201 || reply.status == 409, "installing {group}: {}", String::from_utf8_lossy(&reply.body));
    server.wait_established(&format!("crontabs.{group}"));
    format!("/apis/{group}/v1/namespaces/default/crontabs")
}

/// A dry-run create of a CronTab with `spec` at `path`: the spec the server would store, or its refusal's status.
fn dry_run(server: &Kube, path: &str, group: &str, spec: &Value) -> Result<Value, u16> {
    let object =
        json!({"apiVersion": format!("{group}/v1"), "kind": "CronTab", "metadata": {"name": "probe"}, "spec": spec});
    let started = Instant::now();
    loop {
        let reply = server.send_json("POST", &format!("{path}?dryRun=All"), &object);
        // Established a moment before the endpoint serves: retry a 404 for a while.
        if reply.status == 404 && started.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(200));
            continue;
        }
        return match reply.status {
            201 => Ok(reply.json()["spec"].clone()),
            422 | 400 => Err(reply.status),
            other => panic!("{path}: unexpected {other}: {}", String::from_utf8_lossy(&reply.body)),
        };
    }
}

/// The objects behind the `equivalent` verdicts on CronTab v1's schema, each with whether the server should take it:
/// the exactly-one-of rule of `notification` (kapi's `has(a) != has(b)` against the `ExactlyOneOf` marker's
/// counting rule), `backoff`'s untagged union (kapi's `anyOf` of required sets against a hand-written CEL rule), the
/// Quantity pattern of `memoryLimit` (two spellings of one language), and the defaults both fill in.
fn probes() -> Vec<(&'static str, Value, bool)> {
    let base = json!({"cronSpec": "*/5 * * * *", "image": "busybox:1.36"});
    let with = |key: &str, value: Value| {
        let mut spec = base.clone();
        spec[key] = value;
        spec
    };
    let mut probes = vec![
        ("the smallest spec, defaults filled in", base.clone(), true),
        (
            "a notification by webhook",
            with("notification", json!({"webhook": {"url": "https://hooks.example.com"}})),
            true,
        ),
        ("a notification by e-mail", with("notification", json!({"email": {"address": "ops@example.com"}})), true),
        ("a notification with neither", with("notification", json!({})), false),
        (
            "a notification with both",
            with("notification", json!({"webhook": {"url": "https://h"}, "email": {"address": "o@e"}})),
            false,
        ),
        ("a fixed backoff", with("backoff", json!({"seconds": 5})), true),
        ("an exponential backoff", with("backoff", json!({"initialSeconds": 5, "maxSeconds": 60})), true),
        (
            "a backoff with every field",
            with("backoff", json!({"seconds": 1, "initialSeconds": 5, "maxSeconds": 60})),
            true,
        ),
        ("an exponential backoff without its limit", with("backoff", json!({"initialSeconds": 5})), false),
        ("an empty backoff", with("backoff", json!({})), false),
        ("ports, protocol defaulted", with("ports", json!([{"name": "http", "port": 80}])), true),
        ("an open enum's other value", with("capacityType", json!("Reserved")), true),
        ("a closed enum's other value", with("restartPolicy", json!("Always")), false),
        ("replicas above maxReplicas", with("maxReplicas", json!(0)), false),
        ("a latest image", with("image", json!("busybox:latest")), false),
    ];
    for (quantity, valid) in [
        ("256Mi", true),
        ("1Ei", true),
        ("2E", true),
        ("+1.5e3", true),
        ("-.5", true),
        ("1.", true),
        ("1e", false),
        ("Ki", false),
        ("1Mb", false),
        ("1.5.2", false),
    ] {
        probes.push(("a memory limit", with("memoryLimit", json!(quantity)), valid));
    }
    probes.push(("a memory limit as a number", with("memoryLimit", json!(3)), true));
    probes
}

#[test]
fn the_equivalent_schemas_take_and_refuse_the_same_crontabs_on_the_api_server() {
    let server = kube_installing();
    let name = "crontabs.stable.example.com";
    let kapi_group = "kapi.controller-gen.peers.example.com";
    let peer_group = "peer.controller-gen.peers.example.com";
    let kapi_path = install_crontab_v1(server, &controller_gen::kapi_crd(name).expect("kapi's CRD"), kapi_group);
    let peer_path = install_crontab_v1(server, &controller_gen_crds()[name], peer_group);
    let mut wrong = Vec::new();
    for (what, spec, valid) in probes() {
        let ours = dry_run(server, &kapi_path, kapi_group, &spec);
        let theirs = dry_run(server, &peer_path, peer_group, &spec);
        if ours.is_ok() != valid {
            wrong.push(format!("{what} {spec}: kapi's CRD gives {ours:?}, expected valid={valid}"));
        }
        if ours != theirs {
            wrong.push(format!("{what} {spec}: kapi's CRD gives {ours:?}, controller-gen's {theirs:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
