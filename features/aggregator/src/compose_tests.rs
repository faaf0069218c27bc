use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::{Value, json};

use super::*;
use crate::client::UpstreamClient;
use crate::fetch_discovery::RootDiscovery;
use crate::fetch_openapi::Swagger;
use crate::spec::UpstreamSpec;
use kapi_serve::Files;

fn local() -> Files {
    let apps = json!({"metadata": {"name": "apps"}, "versions": [{"version": "v1", "freshness": "Current",
        "resources": [{"resource": "deployments", "responseKind": {"group": "", "version": "", "kind": "Deployment"},
                       "scope": "Namespaced", "verbs": ["get"]}]}]});
    let aggregated = json!({"apiVersion": "apidiscovery.k8s.io/v2", "kind": "APIGroupDiscoveryList", "metadata": {},
        "items": [apps]});
    let apis = json!({"kind": "APIGroupList", "apiVersion": "v1", "groups": [{"name": "apps",
        "versions": [{"groupVersion": "apps/v1", "version": "v1"}],
        "preferredVersion": {"groupVersion": "apps/v1", "version": "v1"}}]});
    let index = json!({"paths": {"apis/apps/v1": {"serverRelativeURL": "/openapi/v3/apis/apps/v1?hash=AA"}}});
    [("discovery/aggregated_v2.json", aggregated), ("discovery/apis.json", apis), ("openapi/v3/index.json", index)]
        .into_iter()
        .map(|(path, value)| (path.to_owned(), serde_json::to_vec(&value).expect("json").into()))
        .collect()
}

fn upstream(spec: &str, current: bool, published: Published) -> Snapshot {
    let spec: UpstreamSpec = spec.parse().expect("spec");
    let widgets = json!({"metadata": {"name": "x.example.com"}, "versions": [{"version": "v1", "freshness": "Current",
        "resources": [{"resource": "widgets", "responseKind": {"group": "", "version": "", "kind": "Widget"},
                       "scope": "Cluster", "verbs": ["get", "list"]}]}]});
    Snapshot {
        client: UpstreamClient::new(&spec.url, None, None, Duration::from_secs(1)).expect("client"),
        spec,
        current,
        apis: RootDiscovery { items: vec![widgets], etag: None, source: None },
        api: RootDiscovery::default(),
        published,
        swagger: Swagger::default(),
    }
}

fn json_file(composed: &Composed, path: &str) -> Value {
    serde_json::from_slice(composed.files.get(path).unwrap_or_else(|| panic!("no {path}"))).expect("json")
}

#[test]
fn a_current_upstream_gets_legacy_documents_and_a_proxied_openapi_entry() {
    let hashes = BTreeMap::from([("apis/x.example.com/v1".to_owned(), "BEEF".to_owned())]);
    let up = upstream("a=http://127.0.0.1:1", true, Published::V3 { hashes, etag: None });
    let composed = compose(&local(), &[up]).expect("composes");
    let groups = json_file(&composed, "discovery/apis.json");
    let names: Vec<&str> =
        groups["groups"].as_array().expect("groups").iter().filter_map(|g| g["name"].as_str()).collect();
    assert_eq!(names, ["apps", "x.example.com"]);
    let list = json_file(&composed, "discovery/apis__x.example.com__v1.json");
    assert_eq!(list["resources"][0]["name"], "widgets");
    assert_eq!(list["resources"][0]["namespaced"], false);
    let index = json_file(&composed, "openapi/v3/index.json");
    let url = &index["paths"]["apis/x.example.com/v1"]["serverRelativeURL"];
    assert_eq!(url, "/openapi/v3/apis/x.example.com/v1?hash=BEEF");
    assert!(composed.proxied.contains_key("apis/x.example.com/v1"));
    assert_eq!(index["paths"]["apis/apps/v1"]["serverRelativeURL"], "/openapi/v3/apis/apps/v1?hash=AA");
}

#[test]
fn a_stale_upstream_stays_in_aggregated_discovery_only() {
    let hashes = BTreeMap::from([("apis/x.example.com/v1".to_owned(), "BEEF".to_owned())]);
    let up = upstream("a=http://127.0.0.1:1", false, Published::V3 { hashes, etag: None });
    let composed = compose(&local(), &[up]).expect("composes");
    let aggregated = json_file(&composed, "discovery/aggregated_v2beta1.json");
    assert_eq!(aggregated["apiVersion"], "apidiscovery.k8s.io/v2beta1");
    assert_eq!(aggregated["items"][1]["versions"][0]["freshness"], "Stale");
    assert_eq!(aggregated["items"][1]["versions"][0]["resources"][0]["resource"], "widgets");
    assert!(!composed.files.contains_key("discovery/apis__x.example.com__v1.json"));
    assert!(!composed.files.contains_key("discovery/apis__x.example.com.json"));
    let groups = json_file(&composed, "discovery/apis.json");
    assert_eq!(groups["groups"].as_array().expect("groups").len(), 1);
    assert!(composed.proxied.is_empty());
    assert!(json_file(&composed, "openapi/v3/index.json")["paths"].get("apis/x.example.com/v1").is_none());
}

#[test]
fn a_converted_document_is_served_here_under_its_own_hash() {
    let document = json!({"openapi": "3.0.0", "info": {"title": "x", "version": "v1"}, "paths": {}});
    let documents = BTreeMap::from([("apis/x.example.com/v1".to_owned(), document)]);
    let up = upstream("a=http://127.0.0.1:1", true, Published::V2Converted { documents });
    let composed = compose(&local(), &[up]).expect("composes");
    let bytes = composed.files.get("openapi/v3/apis/x.example.com/v1.json").expect("served here");
    let hash = kapi_meta::content_hash::content_hash(bytes);
    let index = json_file(&composed, "openapi/v3/index.json");
    assert_eq!(
        index["paths"]["apis/x.example.com/v1"]["serverRelativeURL"],
        format!("/openapi/v3/apis/x.example.com/v1?hash={hash}")
    );
    assert!(composed.proxied.is_empty());
}

#[test]
fn an_empty_bundle_serves_the_upstream_swagger_for_what_the_upstream_owns() {
    let swagger = json!({
        "swagger": "2.0",
        "info": {"title": "Kubernetes", "version": "v1.32.2"},
        "securityDefinitions": {"BearerToken": {"type": "apiKey", "name": "authorization", "in": "header"}},
        "paths": {"/apis/x.example.com/v1/widgets": {"get": {"responses": {"200": {"schema": {"$ref": "#/definitions/Widget"}}}}},
                  "/apis/other.example.com/v1/gadgets": {}},
        "definitions": {"Widget": {"type": "object",
            "x-kubernetes-group-version-kind": [{"group": "x.example.com", "version": "v1", "kind": "Widget"}]}},
    });
    let mut up = upstream("a=http://127.0.0.1:1", true, Published::Unknown);
    up.swagger = Swagger { document: Some(Arc::new(swagger.clone())), etag: None };
    let composed = compose(&Files::default(), &[up]).expect("composes");
    let served = json_file(&composed, "openapi/v2/swagger.json");
    assert_eq!((&served["swagger"], &served["info"]), (&swagger["swagger"], &swagger["info"]));
    assert_eq!(served["securityDefinitions"], swagger["securityDefinitions"]);
    let paths: Vec<&String> = served["paths"].as_object().expect("paths").keys().collect();
    assert_eq!(paths, ["/apis/x.example.com/v1/widgets"], "only what the upstream owns");
    assert_eq!(served["definitions"]["Widget"], swagger["definitions"]["Widget"]);

    let nobody = compose(&Files::default(), &[]).expect("composes");
    assert!(!nobody.files.contains_key("openapi/v2/swagger.json"), "no upstream swagger, no document");
}
