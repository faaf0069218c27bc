use std::time::{Duration, SystemTime};

use kapi_meta::discovery::v1alpha1::{GroupStatus, GroupVersion};

use super::*;

const API_VERSION: &str = "discovery.k8s.io/v1alpha1";

fn at(seconds: u64) -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(seconds)
}

fn status(versions: &[&str]) -> GroupStatus {
    let versions = versions
        .iter()
        .map(|name| GroupVersion { name: (*name).to_owned(), resources: Vec::new(), freshness: None })
        .collect();
    GroupStatus { versions, server_address_by_client_cidrs: Vec::new() }
}

fn contents(groups: &[(&str, &[&str])]) -> GroupContents {
    GroupContents::from_map(groups.iter().map(|(name, versions)| ((*name).to_owned(), status(versions))).collect())
}

/// (type, name, resource version) of every event after `after`.
fn events(store: &GroupStore, after: u64) -> Vec<(&'static str, String, u64)> {
    let found = store.events_after(after).expect("history complete");
    found.map(|e| (e.change.as_str(), e.name().to_owned(), e.resource_version)).collect()
}

fn resource_version_of(object: &Group) -> u64 {
    object.metadata.resource_version.as_deref().and_then(|rv| rv.parse().ok()).expect("numeric resource version")
}

#[test]
fn the_first_bundle_adds_every_group_with_growing_resource_versions() {
    let mut store = GroupStore::starting_at(1_000, 100);
    assert_eq!(store.apply(&contents(&[("apps", &["v1"]), ("core", &["v1"])]), API_VERSION, at(0)), 2);
    let found = events(&store, 1_000);
    assert_eq!(found, [("ADDED", "apps".to_owned(), 1_001), ("ADDED", "core".to_owned(), 1_002)]);
    assert_eq!(store.resource_version(), 1_002, "a list reports the last change");
    let apps = store.get("apps").expect("apps");
    assert_eq!(apps.type_meta.api_version.as_deref(), Some(API_VERSION));
    assert_eq!(apps.metadata.creation_timestamp.as_ref().map(|t| t.0.as_str()), Some("1970-01-01T00:00:00Z"));
    let uid = apps.metadata.uid.clone().expect("uid");
    assert_eq!(uid.len(), 36, "{uid}");
    assert_ne!(Some(uid), store.get("core").and_then(|core| core.metadata.uid.clone()));
    assert_eq!(resource_version_of(apps), 1_001);
}

#[test]
fn a_new_bundle_modifies_deletes_and_adds_and_leaves_the_rest_alone() {
    let mut store = GroupStore::starting_at(0, 100);
    store.apply(&contents(&[("apps", &["v1"]), ("batch", &["v1"]), ("core", &["v1"])]), API_VERSION, at(0));
    let before = store.resource_version();
    let apps_before = store.get("apps").map(|apps| (**apps).clone()).expect("apps");
    let core_version = store.get("core").map(|core| resource_version_of(core));
    let changed = contents(&[("apps", &["v1", "v1beta1"]), ("core", &["v1"]), ("example.com", &["v1"])]);
    assert_eq!(store.apply(&changed, API_VERSION, at(60)), 3);
    let found: Vec<(&str, String)> = events(&store, before).into_iter().map(|(kind, name, _)| (kind, name)).collect();
    assert_eq!(
        found,
        [("MODIFIED", "apps".to_owned()), ("DELETED", "batch".to_owned()), ("ADDED", "example.com".to_owned())]
    );
    let apps = store.get("apps").expect("apps");
    assert_eq!(apps.status.versions.len(), 2);
    assert_eq!(
        (&apps.metadata.uid, &apps.metadata.creation_timestamp),
        (&apps_before.metadata.uid, &apps_before.metadata.creation_timestamp)
    );
    assert!(resource_version_of(apps) > resource_version_of(&apps_before));
    assert_eq!(store.get("core").map(|core| resource_version_of(core)), core_version, "unchanged objects keep theirs");
    assert!(store.get("batch").is_none());
    let deleted = store.events_after(before).expect("complete").find(|e| e.change == Change::Deleted).expect("deleted");
    assert_eq!(deleted.object.status.versions[0].name, "v1", "a deletion carries the last state");
    assert_eq!(resource_version_of(&deleted.object), deleted.resource_version);
    assert_eq!(store.apply(&changed, API_VERSION, at(61)), 0, "the same bundle again changes nothing");
}

#[test]
fn resource_versions_grow_strictly_even_when_the_clock_goes_back() {
    let mut store = GroupStore::new(at(100));
    let mut seen = vec![store.resource_version()];
    for (step, seconds) in [200, 150, 150, 10].into_iter().enumerate() {
        let versions: &[&str] = if step % 2 == 0 { &["v1"] } else { &["v1", "v2"] };
        store.apply(&contents(&[("apps", versions)]), API_VERSION, at(seconds));
        seen.push(store.resource_version());
    }
    assert!(seen.windows(2).all(|pair| pair[0] < pair[1]), "{seen:?}");
    assert_eq!(seen[1], 200_000_000, "a change takes the clock when it is ahead");
    assert_eq!(seen[2], 200_000_001, "and the next number when the clock is behind");
    let restarted = GroupStore::new(at(300));
    assert!(restarted.resource_version() > *seen.last().expect("some"), "a later run starts above this one");
}

#[test]
fn a_watch_from_before_the_retained_history_is_too_old() {
    let mut store = GroupStore::starting_at(0, 2);
    for (seconds, versions) in [(0, &["v1"][..]), (0, &["v1", "v2"][..]), (0, &["v2"][..])] {
        store.apply(&contents(&[("apps", versions)]), API_VERSION, at(seconds));
    }
    assert_eq!(store.events_after(0).err(), Some(TooOld { oldest: 1 }));
    assert_eq!(events(&store, 1).len(), 2, "the two retained events");
    let mut other = GroupStore::starting_at(0, 2);
    other.apply(&contents(&[("a", &["v1"]), ("b", &["v1"])]), API_VERSION, at(0));
    assert!(other.events_after(0).is_ok(), "a full history still reaches back to the start");
}

#[test]
fn serving_under_another_group_modifies_every_object() {
    let mut store = GroupStore::starting_at(0, 10);
    let groups = contents(&[("apps", &["v1"])]);
    store.apply(&groups, API_VERSION, at(0));
    assert_eq!(store.apply(&groups, "discovery.example.com/v1alpha1", at(0)), 1);
    let apps = store.get("apps").expect("apps");
    assert_eq!(apps.type_meta.api_version.as_deref(), Some("discovery.example.com/v1alpha1"));
}
