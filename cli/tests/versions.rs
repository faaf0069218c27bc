//! The example Backup, whose v1alpha1, v1beta1 and v1 come from one `#[kapi::versioned]` definition, served by
//! `kapi serve`: kubectl explains each version's own fields, and `/convert` answers real `ConversionReview`s for
//! every pair of versions, and refuses bad ones clearly.

use crate::common;

use common::{Server, kubectls, post_json, run_kubectl};
use serde_json::{Value, json};

const VERSIONS: [&str; 3] = ["v1alpha1", "v1beta1", "v1"];

#[test]
fn kubectl_explains_each_version_with_its_own_fields() {
    let server = Server::kapi_serve(&[]);
    // (version, fields its spec has, fields it does not)
    let expected = [
        ("v1alpha1", &["volume", "schedule", "compress"][..], &["retention", "source"][..]),
        ("v1beta1", &["volume", "schedule", "compress", "retentionDays"], &["source"]),
        ("v1", &["source", "schedule", "retention"], &["compress", "volume", "retentionDays"]),
    ];
    for kubectl in kubectls() {
        let home = tempfile::tempdir().expect("tempdir");
        for (version, present, absent) in expected {
            let api_version = format!("--api-version=ops.example.com/{version}");
            let (ok, text) = run_kubectl(&kubectl, &server, home.path(), &["explain", "backups.spec", &api_version]);
            assert!(ok && text.contains(&format!("VERSION:    {version}")), "{}: {text}", kubectl.display());
            let fields = text.split("FIELDS:").nth(1).unwrap_or_default();
            for field in present {
                assert!(
                    fields.contains(&format!("  {field}\t")),
                    "{} {version}: no {field}: {text}",
                    kubectl.display()
                );
            }
            for field in absent {
                assert!(
                    !fields.contains(&format!("  {field}\t")),
                    "{} {version}: {field} shown: {text}",
                    kubectl.display()
                );
            }
        }
    }
}

fn backup(version: &str) -> Value {
    let spec = match version {
        "v1alpha1" => json!({"volume": "data", "schedule": "0 3 * * *", "compress": true}),
        "v1beta1" => json!({"volume": "data", "schedule": "0 3 * * *", "compress": true, "retentionDays": 7}),
        _ => json!({"source": "data", "schedule": "0 3 * * *", "retention": {"days": 7}}),
    };
    json!({
        "apiVersion": format!("ops.example.com/{version}"),
        "kind": "Backup",
        "metadata": {"name": "nightly", "namespace": "default", "uid": "4f6c", "resourceVersion": "12",
                     "labels": {"team": "storage"}},
        "spec": spec,
        "status": {"phase": "Succeeded", "lastBackupTime": "2026-11-26T03:00:00Z"},
    })
}

fn review(desired: &str, objects: Vec<Value>) -> Vec<u8> {
    let review = json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "ConversionReview",
        "request": {"uid": "705ab4f5-6393-11e8-b7cc-42010a800002", "desiredAPIVersion": desired, "objects": objects},
    });
    serde_json::to_vec(&review).expect("json")
}

fn post_review(server: &Server, body: &[u8]) -> (u16, Value) {
    let (code, text) = post_json(server, "/convert", body);
    (code, serde_json::from_str(&text).unwrap_or_else(|e| panic!("{code}: not JSON ({e}): {text}")))
}

#[test]
fn the_webhook_converts_between_every_pair_of_versions() {
    let server = Server::kapi_serve(&[]);
    for from in VERSIONS {
        for to in VERSIONS {
            let (code, answer) = post_review(&server, &review(&format!("ops.example.com/{to}"), vec![backup(from)]));
            assert_eq!(code, 200, "{from} -> {to}: {answer}");
            let response = &answer["response"];
            assert_eq!(response["uid"], "705ab4f5-6393-11e8-b7cc-42010a800002");
            assert_eq!(response["result"]["status"], "Success", "{from} -> {to}: {answer}");
            let mut converted = response["convertedObjects"][0].clone();
            // What the target cannot hold travels in an annotation (checked below); the fields are compared here.
            if let Some(annotations) = converted["metadata"].as_object_mut() {
                annotations.remove("annotations");
            }
            let mut expected = backup(to);
            // What the source version cannot say arrives unset: v1 has no `compress`, v1alpha1 no retention.
            // Between the two others, `compress` survives the hub, which has no place for it.
            if from == "v1" && to != "v1" {
                expected["spec"].as_object_mut().expect("spec").remove("compress");
            }
            if from == "v1alpha1" && to != "v1alpha1" {
                let spec = expected["spec"].as_object_mut().expect("spec");
                spec.remove("retentionDays");
                spec.remove("retention");
            }
            assert_eq!(converted, expected, "{from} -> {to}");
        }
    }
    // Several objects, in order, in one review.
    let objects = VERSIONS.iter().map(|v| backup(v)).collect();
    let (code, answer) = post_review(&server, &review("ops.example.com/v1", objects));
    assert_eq!(code, 200);
    let converted = answer["response"]["convertedObjects"].as_array().expect("objects");
    assert_eq!(converted.len(), 3);
    assert!(converted.iter().all(|o| o["apiVersion"] == "ops.example.com/v1" && o["spec"]["source"] == "data"));
}

#[test]
fn a_round_trip_through_another_version_loses_nothing() {
    let server = Server::kapi_serve(&[]);
    let convert = |object: Value, to: &str| {
        let (code, answer) = post_review(&server, &review(&format!("ops.example.com/{to}"), vec![object]));
        assert_eq!((code, &answer["response"]["result"]["status"]), (200, &json!("Success")), "{answer}");
        answer["response"]["convertedObjects"][0].clone()
    };
    for from in VERSIONS {
        for through in VERSIONS.iter().filter(|v| **v != from) {
            let there = convert(backup(from), through);
            assert_eq!(convert(there.clone(), from), backup(from), "{from} -> {through} -> {from}: {there}");
        }
    }
    // v1beta1's `compress`, which v1 has no place for, is kept in an annotation while stored in v1.
    let stored = convert(backup("v1beta1"), "v1");
    let stash = stored["metadata"]["annotations"]["kapi.dev/conversion-stash"].as_str().expect("a stash");
    assert_eq!(serde_json::from_str::<Value>(stash).expect("JSON"), json!({"v1beta1": {"spec": {"compress": true}}}));
    assert_eq!(stored["metadata"]["labels"], json!({"team": "storage"}), "other metadata is untouched");
}

#[test]
fn bad_reviews_get_a_clear_failure_never_a_crash() {
    let server = Server::kapi_serve(&[]);
    let mut wrong_type = backup("v1beta1");
    wrong_type["spec"]["retentionDays"] = json!("a week");
    let failures = [
        (review("ops.example.com/v2", vec![backup("v1")]), "has no version \"ops.example.com/v2\""),
        (review("ops.example.com/v1", vec![wrong_type]), "not a valid ops.example.com/v1beta1 object"),
        (
            review("ops.example.com/v1", vec![json!({"apiVersion": "ops.example.com/v1", "kind": "Restore"})]),
            "does not convert that kind",
        ),
        (review("stable.example.com/v1", vec![backup("v1")]), "another group's"),
    ];
    for (body, expected) in failures {
        let (code, answer) = post_review(&server, &body);
        assert_eq!(code, 200, "{answer}");
        let result = &answer["response"]["result"];
        assert_eq!(result["status"], "Failure", "{answer}");
        let message = result["message"].as_str().unwrap_or_default();
        assert!(message.contains(expected) && message.contains("object 0"), "{message:?} should say {expected:?}");
    }
    for (body, expected) in [
        (&b"{\"apiVersion\": "[..], "not a ConversionReview"),
        (br#"{"apiVersion": "v1", "kind": "Status"}"#, "expected a ConversionReview"),
        (br#"{"apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview"}"#, "no request"),
    ] {
        let (code, status) = post_review(&server, body);
        assert_eq!(
            (code, &status["kind"], &status["reason"]),
            (400, &json!("Status"), &json!("BadRequest")),
            "{status}"
        );
        assert!(status["message"].as_str().is_some_and(|m| m.contains(expected)), "{status}");
    }
    // Still serving after all of that.
    assert_eq!(server.get("/readyz", "*/*").0, 200);
    // Other paths stay read-only.
    assert_eq!(post_json(&server, "/apis", b"{}").0, 405);
}
