//! The core/v1 volume types (Volume, its sources, projections and persistent volume claims) against upstream
//! Kubernetes 1.32's definitions, compared with the project-independent structural diff; and their JSON form.

use kapi::Registry;
use kapi::Schema;
use kapi::model::{GroupVersion, ResourceMeta, Scope};
use kapi_schemas::core::v1::{PersistentVolumeClaim, Volume};
use kapi_tests::{openapi_diff_files, upstream_document};
use serde_json::{Map, Value, json};

/// The definitions this part of core/v1 owns, by short name.
const OWNED: [&str; 46] = [
    "AWSElasticBlockStoreVolumeSource",
    "AzureDiskVolumeSource",
    "AzureFileVolumeSource",
    "CSIVolumeSource",
    "CephFSVolumeSource",
    "CinderVolumeSource",
    "ClusterTrustBundleProjection",
    "ConfigMapProjection",
    "ConfigMapVolumeSource",
    "DownwardAPIProjection",
    "DownwardAPIVolumeFile",
    "DownwardAPIVolumeSource",
    "EmptyDirVolumeSource",
    "EphemeralVolumeSource",
    "FCVolumeSource",
    "FlexVolumeSource",
    "FlockerVolumeSource",
    "GCEPersistentDiskVolumeSource",
    "GitRepoVolumeSource",
    "GlusterfsVolumeSource",
    "HostPathVolumeSource",
    "ISCSIVolumeSource",
    "ImageVolumeSource",
    "KeyToPath",
    "ModifyVolumeStatus",
    "NFSVolumeSource",
    "PersistentVolumeClaim",
    "PersistentVolumeClaimCondition",
    "PersistentVolumeClaimSpec",
    "PersistentVolumeClaimStatus",
    "PersistentVolumeClaimTemplate",
    "PersistentVolumeClaimVolumeSource",
    "PhotonPersistentDiskVolumeSource",
    "PortworxVolumeSource",
    "ProjectedVolumeSource",
    "QuobyteVolumeSource",
    "RBDVolumeSource",
    "ScaleIOVolumeSource",
    "SecretProjection",
    "SecretVolumeSource",
    "ServiceAccountTokenProjection",
    "StorageOSVolumeSource",
    "Volume",
    "VolumeProjection",
    "VolumeResourceRequirements",
    "VsphereVirtualDiskVolumeSource",
];

/// The group of the throwaway resources.
const TEST_GROUP: &str = "volumes.kapi.test";

/// A throwaway resource in a test group whose kind is the definition `T`, so codegen writes a document holding
/// `T` and everything it references.
fn throwaway<T: Schema>(kind: &str) -> ResourceMeta {
    ResourceMeta {
        group_version: GroupVersion::new(TEST_GROUP, "v1"),
        kind: kind.to_owned(),
        plural: format!("{}s", kind.to_lowercase()),
        singular: kind.to_lowercase(),
        scope: Scope::Namespaced,
        verbs: vec!["get".into()],
        short_names: vec![],
        categories: vec![],
        subresources: vec![],
        definition: T::definition_name().expect("a named definition"),
        list_kind: None,
        list_definition: None,
        crd: None,
        delete_returns_object: false,
    }
}

/// `schema` without the kinds the throwaway resources added to it: they are artefacts of this test.
fn without_test_group(mut schema: Value) -> Value {
    let object = schema.as_object_mut().expect("an object schema");
    if let Some(Value::Array(kinds)) = object.get_mut("x-kubernetes-group-version-kind") {
        kinds.retain(|kind| kind["group"] != TEST_GROUP);
        if kinds.is_empty() {
            object.remove("x-kubernetes-group-version-kind");
        }
    }
    schema
}

/// Every definition of the generated test group's document.
fn generated_schemas() -> Map<String, Value> {
    let mut registry = Registry::new();
    kapi_schemas::register_kubernetes(&mut registry);
    registry.register::<Volume>().register::<PersistentVolumeClaim>();
    registry.add_resource(throwaway::<Volume>("Volume"));
    registry.add_resource(throwaway::<PersistentVolumeClaim>("PersistentVolumeClaim"));
    assert!(registry.errors().is_empty(), "registry problems: {:?}", registry.errors());
    let artifacts = kapi_codegen::generate(&registry, &kapi_codegen::Options::default()).expect("generates");
    let bytes = artifacts.get("openapi/v3/apis/volumes.kapi.test/v1.json").expect("the test group's document");
    let document: Value = serde_json::from_slice(bytes).expect("JSON");
    document["components"]["schemas"].as_object().expect("schemas").clone()
}

#[test]
fn the_volume_types_are_identical_to_upstream() {
    let ours = generated_schemas();
    let upstream: Value =
        serde_json::from_slice(&std::fs::read(upstream_document("apis/apps/v1.json")).expect("read upstream"))
            .expect("upstream JSON");
    let theirs = upstream["components"]["schemas"].as_object().expect("upstream schemas");
    let (mut mine, mut upstream_subset) = (Map::new(), Map::new());
    for short in OWNED {
        let name = format!("io.k8s.api.core.v1.{short}");
        let schema = ours.get(&name).unwrap_or_else(|| panic!("{name} was not generated"));
        mine.insert(name.clone(), without_test_group(schema.clone()));
        upstream_subset.insert(name.clone(), theirs.get(&name).unwrap_or_else(|| panic!("no upstream {name}")).clone());
    }
    let work = tempfile::tempdir().expect("tempdir");
    let upstream_path = work.path().join("upstream.json");
    std::fs::write(
        &upstream_path,
        serde_json::to_vec(&json!({"components": {"schemas": upstream_subset}})).expect("JSON"),
    )
    .expect("write upstream subset");
    let ours_bytes = serde_json::to_vec(&json!({"components": {"schemas": mine}})).expect("JSON");
    let report = openapi_diff_files(&ours_bytes, &upstream_path, true);
    let schemas = &report.json["schemas"];
    assert_eq!(schemas["union"].as_u64(), Some(OWNED.len() as u64), "{}", report.summary);
    assert_eq!(schemas["identical"], schemas["union"], "{}\n{:#}", report.summary, report.json);
    let coverage: f64 = report
        .summary
        .rsplit_once("description coverage ")
        .and_then(|(_, tail)| tail.trim_end_matches('%').parse().ok())
        .unwrap_or_else(|| panic!("no coverage in {}", report.summary));
    assert!(coverage >= 99.0, "{}", report.summary);
}

#[test]
fn a_pod_volume_list_round_trips() -> serde_json::Result<()> {
    let volumes = json!([
        {"name": "data", "persistentVolumeClaim": {"claimName": "data-0", "readOnly": true}},
        {"name": "scratch", "emptyDir": {"medium": "Memory", "sizeLimit": "64Mi"}},
        {"name": "config", "configMap": {"name": "app", "items": [{"key": "app.yaml", "path": "app.yaml", "mode": 420}], "defaultMode": 420}},
        {"name": "token", "projected": {"sources": [
            {"serviceAccountToken": {"audience": "vault", "expirationSeconds": 3600, "path": "token"}},
            {"downwardAPI": {"items": [{"path": "labels", "fieldRef": {"fieldPath": "metadata.labels"}}]}},
            {"secret": {"name": "tls", "optional": true}}
        ]}},
        {"name": "cache", "ephemeral": {"volumeClaimTemplate": {
            "metadata": {"labels": {"app": "web"}},
            "spec": {"accessModes": ["ReadWriteOnce"], "storageClassName": "fast", "resources": {"requests": {"storage": "1Gi"}}}
        }}},
        {"name": "disk", "scaleIO": {"gateway": "https://gw", "system": "sys", "secretRef": {"name": "sio"}}},
        {"name": "host", "hostPath": {"path": "/var/log", "type": "Directory"}}
    ]);
    let parsed: Vec<Volume> = serde_json::from_value(volumes.clone())?;
    assert_eq!(parsed[0].volume_source.persistent_volume_claim.as_ref().map(|c| c.claim_name.as_str()), Some("data-0"));
    assert_eq!(parsed[6].volume_source.host_path.as_ref().and_then(|h| h.type_.as_deref()), Some("Directory"));
    assert_eq!(serde_json::to_value(&parsed)?, volumes);
    Ok(())
}

#[test]
fn a_claim_round_trips_and_writes_empty_structs_as_objects() -> serde_json::Result<()> {
    let claim = json!({
        "apiVersion": "v1",
        "kind": "PersistentVolumeClaim",
        "metadata": {"name": "data-0", "namespace": "default"},
        "spec": {
            "accessModes": ["ReadWriteOnce"],
            "resources": {"requests": {"storage": "10Gi"}},
            "volumeMode": "Filesystem",
            "dataSourceRef": {"apiGroup": "snapshot.storage.k8s.io", "kind": "VolumeSnapshot", "name": "snap"}
        },
        "status": {
            "phase": "Bound",
            "capacity": {"storage": "10Gi"},
            "conditions": [{"type": "Resizing", "status": "True", "lastTransitionTime": "2024-05-01T12:00:00Z"}],
            "allocatedResourceStatuses": {"storage": "ControllerResizeInProgress"}
        }
    });
    let parsed: PersistentVolumeClaim = serde_json::from_value(claim.clone())?;
    assert_eq!(parsed.status.phase.as_deref(), Some("Bound"));
    assert_eq!(serde_json::to_value(&parsed)?, claim);
    assert_eq!(
        serde_json::to_value(PersistentVolumeClaim::default())?,
        json!({"metadata": {}, "spec": {"resources": {}}, "status": {}})
    );
    Ok(())
}
