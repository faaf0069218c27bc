use std::time::{Duration, SystemTime};

use kapi_meta::discovery::v1alpha1::{GroupStatus, GroupVersion};
use kapi_meta::meta::v1::{APIResource, Time};

use super::*;
use kapi_rest::clock::rfc3339;
use kapi_rest::query::IncludeObject;
use kapi_rest::table::TableRequest;

fn resource(name: &str) -> APIResource {
    APIResource { name: name.to_owned(), ..APIResource::default() }
}

fn apps(created: SystemTime) -> GroupObject {
    let v1 = GroupVersion {
        name: "v1".into(),
        resources: vec![resource("deployments"), resource("deployments/scale"), resource("replicasets")],
        freshness: Some("Current".into()),
    };
    let v1beta1 = GroupVersion { name: "v1beta1".into(), resources: Vec::new(), freshness: Some("Stale".into()) };
    GroupObject(Group {
        metadata: ObjectMeta {
            name: Some("apps".into()),
            resource_version: Some("17".into()),
            creation_timestamp: Some(Time(rfc3339(created))),
            ..ObjectMeta::default()
        },
        status: GroupStatus { versions: vec![v1, v1beta1], server_address_by_client_cidrs: Vec::new() },
        ..Group::default()
    })
}

fn request(include: IncludeObject) -> TableRequest {
    TableRequest { api_version: "meta.k8s.io/v1", include }
}

#[test]
fn one_row_per_group_with_versions_age_and_resource_count() {
    let apps = apps(SystemTime::now() - Duration::from_secs(330));
    let table = request(IncludeObject::Metadata).table(&[&apps], Some("17".into()), true);
    assert_eq!((table["kind"].as_str(), table["apiVersion"].as_str()), (Some("Table"), Some("meta.k8s.io/v1")));
    assert_eq!(table["metadata"]["resourceVersion"], "17");
    let names: Vec<&str> =
        table["columnDefinitions"].as_array().expect("columns").iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(names, ["Name", "Versions", "Age", "Resources"]);
    assert_eq!(table["columnDefinitions"][3]["priority"], 1, "the count shows with -o wide only");
    let cells = &table["rows"][0]["cells"];
    assert_eq!(cells[0], "apps");
    assert_eq!(cells[1], "v1,v1beta1(stale)");
    let age = cells[2].as_str().expect("age");
    assert!(age == "5m30s" || age == "5m31s", "{age}");
    assert_eq!(cells[3], 2, "subresources are not counted");
    let object = &table["rows"][0]["object"];
    assert_eq!(object["kind"], "PartialObjectMetadata");
    assert_eq!(object["metadata"]["name"], "apps");
    assert!(object.get("spec").is_none(), "metadata only");
}

#[test]
fn include_object_decides_what_a_row_carries_and_columns_can_be_left_out() {
    let apps = apps(SystemTime::now());
    let whole = request(IncludeObject::Object).table(&[&apps], None, false);
    assert_eq!(whole["rows"][0]["object"]["spec"]["versions"][0]["name"], "v1");
    assert_eq!(whole["columnDefinitions"], serde_json::json!([]));
    assert!(whole["metadata"].get("resourceVersion").is_none());
    let bare = request(IncludeObject::None).table(&[&apps], None, true);
    assert!(bare["rows"][0].get("object").is_none());
    let empty = request(IncludeObject::Metadata).table::<GroupObject>(&[], Some("3".into()), true);
    assert_eq!(empty["rows"], serde_json::json!([]));
}

#[test]
fn an_object_without_a_creation_time_has_an_unknown_age() {
    let mut apps = apps(SystemTime::now());
    apps.0.metadata.creation_timestamp = None;
    let table = request(IncludeObject::None).table(&[&apps], None, true);
    assert_eq!(table["rows"][0]["cells"][2], "<unknown>");
}
