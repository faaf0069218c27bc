//! Watches of identity leases through the router: the current leases then the store's changes, selectors on
//! events, continuing from a list's resource version, initial events with their closing bookmark, kubectl's Table
//! watches, 410 for a compacted revision (at the stream's start and during it), and the end of every watch at shutdown.

use crate::common;

use axum::http::StatusCode;
use common::leases::{KUBE_SYSTEM, KUBECTL_TABLE, LEASES, lease, open_watch, serve, summary};
use common::{get, next_event};
use serde_json::Value;

fn resource_version(value: &Value) -> i64 {
    value["metadata"]["resourceVersion"].as_str().and_then(|rv| rv.parse().ok()).expect("numeric resourceVersion")
}

fn pair(event_type: &str, name: &str) -> (String, String) {
    (event_type.to_owned(), name.to_owned())
}

#[tokio::test]
async fn a_watch_sends_the_current_leases_then_every_change_made_while_it_is_open() {
    let (app, _, store) = serve(&LEASES).await;
    let mut body = open_watch(&app, &format!("{KUBE_SYSTEM}?watch=true"), &[]).await;
    for name in ["kapi-server-a", "kapi-server-b", "kube-apiserver-x"] {
        assert_eq!(summary(&next_event(&mut body).await.expect("an event")), pair("ADDED", name));
    }
    let added = store.create(&lease("kube-system", "kapi-server-d", "kapi-server")).await.expect("created");
    let mut renewed = lease("kube-system", "kapi-server-d", "kapi-server");
    renewed.spec.holder_identity = Some("kapi-server-d_next".to_owned());
    let modified = store.update(&renewed, added.revision).await.expect("updated");
    store.create(&lease("default", "kapi-server-e", "kapi-server")).await.expect("created elsewhere");
    assert!(store.delete_unchanged("kube-system", "kapi-server-d", modified.revision).await.expect("deleted"));

    let event = next_event(&mut body).await.expect("an event");
    assert_eq!(summary(&event), pair("ADDED", "kapi-server-d"));
    assert_eq!((event["object"]["kind"].as_str(), resource_version(&event["object"])), (Some("Lease"), added.revision));
    let event = next_event(&mut body).await.expect("an event");
    assert_eq!(summary(&event), pair("MODIFIED", "kapi-server-d"));
    assert_eq!(event["object"]["spec"]["holderIdentity"], "kapi-server-d_next");
    let event = next_event(&mut body).await.expect("an event");
    assert_eq!(summary(&event), pair("DELETED", "kapi-server-d"), "the other namespace's lease is not sent");
    assert!(resource_version(&event["object"]) > modified.revision, "a deletion carries its own revision");

    let metrics = String::from_utf8_lossy(&get(&app, "/metrics", &[]).await.body).into_owned();
    assert!(metrics.contains("kapi_watch_streams_open{resource=\"leases\"} 1"), "{metrics}");
    assert!(metrics.contains("kapi_watch_events_sent_total{resource=\"leases\",type=\"ADDED\"} 4"), "{metrics}");
    assert!(metrics.contains("kapi_watch_events_sent_total{resource=\"leases\",type=\"DELETED\"} 1"), "{metrics}");
    drop(body);
    let metrics = String::from_utf8_lossy(&get(&app, "/metrics", &[]).await.body).into_owned();
    assert!(metrics.contains("kapi_watch_streams_open{resource=\"leases\"} 0"), "a dropped watch is closed: {metrics}");
}

#[tokio::test]
async fn a_watch_from_a_lists_version_sends_only_later_changes_its_selector_lets_through() {
    let (app, _, store) = serve(&LEASES).await;
    let list = get(&app, &format!("{KUBE_SYSTEM}?labelSelector=apiserver.kubernetes.io%2Fidentity%3Dkapi-server"), &[])
        .await
        .json();
    let listed = resource_version(&list);
    let uri = format!(
        "{KUBE_SYSTEM}?watch=1&resourceVersion={listed}&labelSelector=apiserver.kubernetes.io%2Fidentity%3Dkapi-server"
    );
    let mut body = open_watch(&app, &uri, &[]).await;
    store.create(&lease("kube-system", "kube-apiserver-y", "kube-apiserver")).await.expect("another component");
    store.create(&lease("kube-system", "kapi-server-d", "kapi-server")).await.expect("a replica");
    let event = next_event(&mut body).await.expect("an event");
    assert_eq!(summary(&event), pair("ADDED", "kapi-server-d"), "nothing before the list, nor another component");

    let one = "/apis/coordination.k8s.io/v1/watch/namespaces/kube-system/leases/kapi-server-a";
    let mut single = open_watch(&app, &format!("{one}?resourceVersion={listed}"), &[]).await;
    let current = store.get("kube-system", "kapi-server-b").await.expect("read").expect("present");
    store.update(&lease("kube-system", "kapi-server-b", "kapi-server"), current.revision).await.expect("b renewed");
    let current = store.get("kube-system", "kapi-server-a").await.expect("read").expect("present");
    store.update(&lease("kube-system", "kapi-server-a", "kapi-server"), current.revision).await.expect("a renewed");
    assert_eq!(summary(&next_event(&mut single).await.expect("an event")), pair("MODIFIED", "kapi-server-a"));
}

#[tokio::test]
async fn initial_events_end_with_a_bookmark_at_the_lists_revision() {
    let (app, _, store) = serve(&LEASES).await;
    let query = "watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true";
    let mut body = open_watch(&app, &format!("/apis/coordination.k8s.io/v1/watch/leases?{query}"), &[]).await;
    let mut names = Vec::new();
    let bookmark = loop {
        let event = next_event(&mut body).await.expect("an event");
        match event["type"].as_str() {
            Some("ADDED") => names.push(summary(&event).1),
            _ => break event,
        }
    };
    assert_eq!(names, ["kapi-server-c", "kapi-server-a", "kapi-server-b", "kube-apiserver-x"]);
    assert_eq!(bookmark["type"], "BOOKMARK");
    assert_eq!(bookmark["object"]["kind"], "Lease");
    assert_eq!(bookmark["object"]["metadata"]["annotations"]["k8s.io/initial-events-end"], "true");
    assert_eq!(resource_version(&bookmark["object"]), store.list(None).await.expect("listed").revision);
}

#[tokio::test]
async fn kubectl_get_watch_receives_table_rows_with_the_columns_once() {
    let (app, _, store) = serve(&LEASES[..1]).await;
    let mut body = open_watch(&app, &format!("{KUBE_SYSTEM}?watch=1"), &[("accept", KUBECTL_TABLE)]).await;
    let first = next_event(&mut body).await.expect("an event");
    assert_eq!((first["type"].as_str(), first["object"]["kind"].as_str()), (Some("ADDED"), Some("Table")));
    assert_eq!(first["object"]["rows"][0]["cells"][1], "kapi-server-b_holder");
    assert_eq!(first["object"]["columnDefinitions"][1]["name"], "Holder");
    store.create(&lease("kube-system", "kapi-server-z", "kapi-server")).await.expect("created");
    let second = next_event(&mut body).await.expect("an event");
    assert_eq!(summary(&second), pair("ADDED", "kapi-server-z"));
    assert_eq!(second["object"]["columnDefinitions"], serde_json::json!([]), "columns come with the first row only");
}

#[tokio::test]
async fn a_compacted_revision_is_refused_in_the_stream_and_a_future_one_before_it() {
    let (app, _, store) = serve(&LEASES).await;
    // As kube-apiserver answers it: the watch is accepted, and its one event is the 410.
    let compacted = get(&app, &format!("{KUBE_SYSTEM}?watch=1&resourceVersion=1"), &[]).await;
    assert_eq!(compacted.status, StatusCode::OK);
    let event = compacted.json();
    assert_eq!(event["type"], "ERROR");
    let status = &event["object"];
    assert_eq!(
        (status["kind"].as_str(), status["reason"].as_str(), status["code"].as_i64()),
        (Some("Status"), Some("Expired"), Some(410))
    );
    let revision = store.list(None).await.expect("listed").revision;
    let ahead = get(&app, &format!("{KUBE_SYSTEM}?watch=1&resourceVersion={}", revision + 1000), &[]).await;
    assert_eq!(ahead.status, StatusCode::GATEWAY_TIMEOUT);
    assert_eq!(ahead.json()["details"]["causes"][0]["reason"], "ResourceVersionTooLarge");
}

/// A watcher that stops reading while the store changes faster than it keeps changes for it is told its
/// revision is gone (410 in an ERROR event), and the stream ends: the client lists again.
#[tokio::test]
async fn a_watch_left_behind_by_the_store_ends_with_a_410_error_event() {
    let (app, _, store) = serve(&LEASES[..1]).await;
    let mut body = open_watch(&app, &format!("{KUBE_SYSTEM}?watch=1"), &[]).await;
    assert_eq!(summary(&next_event(&mut body).await.expect("an event")), pair("ADDED", "kapi-server-b"));
    let mut revision = store.get("kube-system", "kapi-server-b").await.expect("read").expect("present").revision;
    for _ in 0..1500 {
        revision = store
            .update(&lease("kube-system", "kapi-server-b", "kapi-server"), revision)
            .await
            .expect("renewed")
            .revision;
    }
    let mut last = None;
    while let Some(event) = next_event(&mut body).await {
        last = Some(event);
    }
    let last = last.expect("events before the end");
    assert_eq!(last["type"], "ERROR");
    assert_eq!((last["object"]["code"].as_i64(), last["object"]["reason"].as_str()), (Some(410), Some("Expired")));
}

#[tokio::test]
async fn shutdown_ends_an_open_lease_watch() {
    let (app, handle, store) = serve(&LEASES[..1]).await;
    let mut body = open_watch(&app, &format!("{KUBE_SYSTEM}?watch=1&allowWatchBookmarks=true"), &[]).await;
    assert_eq!(summary(&next_event(&mut body).await.expect("an event")), pair("ADDED", "kapi-server-b"));
    handle.shutdown();
    assert!(next_event(&mut body).await.is_none(), "shutdown ends the stream");
    store.create(&lease("kube-system", "kapi-server-z", "kapi-server")).await.expect("created");
    let mut late = open_watch(&app, &format!("{KUBE_SYSTEM}?watch=1"), &[]).await;
    assert_eq!(next_event(&mut late).await.map(|event| summary(&event).0), Some("ADDED".to_owned()));
    assert_eq!(next_event(&mut late).await.map(|event| summary(&event).0), Some("ADDED".to_owned()));
    assert!(next_event(&mut late).await.is_none(), "a watch opened during shutdown sends what it has, then ends");
}
