use std::collections::BTreeMap;

use super::*;

fn object(namespace: Option<&str>, name: &str, labels: &[(&str, &str)]) -> ObjectMeta {
    let labels: BTreeMap<String, String> = labels.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
    ObjectMeta {
        namespace: namespace.map(str::to_owned),
        name: Some(name.to_owned()),
        labels: (!labels.is_empty()).then_some(labels),
        ..ObjectMeta::default()
    }
}

fn named(name: &str) -> ObjectMeta {
    object(None, name, &[])
}

fn parse(query: &str) -> Result<Query, Refusal> {
    let pairs: Vec<(String, String)> = query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            (key.to_owned(), value.to_owned())
        })
        .collect();
    Query::parse(&pairs)
}

fn refusal_code(query: &str) -> Option<i32> {
    parse(query).err().map(|refusal| refusal.status().code.unwrap_or_default())
}

#[test]
fn a_watch_from_a_resource_version_with_bookmarks() {
    let query = parse("watch=1&resourceVersion=42&allowWatchBookmarks=true&timeoutSeconds=30").expect("valid");
    assert!(query.watch && query.allow_bookmarks);
    assert_eq!((query.start, query.timeout), (StartAt::Version(42), Some(Duration::from_secs(30))));
    assert!(!query.initial_events(), "a given version continues from there");
    assert!(parse("watch=true").expect("valid").initial_events(), "no version: the current objects first");
    assert!(parse("watch=true&resourceVersion=0").expect("valid").initial_events());
    assert_eq!(parse("").expect("valid"), parse("pretty=true&limit=500&timeout=32s").expect("ignored"));
}

#[test]
fn field_selectors_pick_names() {
    let query = parse("fieldSelector=metadata.name=apps").expect("valid");
    assert!(query.selects(&named("apps")) && !query.selects(&named("core")));
    let query = parse("fieldSelector=metadata.name!=apps,metadata.name!=core").expect("valid");
    assert!(!query.selects(&named("apps")) && !query.selects(&named("core")) && query.selects(&named("batch")));
    assert!(parse("fieldSelector=metadata.name==apps").expect("valid").selects(&named("apps")));
    assert!(parse("fieldSelector=").expect("valid").selects(&named("anything")));
    let Err(Refusal::BadRequest(message)) = parse("fieldSelector=spec.versions=v1") else { panic!("refused") };
    assert_eq!(message, "field label not supported: spec.versions");
    assert_eq!(refusal_code("fieldSelector=metadata.name"), Some(400));
}

#[test]
fn field_selectors_pick_namespaces_which_objects_outside_namespaces_have_empty() {
    let query = parse("fieldSelector=metadata.namespace=kube-system").expect("valid");
    assert!(query.selects(&object(Some("kube-system"), "a", &[])));
    assert!(!query.selects(&object(Some("default"), "a", &[])) && !query.selects(&named("a")));
    let query = parse("fieldSelector=metadata.namespace=,metadata.name=a").expect("valid");
    assert!(query.selects(&named("a")) && !query.selects(&object(Some("kube-system"), "a", &[])));
    let query = parse("fieldSelector=metadata.namespace!=kube-system").expect("valid");
    assert!(query.selects(&named("a")) && !query.selects(&object(Some("kube-system"), "a", &[])));
}

#[test]
fn label_selectors_hold_together_with_field_selectors() {
    let query = parse("labelSelector=k8s.io/component=kapi-server&fieldSelector=metadata.name!=b").expect("valid");
    assert!(query.selects(&object(Some("kube-system"), "a", &[("k8s.io/component", "kapi-server")])));
    assert!(!query.selects(&object(Some("kube-system"), "b", &[("k8s.io/component", "kapi-server")])));
    assert!(!query.selects(&object(Some("kube-system"), "a", &[("k8s.io/component", "other")])));
    assert!(!query.selects(&named("a")), "no labels: the component label is absent");
    assert!(parse("labelSelector=!k8s.io/component").expect("valid").selects(&named("a")));
    let Err(Refusal::BadRequest(message)) = parse("labelSelector=a in x") else { panic!("refused") };
    assert!(message.starts_with("unable to parse label selector \"a in x\": "), "{message}");
}

#[test]
fn initial_events_need_not_older_than_and_a_watch() {
    let query =
        parse("watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=1").expect("valid");
    assert_eq!(query.send_initial_events, Some(true));
    assert!(query.initial_events());
    let without_initial = parse("watch=1&sendInitialEvents=false&resourceVersionMatch=NotOlderThan").expect("valid");
    assert!(!without_initial.initial_events(), "explicitly off, even with no resource version");
    assert_eq!(refusal_code("watch=1&sendInitialEvents=true"), Some(422));
    assert_eq!(refusal_code("sendInitialEvents=true&resourceVersionMatch=NotOlderThan"), Some(422));
    assert_eq!(refusal_code("watch=1&resourceVersionMatch=NotOlderThan"), Some(422));
}

#[test]
fn list_matches_follow_kube_apiserver() {
    let exact = parse("resourceVersion=7&resourceVersionMatch=Exact").expect("valid");
    assert_eq!((exact.start, exact.version_match), (StartAt::Version(7), Some(VersionMatch::Exact)));
    assert_eq!(refusal_code("resourceVersionMatch=NotOlderThan"), Some(422), "a match needs a version");
    assert_eq!(refusal_code("resourceVersion=0&resourceVersionMatch=Exact"), Some(422));
    assert_eq!(refusal_code("resourceVersion=1&resourceVersionMatch=Newest"), Some(422));
}

#[test]
fn malformed_values_are_bad_requests() {
    for query in [
        "watch=yes",
        "resourceVersion=abc",
        "timeoutSeconds=-1",
        "includeObject=All",
        "continue=abc",
        "labelSelector=app in x",
        "labelSelector=-app",
    ] {
        assert_eq!(refusal_code(query), Some(400), "{query}");
    }
    assert_eq!(parse("includeObject=Object").expect("valid").include_object, IncludeObject::Object);
    assert_eq!(parse("labelSelector=").expect("valid").include_object, IncludeObject::Metadata);
}
