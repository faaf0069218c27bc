//! Published documents for the user's own groups, differential: the example groups' CRDs installed on a real
//! kube-apiserver, and the same types served by kapi with `crd` conventions. The server's OpenAPI v3 document of
//! each group-version, its aggregated discovery entry, its legacy group and resource lists must be what kapi
//! serves, value for value.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use kapi_codegen::{Artifacts, Options};
use kapi_model::{Conventions, GroupVersion};
use kapi_runtime::{Bundle, Handle, router};
use kapi_tests::kube::{Kube, kube_installing};
use kapi_tests::{artifact_json, openapi_diff_files};
use serde_json::Value;
use tower::ServiceExt;

const AGGREGATED: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";

/// How long the server may take to publish what its CRDs serve (its controllers work asynchronously).
const PUBLISH_TIMEOUT: Duration = Duration::from_secs(120);

/// The example groups' group-versions: every served group-version of the registry outside Kubernetes' own groups.
fn example_group_versions() -> Vec<GroupVersion> {
    let registry = kapi_schemas::registry();
    let examples = registry.served_group_versions().into_iter().filter(|gv| gv.group.ends_with(".example.com"));
    examples.collect()
}

/// The corpus and example groups generated with every example group-version published as CRDs.
fn generated_as_crds(group_versions: &[GroupVersion]) -> Artifacts {
    let conventions = group_versions.iter().map(|gv| (gv.clone(), Conventions::Crd)).collect();
    kapi_tests::corpus_artifacts_with(&Options { conventions, ..Options::default() })
}

/// Creates every generated CRD on the server (once: a later test of the run finds them there) and waits until
/// each is established.
fn install(kube: &Kube, artifacts: &Artifacts) {
    let crds = artifacts.paths().filter(|path| path.starts_with("crds/") && path.ends_with(".json"));
    for path in crds.map(str::to_owned).collect::<Vec<_>>() {
        let crd = artifact_json(artifacts, &path);
        let reply = kube.send_json("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", &crd);
        assert!(matches!(reply.status, 201 | 409), "{path}: {} {}", reply.status, String::from_utf8_lossy(&reply.body));
        let name = crd["metadata"]["name"].as_str().expect("a CRD name");
        wait_for(kube, &format!("{name} established"), || kube.is_established(name).then_some(()));
    }
}

/// Polls `probe` until it gives a value.
fn wait_for<T>(kube: &Kube, what: &str, mut probe: impl FnMut() -> Option<T>) -> T {
    let started = Instant::now();
    loop {
        if let Some(value) = probe() {
            return value;
        }
        assert!(
            started.elapsed() < PUBLISH_TIMEOUT,
            "{} did not publish {what} within {PUBLISH_TIMEOUT:?}",
            kube.url()
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// What kapi serves for `uri` from the bundle of `artifacts`, through the router `kapi serve` runs.
fn kapi_gets(artifacts: &Artifacts, requests: &[(String, &'static str)]) -> BTreeMap<String, Value> {
    let files: BTreeMap<String, Vec<u8>> =
        artifacts.iter().map(|(path, bytes)| (path.to_owned(), bytes.to_vec())).collect();
    let app = router(Handle::with_bundle(Bundle::from_files(files).expect("the bundle loads")));
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    runtime.block_on(async {
        let mut answers = BTreeMap::new();
        for (uri, accept) in requests {
            let request = Request::get(uri).header(header::ACCEPT, *accept).body(Body::empty()).expect("a request");
            let response = app.clone().oneshot(request).await.expect("the router answers");
            assert_eq!(response.status(), StatusCode::OK, "kapi: {uri}");
            let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
            answers.insert(format!("{uri} {accept}"), serde_json::from_slice(&body).expect("JSON"));
        }
        answers
    })
}

/// The entries of an aggregated discovery list for `groups`, in the list's order.
fn aggregated_entries(list: &Value, groups: &[&str]) -> Vec<Value> {
    let items = list["items"].as_array().cloned().unwrap_or_default();
    items.into_iter().filter(|item| groups.contains(&item["metadata"]["name"].as_str().unwrap_or_default())).collect()
}

fn legacy_entries(list: &Value, groups: &[&str]) -> Vec<Value> {
    let items = list["groups"].as_array().cloned().unwrap_or_default();
    items.into_iter().filter(|item| groups.contains(&item["name"].as_str().unwrap_or_default())).collect()
}

#[test]
fn example_groups_publish_what_the_server_publishes_for_their_crds() {
    let group_versions = example_group_versions();
    assert!(group_versions.len() >= 3, "the example groups: {group_versions:?}");
    let mut groups: Vec<&str> = group_versions.iter().map(|gv| gv.group.as_str()).collect();
    groups.dedup();
    let artifacts = generated_as_crds(&group_versions);
    let kube = kube_installing();
    install(kube, &artifacts);

    // The server's documents, once every group-version is in its OpenAPI index and its aggregated discovery.
    wait_for(kube, "every example group-version", || {
        let index = kube.get("/openapi/v3", "application/json").json();
        let discovery = kube.get("/apis", AGGREGATED).json();
        let listed = |gv: &GroupVersion| {
            let in_index = index["paths"].get(gv.url_path()).is_some();
            let entries = aggregated_entries(&discovery, &[gv.group.as_str()]);
            let versions = entries.first().and_then(|e| e["versions"].as_array().cloned()).unwrap_or_default();
            in_index && versions.iter().any(|v| v["version"] == gv.version.as_str())
        };
        group_versions.iter().all(listed).then_some(())
    });

    let mut requests: Vec<(String, &'static str)> =
        vec![("/apis".into(), AGGREGATED), ("/apis".into(), "application/json")];
    for gv in &group_versions {
        requests.push((format!("/openapi/v3/{}", gv.url_path()), "application/json"));
        requests.push((format!("/{}", gv.url_path()), "application/json"));
    }
    for group in &groups {
        requests.push((format!("/apis/{group}"), "application/json"));
    }
    let ours = kapi_gets(&artifacts, &requests);
    let mut differences = Vec::new();
    for (uri, accept) in &requests {
        let mine = &ours[&format!("{uri} {accept}")];
        let reply = kube.get(uri, accept);
        assert_eq!(reply.status, 200, "the server: {uri}");
        let theirs = reply.json();
        if uri.starts_with("/openapi/v3/") {
            let work = tempfile::tempdir().expect("a temporary directory");
            let upstream = work.path().join("server.json");
            std::fs::write(&upstream, serde_json::to_vec(&theirs).expect("JSON")).expect("written");
            let report = openapi_diff_files(&serde_json::to_vec(mine).expect("JSON"), &upstream, false);
            let identical = |section: &str| report.json[section]["identical"] == report.json[section]["union"];
            let top_level = report.json["top_level"]["identical"] == true;
            if !(identical("schemas") && identical("paths") && top_level) {
                differences.push(format!("{uri}: {}", report.summary));
            }
            continue;
        }
        let (mine, theirs) = match (uri.as_str(), *accept) {
            ("/apis", AGGREGATED) => (aggregated_entries(mine, &groups), aggregated_entries(&theirs, &groups)),
            ("/apis", _) => (legacy_entries(mine, &groups), legacy_entries(&theirs, &groups)),
            _ => (vec![mine.clone()], vec![theirs]),
        };
        if mine != theirs {
            let show = |v: &Vec<Value>| serde_json::to_string(v).unwrap_or_default();
            differences.push(format!("{uri} ({accept}):\n  kapi:   {}\n  server: {}", show(&mine), show(&theirs)));
        }
    }
    assert!(differences.is_empty(), "{} document(s) differ:\n{}", differences.len(), differences.join("\n"));
}
