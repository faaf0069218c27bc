//! Watchable discovery through the router: lists, gets, tables, refusals and watches of `Group` objects, in-process
//! (a fixture bundle whose discovery lists `discovery.k8s.io/v1alpha1` `groups`), and a watch on a real socket that
//! a shutdown ends at once.

use crate::common;

use std::collections::BTreeMap;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{get, next_event};
use kapi_runtime::{Bundle, Handle, router};
use serde_json::{Value, json};
use tower::ServiceExt;

const GROUPS: &str = "/apis/discovery.k8s.io/v1alpha1/groups";
const KUBECTL_TABLE: &str = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json";

fn bundle(generation: u32) -> Bundle {
    Bundle::from_files_with(files_serving_groups(generation), &common::options()).expect("bundle loads")
}

/// The fixture files of `generation`, with `groups` listed in this server's default discovery group.
fn files_serving_groups(generation: u32) -> BTreeMap<String, Vec<u8>> {
    common::files_serving_groups(generation, "discovery.k8s.io")
}

fn app() -> (Router, Handle) {
    let handle = Handle::with_bundle(bundle(0));
    (router(handle.clone()), handle)
}

fn names(list: &Value) -> Vec<&str> {
    list["items"].as_array().into_iter().flatten().filter_map(|item| item["metadata"]["name"].as_str()).collect()
}

fn resource_version(value: &Value) -> u64 {
    value["metadata"]["resourceVersion"].as_str().and_then(|rv| rv.parse().ok()).expect("numeric resourceVersion")
}

#[tokio::test]
async fn lists_every_group_with_a_resource_version_and_gets_one() {
    let (app, _) = app();
    let reply = get(&app, &format!("{GROUPS}?limit=500"), &[("accept", "application/json")]).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("content-type"), "application/json");
    let list = reply.json();
    assert_eq!(
        (list["kind"].as_str(), list["apiVersion"].as_str()),
        (Some("GroupList"), Some("discovery.k8s.io/v1alpha1"))
    );
    assert_eq!(names(&list), ["core", "discovery.k8s.io", "example.com"]);
    let listed = resource_version(&list);
    assert!(list["items"].as_array().expect("items").iter().all(|item| resource_version(item) <= listed));
    let example = get(&app, &format!("{GROUPS}/example.com"), &[]).await.json();
    assert_eq!(example["kind"], "Group");
    assert_eq!(example["spec"]["versions"][0]["resources"][0]["name"], "widgets0");
    assert_eq!(example["spec"]["serverAddressByClientCIDRs"][0]["serverAddress"], "127.0.0.1:6443");
    let selected = get(&app, &format!("{GROUPS}?fieldSelector=metadata.name%3Dcore"), &[]).await.json();
    assert_eq!(names(&selected), ["core"]);
}

#[tokio::test]
async fn label_selectors_match_groups_as_objects_without_labels() {
    let (app, _) = app();
    let absent = get(&app, &format!("{GROUPS}?labelSelector=!app"), &[]).await.json();
    assert_eq!(names(&absent), ["core", "discovery.k8s.io", "example.com"]);
    let present = get(&app, &format!("{GROUPS}?labelSelector=app%3Dweb"), &[]).await.json();
    assert_eq!(names(&present), Vec::<&str>::new());
    let malformed = get(&app, &format!("{GROUPS}?labelSelector=app%20in%20web"), &[]).await;
    assert_eq!((malformed.status, malformed.json()["reason"].as_str()), (StatusCode::BAD_REQUEST, Some("BadRequest")));
}

#[tokio::test]
async fn a_missing_group_is_a_404_status_naming_it() {
    let (app, _) = app();
    let reply = get(&app, &format!("{GROUPS}/nonexistent"), &[]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let status = reply.json();
    assert_eq!(status["message"], "groups.discovery.k8s.io \"nonexistent\" not found");
    assert_eq!(status["details"], json!({"name": "nonexistent", "group": "discovery.k8s.io", "kind": "groups"}));
}

#[tokio::test]
async fn served_only_in_the_discovery_group_when_discovery_lists_it() {
    let (plain, _) = common::app();
    assert_eq!(get(&plain, GROUPS, &[]).await.status, StatusCode::NOT_FOUND, "the fixture does not list groups");
    let (app, _) = app();
    assert_eq!(get(&app, "/apis/example.com/v1/groups", &[]).await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&app, "/apis/discovery.k8s.io/v1/groups", &[]).await.status, StatusCode::NOT_FOUND);
    let handle = Handle::new();
    kapi_runtime::watchable::attach(&handle, "discovery.example.com");
    handle.store(Bundle::from_files_with(files_serving_groups(0), &common::options()).expect("loads"));
    assert_eq!(get(&router(handle), GROUPS, &[]).await.status, StatusCode::NOT_FOUND, "listed in another group");
}

#[tokio::test]
async fn kubectl_gets_tables_and_other_clients_get_json_or_a_406() {
    let (app, _) = app();
    let table = get(&app, GROUPS, &[("accept", KUBECTL_TABLE)]).await.json();
    assert_eq!((table["kind"].as_str(), table["apiVersion"].as_str()), (Some("Table"), Some("meta.k8s.io/v1")));
    let rows: Vec<&str> =
        table["rows"].as_array().expect("rows").iter().filter_map(|r| r["cells"][0].as_str()).collect();
    assert_eq!(rows, ["core", "discovery.k8s.io", "example.com"]);
    assert_eq!(table["rows"][0]["object"]["kind"], "PartialObjectMetadata");
    let one = get(&app, &format!("{GROUPS}/core?includeObject=Object"), &[("accept", KUBECTL_TABLE)]).await.json();
    assert_eq!(one["rows"][0]["object"]["spec"]["versions"][0]["name"], "v1");
    let refused = get(&app, GROUPS, &[("accept", "application/vnd.kubernetes.protobuf")]).await;
    assert_eq!(refused.status, StatusCode::NOT_ACCEPTABLE);
    assert_eq!(refused.json()["reason"], "NotAcceptable");
    let bad = get(&app, &format!("{GROUPS}?fieldSelector=spec.x%3Dy"), &[]).await;
    assert_eq!(
        (bad.status, bad.json()["message"].as_str()),
        (StatusCode::BAD_REQUEST, Some("field label not supported: spec.x"))
    );
}

#[tokio::test]
async fn watches_from_versions_the_server_cannot_continue_from_are_refused() {
    let (app, _) = app();
    // As kube-apiserver: the watch is accepted, and its only event is an ERROR with the 410 Status.
    let expired = get(&app, &format!("{GROUPS}?watch=true&resourceVersion=1"), &[]).await;
    assert_eq!(expired.status, StatusCode::OK);
    let event = expired.json();
    assert_eq!(event["type"], "ERROR");
    let status = &event["object"];
    assert_eq!(
        (status["kind"].as_str(), status["reason"].as_str(), status["code"].as_i64()),
        (Some("Status"), Some("Expired"), Some(410))
    );
    let listed = resource_version(&get(&app, GROUPS, &[]).await.json());
    let ahead = get(&app, &format!("{GROUPS}?watch=1&resourceVersion={}", listed + 1000), &[]).await;
    assert_eq!(ahead.status, StatusCode::GATEWAY_TIMEOUT);
    assert_eq!(ahead.json()["details"]["causes"][0]["reason"], "ResourceVersionTooLarge");
    let exact = get(&app, &format!("{GROUPS}?resourceVersion={}&resourceVersionMatch=Exact", listed), &[]).await;
    assert_eq!(exact.status, StatusCode::OK, "the current state, exactly");
}

#[tokio::test]
async fn a_watch_from_the_lists_version_sees_the_next_bundle_change_a_group() {
    let (app, handle) = app();
    let listed = resource_version(&get(&app, GROUPS, &[]).await.json());
    let request =
        Request::get(format!("{GROUPS}?watch=1&resourceVersion={listed}")).body(Body::empty()).expect("request");
    let response = app.clone().oneshot(request).await.expect("infallible");
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/json;stream=watch");
    let mut body = response.into_body();
    handle.store(bundle(1));
    let event = next_event(&mut body).await.expect("an event");
    assert_eq!(
        (event["type"].as_str(), event["object"]["metadata"]["name"].as_str()),
        (Some("MODIFIED"), Some("example.com"))
    );
    assert_eq!(event["object"]["spec"]["versions"][0]["resources"][0]["name"], "widgets1");
    assert!(resource_version(&event["object"]) > listed);
    let metrics = get(&app, "/metrics", &[]).await;
    let text = String::from_utf8_lossy(&metrics.body);
    assert!(text.contains("kapi_watch_streams_open{resource=\"groups\"} 1"), "{text}");
    assert!(text.contains("kapi_watch_events_sent_total{resource=\"groups\",type=\"MODIFIED\"} 1"), "{text}");
    assert!(text.contains("class=\"groups\""), "{text}");
    handle.shutdown();
    assert!(next_event(&mut body).await.is_none(), "shutdown ends the stream");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_graceful_shutdown_does_not_wait_for_open_watches() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("address").port();
    let handle = Handle::with_bundle(bundle(0));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let signal = handle.clone();
    let server = tokio::spawn(kapi_runtime::serve(listener, router(handle), async move {
        let _ = stopped.await;
        signal.shutdown();
    }));
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.expect("connect");
    let request = format!("GET {GROUPS}?watch=1 HTTP/1.1\r\nHost: x\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("send");
    let mut first = vec![0; 4096];
    let read =
        tokio::time::timeout(Duration::from_secs(5), stream.read(&mut first)).await.expect("in time").expect("read");
    let head = String::from_utf8_lossy(&first[..read]).into_owned();
    assert!(head.starts_with("HTTP/1.1 200") && head.contains("transfer-encoding: chunked"), "{head}");
    let started = std::time::Instant::now();
    stop.send(()).expect("server running");
    tokio::time::timeout(Duration::from_secs(5), server).await.expect("shut down in time").expect("no panic");
    assert!(started.elapsed() < Duration::from_secs(2), "took {:?}", started.elapsed());
    let mut rest = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(2), stream.read_to_end(&mut rest)).await;
    let text = format!("{head}{}", String::from_utf8_lossy(&rest));
    assert!(text.contains("\"ADDED\"") && text.ends_with("0\r\n\r\n"), "the stream ended cleanly: {text}");
}
