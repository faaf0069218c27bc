//! The two shapes of discovery, converted both ways: a legacy `APIResourceList` (what an upstream without
//! aggregated discovery serves) into an aggregated `APIVersionDiscovery`, and back (the aggregator's own legacy
//! endpoints for group-versions it learnt in aggregated form).

use serde_json::{Map, Value, json};

/// An `APIResourceList`'s resources as one aggregated version entry (`freshness` Current): each `name/sub` entry
/// becomes a subresource of `name`; a kind from another group-version is kept as the response kind's.
pub(crate) fn version_from_legacy(version: &str, list: &Value) -> Value {
    let entries = list.get("resources").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    let mut resources: Vec<Value> = Vec::new();
    for entry in entries.iter().filter(|entry| !name_of(entry).contains('/')) {
        let mut resource = Map::new();
        resource.insert("resource".into(), json!(name_of(entry)));
        resource.insert("responseKind".into(), response_kind(entry));
        let namespaced = entry.get("namespaced").and_then(Value::as_bool).unwrap_or(false);
        resource.insert("scope".into(), json!(if namespaced { "Namespaced" } else { "Cluster" }));
        copy(entry, "singularName", &mut resource, "singularResource");
        copy(entry, "verbs", &mut resource, "verbs");
        copy(entry, "shortNames", &mut resource, "shortNames");
        copy(entry, "categories", &mut resource, "categories");
        resources.push(Value::Object(resource));
    }
    for entry in entries {
        let Some((parent, sub)) = name_of(entry).split_once('/') else { continue };
        let Some(resource) = resources.iter_mut().find(|r| r["resource"] == parent) else { continue };
        let mut subresource = Map::new();
        subresource.insert("subresource".into(), json!(sub));
        subresource.insert("responseKind".into(), response_kind(entry));
        copy(entry, "verbs", &mut subresource, "verbs");
        if let Some(object) = resource.as_object_mut() {
            let list = object.entry("subresources").or_insert_with(|| json!([]));
            if let Some(list) = list.as_array_mut() {
                list.push(Value::Object(subresource));
            }
        }
    }
    json!({"version": version, "resources": resources, "freshness": "Current"})
}

/// An aggregated version entry of `group_version` as the legacy `APIResourceList` (subresources as `name/sub`).
pub(crate) fn legacy_from_version(group_version: &str, version: &Value) -> Value {
    let mut entries = Vec::new();
    let resources = version.get("resources").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    for resource in resources {
        let name = resource.get("resource").and_then(Value::as_str).unwrap_or_default();
        let namespaced = resource.get("scope").and_then(Value::as_str) == Some("Namespaced");
        let mut entry = kind_fields(resource.get("responseKind"));
        entry.insert("name".into(), json!(name));
        entry.insert("namespaced".into(), json!(namespaced));
        entry.insert("singularName".into(), resource.get("singularResource").cloned().unwrap_or(json!("")));
        entry.insert("verbs".into(), resource.get("verbs").cloned().unwrap_or(json!([])));
        for field in ["shortNames", "categories"] {
            if let Some(value) = resource.get(field).filter(|v| v.as_array().is_some_and(|a| !a.is_empty())) {
                entry.insert(field.into(), value.clone());
            }
        }
        entries.push(Value::Object(entry));
        let subresources = resource.get("subresources").and_then(Value::as_array).map(Vec::as_slice);
        for subresource in subresources.unwrap_or_default() {
            let sub = subresource.get("subresource").and_then(Value::as_str).unwrap_or_default();
            let mut entry = kind_fields(subresource.get("responseKind"));
            entry.insert("name".into(), json!(format!("{name}/{sub}")));
            entry.insert("namespaced".into(), json!(namespaced));
            entry.insert("singularName".into(), json!(""));
            entry.insert("verbs".into(), subresource.get("verbs").cloned().unwrap_or(json!([])));
            entries.push(Value::Object(entry));
        }
    }
    json!({"apiVersion": "v1", "kind": "APIResourceList", "groupVersion": group_version, "resources": entries})
}

/// The legacy `APIGroup` of `group` with `versions` in preference order (the first preferred).
pub(crate) fn legacy_group(group: &str, versions: &[&str]) -> Value {
    let entries: Vec<Value> = versions
        .iter()
        .map(|version| json!({"groupVersion": format!("{group}/{version}"), "version": version}))
        .collect();
    let mut value = json!({"name": group, "versions": entries});
    if let (Some(object), Some(first)) = (value.as_object_mut(), entries.first()) {
        object.insert("preferredVersion".into(), first.clone());
    }
    value
}

fn name_of(entry: &Value) -> &str {
    entry.get("name").and_then(Value::as_str).unwrap_or_default()
}

/// An `APIResource`'s kind as a response kind: group and version empty when they are the list's own.
fn response_kind(entry: &Value) -> Value {
    let text = |field| entry.get(field).and_then(Value::as_str).unwrap_or_default();
    json!({"group": text("group"), "version": text("version"), "kind": text("kind")})
}

/// A response kind as `APIResource` fields: `kind`, and `group`/`version` only when it names another one.
fn kind_fields(response_kind: Option<&Value>) -> Map<String, Value> {
    let mut fields = Map::new();
    let text = |field| response_kind.and_then(|kind| kind.get(field)).and_then(Value::as_str).unwrap_or_default();
    fields.insert("kind".into(), json!(text("kind")));
    for field in ["group", "version"] {
        if !text(field).is_empty() {
            fields.insert(field.into(), json!(text(field)));
        }
    }
    fields
}

fn copy(from: &Value, field: &str, to: &mut Map<String, Value>, as_field: &str) {
    if let Some(value) = from.get(field).filter(|v| !v.is_null()) {
        to.insert(as_field.into(), value.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legacy_list() -> Value {
        json!({"kind": "APIResourceList", "groupVersion": "apps/v1", "resources": [
            {"name": "deployments", "singularName": "deployment", "namespaced": true, "kind": "Deployment",
             "verbs": ["get", "list"], "shortNames": ["deploy"], "categories": ["all"]},
            {"name": "deployments/scale", "singularName": "", "namespaced": true, "group": "autoscaling",
             "version": "v1", "kind": "Scale", "verbs": ["get", "patch"]},
            {"name": "nodes", "singularName": "node", "namespaced": false, "kind": "Node", "verbs": ["get"]}
        ]})
    }

    #[test]
    fn legacy_resources_become_aggregated_with_subresources_nested() {
        let version = version_from_legacy("v1", &legacy_list());
        let resources = version["resources"].as_array().expect("resources");
        assert_eq!(resources.len(), 2, "{version}");
        assert_eq!(resources[0]["scope"], "Namespaced");
        assert_eq!(resources[0]["singularResource"], "deployment");
        assert_eq!(resources[0]["shortNames"], json!(["deploy"]));
        assert_eq!(resources[0]["subresources"][0]["subresource"], "scale");
        assert_eq!(resources[0]["subresources"][0]["responseKind"]["group"], "autoscaling");
        assert_eq!(resources[1]["scope"], "Cluster");
        assert_eq!(version["freshness"], "Current");
    }

    #[test]
    fn the_two_forms_convert_back_and_forth_without_loss() {
        let original = legacy_list();
        let back = legacy_from_version("apps/v1", &version_from_legacy("v1", &original));
        let names = |list: &Value| -> Vec<String> {
            list["resources"].as_array().expect("list").iter().map(|r| name_of(r).to_owned()).collect()
        };
        assert_eq!(names(&back), names(&original));
        assert_eq!(back["resources"][0], original["resources"][0]);
        assert_eq!(back["resources"][1], original["resources"][1]);
        assert_eq!(back["groupVersion"], "apps/v1");
    }

    #[test]
    fn the_first_version_of_a_group_is_preferred() {
        let group = legacy_group("stable.example.com", &["v1", "v1beta1"]);
        assert_eq!(group["preferredVersion"]["groupVersion"], "stable.example.com/v1");
        assert_eq!(group["versions"][1]["version"], "v1beta1");
    }
}
