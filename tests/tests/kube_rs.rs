//! kube-rs interop against the real API server: a kind marked `#[kapi(kube)]` holding k8s-openapi's types (what a
//! kube-rs program holds) implements kube-core's `Resource`, `HasSpec` and `HasStatus`; its CRD comes from code
//! (`kapi_codegen::crd_of`), with kapi-meta's schemas filled in for k8s-openapi's `ObjectMeta` and `Condition`; and
//! the requests kube-core builds from the trait (the ones `kube::Api<K>` sends) create, read and update the status
//! of an object on the server, which answers with what the types read back.

use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta, Time};
use kapi::{Resource, Schema};
use kube_core::object::{HasSpec, HasStatus};
use kube_core::params::{GetParams, PostParams};
use kube_core::{Request, Resource as KubeResource, ResourceExt};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use kapi_tests::kube::{Kube, kube_installing};

/// A kind as a kube-rs operator writes it, with kapi's derives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(group = "kubers.kapi.test", version = "v1", plural = "gizmos", list = GizmoList, status, kube, crd)]
pub struct Gizmo {
    /// The object's metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What the user asks for.
    pub spec: GizmoSpec,
    /// What the controller saw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<GizmoStatus>,
}

/// A page of gizmos (kube-rs lists as `ObjectList<Gizmo>`; the API's documents name the list kind).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
pub struct GizmoList {
    /// The list's metadata.
    #[serde(default)]
    pub metadata: ListMeta,
    /// The gizmos.
    pub items: Vec<Gizmo>,
}

/// What the user asks for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct GizmoSpec {
    /// How many.
    pub size: i32,
}

/// What the controller saw.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
pub struct GizmoStatus {
    /// The latest observations.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[kapi(list_type = "map", list_map_keys = ["type"])]
    pub conditions: Vec<Condition>,
}

/// The JSON for `gizmo` with its apiVersion and kind, which kube-rs sends as the object serialises: a kind for
/// `kube::Api::create` carries them (examples/operator flattens a `TypeMeta` in); this one is given them here.
fn body(gizmo: &Gizmo) -> Vec<u8> {
    let mut object = serde_json::to_value(gizmo).expect("JSON");
    object["apiVersion"] = Gizmo::api_version(&()).into();
    object["kind"] = Gizmo::kind(&()).into();
    serde_json::to_vec(&object).expect("JSON")
}

/// Sends a request kube-core built, as `kube::Client` would.
fn send(kube: &Kube, request: ureq::http::Request<Vec<u8>>) -> (u16, Value) {
    let method = request.method().as_str().to_owned();
    let path = request.uri().to_string();
    let body: Value =
        if request.body().is_empty() { Value::Null } else { serde_json::from_slice(request.body()).expect("JSON") };
    let reply =
        if method == "GET" { kube.get(&path, "application/json") } else { kube.send_json(&method, &path, &body) };
    (reply.status, serde_json::from_slice(&reply.body).unwrap_or(Value::Null))
}

#[test]
fn docs_kube_rs_shows_the_kind_this_test_compiles() {
    let page = include_str!("../../docs/KUBE-RS.md");
    let block = page.split("```rust\n").nth(1).and_then(|rest| rest.split("```").next()).expect("a rust block");
    assert!(include_str!("kube_rs.rs").contains(block), "docs/KUBE-RS.md shows code found nowhere:\n{block}");
}

#[test]
fn a_kube_rs_kind_is_installed_created_and_updated_on_the_real_server() {
    // The names kube::Api<Gizmo> builds its URLs from.
    assert_eq!(Gizmo::api_version(&()), "kubers.kapi.test/v1");
    assert_eq!(Gizmo::url_path(&(), Some("default")), "/apis/kubers.kapi.test/v1/namespaces/default/gizmos");

    // The CRD from code, with Kubernetes' Condition constraints (kapi-meta's schema for k8s-openapi's type).
    let crd = kapi_codegen::crd_of::<Gizmo>().unwrap_or_else(|e| panic!("{e}"));
    let crd = serde_json::to_value(&crd).expect("JSON");
    let condition = &crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["status"]["properties"]["conditions"]
        ["items"];
    assert_eq!(
        condition["properties"]["status"]["enum"],
        serde_json::json!(["True", "False", "Unknown"]),
        "{condition}"
    );
    let kube = kube_installing();
    let reply = kube.send_json("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", &crd);
    assert_eq!(reply.status, 201, "{}", String::from_utf8_lossy(&reply.body));
    kube.wait_established(crd["metadata"]["name"].as_str().expect("a name"));

    let api = Request::new(Gizmo::url_path(&(), Some("default")));
    let mut gizmo = Gizmo {
        metadata: ObjectMeta { name: Some("first".into()), ..ObjectMeta::default() },
        spec: GizmoSpec { size: 3 },
        status: None,
    };
    let created = create_when_served(kube, &api, &gizmo);
    let created: Gizmo = serde_json::from_value(created).expect("the server's answer reads as a Gizmo");
    assert_eq!(created.name_any(), "first");
    assert_eq!(created.spec().size, 3);
    assert!(created.meta().uid.is_some() && created.meta().creation_timestamp.is_some());

    // The status subresource, written through HasStatus as a controller does.
    gizmo = created;
    let ready = Condition {
        type_: "Ready".into(),
        status: "True".into(),
        reason: "Reconciled".into(),
        message: "three gizmos".into(),
        last_transition_time: Time(gizmo.meta().creation_timestamp.clone().expect("set").0),
        observed_generation: gizmo.meta().generation,
    };
    gizmo.status_mut().get_or_insert_with(GizmoStatus::default).conditions.push(ready);
    let request = api.replace_subresource("status", "first", &PostParams::default(), body(&gizmo)).expect("a request");
    let (status, answer) = send(kube, request);
    assert_eq!(status, 200, "{answer}");
    let (status, read) = send(kube, api.get("first", &GetParams::default()).expect("a request"));
    assert_eq!(status, 200, "{read}");
    let read: Gizmo = serde_json::from_value(read).expect("reads as a Gizmo");
    let conditions = &read.status().expect("a status").conditions;
    assert_eq!((conditions[0].type_.as_str(), conditions[0].status.as_str()), ("Ready", "True"));
}

/// Creates `gizmo`, retrying while the new resource is not yet served (404 just after the CRD is established).
fn create_when_served(kube: &Kube, api: &Request, gizmo: &Gizmo) -> Value {
    let started = std::time::Instant::now();
    loop {
        let request = api.create(&PostParams::default(), body(gizmo)).expect("a request");
        let (status, answer) = send(kube, request);
        if status == 201 {
            return answer;
        }
        assert!(status == 404 && started.elapsed().as_secs() < 30, "{status}: {answer}");
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
}
