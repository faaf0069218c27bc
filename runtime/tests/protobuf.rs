//! Discovery as Kubernetes protobuf: the bundle's `proto/` definitions (here, copies of the upstream reference
//! protos made at test time) give `application/vnd.kubernetes.protobuf` variants, decoded here independently with
//! prost-reflect against the upstream descriptors (compiled separately by protox from ../shared/upstream/proto).

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::http::StatusCode;
use common::{AGG_V2, AGG_V2BETA1, Reply, get};
use kapi_meta::content_hash::content_hash;
use kapi_runtime::{Bundle, Handle, read_tree, router};
use prost_reflect::{DescriptorPool, DynamicMessage, Kind, MapKey, MessageDescriptor, ReflectMessage, Value as Field};
use serde_json::{Map, Value, json};

const PB: &str = "application/vnd.kubernetes.protobuf";
const PB_V2: &str = "application/vnd.kubernetes.protobuf;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
const PB_V2BETA1: &str = "application/vnd.kubernetes.protobuf;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList";
const MAGIC: &[u8] = b"k8s\0";
const META: &str = "k8s.io.apimachinery.pkg.apis.meta.v1";

fn upstream_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/upstream/proto")
}

/// The upstream reference protos as bundle files (`proto/k8s.io/...`): copies made now, never committed.
fn upstream_protos() -> BTreeMap<String, Vec<u8>> {
    let tree = read_tree(&upstream_dir().join("k8s.io")).expect("../shared/upstream/proto/k8s.io");
    tree.into_iter().map(|(path, bytes)| (format!("proto/k8s.io/{path}"), bytes)).collect()
}

/// The independent decoder's descriptors: the reference files compiled straight from disk.
fn reference_pool() -> DescriptorPool {
    let mut compiler = protox::Compiler::new([upstream_dir()]).expect("include path");
    let files = ["apidiscovery/v2", "apidiscovery/v2beta1"].map(|p| format!("k8s.io/api/{p}/generated.proto"));
    compiler.open_files(files).expect("the references compile");
    compiler.descriptor_pool()
}

/// A router serving `files`, and the bundle it serves (for its warnings).
fn app_with(files: BTreeMap<String, Vec<u8>>) -> (axum::Router, Arc<Bundle>) {
    let handle = Handle::with_bundle(Bundle::from_files_with(files, &common::options()).expect("bundle loads"));
    let bundle = handle.current().expect("loaded");
    (router(handle), bundle)
}

/// The common fixture plus the reference protos.
fn protobuf_app() -> axum::Router {
    let mut files = common::files(0);
    files.extend(upstream_protos());
    let (app, bundle) = app_with(files);
    assert_eq!(bundle.warnings(), &[] as &[String], "every discovery document fits its message");
    app
}

/// Strips the magic, decodes the `runtime.Unknown` and then its `raw` as `message`; returns the type meta too.
fn decode(body: &[u8], message: &str) -> (String, String, DynamicMessage) {
    let pool = reference_pool();
    let envelope = body.strip_prefix(MAGIC).expect("the k8s\\0 magic");
    let unknown_desc = pool.get_message_by_name("k8s.io.apimachinery.pkg.runtime.Unknown").expect("Unknown");
    let unknown = DynamicMessage::decode(unknown_desc, envelope).expect("a runtime.Unknown");
    let text = |m: &DynamicMessage, name: &str| m.get_field_by_name(name).and_then(|v| v.as_str().map(str::to_owned));
    assert_eq!(text(&unknown, "contentEncoding").as_deref(), Some(""));
    assert_eq!(text(&unknown, "contentType").as_deref(), Some(""), "empty: the raw bytes are protobuf");
    assert!(unknown.has_field_by_name("contentType"), "written even when empty, as Go does");
    let type_meta = unknown.get_field_by_name("typeMeta").expect("typeMeta");
    let type_meta = type_meta.as_message().expect("a message");
    let (api_version, kind) =
        (text(type_meta, "apiVersion").unwrap_or_default(), text(type_meta, "kind").unwrap_or_default());
    let raw = unknown.get_field_by_name("raw").expect("raw");
    let desc = pool.get_message_by_name(message).expect("the reference message");
    let object = DynamicMessage::decode(desc, raw.as_bytes().expect("bytes").clone()).expect("the object decodes");
    (api_version, kind, object)
}

/// A decoded message as Kubernetes JSON: field names are JSON names; `meta/v1.Verbs` is its list of items.
fn to_json(message: &DynamicMessage) -> Value {
    if message.descriptor().full_name() == format!("{META}.Verbs") {
        return message.get_field_by_name("items").map_or(json!([]), |items| field_json(&items));
    }
    let object: Map<String, Value> =
        message.fields().map(|(field, value)| (field.name().to_owned(), field_json(value))).collect();
    Value::Object(object)
}

fn field_json(value: &Field) -> Value {
    match value {
        Field::Bool(b) => json!(b),
        Field::I32(n) => json!(n),
        Field::I64(n) => json!(n),
        Field::U32(n) => json!(n),
        Field::U64(n) => json!(n),
        Field::F32(n) => json!(n),
        Field::F64(n) => json!(n),
        Field::String(s) => json!(s),
        Field::Bytes(b) => json!(b.to_vec()),
        Field::EnumNumber(n) => json!(n),
        Field::Message(m) => to_json(m),
        Field::List(items) => Value::Array(items.iter().map(field_json).collect()),
        Field::Map(entries) => {
            let key = |k: &MapKey| match k {
                MapKey::String(s) => s.clone(),
                other => format!("{other:?}"),
            };
            let entries = entries.iter().map(|(k, v)| (key(k), field_json(v)));
            Value::Object(entries.collect())
        }
    }
}

/// What protobuf can express: no nulls, and an empty list is the same as none.
fn normalized(value: &Value) -> Value {
    match value {
        Value::Object(object) => Value::Object(
            object
                .iter()
                .filter(|(_, v)| !v.is_null() && v.as_array().is_none_or(|a| !a.is_empty()))
                .map(|(k, v)| (k.clone(), normalized(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(normalized).collect()),
        other => other.clone(),
    }
}

/// Nested objects' inline `TypeMeta` (`kind`, `apiVersion` where the message has no such field) is not part of
/// the protobuf form: only the envelope carries a type, the outermost one.
fn without_nested_type_meta(json: &Value, desc: &MessageDescriptor, nested: bool) -> Value {
    let Value::Object(object) = json else { return json.clone() };
    let mut out = Map::new();
    for (key, value) in object {
        let Some(field) = desc.get_field_by_name(key) else {
            if !(nested && ["kind", "apiVersion"].contains(&key.as_str())) {
                out.insert(key.clone(), value.clone());
            }
            continue;
        };
        let value = match (field.kind(), value) {
            (Kind::Message(inner), Value::Array(items)) if field.is_list() => {
                Value::Array(items.iter().map(|item| without_nested_type_meta(item, &inner, true)).collect())
            }
            (Kind::Message(inner), _) if !field.is_map() => without_nested_type_meta(value, &inner, true),
            _ => value.clone(),
        };
        out.insert(key.clone(), value);
    }
    Value::Object(out)
}

/// The decoded object with its type meta put back where JSON has it, compared with the JSON document.
fn assert_same_document(protobuf: &Reply, message: &str, json: &Reply) {
    let (api_version, kind, object) = decode(&protobuf.body, message);
    let mut decoded = to_json(&object);
    let expected = without_nested_type_meta(&normalized(&json.json()), &object.descriptor(), false);
    for (key, value) in [("apiVersion", api_version), ("kind", kind)] {
        assert_eq!(expected.get(key).and_then(Value::as_str).unwrap_or_default(), value, "typeMeta.{key}");
        if !value.is_empty() {
            decoded[key] = json!(value);
        }
    }
    assert_eq!(decoded, expected);
}

#[tokio::test]
async fn aggregated_protobuf_decodes_to_the_json_response() {
    let app = protobuf_app();
    for path in ["/apis", "/api"] {
        for (pb, json_type, version) in [(PB_V2, AGG_V2, "v2"), (PB_V2BETA1, AGG_V2BETA1, "v2beta1")] {
            let reply = get(&app, path, &[("accept", pb)]).await;
            assert_eq!(reply.status, StatusCode::OK, "{path} {version}");
            assert_eq!(reply.header("content-type"), pb);
            assert_eq!(reply.header("cache-control"), "public");
            assert!(reply.header("vary").starts_with("Accept"));
            assert!(reply.body.starts_with(MAGIC) && reply.body.ends_with(b"\x1a\x00\x22\x00"));
            let json = get(&app, path, &[("accept", json_type)]).await;
            let message = format!("k8s.io.api.apidiscovery.{version}.APIGroupDiscoveryList");
            assert_same_document(&reply, &message, &json);
        }
    }
}

#[tokio::test]
async fn legacy_discovery_is_served_as_protobuf() {
    let app = protobuf_app();
    let documents = [
        ("/api", "APIVersions"),
        ("/apis", "APIGroupList"),
        ("/api/v1", "APIResourceList"),
        ("/apis/example.com", "APIGroup"),
        ("/apis/example.com/v1?timeout=32s", "APIResourceList"),
    ];
    for (path, kind) in documents {
        let reply = get(&app, path, &[("accept", PB)]).await;
        assert_eq!((reply.status, reply.header("content-type")), (StatusCode::OK, PB), "{path}");
        let json = get(&app, path, &[("accept", "application/json")]).await;
        assert_same_document(&reply, &format!("{META}.{kind}"), &json);
    }
}

#[tokio::test]
async fn each_variant_has_its_own_etag_and_revalidates() {
    let app = protobuf_app();
    for (path, pb, json_type) in [("/apis", PB_V2, AGG_V2), ("/apis", PB, "application/json"), ("/api/v1", PB, "*/*")] {
        let protobuf = get(&app, path, &[("accept", pb)]).await;
        let json = get(&app, path, &[("accept", json_type)]).await;
        assert_eq!(protobuf.header("etag"), format!("\"{}\"", content_hash(&protobuf.body)), "{path} {pb}");
        assert_ne!(protobuf.header("etag"), json.header("etag"), "{path} {pb}");
        let again = get(&app, path, &[("accept", pb), ("if-none-match", protobuf.header("etag"))]).await;
        assert_eq!(again.status, StatusCode::NOT_MODIFIED, "{path} {pb}");
        assert!(again.body.is_empty());
        assert_eq!(again.header("etag"), protobuf.header("etag"));
        let json_tag = get(&app, path, &[("accept", pb), ("if-none-match", json.header("etag"))]).await;
        assert_eq!(json_tag.status, StatusCode::OK, "the JSON ETag does not name the protobuf bytes");
        let pb_tag = get(&app, path, &[("accept", json_type), ("if-none-match", protobuf.header("etag"))]).await;
        assert_eq!(pb_tag.status, StatusCode::OK, "nor the other way round");
    }
}

#[tokio::test]
async fn q_values_choose_between_json_and_protobuf() {
    let app = protobuf_app();
    let cases = [
        (format!("{AGG_V2};q=0.5,{PB_V2}"), PB_V2),
        (format!("{PB_V2};q=0.5,{AGG_V2}"), AGG_V2),
        (format!("{PB_V2},{AGG_V2}"), PB_V2),
        (format!("{PB_V2BETA1};q=0.9,{AGG_V2};q=0.8,{PB_V2};q=0.7"), PB_V2BETA1),
        (format!("{AGG_V2},{AGG_V2BETA1},application/json"), AGG_V2),
        (format!("{PB},application/json"), PB),
        (format!("{PB};q=0.1,application/json"), "application/json"),
        (format!("*/*,{PB}"), PB),
        ("*/*".to_owned(), "application/json"),
    ];
    for (accept, content_type) in cases {
        let reply = get(&app, "/apis", &[("accept", &accept)]).await;
        assert_eq!((reply.status, reply.header("content-type")), (StatusCode::OK, content_type), "{accept}");
    }
}

#[tokio::test]
async fn without_proto_files_protobuf_is_not_offered() {
    let (app, bundle) = app_with(common::files(0));
    assert!(bundle.warnings().is_empty(), "no definitions is not a problem");
    for (path, accept) in [("/apis", PB_V2), ("/api", PB_V2BETA1), ("/api/v1", PB), ("/apis", PB)] {
        let reply = get(&app, path, &[("accept", accept)]).await;
        assert_eq!(reply.status, StatusCode::NOT_ACCEPTABLE, "{path} {accept}");
        assert_eq!(reply.json()["reason"], "NotAcceptable");
    }
    let reply = get(&app, "/apis", &[("accept", &format!("{PB_V2},{AGG_V2}"))]).await;
    assert_eq!(reply.header("content-type"), AGG_V2, "falls through to JSON");
    let reply = get(&app, "/apis/example.com", &[("accept", &format!("{PB},application/json"))]).await;
    assert_eq!(reply.header("content-type"), "application/json");
}

#[tokio::test]
async fn unusable_definitions_are_warnings_and_json_still_serves() {
    let mut broken = common::files(0);
    broken.insert("proto/k8s.io/broken/generated.proto".into(), b"message {".to_vec());
    let (app, bundle) = app_with(broken);
    assert!(bundle.warnings().iter().any(|w| w.starts_with("protobuf variants not offered: proto/")));
    assert_eq!(get(&app, "/apis", &[("accept", PB_V2)]).await.status, StatusCode::NOT_ACCEPTABLE);
    assert_eq!(get(&app, "/apis", &[("accept", AGG_V2)]).await.status, StatusCode::OK);
    // Definitions without the v2beta1 package: that variant alone is missing, and the warning names its file.
    let mut partial = common::files(0);
    partial.extend(upstream_protos());
    partial.retain(|path, _| !path.contains("apidiscovery/v2beta1"));
    let (app, bundle) = app_with(partial);
    let warned: Vec<&String> = bundle.warnings().iter().filter(|w| w.contains("v2beta1")).collect();
    assert_eq!(warned.len(), 2, "{:?}", bundle.warnings());
    assert!(warned.iter().all(|w| w.starts_with("discovery/aggregated")), "{warned:?}");
    assert_eq!(get(&app, "/apis", &[("accept", PB_V2BETA1)]).await.status, StatusCode::NOT_ACCEPTABLE);
    assert_eq!(get(&app, "/apis", &[("accept", PB_V2)]).await.status, StatusCode::OK);
}

/// The committed corpus (`generated/`) served with the definitions given, checked document by document.
async fn assert_corpus_encodes(protos: BTreeMap<String, Vec<u8>>) {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated");
    let mut files = read_tree(&corpus).expect("the generated corpus");
    files.retain(|path, _| !path.starts_with("proto/"));
    files.extend(protos);
    let (app, bundle) = app_with(files);
    assert_eq!(bundle.warnings(), &[] as &[String]);
    for (pb, json_type, version) in [(PB_V2, AGG_V2, "v2"), (PB_V2BETA1, AGG_V2BETA1, "v2beta1")] {
        let reply = get(&app, "/apis", &[("accept", pb)]).await;
        let json = get(&app, "/apis", &[("accept", json_type)]).await;
        assert_same_document(&reply, &format!("k8s.io.api.apidiscovery.{version}.APIGroupDiscoveryList"), &json);
    }
    let reply = get(&app, "/apis/coordination.k8s.io/v1", &[("accept", PB)]).await;
    let json = get(&app, "/apis/coordination.k8s.io/v1", &[("accept", "application/json")]).await;
    assert_same_document(&reply, &format!("{META}.APIResourceList"), &json);
}

#[tokio::test]
async fn the_corpus_fits_the_reference_definitions() {
    assert_corpus_encodes(upstream_protos()).await;
}

/// Dogfooding: the corpus is served through its own generated definitions (`generated/proto/`).
#[tokio::test]
async fn the_corpus_fits_its_own_generated_definitions() {
    let own = Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated/proto");
    let tree = read_tree(&own).expect("generated/proto");
    assert_corpus_encodes(tree.into_iter().map(|(path, bytes)| (format!("proto/{path}"), bytes)).collect()).await;
}
