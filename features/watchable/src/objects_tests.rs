use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::GroupContents;

fn aggregated(items: Value) -> Vec<u8> {
    let list = json!({"apiVersion": "apidiscovery.k8s.io/v2", "kind": "APIGroupDiscoveryList", "metadata": {},
                      "items": items});
    serde_json::to_vec(&list).expect("json")
}

fn deployments() -> Value {
    json!({"resource": "deployments", "singularResource": "deployment", "scope": "Namespaced",
           "verbs": ["get", "list", "watch"], "shortNames": ["deploy"], "categories": ["all"],
           "responseKind": {"group": "", "version": "", "kind": "Deployment"},
           "subresources": [
               {"subresource": "scale", "verbs": ["get", "update"],
                "responseKind": {"group": "autoscaling", "version": "v1", "kind": "Scale"}},
               {"subresource": "status", "verbs": ["get"],
                "responseKind": {"group": "", "version": "", "kind": "Deployment"}}]})
}

fn files(apis: Value, api: Value) -> BTreeMap<String, Vec<u8>> {
    BTreeMap::from([
        ("discovery/aggregated_v2.json".to_owned(), aggregated(apis)),
        ("discovery/aggregated_api_v2.json".to_owned(), aggregated(api)),
    ])
}

#[test]
fn one_object_per_group_with_legacy_style_resources() {
    let apis = json!([{"metadata": {"name": "apps"},
                       "versions": [{"version": "v1", "freshness": "Current", "resources": [deployments()]}]}]);
    let api = json!([{"metadata": {}, "versions": [{"version": "v1", "resources": []}]}]);
    let mut warnings = Vec::new();
    let contents = GroupContents::from_files(&files(apis, api), Some("10.0.0.1:6443"), &mut warnings)
        .expect("aggregated documents read");
    assert!(warnings.is_empty(), "{warnings:?}");
    let names: Vec<&String> = contents.iter().map(|(name, _)| name).collect();
    assert_eq!(names, ["apps", "core"], "the legacy group's object is called core");
    let apps = contents.get("apps").expect("apps");
    assert_eq!(apps.server_address_by_client_cidrs[0].server_address, "10.0.0.1:6443");
    let v1 = &apps.versions[0];
    assert_eq!((v1.name.as_str(), v1.freshness.as_deref()), ("v1", Some("Current")));
    let entries: Vec<&str> = v1.resources.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(entries, ["deployments", "deployments/scale", "deployments/status"]);
    let deployments = &v1.resources[0];
    assert!(deployments.namespaced && deployments.group.is_none());
    assert_eq!((deployments.kind.as_str(), deployments.short_names.as_slice()), ("Deployment", &["deploy".into()][..]));
    let scale = &v1.resources[1];
    assert_eq!((scale.group.as_deref(), scale.version.as_deref()), (Some("autoscaling"), Some("v1")));
    assert_eq!((scale.kind.as_str(), scale.singular_name.as_str()), ("Scale", ""));
    assert_eq!(contents.get("core").map(|core| core.versions[0].freshness.clone()), Some(None));
}

#[test]
fn stale_versions_stay_stale_and_v2beta1_is_read_when_v2_is_missing() {
    let items = json!([{"metadata": {"name": "example.com"},
                        "versions": [{"version": "v1", "freshness": "Stale", "resources": []}]}]);
    let files = BTreeMap::from([("discovery/aggregated_v2beta1.json".to_owned(), aggregated(items))]);
    let contents = GroupContents::from_files(&files, None, &mut Vec::new()).expect("read");
    let example = contents.get("example.com").expect("example.com");
    assert_eq!(example.versions[0].freshness.as_deref(), Some("Stale"));
    assert!(example.server_address_by_client_cidrs.is_empty(), "no address known");
}

#[test]
fn the_groups_resource_is_served_only_where_discovery_lists_it() {
    let groups = json!({"resource": "groups", "singularResource": "group", "scope": "Cluster",
                        "verbs": ["get", "list", "watch"], "responseKind": {"group": "", "version": "", "kind": "Group"}});
    let apis = json!([{"metadata": {"name": "discovery.k8s.io"},
                       "versions": [{"version": "v1alpha1", "resources": [groups]}]}]);
    let contents = GroupContents::from_files(&files(apis, json!([])), None, &mut Vec::new()).expect("read");
    assert!(contents.lists_groups_resource("discovery.k8s.io"));
    assert!(!contents.lists_groups_resource("discovery.example.com"));
    assert!(!GroupContents::default().lists_groups_resource("discovery.k8s.io"));
}

#[test]
fn a_document_of_the_wrong_shape_is_refused() {
    let broken = json!([{"metadata": {"name": "apps"}, "versions": [{"version": 1}]}]);
    let error = GroupContents::from_files(&files(broken, json!([])), None, &mut Vec::new()).expect_err("refused");
    assert!(error.starts_with("discovery/aggregated_v2.json: "), "{error}");
    assert!(error.contains("not an aggregated discovery document"), "{error}");
}
