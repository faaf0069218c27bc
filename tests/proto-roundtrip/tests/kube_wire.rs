//! Protobuf on the wire with the real kube-apiserver (docs/KUBE.md), for every kind it stores (found in its
//! discovery): an object of each kind is created from a manifest of [`manifests`], then
//! (a) read as `application/vnd.kubernetes.protobuf` and decoded with the messages of `generated/proto`, which
//!     must give the object the server answers in JSON, and
//! (b) written from that JSON with our messages and created anew as protobuf, which the server must accept and
//!     store as the same object.
//! Namespaced kinds are created in a namespace of the test's own; cluster-scoped ones, and the two namespaced
//! kinds that would constrain the test's other objects, in dry runs (`dryRun=All`), whose answer is the object as
//! it would be stored.
//! Every failing kind is reported at once, with the first field that differs.

mod common;
#[path = "kube_wire/compare.rs"]
mod compare;
#[path = "kube_wire/discovery.rs"]
mod discovery;
#[path = "kube_wire/envelope.rs"]
mod envelope;
#[path = "kube_wire/manifests.rs"]
mod manifests;

use std::collections::BTreeMap;
use std::time::Instant;

use common::{pool, registry};
use compare::{first_difference, without_nested_type_meta, without_server_set_fields, without_zero_values};
use discovery::{StoredKind, stored_kinds};
use kapi_proto_roundtrip::Hints;
use kapi_tests::kube::{Kube, kube};
use prost_reflect::MessageDescriptor;
use serde_json::{Value, json};

const PROTOBUF: &str = "application/vnd.kubernetes.protobuf";
const JSON: &str = "application/json";

/// Kinds whose round trip fails, each with the reason: none today. The test fails when one of these passes, so
/// the list cannot go stale.
const KNOWN_WIRE_GAPS: &[(&str, &str)] = &[];

/// What the test calls a Pod's ephemeral containers, which no create sets: they are added through the Pod's
/// `ephemeralcontainers` subresource.
const EPHEMERAL: &str = "core/v1/Pod ephemeralcontainers";

/// Stored kinds the test does not create, with the reason. Empty: every kind the server stores has a manifest.
const EXCLUDED: &[(&str, &str)] = &[];

/// Namespaced kinds created in dry runs only: a LimitRange would default, and a ResourceQuota constrain, the
/// Pods and workloads the test creates in its namespace.
const DRY_RUN_ONLY: &[&str] = &["core/v1/LimitRange", "core/v1/ResourceQuota"];

#[test]
fn every_stored_kind_round_trips_through_protobuf() {
    let started = Instant::now();
    // The run's first server, where no test installs CRDs: discovery lists the built-in kinds alone. The objects
    // stored here stay in a namespace of this test's own.
    let kube = kube();
    let hints = Hints::new(registry());
    let namespace = format!("proto-wire-{}", std::process::id());
    create_namespace(kube, &namespace);

    let kinds = stored_kinds(kube);
    assert!(kinds.len() > 40, "discovery lists {} stored kinds; expected the built-in ones", kinds.len());
    let mut results = BTreeMap::new();
    let mut excluded = Vec::new();
    for kind in &kinds {
        let id = kind.id();
        if let Some((_, reason)) = EXCLUDED.iter().find(|(excluded, _)| *excluded == id) {
            excluded.push(format!("{id}: {reason}"));
            continue;
        }
        results.insert(id, round_trip(kube, kind, &namespace, &hints));
    }
    results.insert(EPHEMERAL.to_owned(), ephemeral_containers(kube, &namespace, &hints));

    let mut problems = Vec::new();
    for (id, result) in &results {
        let known = KNOWN_WIRE_GAPS.iter().find(|(gap, _)| gap == id).map(|(_, reason)| reason);
        match (result, known) {
            (Ok(()), Some(_)) => problems.push(format!("{id}: passes now; remove it from KNOWN_WIRE_GAPS")),
            (Err(error), None) => problems.push(format!("{id}: {error}")),
            (Err(error), Some(reason)) => eprintln!("known wire gap {id} ({reason}):\n    {error}"),
            (Ok(()), None) => {}
        }
    }
    for (gap, _) in KNOWN_WIRE_GAPS {
        if !results.contains_key(*gap) {
            problems.push(format!("{gap}: in KNOWN_WIRE_GAPS but not a stored kind of the server"));
        }
    }
    for (id, _) in EXCLUDED {
        if !kinds.iter().any(|kind| kind.id() == *id) {
            problems.push(format!("{id}: excluded but not a stored kind of the server"));
        }
    }
    let passed = results.values().filter(|r| r.is_ok()).count();
    eprintln!(
        "{} stored kinds, {} checks (with a Pod's ephemeral containers): {passed} pass, {} known gaps, {} excluded, \
         in {:.1} s",
        kinds.len(),
        results.len(),
        KNOWN_WIRE_GAPS.len(),
        excluded.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(problems.is_empty(), "{} kinds fail the protobuf round trip:\n{}", problems.len(), problems.join("\n"));
}

fn create_namespace(kube: &Kube, namespace: &str) {
    let body = json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": namespace}});
    let reply = kube.send_json("POST", "/api/v1/namespaces", &body);
    assert_eq!(reply.status, 201, "namespace {namespace}: {}", String::from_utf8_lossy(&reply.body));
    // No controller manager runs, so nothing makes the account Pods are admitted under.
    let account = json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "default"}});
    let reply = kube.send_json("POST", &format!("/api/v1/namespaces/{namespace}/serviceaccounts"), &account);
    assert_eq!(reply.status, 201, "the default service account: {}", String::from_utf8_lossy(&reply.body));
}

/// Ephemeral containers added to one Pod in JSON and to another in our protobuf: (a) the first read back as
/// protobuf is its JSON, (b) both Pods end with the same ephemeral containers.
fn ephemeral_containers(kube: &Kube, namespace: &str, hints: &Hints) -> Result<(), String> {
    let message = pool().get_message_by_name("k8s.io.api.core.v1.Pod").ok_or("no message for Pod")?;
    let collection = format!("/api/v1/namespaces/{namespace}/pods");
    // A new Pod named `name` with the ephemeral containers added, as the server answers.
    let add = |name: &str, over_protobuf: bool| -> Result<Value, String> {
        let pod = json!({
            "apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": namespace},
            "spec": {"automountServiceAccountToken": false, "containers": [{"name": "app", "image": "nginx:1.27"}]}
        });
        expect_status(&kube.send_json("POST", &collection, &pod), 201, "creating a Pod")?;
        let path = format!("{collection}/{name}/ephemeralcontainers");
        let mut pod = ok_json(&kube.get(&format!("{collection}/{name}"), JSON), "GET the Pod")?;
        pod["spec"]["ephemeralContainers"] = manifests::ephemeral_containers();
        pod["metadata"].as_object_mut().map(|m| m.remove("managedFields"));
        let reply = if over_protobuf {
            let body = envelope::encode(&pod, &message, hints).map_err(|e| format!("(b) encoding: {e}"))?;
            kube.send_bytes("PUT", &path, PROTOBUF, JSON, body)
        } else {
            kube.send_json("PUT", &path, &pod)
        };
        ok_json(&reply, if over_protobuf { "(b) adding them in protobuf" } else { "adding them in JSON" })
    };
    let from_json = add("wire-ephemeral", false)?;
    let path = format!("{collection}/wire-ephemeral");
    let decoded = || {
        let as_json = ok_json(&kube.get(&path, JSON), "GET as JSON")?;
        let as_protobuf = kube.get(&path, PROTOBUF);
        expect_status(&as_protobuf, 200, "(a) GET as protobuf")?;
        compare_decoded(&as_protobuf.body, &as_json, &message, hints, false)
    };
    let containers = |pod: &Value| pod["spec"]["ephemeralContainers"].clone();
    let encoded = add("wire-ephemeral-pb", true).and_then(|from_protobuf| {
        match first_difference(&containers(&from_protobuf), &containers(&from_json)) {
            None => Ok(()),
            Some(difference) => Err(format!("(b) added in protobuf vs in JSON: {difference}")),
        }
    });
    both(decoded(), encoded)
}

/// Both directions for one kind; the error names the step and the first difference.
fn round_trip(kube: &Kube, kind: &StoredKind, namespace: &str, hints: &Hints) -> Result<(), String> {
    let id = kind.id();
    let body = manifests::manifest(&kind.group, &kind.version, &kind.kind, namespace)
        .ok_or("no manifest: write one in tests/kube_wire/manifests.rs, or exclude the kind with a reason")?;
    let message = envelope::message_of(pool(), kind).ok_or("no message for it in generated/proto")?;
    // One resource may be served at several versions (autoscaling v1 and v2) and one kind name be in several
    // groups (core and events.k8s.io Events, the same objects): one object each.
    let label = kind.group.split('.').next().filter(|l| !l.is_empty()).unwrap_or("core");
    let name = format!("wire-{}-{label}-{}", kind.kind.to_lowercase(), kind.version);
    let object = with_identity(body, kind, &name, namespace);
    let collection = kind.collection(namespace);
    if !kind.namespaced || DRY_RUN_ONLY.contains(&id.as_str()) {
        dry_run(kube, &collection, &object, &message, hints)
    } else {
        stored(kube, &collection, &object, &message, hints)
    }
}

fn with_identity(mut body: Value, kind: &StoredKind, name: &str, namespace: &str) -> Value {
    body["apiVersion"] = Value::from(kind.api_version());
    body["kind"] = Value::from(kind.kind.clone());
    if body["metadata"]["name"].is_null() {
        body["metadata"]["name"] = Value::from(name);
    }
    if kind.namespaced {
        body["metadata"]["namespace"] = Value::from(namespace);
    }
    body
}

/// Created for real: read back in both encodings, then created again from our protobuf under another name.
fn stored(
    kube: &Kube,
    collection: &str,
    object: &Value,
    message: &MessageDescriptor,
    hints: &Hints,
) -> Result<(), String> {
    let name = object["metadata"]["name"].as_str().unwrap_or_default().to_owned();
    let created = kube.send_json("POST", collection, object);
    expect_status(&created, 201, "creating it from JSON")?;
    let path = format!("{collection}/{name}");
    let as_json = ok_json(&kube.get(&path, JSON), "GET as JSON")?;
    let decoded = || {
        let as_protobuf = kube.get(&path, PROTOBUF);
        expect_status(&as_protobuf, 200, "(a) GET as protobuf")?;
        compare_decoded(&as_protobuf.body, &as_json, message, hints, false)
    };
    let encoded = || {
        let mut again = without_server_set_fields(&as_json, false);
        again["metadata"]["name"] = Value::from(format!("{name}-pb"));
        again["metadata"].as_object_mut().map(|m| m.remove("managedFields"));
        let body = envelope::encode(&again, message, hints).map_err(|e| format!("(b) encoding: {e}"))?;
        let created = kube.send_bytes("POST", collection, PROTOBUF, JSON, body);
        expect_status(&created, 201, "(b) creating it from our protobuf")?;
        let stored_again = ok_json(&kube.get(&format!("{path}-pb"), JSON), "(b) GET the protobuf-created object")?;
        same_object(&as_json, &stored_again, false, "(b) stored from protobuf vs from JSON")
    };
    both(decoded(), encoded())
}

/// The two directions' verdicts, each reported: one failing does not hide the other.
fn both(decoded: Result<(), String>, encoded: Result<(), String>) -> Result<(), String> {
    match (decoded, encoded) {
        (Ok(()), Ok(())) => Ok(()),
        (Err(error), Ok(())) | (Ok(()), Err(error)) => Err(error),
        (Err(first), Err(second)) => Err(format!("{first}\n    {second}")),
    }
}

/// Dry runs: the object the server would store, answered in both encodings; then the same object sent as our
/// protobuf.
fn dry_run(
    kube: &Kube,
    collection: &str,
    object: &Value,
    message: &MessageDescriptor,
    hints: &Hints,
) -> Result<(), String> {
    let path = format!("{collection}?dryRun=All");
    let as_json = ok_json(&kube.send_json("POST", &path, object), "dry-run create from JSON")?;
    let json_body = serde_json::to_vec(object).map_err(|e| e.to_string())?;
    let decoded = || {
        let as_protobuf = kube.send_bytes("POST", &path, JSON, PROTOBUF, json_body);
        expect_status(&as_protobuf, 201, "(a) dry-run create from JSON, answered in protobuf")?;
        // Two dry runs: two uids and perhaps two creation times.
        compare_decoded(&as_protobuf.body, &as_json, message, hints, true)
    };
    let encoded = || {
        let mut again = without_server_set_fields(&as_json, true);
        again["metadata"].as_object_mut().map(|m| m.remove("managedFields"));
        let body = envelope::encode(&again, message, hints).map_err(|e| format!("(b) encoding: {e}"))?;
        let reply = kube.send_bytes("POST", &path, PROTOBUF, JSON, body);
        let created = ok_json(&reply, "(b) dry-run create from protobuf")?;
        same_object(&as_json, &created, true, "(b) created from protobuf vs from JSON")
    };
    both(decoded(), encoded())
}

/// (a): the protobuf answer, decoded with our messages, is the JSON answer.
fn compare_decoded(
    body: &[u8],
    as_json: &Value,
    message: &MessageDescriptor,
    hints: &Hints,
    another_object: bool,
) -> Result<(), String> {
    let mut decoded = envelope::decode(body, message, hints).map_err(|e| format!("(a) decoding: {e}"))?;
    let mut expected = as_json.clone();
    if another_object {
        (decoded, expected) = (without_server_set_fields(&decoded, true), without_server_set_fields(&expected, true));
    }
    let comparable = |object: &Value| without_zero_values(&without_nested_type_meta(object));
    let (decoded, expected) = (comparable(&decoded), comparable(&expected));
    match first_difference(&decoded, &expected) {
        None => Ok(()),
        Some(difference) => Err(format!("(a) decoded protobuf vs JSON: {difference}")),
    }
}

/// The objects are the same but for their identity and their managed fields (which record who set what: the
/// second request sets what admission added to the first).
fn same_object(expected: &Value, actual: &Value, keep_name: bool, what: &str) -> Result<(), String> {
    let comparable = |object: &Value| {
        let mut object = without_server_set_fields(object, keep_name);
        object["metadata"].as_object_mut().map(|m| m.remove("managedFields"));
        object
    };
    let (expected, actual) = (comparable(expected), comparable(actual));
    match first_difference(&actual, &expected) {
        None => Ok(()),
        Some(difference) => Err(format!("{what}: {difference}")),
    }
}

fn expect_status(reply: &kapi_tests::kube::Reply, status: u16, step: &str) -> Result<(), String> {
    if reply.status == status {
        return Ok(());
    }
    let body = String::from_utf8_lossy(&reply.body);
    let body: String = body.chars().take(400).collect();
    Err(format!("{step}: HTTP {} ({body})", reply.status))
}

fn ok_json(reply: &kapi_tests::kube::Reply, step: &str) -> Result<Value, String> {
    if !(200..300).contains(&reply.status) {
        expect_status(reply, 200, step)?;
    }
    serde_json::from_slice(&reply.body).map_err(|e| format!("{step}: not JSON: {e}"))
}
