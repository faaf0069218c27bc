use kapi_model::conversion::ConversionError;
use serde_json::json;

use super::*;

/// A toy kind whose v1 calls `spec.size` what v1beta1 called `spec.bytes`; sizes over 100 do not fit in v1beta1.
fn convert_toy(mut object: Value, to: &str) -> Result<Value, ConversionError> {
    let spec = object["spec"].as_object_mut().ok_or_else(|| ConversionError::new("no spec"))?;
    let (from_key, to_key) = if to == "v1" { ("bytes", "size") } else { ("size", "bytes") };
    if let Some(value) = spec.remove(from_key) {
        if to == "v1beta1" && value.as_u64().is_some_and(|size| size > 100) {
            return Err(ConversionError::new("spec.size over 100 does not fit in v1beta1"));
        }
        spec.insert(to_key.to_owned(), value);
    }
    object["apiVersion"] = json!(format!("toys.example.com/{to}"));
    Ok(object)
}

fn toys() -> [KindConverter; 1] {
    [KindConverter {
        group: "toys.example.com",
        kind: "Toy",
        versions: &["v1beta1", "v1"],
        hub: "v1",
        convert: std::sync::Arc::new(convert_toy),
    }]
}

fn review(desired: &str, objects: Vec<Value>) -> Vec<u8> {
    let review = json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "ConversionReview",
        "request": {"uid": "0000-1111", "desiredAPIVersion": desired, "objects": objects},
    });
    serde_json::to_vec(&review).expect("serialises")
}

fn toy(version: &str, name: &str, spec: Value) -> Value {
    json!({"apiVersion": format!("toys.example.com/{version}"), "kind": "Toy", "metadata": {"name": name}, "spec": spec})
}

#[test]
fn every_object_is_converted_in_order_and_the_uid_is_echoed() {
    let body = review(
        "toys.example.com/v1",
        vec![toy("v1beta1", "a", json!({"bytes": 5})), toy("v1", "b", json!({"size": 7}))],
    );
    let answered = answer(&toys(), &body).expect("a review");
    assert_eq!(answered.type_meta.api_version.as_deref(), Some("apiextensions.k8s.io/v1"));
    let response = answered.response.expect("a response");
    assert_eq!(response.uid, "0000-1111");
    assert_eq!(response.result.status.as_deref(), Some("Success"));
    assert_eq!(response.converted_objects, [toy("v1", "a", json!({"size": 5})), toy("v1", "b", json!({"size": 7}))]);
}

#[test]
fn an_object_that_cannot_be_converted_fails_the_review_with_its_name() {
    let cases = [
        (review("toys.example.com/v1beta1", vec![toy("v1", "big", json!({"size": 500}))]), "spec.size over 100"),
        (review("toys.example.com/v2", vec![toy("v1", "a", json!({}))]), "has no version \"toys.example.com/v2\""),
        (
            review("toys.example.com/v1", vec![json!({"apiVersion": "toys.example.com/v1", "kind": "Ball"})]),
            "does not convert that kind",
        ),
        (review("other.example.com/v1", vec![toy("v1", "a", json!({}))]), "another group's"),
        (review("toys.example.com/v1", vec![json!("not an object")]), "object 0"),
    ];
    for (body, expected) in cases {
        let response = answer(&toys(), &body).expect("a review").response.expect("a response");
        assert_eq!(response.result.status.as_deref(), Some("Failure"), "{expected}");
        let message = response.result.message.unwrap_or_default();
        assert!(message.contains(expected), "{message:?} should say {expected:?}");
        assert!(response.converted_objects.is_empty());
    }
}

#[test]
fn a_body_that_is_not_a_review_is_refused_with_400() {
    let no_uid = json!({"apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview",
                        "request": {"uid": "", "desiredAPIVersion": "toys.example.com/v1", "objects": []}});
    let bodies = [
        (b"{not json".to_vec(), "not a ConversionReview"),
        (serde_json::to_vec(&json!({"apiVersion": "v1", "kind": "Pod"})).expect("json"), "expected a ConversionReview"),
        (
            serde_json::to_vec(&json!({"apiVersion": "apiextensions.k8s.io/v1", "kind": "ConversionReview"}))
                .expect("json"),
            "no request",
        ),
        (serde_json::to_vec(&no_uid).expect("json"), "no uid"),
    ];
    for (body, expected) in bodies {
        match answer(&toys(), &body) {
            Err(Refusal::BadRequest(message)) => {
                assert!(message.contains(expected), "{message:?} should say {expected:?}")
            }
            other => panic!("expected a 400 for {expected:?}, got {other:?}"),
        }
    }
}

#[test]
fn a_v1beta1_review_is_answered_in_v1beta1() {
    let mut body: Value = serde_json::from_slice(&review("toys.example.com/v1", vec![])).expect("json");
    body["apiVersion"] = json!("apiextensions.k8s.io/v1beta1");
    let answered = answer(&toys(), &serde_json::to_vec(&body).expect("json")).expect("a review");
    assert_eq!(answered.type_meta.api_version.as_deref(), Some("apiextensions.k8s.io/v1beta1"));
}

#[test]
fn a_review_as_kube_apiserver_sends_it_with_an_empty_response_is_answered() {
    // kube-apiserver's request carries the response it decodes the answer into, Go's nil slice written as null.
    let mut review: Value =
        serde_json::from_slice(&review("toys.example.com/v1", vec![toy("v1beta1", "a", json!({"bytes": 5}))]))
            .expect("json");
    review["response"] = json!({"uid": "", "convertedObjects": null, "result": {"metadata": {}}});
    let answered = answer(&toys(), &serde_json::to_vec(&review).expect("json")).expect("a review");
    let response = answered.response.expect("a response");
    assert_eq!(response.result.status.as_deref(), Some("Success"));
    assert_eq!(response.converted_objects, [toy("v1", "a", json!({"size": 5}))]);
}
