//! Leases in an in-memory store, served by a handle with the fixture bundle, and the requests that read them.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use kapi_meta::coordination::v1::{Lease, LeaseSpec};
use kapi_meta::meta::v1::{ObjectMeta, Time};
use kapi_runtime::identity::{COMPONENT_LABEL, LeaseStore};
use kapi_runtime::{Handle, router};
use serde_json::Value;
use tower::ServiceExt;

/// The leases of `kube-system`, where identity leases are held.
pub const KUBE_SYSTEM: &str = "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases";
/// The leases of every namespace.
pub const ALL: &str = "/apis/coordination.k8s.io/v1/leases";
/// What kubectl 1.27 and later send for `get`: a Table in either version, plain JSON otherwise.
pub const KUBECTL_TABLE: &str =
    "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
/// A creation time stamp, so tables show an age.
pub const CREATED: &str = "2024-05-01T12:00:00Z";

/// The fixture: three replicas' leases (two in `kube-system`, one elsewhere) and another component's.
pub const LEASES: [(&str, &str, &str); 4] = [
    ("kube-system", "kapi-server-b", "kapi-server"),
    ("kube-system", "kube-apiserver-x", "kube-apiserver"),
    ("default", "kapi-server-c", "kapi-server"),
    ("kube-system", "kapi-server-a", "kapi-server"),
];

/// The lease `namespace/name` of `component`, held by `<name>_holder`.
pub fn lease(namespace: &str, name: &str, component: &str) -> Lease {
    let metadata = ObjectMeta {
        namespace: Some(namespace.to_owned()),
        name: Some(name.to_owned()),
        labels: Some([(COMPONENT_LABEL.to_owned(), component.to_owned())].into()),
        creation_timestamp: Some(Time(CREATED.to_owned())),
        ..ObjectMeta::default()
    };
    let spec = LeaseSpec { holder_identity: Some(format!("{name}_holder")), ..LeaseSpec::default() };
    Lease { metadata, spec, ..Lease::default() }
}

/// A router serving the fixture bundle and a memory store holding `leases`, with its handle and store.
pub async fn serve(leases: &[(&str, &str, &str)]) -> (Router, Handle, LeaseStore) {
    let store = LeaseStore::memory();
    for (namespace, name, component) in leases {
        store.create(&lease(namespace, name, component)).await.expect("a new lease");
    }
    let handle = Handle::with_bundle(super::bundle(0));
    assert!(kapi_runtime::identity::serve_leases(&handle, store.clone()));
    (router(handle.clone()), handle, store)
}

/// `namespace/name` of every item of a list.
pub fn keys(list: &Value) -> Vec<String> {
    let key = |metadata: &Value| {
        format!(
            "{}/{}",
            metadata["namespace"].as_str().unwrap_or_default(),
            metadata["name"].as_str().unwrap_or_default()
        )
    };
    list["items"].as_array().expect("items").iter().map(|item| key(&item["metadata"])).collect()
}

/// Opens a watch: its response must be a 200 watch stream.
pub async fn open_watch(app: &Router, uri: &str, headers: &[(&str, &str)]) -> Body {
    let mut request = Request::get(uri);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = app.clone().oneshot(request.body(Body::empty()).expect("request")).await.expect("infallible");
    assert_eq!(response.status(), StatusCode::OK, "{uri}");
    assert_eq!(response.headers()["content-type"], "application/json;stream=watch");
    response.into_body()
}

/// An event's type and its object's name (the first row's name for a Table).
pub fn summary(event: &Value) -> (String, String) {
    let object = &event["object"];
    let name = object["metadata"]["name"].as_str().or_else(|| object["rows"][0]["cells"][0].as_str());
    (event["type"].as_str().unwrap_or_default().to_owned(), name.unwrap_or_default().to_owned())
}
