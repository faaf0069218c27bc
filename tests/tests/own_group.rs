//! A group written as a new user would write it, generated on a Kubernetes server's scheme with none of the corpus'
//! groups: node.k8s.io/v1's RuntimeClass. The shared kinds (DeleteOptions, WatchEvent) keep the group-version-kind lists the server's
//! scheme gives them, so the document is identical to what Kubernetes 1.32 serves, all 22 schemas.

use std::collections::BTreeMap;

use kapi::{Resource, Schema};
use kapi_codegen::Options;
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
use kapi_meta::quantity::Quantity;
use kapi_schemas::core::v1::Toleration;
use kapi_tests::openapi_diff;
use serde::{Deserialize, Serialize};

/// A class of container runtime that pods can ask for by name.
#[derive(Debug, Clone, Default, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/node/v1", group = "node.k8s.io", version = "v1", scope = "Cluster", list = RuntimeClassList)]
pub struct RuntimeClass {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The object's metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The CRI handler that runs pods of this class (a DNS label, such as `runc`).
    pub handler: String,
    /// Resources a pod of this class uses on top of its containers' requests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overhead: Option<Overhead>,
    /// Where pods of this class may be scheduled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scheduling: Option<Scheduling>,
}

/// The fixed resource cost of running a pod of a class.
#[derive(Debug, Clone, Default, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/node/v1")]
pub struct Overhead {
    /// The overhead per resource name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_fixed: Option<BTreeMap<String, Quantity>>,
}

/// The nodes that support a class.
#[derive(Debug, Clone, Default, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/node/v1")]
pub struct Scheduling {
    /// Labels a node must carry; merged into the pod's own node selector.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(map_type = "atomic")]
    pub node_selector: Option<BTreeMap<String, String>>,
    /// Tolerations added to pods of this class.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[kapi(list_type = "atomic")]
    pub tolerations: Vec<Toleration>,
}

/// A page of runtime classes.
#[derive(Debug, Clone, Default, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/node/v1")]
pub struct RuntimeClassList {
    /// The list's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata.
    #[serde(default)]
    pub metadata: ListMeta,
    /// The runtime classes.
    pub items: Vec<RuntimeClass>,
}

#[test]
fn a_users_kubernetes_group_alone_matches_upstream_on_the_servers_scheme() {
    let mut registry = kapi::Registry::new();
    kapi_schemas::register_kubernetes_scheme(&mut registry);
    registry.register_resource::<RuntimeClass>();
    let artifacts = kapi_codegen::generate(&registry, &Options::default()).expect("generate");
    let served: Vec<&str> = artifacts.paths().filter(|p| p.starts_with("openapi/v3/api")).collect();
    assert_eq!(served, ["openapi/v3/apis/node.k8s.io/v1.json"]);
    let ours = artifacts.get("openapi/v3/apis/node.k8s.io/v1.json").expect("node document");
    let report = openapi_diff(ours, "apis/node.k8s.io/v1.json", true);
    let schemas = &report.json["schemas"];
    assert_eq!(schemas["union"].as_u64(), Some(22), "{}", report.summary);
    assert_eq!(schemas["identical"], schemas["union"], "{}\n{:#}", report.summary, schemas);
}
