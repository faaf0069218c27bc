//! The round trip every test runs, and the shared sample pieces.
#![allow(dead_code)]

use std::sync::OnceLock;

use kapi_model::Registry;
use kapi_proto_roundtrip::{Hints, descriptor_pool, to_json, to_message};
use prost::Message as _;
use prost_reflect::{DescriptorPool, DynamicMessage};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(kapi_schemas::registry)
}

pub fn pool() -> &'static DescriptorPool {
    static POOL: OnceLock<DescriptorPool> = OnceLock::new();
    POOL.get_or_init(|| descriptor_pool().expect("the build script's descriptors decode"))
}

/// JSON without its `null`s: protobuf has no null, and serde reads an absent optional field as it reads `null`.
pub fn without_nulls(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k.clone(), without_nulls(v))).collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_nulls).collect()),
        other => other.clone(),
    }
}

/// Sends `value` through JSON and through protobuf as message `message`, decoding the bytes with the prost type
/// `P` on the way; returns the prost value for checks of its own. Panics with the step that failed.
pub fn round_trip<T, P>(value: &T, message: &str) -> P
where
    T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
    P: prost::Message + Default,
{
    let hints = Hints::new(registry());
    let descriptor = pool().get_message_by_name(message).unwrap_or_else(|| panic!("no message {message}"));
    let json = serde_json::to_value(value).expect("serde writes the value");
    let dynamic = to_message(&json, &descriptor, &hints).unwrap_or_else(|e| panic!("{message}: {e}"));
    let bytes = dynamic.encode_to_vec();
    let typed = P::decode(bytes.as_slice()).unwrap_or_else(|e| panic!("the prost type rejects {message}: {e}"));
    let again = DynamicMessage::decode(descriptor, typed.encode_to_vec().as_slice()).expect("prost's bytes decode");
    assert_eq!(again, dynamic, "{message}: the prost type lost or changed fields");
    let back_json = to_json(&again, &hints).unwrap_or_else(|e| panic!("{message}: {e}"));
    assert_eq!(back_json, without_nulls(&json), "{message}: JSON differs after protobuf");
    let back: T = serde_json::from_value(back_json).expect("serde reads the JSON back");
    assert_eq!(&back, value, "{message}: the value differs after protobuf");
    typed
}

pub fn from_json<T: DeserializeOwned>(json: Value) -> T {
    serde_json::from_value(json).expect("the sample fits the type")
}

pub fn object_meta() -> Value {
    json!({
        "name": "kube-scheduler", "namespace": "kube-system", "uid": "5c1f0e52-8a39-4d0e-9c6c-0e1f2a3b4c5d",
        "resourceVersion": "4711", "generation": 3, "creationTimestamp": "2024-05-01T12:00:00Z",
        "labels": {"app": "scheduler"}, "annotations": {"note": "leader"}, "finalizers": ["example.com/keep"],
        "ownerReferences": [{"apiVersion": "v1", "kind": "Node", "name": "n1", "uid": "a-b-c", "controller": true}],
        "managedFields": [{
            "manager": "kube-scheduler", "operation": "Update", "apiVersion": "coordination.k8s.io/v1",
            "time": "2024-05-01T12:00:00Z", "fieldsType": "FieldsV1",
            "fieldsV1": {"f:spec": {"f:holderIdentity": {}}}
        }]
    })
}

pub fn lease(name: &str, holder: &str) -> Value {
    let mut metadata = object_meta();
    metadata["name"] = json!(name);
    json!({
        "metadata": metadata,
        "spec": {
            "holderIdentity": holder, "leaseDurationSeconds": 15,
            "acquireTime": "2024-05-01T12:00:00.000000Z", "renewTime": "2024-05-01T12:05:00.123456Z",
            "leaseTransitions": 3, "strategy": "OldestEmulationVersion", "preferredHolder": "node-2"
        }
    })
}
