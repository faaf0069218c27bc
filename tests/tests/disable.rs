//! `--disable`: a switched-off group-version is no longer served. A group-version the server's scheme does not
//! know (the example groups, like CRD groups) leaves no trace in any artifact, the discovery documents and the
//! model included; one the scheme knows (a Kubernetes group) stays in the shared kinds' group-version-kind lists,
//! as kube-apiserver's scheme keeps the group-versions `--runtime-config` switches off.

use kapi_codegen::{Artifacts, Options};
use kapi_model::GroupVersion;
use kapi_tests::{artifact_json, corpus_artifacts_with};
use serde_json::Value;

fn generate_without(group_version: &GroupVersion) -> Artifacts {
    corpus_artifacts_with(&Options { disabled: [group_version.clone()].into(), ..Options::default() })
}

/// True when `needle` occurs in `text` as a whole token (`stable.example.com/v1` is not in `.../v1beta1`).
fn mentions(text: &str, needle: &str) -> bool {
    text.match_indices(needle).any(|(at, _)| {
        let after = text[at + needle.len()..].chars().next();
        !after.is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

/// Every object of a JSON tree that names `group` and `version` side by side (group-version-kinds, the model's
/// group-versions, response kinds).
fn objects_naming(value: &Value, group_version: &GroupVersion, found: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if map.get("group") == Some(&Value::from(group_version.group.as_str()))
                && map.get("version") == Some(&Value::from(group_version.version.as_str()))
            {
                found.push(Value::Object(map.clone()).to_string());
            }
            map.values().for_each(|v| objects_naming(v, group_version, found));
        }
        Value::Array(items) => items.iter().for_each(|v| objects_naming(v, group_version, found)),
        _ => {}
    }
}

/// Asserts that nothing in `artifacts` refers to `group_version`.
fn assert_no_trace(artifacts: &Artifacts, group_version: &GroupVersion) {
    let url = group_version.url_path();
    let legacy_file = format!("discovery/{}.json", url.replace('/', "__"));
    let api_version = group_version.api_version();
    for (path, bytes) in artifacts {
        assert!(!path.contains(&format!("{url}.json")) && path != legacy_file, "{path} exists");
        let text = String::from_utf8_lossy(bytes);
        assert!(!mentions(&text, &api_version), "{path} mentions {api_version}");
        assert!(!mentions(&text, &url), "{path} mentions {url}");
        if path.ends_with(".json") {
            let mut found = Vec::new();
            objects_naming(&serde_json::from_slice(bytes).expect("json"), group_version, &mut found);
            assert!(found.is_empty(), "{path} names {group_version}: {found:?}");
        }
    }
    // The aggregated lists name versions inside their group's entry.
    let aggregated = artifact_json(artifacts, "discovery/aggregated_v2.json");
    for item in aggregated["items"].as_array().into_iter().flatten() {
        if item["metadata"]["name"] == group_version.group.as_str() {
            let versions = item["versions"].as_array().into_iter().flatten();
            assert!(versions.into_iter().all(|v| v["version"] != group_version.version.as_str()), "{item}");
        }
    }
}

#[test]
fn a_second_version_vanishes_and_the_first_stays_preferred() {
    let beta = GroupVersion::new("stable.example.com", "v1beta1");
    let artifacts = generate_without(&beta);
    assert_no_trace(&artifacts, &beta);
    let group = artifact_json(&artifacts, "discovery/apis__stable.example.com.json");
    assert_eq!(group["versions"].as_array().map(Vec::len), Some(1));
    assert!(artifacts.contains("openapi/v3/apis/stable.example.com/v1.json"));
}

#[test]
fn without_the_preferred_version_the_next_one_is_preferred() {
    let v1 = GroupVersion::new("stable.example.com", "v1");
    let artifacts = generate_without(&v1);
    assert_no_trace(&artifacts, &v1);
    let group = artifact_json(&artifacts, "discovery/apis__stable.example.com.json");
    assert_eq!(group["preferredVersion"]["version"], "v1beta1");
    // The types only v1 used are gone; the shared ones stay.
    assert!(!artifacts.contains("jsonschema/com.example.stable.v1.CronTabSpec.json"));
    assert!(artifacts.contains("jsonschema/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta.json"));
    assert!(artifacts.contains("jsonschema/io.k8s.api.autoscaling.v1.Scale.json"));
}

#[test]
fn a_groups_only_version_takes_the_whole_group_with_it() {
    let batch = GroupVersion::new("batch.example.com", "v1");
    let artifacts = generate_without(&batch);
    assert_no_trace(&artifacts, &batch);
    for (path, bytes) in &artifacts {
        assert!(!path.contains("batch.example.com"), "{path}");
        assert!(!String::from_utf8_lossy(bytes).contains("batch.example.com"), "{path} names the group");
    }
}

/// The group-version-kinds DeleteOptions is published with.
fn delete_option_kinds(artifacts: &Artifacts) -> Value {
    let swagger = artifact_json(artifacts, "openapi/v2/swagger.json");
    swagger["definitions"]["io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions"]["x-kubernetes-group-version-kind"]
        .clone()
}

#[test]
fn a_kubernetes_group_version_is_not_served_but_stays_in_the_scheme() {
    // scheduling.k8s.io serves one version, so switching it off takes the whole group out of discovery.
    let scheduling = GroupVersion::new("scheduling.k8s.io", "v1");
    let artifacts = generate_without(&scheduling);
    let all_served = corpus_artifacts_with(&Options::default());
    assert_eq!(delete_option_kinds(&artifacts), delete_option_kinds(&all_served));
    let model = artifact_json(&artifacts, "model.json");
    let resources = model["resources"].as_array().expect("resources");
    assert!(resources.iter().all(|r| r["groupVersion"]["group"] != "scheduling.k8s.io"));
    for (path, bytes) in &artifacts {
        let served_path = path.starts_with("openapi/v3/") || path.starts_with("discovery/");
        if served_path || path == "openapi/v2/swagger.json" {
            let text = String::from_utf8_lossy(bytes);
            assert!(!mentions(&text, &scheduling.url_path()), "{path} serves {scheduling}");
            assert!(!path.contains("scheduling.k8s.io"), "{path}");
        }
    }
    let aggregated = artifact_json(&artifacts, "discovery/aggregated_v2.json");
    assert!(aggregated["items"].as_array().into_iter().flatten().all(|g| g["metadata"]["name"] != scheduling.group));
    let names = |artifacts: &Artifacts| -> Vec<String> {
        let groups = artifact_json(artifacts, "discovery/apis.json");
        groups["groups"].as_array().into_iter().flatten().filter_map(|g| Some(g["name"].as_str()?.to_owned())).collect()
    };
    let mut expected = names(&all_served);
    assert!(expected.contains(&scheduling.group), "{expected:?}");
    expected.retain(|name| *name != scheduling.group);
    assert_eq!(names(&artifacts), expected, "every other group, in the same order");
}
