use std::collections::BTreeMap;
use std::time::Duration;

use kapi_meta::discovery::v1alpha1::{GroupStatus, GroupVersion, RESOURCE};
use serde_json::Value;
use tokio::time::Instant;

use super::*;
use crate::objects::GroupContents;
use kapi_rest::WatchMetrics;
use kapi_rest::query::IncludeObject;
use kapi_rest::table::TableRequest;
use kapi_rest::watch::BOOKMARK_EVERY;

type GroupSession = Session<GroupChanges>;

const API_VERSION: &str = "discovery.k8s.io/v1alpha1";

fn contents(groups: &[(&str, &[&str])]) -> GroupContents {
    let status = |versions: &[&str]| GroupStatus {
        versions: versions
            .iter()
            .map(|name| GroupVersion { name: (*name).to_owned(), resources: Vec::new(), freshness: None })
            .collect(),
        server_address_by_client_cidrs: Vec::new(),
    };
    let by_name: BTreeMap<String, GroupStatus> =
        groups.iter().map(|(name, versions)| ((*name).to_owned(), status(versions))).collect();
    GroupContents::from_map(by_name)
}

fn handle_with(groups: &[(&str, &[&str])]) -> Handle {
    let handle = Handle::new();
    handle.attach(Groups { hub: crate::hub::Hub::new(), discovery_group: "discovery.k8s.io".to_owned() });
    WatchMetrics::of(handle.metrics()).serve(RESOURCE);
    groups_of(&handle).hub.publish(&contents(groups), API_VERSION);
    handle
}

fn groups_of(handle: &Handle) -> Arc<Groups> {
    handle.attached::<Groups>().expect("the feature's state is attached")
}

fn query(text: &str) -> Query {
    let pairs: Vec<(String, String)> = text
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| pair.split_once('=').map(|(k, v)| (k.to_owned(), v.to_owned())).unwrap_or_default())
        .collect();
    Query::parse(&pairs).expect("valid query")
}

fn json_shape() -> Shape {
    Shape { api_version: API_VERSION.to_owned(), resource: RESOURCE, table: None }
}

fn open(handle: &Handle, text: &str) -> GroupSession {
    start(handle, &groups_of(handle), query(text), json_shape()).expect("watch starts")
}

/// The next event, or `None` when the stream ended; fails when nothing comes within a (virtual) second.
async fn next(session: &mut GroupSession) -> Option<Value> {
    let line = tokio::time::timeout(Duration::from_secs(1), session.next_line()).await.expect("an event or the end")?;
    assert!(line.ends_with(b"\n"), "one event per line");
    Some(serde_json::from_slice(&line).expect("a JSON event"))
}

fn summary(event: &Value) -> (String, String) {
    let name = event["object"]["metadata"]["name"].as_str().unwrap_or_default().to_owned();
    (event["type"].as_str().unwrap_or_default().to_owned(), name)
}

fn current(handle: &Handle) -> u64 {
    groups_of(handle).hub.store().resource_version()
}

#[tokio::test(start_paused = true)]
async fn a_watch_without_a_version_starts_with_the_current_objects_then_follows_changes() {
    let handle = handle_with(&[("apps", &["v1"]), ("core", &["v1"])]);
    let mut session = open(&handle, "watch=1");
    assert_eq!(summary(&next(&mut session).await.expect("event")), ("ADDED".into(), "apps".into()));
    assert_eq!(summary(&next(&mut session).await.expect("event")), ("ADDED".into(), "core".into()));
    groups_of(&handle).hub.publish(&contents(&[("apps", &["v1", "v1beta1"])]), API_VERSION);
    let modified = next(&mut session).await.expect("event");
    assert_eq!(summary(&modified), ("MODIFIED".into(), "apps".into()));
    assert_eq!(modified["object"]["spec"]["versions"][1]["name"], "v1beta1");
    let deleted = next(&mut session).await.expect("event");
    assert_eq!(summary(&deleted), ("DELETED".into(), "core".into()));
    assert_eq!(deleted["object"]["metadata"]["resourceVersion"], current(&handle).to_string());
}

#[tokio::test(start_paused = true)]
async fn a_watch_from_a_version_replays_what_followed_it() {
    let handle = handle_with(&[("apps", &["v1"])]);
    let listed = current(&handle);
    groups_of(&handle).hub.publish(&contents(&[("apps", &["v1"]), ("batch", &["v1"])]), API_VERSION);
    let mut session = open(&handle, &format!("watch=1&resourceVersion={listed}"));
    assert_eq!(summary(&next(&mut session).await.expect("event")), ("ADDED".into(), "batch".into()));
    assert!(tokio::time::timeout(Duration::from_secs(1), session.next_line()).await.is_err(), "nothing else yet");
    let from_now = start(
        &handle,
        &groups_of(&handle),
        query(&format!("watch=1&resourceVersion={}", current(&handle))),
        json_shape(),
    );
    assert!(from_now.is_ok());
}

#[tokio::test(start_paused = true)]
async fn versions_before_the_start_or_ahead_of_the_server_are_refused() {
    let handle = handle_with(&[("apps", &["v1"])]);
    let now = current(&handle);
    let too_old = start(&handle, &groups_of(&handle), query("watch=1&resourceVersion=5"), json_shape()).err();
    assert!(matches!(too_old, Some(Refusal::Expired { requested: 5, .. })), "{too_old:?}");
    let ahead =
        start(&handle, &groups_of(&handle), query(&format!("watch=1&resourceVersion={}", now + 10)), json_shape())
            .err();
    assert_eq!(ahead, Some(Refusal::TooLargeResourceVersion { requested: now + 10, current: now }));
    let text = handle.metrics().render();
    assert!(text.contains("kapi_watch_streams_open{resource=\"groups\"} 0"), "refused watches are not open: {text}");
}

#[tokio::test(start_paused = true)]
async fn bookmarks_come_periodically_and_carry_only_the_resource_version() {
    let handle = handle_with(&[("apps", &["v1"])]);
    let mut session = open(&handle, &format!("watch=1&allowWatchBookmarks=true&resourceVersion={}", current(&handle)));
    let waited = Instant::now();
    let line = session.next_line().await.expect("a bookmark");
    assert_eq!(waited.elapsed(), BOOKMARK_EVERY);
    let bookmark: Value = serde_json::from_slice(&line).expect("json");
    assert_eq!(bookmark["type"], "BOOKMARK");
    assert_eq!(
        bookmark["object"],
        serde_json::json!({"apiVersion": API_VERSION, "kind": "Group",
                           "metadata": {"resourceVersion": current(&handle).to_string()}})
    );
    let text = handle.metrics().render();
    assert!(text.contains("kapi_watch_streams_open{resource=\"groups\"} 1"), "{text}");
    assert!(text.contains("kapi_watch_events_sent_total{resource=\"groups\",type=\"BOOKMARK\"} 1"), "{text}");
    drop(session);
    assert!(handle.metrics().render().contains("kapi_watch_streams_open{resource=\"groups\"} 0"));
}

#[tokio::test(start_paused = true)]
async fn a_short_watch_gets_a_bookmark_two_seconds_before_its_timeout() {
    let handle = handle_with(&[("apps", &["v1"])]);
    let text = format!("watch=1&allowWatchBookmarks=true&timeoutSeconds=5&resourceVersion={}", current(&handle));
    let mut session = open(&handle, &text);
    let started = Instant::now();
    let line = session.next_line().await.expect("a bookmark");
    assert_eq!(started.elapsed(), Duration::from_secs(3));
    let bookmark: Value = serde_json::from_slice(&line).expect("json");
    assert_eq!(bookmark["type"], "BOOKMARK");
    assert_eq!(bookmark["object"]["metadata"]["resourceVersion"], current(&handle).to_string());
    assert!(session.next_line().await.is_none(), "then the watch ends");
    assert_eq!(started.elapsed(), Duration::from_secs(5));
}

#[tokio::test(start_paused = true)]
async fn initial_events_end_with_an_annotated_bookmark() {
    let handle = handle_with(&[("apps", &["v1"]), ("core", &["v1"])]);
    let mut session =
        open(&handle, "watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true");
    let mut types = Vec::new();
    for _ in 0..3 {
        types.push(next(&mut session).await.expect("event"));
    }
    assert_eq!(
        types.iter().map(|e| e["type"].as_str().unwrap_or_default()).collect::<Vec<_>>(),
        ["ADDED", "ADDED", "BOOKMARK"]
    );
    assert_eq!(types[2]["object"]["metadata"]["annotations"]["k8s.io/initial-events-end"], "true");
    assert_eq!(types[2]["object"]["metadata"]["resourceVersion"], current(&handle).to_string());
}

#[tokio::test(start_paused = true)]
async fn a_watch_ends_at_its_timeout_and_at_shutdown() {
    let handle = handle_with(&[("apps", &["v1"])]);
    let mut timed = open(&handle, &format!("watch=1&timeoutSeconds=5&resourceVersion={}", current(&handle)));
    let started = Instant::now();
    assert!(tokio::time::timeout(Duration::from_secs(10), timed.next_line()).await.expect("ends").is_none());
    assert_eq!(started.elapsed(), Duration::from_secs(5));
    let mut opened = open(&handle, "watch=1");
    assert_eq!(summary(&next(&mut opened).await.expect("event")), ("ADDED".into(), "apps".into()));
    handle.shutdown();
    assert!(next(&mut opened).await.is_none(), "shutdown ends the stream");
    let mut late = open(&handle, "watch=1");
    assert!(next(&mut late).await.is_some(), "a watch opened during shutdown sends what it has");
    assert!(next(&mut late).await.is_none(), "and ends");
}

#[tokio::test(start_paused = true)]
async fn a_watch_that_falls_behind_the_history_gets_a_410_error_event() {
    let handle = handle_with(&[("apps", &["v1"])]);
    let mut session = open(&handle, &format!("watch=1&resourceVersion={}", current(&handle)));
    for round in 0..=super::super::history::RETAINED_EVENTS {
        let versions: &[&str] = if round % 2 == 0 { &["v1", "v2"] } else { &["v1"] };
        groups_of(&handle).hub.publish(&contents(&[("apps", versions)]), API_VERSION);
    }
    let error = next(&mut session).await.expect("an error event");
    assert_eq!(error["type"], "ERROR");
    assert_eq!((error["object"]["code"].as_i64(), error["object"]["reason"].as_str()), (Some(410), Some("Expired")));
    assert!(next(&mut session).await.is_none());
}

#[tokio::test(start_paused = true)]
async fn field_selectors_and_tables_shape_the_events() {
    let handle = handle_with(&[("apps", &["v1"]), ("batch", &["v1"])]);
    let table = Some(TableRequest { api_version: "meta.k8s.io/v1", include: IncludeObject::Metadata });
    let shape = Shape { api_version: API_VERSION.to_owned(), resource: RESOURCE, table };
    let mut session = start(&handle, &groups_of(&handle), query("watch=1&fieldSelector=metadata.name!=batch"), shape)
        .expect("starts");
    let first = next(&mut session).await.expect("event");
    assert_eq!((first["type"].as_str(), first["object"]["kind"].as_str()), (Some("ADDED"), Some("Table")));
    assert_eq!(first["object"]["rows"][0]["cells"][0], "apps");
    assert!(!first["object"]["columnDefinitions"].as_array().expect("columns").is_empty());
    groups_of(&handle).hub.publish(&contents(&[("apps", &["v2"]), ("batch", &["v2"])]), API_VERSION);
    let second = next(&mut session).await.expect("event");
    assert_eq!(second["object"]["rows"][0]["cells"][1], "v2");
    assert_eq!(second["object"]["columnDefinitions"], serde_json::json!([]), "columns come with the first only");
    assert!(tokio::time::timeout(Duration::from_secs(1), session.next_line()).await.is_err(), "batch is filtered out");
}
