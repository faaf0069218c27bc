use kapi::Registry;
use kapi::model::{DefName, GroupVersion as ApiGroupVersion, Scope};
use serde_json::json;

use super::*;
use crate::meta::v1::APIResource;

fn apps() -> Group {
    let deployments = APIResource {
        name: "deployments".to_owned(),
        singular_name: "deployment".to_owned(),
        namespaced: true,
        kind: "Deployment".to_owned(),
        verbs: vec!["get".to_owned(), "list".to_owned()],
        ..APIResource::default()
    };
    Group {
        type_meta: TypeMeta { api_version: Some(Group::api_version(DEFAULT_GROUP)), kind: Some("Group".to_owned()) },
        metadata: ObjectMeta { name: Some("apps".to_owned()), ..ObjectMeta::default() },
        status: GroupStatus {
            versions: vec![GroupVersion { name: "v1".to_owned(), resources: vec![deployments], freshness: None }],
            server_address_by_client_cidrs: Vec::new(),
        },
    }
}

#[test]
fn the_status_is_written_under_the_designs_spec_key() -> serde_json::Result<()> {
    let value = serde_json::to_value(apps())?;
    assert_eq!(value["apiVersion"], "discovery.k8s.io/v1alpha1");
    assert!(value.get("status").is_none(), "{value}");
    assert_eq!(value["spec"]["versions"][0]["name"], "v1");
    assert_eq!(value["spec"]["versions"][0]["resources"][0]["kind"], "Deployment");
    assert_eq!(value["spec"]["serverAddressByClientCIDRs"], json!([]));
    assert!(value["spec"]["versions"][0].get("freshness").is_none(), "absent freshness is left out");
    assert_eq!(serde_json::from_value::<Group>(value)?, apps());
    Ok(())
}

#[test]
fn freshness_is_kept_when_a_server_states_it() -> serde_json::Result<()> {
    let mut stale = apps();
    stale.status.versions[0].freshness = Some(FRESHNESS_STALE.to_owned());
    let value = serde_json::to_value(&stale)?;
    assert_eq!(value["spec"]["versions"][0]["freshness"], "Stale");
    assert_eq!(serde_json::from_value::<Group>(value)?, stale);
    Ok(())
}

#[test]
fn registers_a_read_only_cluster_scoped_resource_in_the_default_group() {
    let mut registry = Registry::new();
    register(&mut registry, DEFAULT_GROUP);
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());
    let served = registry.resources_in(&ApiGroupVersion::new("discovery.k8s.io", "v1alpha1"));
    let [groups] = served.as_slice() else { panic!("one resource expected, found {served:?}") };
    assert_eq!((groups.plural.as_str(), groups.kind.as_str(), groups.scope), ("groups", "Group", Scope::Cluster));
    assert_eq!(groups.sorted_verbs(), ["get", "list", "watch"]);
    assert_eq!(groups.list_kind.as_deref(), Some("GroupList"));
    assert_eq!(groups.definition.as_str(), "io.k8s.api.discovery.v1alpha1.Group");
    let status = DefName::new("io.k8s.api.discovery.v1alpha1.GroupStatus");
    assert_eq!(registry.definition(&status).and_then(|d| d.info.package.as_deref()), Some(PACKAGE));
}

#[test]
fn another_group_name_moves_the_resource_but_not_the_definitions() {
    let mut registry = Registry::new();
    register(&mut registry, "discovery.kapi.example");
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());
    assert!(registry.resources_in(&ApiGroupVersion::new(DEFAULT_GROUP, VERSION)).is_empty());
    let moved = registry.resources_in(&ApiGroupVersion::new("discovery.kapi.example", VERSION));
    assert_eq!(moved.len(), 1);
    let kinds = registry.kinds_of(&DefName::new("io.k8s.api.discovery.v1alpha1.Group"));
    let api_versions: Vec<String> = kinds.iter().map(|k| format!("{}/{}/{}", k.group, k.version, k.kind)).collect();
    assert_eq!(api_versions, ["discovery.kapi.example/v1alpha1/Group"]);
}
