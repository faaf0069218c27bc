use serde_json::{Value, json};

use super::*;

fn item(group: &str, versions: &[&str], resource: &str) -> Value {
    let versions: Vec<Value> = versions
        .iter()
        .map(|v| json!({"version": v, "freshness": "Current", "resources": [{"resource": resource}]}))
        .collect();
    json!({"metadata": {"name": group}, "versions": versions})
}

fn spec(text: &str) -> UpstreamSpec {
    text.parse().expect("spec")
}

fn versions(merged: &Merged, group: &str) -> Vec<(String, bool)> {
    let item = merged.items.iter().find(|i| group_name(i) == group).expect("group present");
    versions_of(item).iter().map(|v| (version_name(v).to_owned(), is_current(v))).collect()
}

#[test]
fn the_aggregator_keeps_its_own_group_versions_and_reports_the_claim() {
    let local = [item("apps", &["v1"], "deployments")];
    let a = spec("a=http://a");
    let upstream = [item("apps", &["v1", "v1beta1"], "other"), item("x.example.com", &["v1"], "widgets")];
    let merged = merge(&local, &[Contribution { spec: &a, items: &upstream, current: true }], false);
    assert_eq!(versions(&merged, "apps"), [("v1".to_owned(), true), ("v1beta1".to_owned(), true)]);
    assert_eq!(merged.items[0]["versions"][0]["resources"][0]["resource"], "deployments");
    assert_eq!(versions(&merged, "x.example.com"), [("v1".to_owned(), true)]);
    assert_eq!(
        merged.conflicts,
        [Conflict { group_version: "apps/v1".into(), dropped: "a".into(), kept_by: "local".into() }]
    );
    assert_eq!(merged.owners.get(&("apps".into(), "v1beta1".into())), Some(&Owner::Upstream(0)));
}

#[test]
fn between_upstreams_the_first_listed_wins() {
    let (a, b) = (spec("a=http://a"), spec("b=http://b"));
    let from_a = [item("x.example.com", &["v1"], "from-a")];
    let from_b = [item("x.example.com", &["v1"], "from-b")];
    let contributions = [
        Contribution { spec: &a, items: &from_a, current: true },
        Contribution { spec: &b, items: &from_b, current: true },
    ];
    let merged = merge(&[], &contributions, false);
    assert_eq!(merged.items.len(), 1);
    assert_eq!(merged.items[0]["versions"][0]["resources"][0]["resource"], "from-a");
    assert_eq!(merged.conflicts[0].dropped, "b");
    assert_eq!(merged.conflicts[0].kept_by, "a");
}

#[test]
fn a_registered_upstream_only_contributes_its_group_versions() {
    let a = spec("a=http://a,gv=x.example.com/v1");
    let upstream = [item("x.example.com", &["v1", "v2"], "widgets"), item("y.example.com", &["v1"], "gadgets")];
    let merged = merge(&[], &[Contribution { spec: &a, items: &upstream, current: true }], false);
    assert_eq!(merged.items.len(), 1);
    assert_eq!(versions(&merged, "x.example.com"), [("v1".to_owned(), true)]);
    assert!(merged.conflicts.is_empty());
}

#[test]
fn a_stale_upstream_keeps_its_resources_marked_stale() {
    let a = spec("a=http://a");
    let upstream = [item("x.example.com", &["v1"], "widgets")];
    let merged = merge(&[], &[Contribution { spec: &a, items: &upstream, current: false }], false);
    assert_eq!(versions(&merged, "x.example.com"), [("v1".to_owned(), false)]);
    assert_eq!(merged.items[0]["versions"][0]["resources"][0]["resource"], "widgets");
}

#[test]
fn a_registered_upstream_that_never_answered_is_published_empty_and_stale() {
    let a = spec("a=http://a,gv=x.example.com/v1,gv=v1");
    let apis = merge(&[], &[Contribution { spec: &a, items: &[], current: false }], false);
    assert_eq!(
        apis.items,
        [json!({"metadata": {"name": "x.example.com"},
        "versions": [{"version": "v1", "resources": [], "freshness": "Stale"}]})]
    );
    let core = merge(&[], &[Contribution { spec: &a, items: &[], current: false }], true);
    assert_eq!(core.items[0]["metadata"]["name"], "");
}
