//! Sample objects of each resource (and the discovery documents) through both encodings: Rust value → JSON
//! (serde) and → protobuf (via the descriptors, then decoded and re-encoded by the prost-build types) → back,
//! with equal results.

mod common;

use std::sync::OnceLock;

use common::{from_json, lease, registry, round_trip};
use kapi_proto_roundtrip::pb;
use serde_json::{Value, json};

#[test]
fn a_lease_round_trips_and_reads_naturally_through_the_prost_types() {
    use kapi_schemas::coordination::v1::Lease;
    let value: Lease = from_json(lease("kube-scheduler", "node-1_8c1f"));
    let typed: pb::k8s::io::api::coordination::v1::Lease = round_trip(&value, "k8s.io.api.coordination.v1.Lease");
    let spec = typed.spec.expect("spec");
    assert_eq!(spec.holder_identity.as_deref(), Some("node-1_8c1f"));
    let renew = spec.renew_time.expect("renew time");
    assert_eq!((renew.seconds, renew.nanos), (Some(1_714_565_100), Some(123_456_000)));
    let metadata = typed.metadata.expect("metadata");
    assert_eq!(metadata.labels.get("app").map(String::as_str), Some("scheduler"));
    let fields = metadata.managed_fields[0].fields_v1.as_ref().and_then(|f| f.raw.clone()).expect("field set");
    assert_eq!(serde_json::from_slice::<Value>(&fields).ok(), Some(json!({"f:spec": {"f:holderIdentity": {}}})));
}

#[test]
fn a_lease_list_round_trips() {
    use kapi_meta::meta::v1::TypeMeta;
    use kapi_schemas::coordination::v1::LeaseList;
    let value: LeaseList = from_json(json!({
        "apiVersion": "coordination.k8s.io/v1", "kind": "LeaseList",
        "metadata": {"resourceVersion": "4712", "continue": "token", "remainingItemCount": 7},
        "items": [lease("a", "node-1"), lease("b", "node-2")]
    }));
    let mut without_type_meta = value.clone();
    // apiVersion and kind travel in the runtime.Unknown envelope, not in the message.
    without_type_meta.type_meta = TypeMeta::default();
    let typed: pb::k8s::io::api::coordination::v1::LeaseList =
        round_trip(&without_type_meta, "k8s.io.api.coordination.v1.LeaseList");
    assert_eq!(typed.items.len(), 2);
    assert_eq!(typed.metadata.and_then(|m| m.r#continue).as_deref(), Some("token"));
}

/// The corpus' own discovery documents, as `kapi generate` writes them.
fn discovery_document(name: &str) -> Value {
    static ARTIFACTS: OnceLock<kapi_codegen::Artifacts> = OnceLock::new();
    let artifacts = ARTIFACTS.get_or_init(|| {
        kapi_codegen::generate(registry(), &kapi_codegen::Options::default()).expect("the corpus generates")
    });
    let bytes = artifacts.get(&format!("discovery/{name}")).unwrap_or_else(|| panic!("no discovery/{name}"));
    let mut document: Value = serde_json::from_slice(bytes).expect("JSON");
    let object = document.as_object_mut().expect("an object");
    object.remove("apiVersion");
    object.remove("kind");
    document
}

#[test]
fn the_aggregated_discovery_lists_round_trip() {
    use kapi_meta::apidiscovery::{v2, v2beta1};
    let document = discovery_document("aggregated_v2.json");
    let list: v2::APIGroupDiscoveryList = from_json(document.clone());
    let typed: pb::k8s::io::api::apidiscovery::v2::ApiGroupDiscoveryList =
        round_trip(&list, "k8s.io.api.apidiscovery.v2.APIGroupDiscoveryList");
    let coordination =
        typed.items.iter().find(|g| g.metadata.as_ref().and_then(|m| m.name.as_deref()) == Some("coordination.k8s.io"));
    let leases = &coordination.expect("coordination group").versions[0].resources[0];
    assert_eq!((leases.resource.as_deref(), leases.scope.as_deref()), (Some("leases"), Some("Namespaced")));
    assert!(leases.verbs.iter().any(|verb| verb == "watch"));

    let beta: v2beta1::APIGroupDiscoveryList = from_json(discovery_document("aggregated_v2beta1.json"));
    let _: pb::k8s::io::api::apidiscovery::v2beta1::ApiGroupDiscoveryList =
        round_trip(&beta, "k8s.io.api.apidiscovery.v2beta1.APIGroupDiscoveryList");
}

#[test]
fn the_legacy_discovery_documents_round_trip() {
    use kapi_meta::meta::v1::{APIGroupList, APIResourceList, APIVersions};
    type Meta = pb::k8s::io::apimachinery::pkg::apis::meta::v1::ApiResourceList;
    let resources: APIResourceList = from_json(discovery_document("apis__coordination.k8s.io__v1.json"));
    let typed: Meta = round_trip(&resources, "k8s.io.apimachinery.pkg.apis.meta.v1.APIResourceList");
    // Verbs travel in their wrapper message, as upstream sends them.
    let verbs = typed.resources[0].verbs.as_ref().map(|v| v.items.len());
    assert_eq!(verbs, Some(8));
    let groups: APIGroupList = from_json(discovery_document("apis.json"));
    let _: pb::k8s::io::apimachinery::pkg::apis::meta::v1::ApiGroupList =
        round_trip(&groups, "k8s.io.apimachinery.pkg.apis.meta.v1.APIGroupList");
    let versions: APIVersions = from_json(json!({
        "versions": ["v1"],
        "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0", "serverAddress": "10.0.0.1:6443"}]
    }));
    let _: pb::k8s::io::apimachinery::pkg::apis::meta::v1::ApiVersions =
        round_trip(&versions, "k8s.io.apimachinery.pkg.apis.meta.v1.APIVersions");
}
