//! Discovery documents and `model.json` over the fixture: the core group's separate documents, cross-group
//! subresource kinds, scopes, disabled group-versions, and regenerating from the model file.

use crate::common;

use kapi_codegen::discovery::{Aggregated, legacy_path, resource_list_path};
use kapi_codegen::{MODEL_PATH, Options, generate, model_json};
use kapi_model::{GroupVersion, Registry};
use serde_json::{Value, json};

/// The fixture plus `leases` served in the legacy core group too.
fn with_core_group() -> Registry {
    let mut registry = common::registry();
    let mut core = registry.resources().iter().find(|r| r.plural == "leases").cloned().expect("leases");
    core.group_version = GroupVersion::new("", "v1");
    registry.add_resource(core);
    registry
}

fn group_names(list: &Value, key: &str) -> Vec<String> {
    let entries = list[key].as_array().expect("entries");
    entries.iter().map(|e| e["name"].as_str().or(e["metadata"]["name"].as_str()).unwrap_or("").to_owned()).collect()
}

#[test]
fn the_core_group_is_served_apart_under_api() {
    let artifacts = generate(&with_core_group(), &Options::default()).expect("generate");
    let api = common::json_of(&artifacts, "discovery/api.json");
    assert_eq!(api, json!({"kind": "APIVersions", "versions": ["v1"], "serverAddressByClientCIDRs": []}));
    let core = common::json_of(&artifacts, &resource_list_path(&GroupVersion::new("", "v1")));
    assert_eq!((core.get("apiVersion"), &core["groupVersion"]), (None, &json!("v1")), "core lists predate apiVersion");
    assert!(!group_names(&common::json_of(&artifacts, "discovery/apis.json"), "groups").contains(&String::new()));
    let core_aggregated = common::json_of(&artifacts, &Aggregated::ApiV2.path());
    let items = core_aggregated["items"].as_array().expect("items");
    assert_eq!(items.len(), 1);
    assert_eq!(items[0]["metadata"], json!({}), "the core group has no name");
    assert_eq!(items[0]["versions"][0]["version"], "v1");
    let named = common::json_of(&artifacts, &Aggregated::ApisV2.path());
    assert_eq!(group_names(&named, "items"), ["apps", "coordination.k8s.io", "example.com"]);
}

#[test]
fn without_core_resources_api_lists_nothing() {
    let artifacts = generate(&common::registry(), &Options::default()).expect("generate");
    assert_eq!(common::json_of(&artifacts, "discovery/api.json")["versions"], json!([]));
    assert!(!artifacts.contains(&legacy_path("/api/v1")));
    for list in [Aggregated::ApiV2, Aggregated::ApiV2beta1] {
        assert_eq!(common::json_of(&artifacts, &list.path())["items"], json!([]));
    }
}

#[test]
fn subresources_name_their_own_kind_only_across_group_versions() {
    let artifacts = generate(&common::registry(), &Options::default()).expect("generate");
    let apps = common::json_of(&artifacts, "discovery/apis__apps__v1.json");
    let names: Vec<&str> =
        apps["resources"].as_array().expect("resources").iter().filter_map(|r| r["name"].as_str()).collect();
    assert_eq!(names, ["deployments", "deployments/scale", "deployments/status"]);
    assert_eq!(
        (&apps["resources"][1]["group"], &apps["resources"][1]["kind"]),
        (&json!("autoscaling"), &json!("Scale"))
    );
    assert_eq!(apps["resources"][2].get("group"), None);
    assert_eq!(apps["resources"][2]["kind"], "Deployment");
    let aggregated = common::json_of(&artifacts, &Aggregated::ApisV2.path());
    let deployments = &aggregated["items"][0]["versions"][0]["resources"][0];
    assert_eq!(
        deployments["subresources"][0]["responseKind"],
        json!({"group": "autoscaling", "version": "v1", "kind": "Scale"})
    );
    assert_eq!(
        deployments["subresources"][1]["responseKind"],
        json!({"group": "", "version": "", "kind": "Deployment"})
    );
    let widgets = common::json_of(&artifacts, "discovery/apis__example.com__v1alpha1.json");
    assert_eq!(widgets["resources"][0]["namespaced"], false);
    let example = common::json_of(&artifacts, "discovery/apis__example.com.json");
    assert_eq!(example["preferredVersion"], json!({"groupVersion": "example.com/v1alpha1", "version": "v1alpha1"}));
}

#[test]
fn a_disabled_group_version_has_no_discovery_entry() {
    let options = Options { disabled: [GroupVersion::new("apps", "v1")].into(), ..Options::default() };
    let artifacts = generate(&common::registry(), &options).expect("generate");
    assert!(artifacts.paths().all(|path| !path.starts_with("discovery/apis__apps")));
    assert_eq!(
        group_names(&common::json_of(&artifacts, "discovery/apis.json"), "groups"),
        ["coordination.k8s.io", "example.com"]
    );
    let aggregated = common::json_of(&artifacts, &Aggregated::ApisV2beta1.path());
    assert_eq!(group_names(&aggregated, "items"), ["coordination.k8s.io", "example.com"]);
}

#[test]
fn the_model_file_regenerates_the_same_artifacts() {
    let registry = with_core_group();
    let artifacts = generate(&registry, &Options::default()).expect("generate");
    let model = artifacts.get(MODEL_PATH).expect("model.json");
    assert_eq!(model, model_json(&registry, &Options::default()).expect("model").as_slice());
    let reloaded = Registry::from_json(std::str::from_utf8(model).expect("utf-8")).expect("the model reloads");
    assert_eq!(generate(&reloaded, &Options::default()).expect("regenerate"), artifacts);
    // Switching a group-version off afterwards gives what switching it off up front gives.
    let options = Options { disabled: [GroupVersion::new("apps", "v1")].into(), ..Options::default() };
    assert_eq!(generate(&reloaded, &options).expect("later"), generate(&registry, &options).expect("up front"));
}
