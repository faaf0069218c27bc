//! Fixture bundles built in memory, and a one-request helper over `tower::ServiceExt::oneshot`.

#![allow(dead_code)]

pub mod leases;

use std::collections::BTreeMap;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Request, StatusCode};
use http_body_util::BodyExt;
use kapi_meta::content_hash::content_hash;
use kapi_runtime::{Bundle, Handle, LoadOptions, router};
use serde_json::{Value, json};
use tower::ServiceExt;

pub const AGG_V2: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
pub const AGG_V2BETA1: &str = "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList";
pub const V3_PB_AT: &str = "application/com.github.proto-openapi.spec.v3@v1.0+protobuf";
pub const V3_PB_DOT: &str = "application/com.github.proto-openapi.spec.v3.v1.0+protobuf";
pub const V2_PB_AT: &str = "application/com.github.proto-openapi.spec.v2@v1.0+protobuf";

/// Pretty JSON with a trailing newline, as the generator writes it.
pub fn pretty(value: &Value) -> Vec<u8> {
    let mut bytes = serde_json::to_vec_pretty(value).expect("json");
    bytes.push(b'\n');
    bytes
}

/// An OpenAPI v3 document for `group/version`; `generation` changes its bytes (and so its hash).
fn v3_document(group: &str, version: &str, kind: &str, generation: u32) -> Value {
    // Enough properties that the document is worth gzipping.
    let properties: serde_json::Map<String, Value> = (0..40)
        .map(|i| (format!("field{i}"), json!({"type": "string", "description": format!("Field {i} of {kind}.")})))
        .collect();
    json!({
        "openapi": "3.0.0",
        "info": {"title": "Kubernetes", "version": format!("generation-{generation}")},
        "paths": {},
        "components": {"schemas": {format!("com.example.{kind}"): {
            "type": "object", "description": format!("A {kind}, generation {generation}."),
            "properties": properties,
            "x-kubernetes-group-version-kind": [{"group": group, "version": version, "kind": kind}],
        }}},
    })
}

fn aggregated(api_version: &str, items: Value) -> Value {
    json!({"kind": "APIGroupDiscoveryList", "apiVersion": format!("apidiscovery.k8s.io/{api_version}"),
           "metadata": {}, "items": items})
}

fn resource(plural: &str, kind: &str) -> Value {
    json!({"resource": plural, "singularResource": plural.trim_end_matches('s'), "scope": "Namespaced",
           "verbs": ["get", "list"], "responseKind": {"group": "", "version": "", "kind": kind}})
}

/// A complete bundle: core `v1` (ConfigMap) and `example.com/v1` (Widget), every discovery and OpenAPI file.
pub fn files(generation: u32) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let core = v3_document("", "v1", "ConfigMap", generation);
    let example = v3_document("example.com", "v1", "Widget", generation);
    let mut paths = serde_json::Map::new();
    for (key, document) in [("api/v1", &core), ("apis/example.com/v1", &example)] {
        let bytes = pretty(document);
        let url = format!("/openapi/v3/{key}?hash={}", content_hash(&bytes));
        paths.insert(key.to_owned(), json!({"serverRelativeURL": url}));
        files.insert(format!("openapi/v3/{key}.json"), bytes);
    }
    files.insert("openapi/v3/index.json".into(), pretty(&json!({"paths": paths})));
    let swagger = json!({"swagger": "2.0", "info": {"title": "Kubernetes", "version": format!("g{generation}")},
                         "paths": {}, "definitions": example["components"]["schemas"]});
    files.insert("openapi/v2/swagger.json".into(), pretty(&swagger));
    add_discovery(&mut files, generation);
    files
}

fn add_discovery(files: &mut BTreeMap<String, Vec<u8>>, generation: u32) {
    let widgets = resource(&format!("widgets{generation}"), "Widget");
    let core_group = json!([{"metadata": {}, "versions": [{"version": "v1", "freshness": "Current",
                              "resources": [resource("configmaps", "ConfigMap")]}]}]);
    let groups = json!([{"metadata": {"name": "example.com"},
                         "versions": [{"version": "v1", "freshness": "Current", "resources": [widgets]}]}]);
    for version in ["v2", "v2beta1"] {
        files.insert(format!("discovery/aggregated_{version}.json"), pretty(&aggregated(version, groups.clone())));
        files.insert(
            format!("discovery/aggregated_api_{version}.json"),
            pretty(&aggregated(version, core_group.clone())),
        );
    }
    files.insert(
        "discovery/api.json".into(),
        pretty(&json!({"kind": "APIVersions", "versions": ["v1"], "serverAddressByClientCIDRs": []})),
    );
    let legacy_resource = json!({"name": format!("widgets{generation}"), "singularName": "widget", "namespaced": true,
                                 "kind": "Widget", "verbs": ["get", "list"]});
    files.insert(
        "discovery/api__v1.json".into(),
        pretty(&json!({"kind": "APIResourceList", "groupVersion": "v1",
        "resources": [{"name": "configmaps", "singularName": "configmap", "namespaced": true, "kind": "ConfigMap",
                       "verbs": ["get", "list"]}]})),
    );
    let gv = json!({"groupVersion": "example.com/v1", "version": "v1"});
    let group = json!({"kind": "APIGroup", "apiVersion": "v1", "name": "example.com", "versions": [gv],
                       "preferredVersion": gv});
    files.insert(
        "discovery/apis.json".into(),
        pretty(&json!({"kind": "APIGroupList", "apiVersion": "v1", "groups": [group.clone()]})),
    );
    files.insert("discovery/apis__example.com.json".into(), pretty(&group));
    files.insert(
        "discovery/apis__example.com__v1.json".into(),
        pretty(&json!({"kind": "APIResourceList",
        "apiVersion": "v1", "groupVersion": "example.com/v1", "resources": [legacy_resource]})),
    );
}

/// A stand-in protobuf encoder, so protobuf variants are tested whatever state the gnostic encoder is in.
pub fn fake_protobuf(value: &Value) -> Result<Vec<u8>, String> {
    let mut out = b"PB".to_vec();
    out.extend(value.to_string().into_bytes());
    Ok(out)
}

/// Load options with the stand-in encoders.
pub fn options() -> LoadOptions {
    LoadOptions {
        server_address: Some("127.0.0.1:6443".into()),
        openapi_v2_protobuf: Some(fake_protobuf),
        openapi_v3_protobuf: Some(fake_protobuf),
    }
}

/// The fixture bundle of `generation`.
pub fn bundle(generation: u32) -> Bundle {
    Bundle::from_files_with(files(generation), &options()).expect("fixture bundle loads")
}

/// A router serving the generation-0 fixture, and its handle.
pub fn app() -> (Router, Handle) {
    let handle = Handle::with_bundle(bundle(0));
    (router(handle.clone()), handle)
}

/// One response, read whole.
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Reply {
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).map(|v| v.to_str().expect("ascii header")).unwrap_or("")
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("JSON body")
    }

    /// The ETag must be the quoted uppercase SHA-512 of the (decoded) body.
    pub fn assert_etag_matches_body(&self) {
        let decoded = if self.header("content-encoding") == "gzip" { gunzip(&self.body) } else { self.body.to_vec() };
        assert_eq!(self.header("etag"), format!("\"{}\"", content_hash(&decoded)));
    }
}

pub fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(bytes), &mut out).expect("gzip body");
    out
}

/// Sends one request through `app` in-process.
pub async fn send(app: &Router, method: &str, uri: &str, headers: &[(&str, &str)]) -> Reply {
    let mut request = Request::builder().method(method).uri(uri);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = app.clone().oneshot(request.body(Body::empty()).expect("request")).await.expect("infallible");
    let (parts, body) = response.into_parts();
    let body = body.collect().await.expect("body").to_bytes();
    Reply { status: parts.status, headers: parts.headers, body }
}

/// `GET uri` with `headers`.
pub async fn get(app: &Router, uri: &str, headers: &[(&str, &str)]) -> Reply {
    send(app, "GET", uri, headers).await
}

/// The fixture bundle of `generation` whose aggregated discovery also lists watchable discovery's `groups` in
/// `<group>/v1alpha1`.
pub fn files_serving_groups(generation: u32, group: &str) -> BTreeMap<String, Vec<u8>> {
    let mut files = files(generation);
    let entry = json!({"metadata": {"name": group}, "versions": [{"version": "v1alpha1",
        "resources": [{"resource": "groups", "singularResource": "group", "scope": "Cluster",
                       "verbs": ["get", "list", "watch"], "responseKind": {"group": "", "version": "", "kind": "Group"}}]}]});
    for version in ["v2", "v2beta1"] {
        let path = format!("discovery/aggregated_{version}.json");
        let mut document: Value = serde_json::from_slice(&files[&path]).expect("fixture json");
        document["items"].as_array_mut().expect("items").push(entry.clone());
        files.insert(path, pretty(&document));
    }
    files
}

/// Reads the next watch event from a streaming body, waiting at most a second; `None` when the stream ended.
pub async fn next_event(body: &mut Body) -> Option<Value> {
    let frame =
        tokio::time::timeout(std::time::Duration::from_secs(1), body.frame()).await.expect("an event in time")?;
    let data = frame.expect("body frame").into_data().expect("data frame");
    Some(serde_json::from_slice(&data).expect("one JSON event per chunk"))
}
