//! The runtime's protobuf discovery decoded with the prost types built from `generated/proto`: strip the `k8s\0`
//! magic, decode `runtime.Unknown`, decode the APIGroupDiscoveryList, and find it equal to the JSON response.

mod common;

use std::path::Path;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::{pool, registry, without_nulls};
use http_body_util::BodyExt;
use kapi_proto_roundtrip::pb::k8s::io::api::apidiscovery::{v2, v2beta1};
use kapi_proto_roundtrip::pb::k8s::io::apimachinery::pkg::runtime::Unknown;
use kapi_proto_roundtrip::{Hints, to_json};
use kapi_runtime::{Bundle, Handle, read_tree, router};
use prost::Message;
use prost_reflect::DynamicMessage;
use serde_json::Value;
use tower::ServiceExt;

const MAGIC: &[u8] = b"k8s\0";

fn app() -> axum::Router {
    let generated = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../generated");
    let files = read_tree(&generated).expect("generated/ is readable");
    router(Handle::with_bundle(Bundle::from_files(files).expect("the committed bundle loads")))
}

async fn get(app: &axum::Router, path: &str, accept: &str) -> (String, Vec<u8>) {
    let request = Request::get(path).header(header::ACCEPT, accept).body(Body::empty()).expect("request");
    let response = app.clone().oneshot(request).await.expect("response");
    assert_eq!(response.status(), StatusCode::OK, "{path} as {accept}");
    let content_type = response.headers()[header::CONTENT_TYPE].to_str().expect("ascii").to_owned();
    (content_type, response.into_body().collect().await.expect("body").to_bytes().to_vec())
}

/// The envelope, checked, and the bytes of the object inside it.
fn unwrap_envelope(body: &[u8], api_version: &str) -> Vec<u8> {
    let inner = body.strip_prefix(MAGIC).expect("a Kubernetes protobuf body starts with k8s\\0");
    let unknown = Unknown::decode(inner).expect("runtime.Unknown decodes with the prost type");
    let type_meta = unknown.type_meta.expect("typeMeta");
    assert_eq!(type_meta.api_version.as_deref(), Some(api_version));
    assert_eq!(type_meta.kind.as_deref(), Some("APIGroupDiscoveryList"));
    unknown.raw.expect("raw")
}

/// A prost value as the corpus' JSON, through its descriptor.
fn as_json<M: Message>(value: &M, message: &str) -> Value {
    let descriptor = pool().get_message_by_name(message).expect("descriptor");
    let dynamic = DynamicMessage::decode(descriptor, value.encode_to_vec().as_slice()).expect("decodes");
    to_json(&dynamic, &Hints::new(registry())).expect("to JSON")
}

/// What protobuf cannot carry: nulls, empty lists, and the envelope's own apiVersion/kind at the top.
fn comparable(mut json: Value) -> Value {
    if let Value::Object(map) = &mut json {
        map.remove("apiVersion");
        map.remove("kind");
    }
    drop_empty(without_nulls(&json))
}

fn drop_empty(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (k, drop_empty(v)))
                .filter(|(_, v)| !matches!(v, Value::Array(a) if a.is_empty()))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(drop_empty).collect()),
        other => other,
    }
}

#[tokio::test]
async fn aggregated_discovery_protobuf_equals_its_json() {
    let app = app();
    for (version, message) in [
        ("v2", "k8s.io.api.apidiscovery.v2.APIGroupDiscoveryList"),
        ("v2beta1", "k8s.io.api.apidiscovery.v2beta1.APIGroupDiscoveryList"),
    ] {
        let protobuf =
            format!("application/vnd.kubernetes.protobuf;g=apidiscovery.k8s.io;v={version};as=APIGroupDiscoveryList");
        let json = format!("application/json;g=apidiscovery.k8s.io;v={version};as=APIGroupDiscoveryList");
        let (content_type, body) = get(&app, "/apis", &protobuf).await;
        assert_eq!(content_type, protobuf);
        let raw = unwrap_envelope(&body, &format!("apidiscovery.k8s.io/{version}"));
        let decoded = if version == "v2" {
            let list = v2::ApiGroupDiscoveryList::decode(raw.as_slice()).expect("the prost type decodes the list");
            assert!(list.items.len() >= 6, "every served group is listed");
            as_json(&list, message)
        } else {
            as_json(&v2beta1::ApiGroupDiscoveryList::decode(raw.as_slice()).expect("decodes"), message)
        };
        let (_, json_body) = get(&app, "/apis", &json).await;
        let expected: Value = serde_json::from_slice(&json_body).expect("JSON");
        assert_eq!(comparable(decoded), comparable(expected), "{version}: protobuf and JSON disagree");
    }
}
