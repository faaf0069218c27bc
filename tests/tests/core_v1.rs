//! Upstream fidelity of the core/v1 pod-template types and meta/v1 label selectors, checked on their own: they
//! are served here as throwaway kinds of a test group, and every core/v1 and label-selector definition of the
//! generated document is compared with the same-named definition of upstream's apps/v1 and batch/v1 documents.

use std::collections::BTreeMap;

use kapi::model::{GroupVersion, ResourceMeta, Scope};
use kapi::{Registry, Schema};
use kapi_schemas::core::v1::{ObjectReference, PodTemplateSpec};
use kapi_tests::{openapi_diff_files, upstream_document};
use serde_json::{Value, json};

/// The pod-template types, as upstream names them: everything PodTemplateSpec reaches outside volumes, plus
/// ObjectReference (batch/v1) and the label selectors.
const EXPECTED: &[&str] = &[
    "Affinity",
    "AppArmorProfile",
    "Capabilities",
    "ConfigMapEnvSource",
    "ConfigMapKeySelector",
    "Container",
    "ContainerPort",
    "ContainerResizePolicy",
    "EnvFromSource",
    "EnvVar",
    "EnvVarSource",
    "EphemeralContainer",
    "ExecAction",
    "GRPCAction",
    "HTTPGetAction",
    "HTTPHeader",
    "HostAlias",
    "Lifecycle",
    "LifecycleHandler",
    "LocalObjectReference",
    "NodeAffinity",
    "NodeSelector",
    "NodeSelectorRequirement",
    "NodeSelectorTerm",
    "ObjectFieldSelector",
    "ObjectReference",
    "PodAffinity",
    "PodAffinityTerm",
    "PodAntiAffinity",
    "PodDNSConfig",
    "PodDNSConfigOption",
    "PodOS",
    "PodReadinessGate",
    "PodResourceClaim",
    "PodSchedulingGate",
    "PodSecurityContext",
    "PodSpec",
    "PodTemplateSpec",
    "PreferredSchedulingTerm",
    "Probe",
    "ResourceClaim",
    "ResourceFieldSelector",
    "ResourceRequirements",
    "SELinuxOptions",
    "SeccompProfile",
    "SecretEnvSource",
    "SecretKeySelector",
    "SecurityContext",
    "SleepAction",
    "Sysctl",
    "TCPSocketAction",
    "Toleration",
    "TopologySpreadConstraint",
    "TypedLocalObjectReference",
    "TypedObjectReference",
    "VolumeDevice",
    "VolumeMount",
    "WeightedPodAffinityTerm",
    "WindowsSecurityContextOptions",
];

const LABEL_SELECTORS: &[&str] = &[
    "io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector",
    "io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelectorRequirement",
];

/// The throwaway kind served by the test group: it holds the types under test, so they are generated as plain
/// definitions (a kind of its own would carry a group-version-kind upstream's definitions do not have).
#[derive(Schema)]
#[kapi(package = "kapi.test/corev1")]
#[allow(dead_code)]
struct Holder {
    /// A pod template.
    template: PodTemplateSpec,
    /// A reference (not reachable from the pod template).
    reference: ObjectReference,
}

/// A read-only kind (no list kind needed) of the test group whose definition is Holder.
fn holder_resource() -> ResourceMeta {
    ResourceMeta {
        group_version: GroupVersion::new("corev1.kapi.test", "v1"),
        kind: "Holder".to_owned(),
        plural: "holders".to_owned(),
        singular: "holder".to_owned(),
        scope: Scope::Namespaced,
        verbs: vec!["get".to_owned()],
        short_names: Vec::new(),
        categories: Vec::new(),
        subresources: Vec::new(),
        definition: Holder::definition_name().expect("a named definition"),
        list_kind: None,
        list_definition: None,
        crd: None,
        delete_returns_object: false,
    }
}

/// Our definitions of the pod-template types, from the document generated for the test group.
fn our_definitions() -> BTreeMap<String, Value> {
    let mut registry = Registry::new();
    kapi_schemas::register_kubernetes(&mut registry);
    registry.register::<Holder>();
    registry.add_resource(holder_resource());
    assert!(registry.errors().is_empty(), "registry problems: {:?}", registry.errors());
    let artifacts = kapi_codegen::generate(&registry, &kapi_codegen::Options::default()).expect("generates");
    let bytes = artifacts.get("openapi/v3/apis/corev1.kapi.test/v1.json").expect("the test group's document");
    let document: Value = serde_json::from_slice(bytes).expect("json");
    document["components"]["schemas"]
        .as_object()
        .expect("schemas")
        .iter()
        .filter(|(name, _)| name.starts_with("io.k8s.api.core.v1.") || LABEL_SELECTORS.contains(&name.as_str()))
        .map(|(name, schema)| (name.clone(), schema.clone()))
        .collect()
}

/// Upstream's definitions of the same names, from apps/v1 and batch/v1 (identical wherever both have one).
fn upstream_definitions(names: impl Iterator<Item = String>) -> serde_json::Map<String, Value> {
    let mut upstream = serde_json::Map::new();
    for document in ["apis/apps/v1.json", "apis/batch/v1.json"] {
        let bytes = std::fs::read(upstream_document(document)).expect("upstream document");
        let json: Value = serde_json::from_slice(&bytes).expect("json");
        for (name, schema) in json["components"]["schemas"].as_object().expect("schemas") {
            upstream.entry(name.clone()).or_insert_with(|| schema.clone());
        }
    }
    names.map(|name| (name.clone(), upstream.get(&name).cloned().unwrap_or(Value::Null))).collect()
}

fn is_volume_type(name: &str) -> bool {
    let short = name.rsplit('.').next().unwrap_or(name);
    short == "Volume"
        || short.ends_with("VolumeSource")
        || short.ends_with("Projection")
        || short.starts_with("PersistentVolumeClaim")
        || ["KeyToPath", "DownwardAPIVolumeFile", "VolumeResourceRequirements", "ModifyVolumeStatus"].contains(&short)
}

#[test]
fn pod_template_definitions_are_identical_to_upstream() {
    let ours = our_definitions();
    for name in EXPECTED {
        let full = format!("io.k8s.api.core.v1.{name}");
        assert!(ours.contains_key(&full), "{full} is not generated");
    }
    for name in LABEL_SELECTORS {
        assert!(ours.contains_key(*name), "{name} is not generated");
    }
    // The volume types are checked where they are written; only the pod-template part is compared here.
    let mine: serde_json::Map<String, Value> = ours.into_iter().filter(|(name, _)| !is_volume_type(name)).collect();
    let theirs = upstream_definitions(mine.keys().cloned());
    let missing: Vec<_> = theirs.iter().filter(|(_, schema)| schema.is_null()).map(|(name, _)| name).collect();
    assert!(missing.is_empty(), "not in upstream: {missing:?}");
    assert_eq!(mine.len(), EXPECTED.len() + LABEL_SELECTORS.len(), "{:?}", mine.keys().collect::<Vec<_>>());

    let work = tempfile::tempdir().expect("tempdir");
    let upstream_path = work.path().join("upstream.json");
    std::fs::write(&upstream_path, serde_json::to_vec(&json!({"components": {"schemas": theirs}})).expect("json"))
        .expect("write");
    let ours_bytes = serde_json::to_vec(&json!({"components": {"schemas": mine}})).expect("json");
    let report = openapi_diff_files(&ours_bytes, &upstream_path, true);
    let schemas = &report.json["schemas"];
    assert_eq!(schemas["identical"], schemas["union"], "{}\n{:#}", report.summary, schemas);
    assert!(report.summary.ends_with("description coverage 100.0%"), "{}", report.summary);
}
