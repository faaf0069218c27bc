//! Identity leases read through the router: lists (per namespace, across namespaces, with label and field
//! selectors), gets, kubectl's tables, refusals, and the routes beside discovery and watchable discovery.

use crate::common;

use axum::http::StatusCode;
use common::get;
use common::leases::{ALL, KUBE_SYSTEM, KUBECTL_TABLE, LEASES, keys, serve};
use kapi_runtime::{Bundle, Handle, router};
use serde_json::{Value, json};

fn resource_version(value: &Value) -> u64 {
    value["metadata"]["resourceVersion"].as_str().and_then(|rv| rv.parse().ok()).expect("numeric resourceVersion")
}

#[tokio::test]
async fn a_namespace_lists_its_leases_sorted_at_the_stores_revision() {
    let (app, _, store) = serve(&LEASES).await;
    let reply = get(&app, &format!("{KUBE_SYSTEM}?limit=500"), &[("accept", "application/json")]).await;
    assert_eq!((reply.status, reply.header("content-type")), (StatusCode::OK, "application/json"));
    let list = reply.json();
    assert_eq!(
        (list["kind"].as_str(), list["apiVersion"].as_str()),
        (Some("LeaseList"), Some("coordination.k8s.io/v1"))
    );
    assert_eq!(keys(&list), ["kube-system/kapi-server-a", "kube-system/kapi-server-b", "kube-system/kube-apiserver-x"]);
    let revision = store.list(None).await.expect("listed").revision;
    assert_eq!(resource_version(&list), u64::try_from(revision).expect("positive"));
    for item in list["items"].as_array().expect("items") {
        assert_eq!(
            (item["apiVersion"].as_str(), item["kind"].as_str()),
            (Some("coordination.k8s.io/v1"), Some("Lease"))
        );
        assert!(resource_version(item) <= resource_version(&list));
        assert!(item["spec"]["holderIdentity"].as_str().is_some_and(|holder| holder.ends_with("_holder")));
    }
    let other = get(&app, "/apis/coordination.k8s.io/v1/namespaces/default/leases", &[]).await.json();
    assert_eq!(keys(&other), ["default/kapi-server-c"]);
    let empty = get(&app, "/apis/coordination.k8s.io/v1/namespaces/nowhere/leases", &[]).await.json();
    assert_eq!((empty["kind"].as_str(), keys(&empty).len()), (Some("LeaseList"), 0));
}

#[tokio::test]
async fn the_component_label_picks_exactly_the_replicas_leases() {
    let (app, _, _) = serve(&LEASES).await;
    let selector = "labelSelector=apiserver.kubernetes.io%2Fidentity%3Dkapi-server";
    let in_kube_system = get(&app, &format!("{KUBE_SYSTEM}?{selector}"), &[]).await.json();
    assert_eq!(keys(&in_kube_system), ["kube-system/kapi-server-a", "kube-system/kapi-server-b"]);
    let everywhere = get(&app, &format!("{ALL}?{selector}"), &[]).await.json();
    assert_eq!(keys(&everywhere), ["default/kapi-server-c", "kube-system/kapi-server-a", "kube-system/kapi-server-b"]);
    let others =
        get(&app, &format!("{ALL}?labelSelector=apiserver.kubernetes.io%2Fidentity%20notin%20(kapi-server)"), &[])
            .await;
    assert_eq!(keys(&others.json()), ["kube-system/kube-apiserver-x"]);
    let unlabelled = get(&app, &format!("{ALL}?labelSelector=!apiserver.kubernetes.io%2Fidentity"), &[]).await.json();
    assert!(keys(&unlabelled).is_empty(), "every fixture lease has the label");
}

#[tokio::test]
async fn field_selectors_pick_names_and_namespaces() {
    let (app, _, _) = serve(&LEASES).await;
    let named = get(&app, &format!("{ALL}?fieldSelector=metadata.name%3Dkapi-server-c"), &[]).await.json();
    assert_eq!(keys(&named), ["default/kapi-server-c"]);
    let in_namespace = format!("{ALL}?fieldSelector=metadata.namespace%3Dkube-system,metadata.name!%3Dkapi-server-a");
    assert_eq!(
        keys(&get(&app, &in_namespace, &[]).await.json()),
        ["kube-system/kapi-server-b", "kube-system/kube-apiserver-x"]
    );
    let elsewhere = get(&app, &format!("{KUBE_SYSTEM}?fieldSelector=metadata.namespace%3Ddefault"), &[]).await.json();
    assert!(keys(&elsewhere).is_empty(), "the path's namespace and the selector's must both hold");
}

#[tokio::test]
async fn a_lease_is_read_by_name_and_a_missing_one_is_a_404_naming_it() {
    let (app, _, store) = serve(&LEASES).await;
    let lease = get(&app, &format!("{KUBE_SYSTEM}/kapi-server-a"), &[]).await.json();
    assert_eq!((lease["kind"].as_str(), lease["apiVersion"].as_str()), (Some("Lease"), Some("coordination.k8s.io/v1")));
    assert_eq!(lease["spec"]["holderIdentity"], "kapi-server-a_holder");
    let stored = store.get("kube-system", "kapi-server-a").await.expect("read").expect("present");
    assert_eq!(resource_version(&lease), u64::try_from(stored.revision).expect("positive"));
    let missing = get(&app, &format!("{KUBE_SYSTEM}/kapi-server-c"), &[]).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND, "that lease is in another namespace");
    let status = missing.json();
    assert_eq!((status["kind"].as_str(), status["reason"].as_str()), (Some("Status"), Some("NotFound")));
    assert_eq!(status["message"], "leases.coordination.k8s.io \"kapi-server-c\" not found");
    assert_eq!(status["details"], json!({"name": "kapi-server-c", "group": "coordination.k8s.io", "kind": "leases"}));
    let ahead = get(&app, &format!("{KUBE_SYSTEM}/kapi-server-a?resourceVersion={}", stored.revision + 100), &[]).await;
    assert_eq!(ahead.status, StatusCode::GATEWAY_TIMEOUT, "a version the store has not reached");
}

#[tokio::test]
async fn kubectl_gets_tables_with_each_leases_holder() {
    let (app, _, _) = serve(&LEASES).await;
    let reply = get(
        &app,
        &format!("{KUBE_SYSTEM}?labelSelector=apiserver.kubernetes.io%2Fidentity%3Dkapi-server"),
        &[("accept", KUBECTL_TABLE)],
    )
    .await;
    let table = reply.json();
    assert_eq!((table["kind"].as_str(), table["apiVersion"].as_str()), (Some("Table"), Some("meta.k8s.io/v1")));
    let columns: Vec<&str> =
        table["columnDefinitions"].as_array().expect("columns").iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(columns, ["Name", "Holder", "Age"]);
    let rows = table["rows"].as_array().expect("rows");
    let cells: Vec<(&str, &str)> = rows
        .iter()
        .map(|row| (row["cells"][0].as_str().unwrap_or(""), row["cells"][1].as_str().unwrap_or("")))
        .collect();
    assert_eq!(cells, [("kapi-server-a", "kapi-server-a_holder"), ("kapi-server-b", "kapi-server-b_holder")]);
    let age = rows[0]["cells"][2].as_str().expect("an age");
    assert!(age.ends_with(['y', 'd']) && !age.starts_with('<'), "created in 2024: {age}");
    assert_eq!(rows[0]["object"]["kind"], "PartialObjectMetadata");
    assert_eq!(rows[0]["object"]["metadata"]["labels"]["apiserver.kubernetes.io/identity"], "kapi-server");
    assert_eq!(resource_version(&table), resource_version(&get(&app, KUBE_SYSTEM, &[]).await.json()));

    let one =
        get(&app, &format!("{KUBE_SYSTEM}/kapi-server-b?includeObject=Object"), &[("accept", KUBECTL_TABLE)]).await;
    assert_eq!(one.json()["rows"][0]["object"]["spec"]["holderIdentity"], "kapi-server-b_holder");
    let bare = get(&app, &format!("{KUBE_SYSTEM}?includeObject=None"), &[("accept", KUBECTL_TABLE)]).await.json();
    assert!(bare["rows"][0].get("object").is_none());
    let beta = get(&app, ALL, &[("accept", "application/json;as=Table;v=v1beta1;g=meta.k8s.io")]).await.json();
    assert_eq!(
        (beta["apiVersion"].as_str(), beta["rows"].as_array().map(Vec::len)),
        (Some("meta.k8s.io/v1beta1"), Some(4))
    );
    let refused = get(&app, KUBE_SYSTEM, &[("accept", "application/vnd.kubernetes.protobuf")]).await;
    assert_eq!(
        (refused.status, refused.json()["reason"].as_str()),
        (StatusCode::NOT_ACCEPTABLE, Some("NotAcceptable"))
    );
}

#[tokio::test]
async fn malformed_queries_are_refused_with_a_status() {
    let (app, _, _) = serve(&LEASES).await;
    for query in [
        "labelSelector=apiserver.kubernetes.io%2Fidentity%20in%20kapi-server",
        "labelSelector=-x%3Dy",
        "fieldSelector=spec.holderIdentity%3Dx",
        "continue=abc",
    ] {
        let reply = get(&app, &format!("{KUBE_SYSTEM}?{query}"), &[]).await;
        let status = reply.json();
        assert_eq!((reply.status, status["reason"].as_str()), (StatusCode::BAD_REQUEST, Some("BadRequest")), "{query}");
    }
    let bad = get(&app, &format!("{ALL}?labelSelector=a%20in%20(b"), &[]).await.json();
    assert!(
        bad["message"].as_str().is_some_and(|m| m.contains("\"a in (b\"")),
        "the message quotes the selector: {bad}"
    );
    let exact = get(&app, &format!("{KUBE_SYSTEM}?resourceVersion=1&resourceVersionMatch=Exact"), &[]).await;
    assert_eq!((exact.status, exact.json()["reason"].as_str()), (StatusCode::GONE, Some("Expired")), "no older states");
    let listed = resource_version(&get(&app, KUBE_SYSTEM, &[]).await.json());
    let current = get(&app, &format!("{KUBE_SYSTEM}?resourceVersion={listed}&resourceVersionMatch=Exact"), &[]).await;
    assert_eq!(current.status, StatusCode::OK, "the current state, exactly");
}

#[tokio::test]
async fn without_a_store_the_lease_paths_are_not_found() {
    let (app, _) = common::app();
    for path in [
        ALL.to_owned(),
        KUBE_SYSTEM.to_owned(),
        format!("{KUBE_SYSTEM}/kapi-server-a"),
        "/apis/coordination.k8s.io/v1/watch/leases".to_owned(),
        "/apis/coordination.k8s.io/v1/watch/namespaces/kube-system/leases/kapi-server-a".to_owned(),
    ] {
        let reply = get(&app, &path, &[]).await;
        assert_eq!(
            (reply.status, reply.json()["reason"].as_str()),
            (StatusCode::NOT_FOUND, Some("NotFound")),
            "{path}"
        );
    }
}

/// A bundle whose discovery serves `coordination.k8s.io/v1` and lists watchable discovery's `groups` in
/// `coordination.k8s.io/v1alpha1`: every path under `/apis/coordination.k8s.io` the lease routes do not claim
/// must still reach discovery or `groups`.
#[tokio::test]
async fn lease_routes_leave_discovery_and_groups_paths_of_the_same_group_alone() {
    let mut files = common::files_serving_groups(0, "coordination.k8s.io");
    let version = json!({"groupVersion": "coordination.k8s.io/v1", "version": "v1"});
    let group = json!({"kind": "APIGroup", "apiVersion": "v1", "name": "coordination.k8s.io", "versions": [version],
                       "preferredVersion": version});
    let resources = json!({"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": "coordination.k8s.io/v1",
        "resources": [{"name": "leases", "singularName": "lease", "namespaced": true, "kind": "Lease",
                       "verbs": ["get", "list", "watch"]}]});
    files.insert("discovery/apis__coordination.k8s.io.json".into(), common::pretty(&group));
    files.insert("discovery/apis__coordination.k8s.io__v1.json".into(), common::pretty(&resources));
    let handle = Handle::new();
    kapi_runtime::watchable::attach(&handle, "coordination.k8s.io");
    handle.store(Bundle::from_files_with(files, &common::options()).expect("bundle loads"));
    kapi_runtime::identity::serve_leases(&handle, kapi_runtime::identity::LeaseStore::memory());
    let app = router(handle);
    assert_eq!(get(&app, "/apis/coordination.k8s.io", &[]).await.json()["kind"], "APIGroup");
    assert_eq!(get(&app, "/apis/coordination.k8s.io/v1", &[]).await.json()["resources"][0]["name"], "leases");
    let groups = get(&app, "/apis/coordination.k8s.io/v1alpha1/groups", &[]).await.json();
    assert_eq!(groups["kind"], "GroupList");
    let group = get(&app, "/apis/coordination.k8s.io/v1alpha1/groups/coordination.k8s.io", &[]).await.json();
    assert_eq!(group["kind"], "Group");
    assert_eq!(get(&app, ALL, &[]).await.json()["kind"], "LeaseList");
    assert_eq!(get(&app, "/apis/example.com/v1", &[]).await.json()["groupVersion"], "example.com/v1");
    assert_eq!(get(&app, "/apis/coordination.k8s.io/v1/leases/x", &[]).await.status, StatusCode::NOT_FOUND);
    let metrics = String::from_utf8_lossy(&get(&app, "/metrics", &[]).await.body).into_owned();
    assert!(metrics.contains("kapi_http_requests_total{class=\"leases\",method=\"GET\",code=\"200\"} 1"), "{metrics}");
}
