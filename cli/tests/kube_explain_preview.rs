//! `kapi serve` as a faithful preview of `kubectl explain` for CRD kinds: a bundle whose group-versions are CRDs
//! only, generated with no conventions chosen, serves what the real API server publishes once those CRDs are
//! installed, so `kubectl explain --recursive` prints the same tree against both, for every example kind and version
//! (a tagged union included), with the oldest and the newest kubectl installed.

use std::path::{Path, PathBuf};
use std::process::Command;

use kapi_tests::kube::{Kube, kube_installing};
use serde_json::Value;

use crate::common::kube_explain::{explain_on_the_server, oldest_and_newest, wait_for};
use crate::common::{Server, run_kubectl};

fn kapi(args: &[&str]) -> Vec<u8> {
    let output = Command::new(env!("CARGO_BIN_EXE_kapi")).args(args).output().expect("kapi runs");
    assert!(output.status.success(), "kapi {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    output.stdout
}

/// The corpus' model with the example groups' explicit choice of lossless documents taken out, so that they get
/// what any user's CRD group-version gets by default.
fn example_groups_with_default_conventions(work: &Path) -> PathBuf {
    let mut model: Value = serde_json::from_slice(&kapi(&["model"])).expect("the model as JSON");
    let conventions = model["conventions"].as_object_mut().expect("the model's conventions");
    let before = conventions.len();
    conventions.retain(|group_version, _| !group_version.contains(".example.com/"));
    assert!(conventions.len() < before, "the corpus chooses the example groups' conventions");
    // Groups of their own (`ops.preview.example.com`), so the CRDs this test installs are no other test's.
    let text = serde_json::to_string(&model).expect("JSON").replace(".example.com", ".preview.example.com");
    let path = work.join("model.json");
    std::fs::write(&path, text).expect("written");
    path
}

/// Installs the bundle's CRDs and waits until each is established and each served version is in the server's OpenAPI v3 index. Returns each
/// served version as (plural, group/version).
fn install(kube: &Kube, bundle: &Path) -> Vec<(String, String)> {
    let mut served = Vec::new();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(bundle.join("crds"))
        .expect("the bundle's CRDs")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    paths.sort();
    for path in paths {
        let crd: Value = serde_json::from_slice(&std::fs::read(&path).expect("read")).expect("a CRD");
        let reply = kube.send_json("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", &crd);
        let body = String::from_utf8_lossy(&reply.body);
        assert_eq!(reply.status, 201, "{}: {body}", path.display());
        let name = crd["metadata"]["name"].as_str().expect("a CRD name").to_owned();
        // `explain` reads `crontabs.spec` as a field path: the group comes from --api-version.
        let plural = crd["spec"]["names"]["plural"].as_str().expect("a plural").to_owned();
        wait_for(kube, &format!("establish {name}"), || {
            let reply = kube
                .get(&format!("/apis/apiextensions.k8s.io/v1/customresourcedefinitions/{name}"), "application/json");
            let conditions = reply.json()["status"]["conditions"].as_array().cloned().unwrap_or_default();
            conditions.iter().any(|c| c["type"] == "Established" && c["status"] == "True")
        });
        let group = crd["spec"]["group"].as_str().expect("a group");
        for version in crd["spec"]["versions"].as_array().expect("versions") {
            if version["served"] == true {
                let version = version["name"].as_str().expect("a version name");
                served.push((plural.clone(), format!("{group}/{version}")));
            }
        }
    }
    wait_for(kube, "publish every served version's OpenAPI", || {
        let index = kube.get("/openapi/v3", "application/json").json();
        served.iter().all(|(_, group_version)| index["paths"].get(format!("apis/{group_version}")).is_some())
    });
    served
}

#[test]
fn kapi_serve_of_crd_kinds_explains_the_tree_the_server_explains() {
    let work = tempfile::tempdir().expect("tempdir");
    let model = example_groups_with_default_conventions(work.path());
    let bundle = work.path().join("generated");
    let (model, out) = (model.to_str().expect("utf-8"), bundle.to_str().expect("utf-8"));
    kapi(&["generate", "--model", model, "--out", out]);

    let kube = kube_installing();
    let served = install(kube, &bundle);
    assert!(served.len() >= 6, "every example kind and version: {served:?}");
    let kapi_server = Server::kapi_serve(&["--dir", out]);

    let mut differences = Vec::new();
    let mut compared = 0;
    for (version, kubectl) in oldest_and_newest() {
        let (theirs_home, ours_home) =
            (work.path().join(format!("server-{version}")), work.path().join(version.clone()));
        for (resource, group_version) in &served {
            let args = ["explain", resource.as_str(), "--api-version", group_version.as_str(), "--recursive"];
            let (theirs_ok, theirs) = explain_on_the_server(&kubectl, kube, &theirs_home, &args);
            let (ours_ok, ours) = run_kubectl(&kubectl, &kapi_server, &ours_home, &args);
            assert!(theirs_ok, "kubectl {version} {args:?} against the server:\n{theirs}");
            compared += 1;
            if !ours_ok || ours != theirs {
                differences.push(format!(
                    "kubectl {version} explain {resource} --api-version {group_version}:\n--- server\n{theirs}\n--- kapi\n{ours}"
                ));
            }
        }
    }
    assert!(compared >= 12, "{compared} trees compared");
    assert!(differences.is_empty(), "{} of {compared} trees differ:\n{}", differences.len(), differences.join("\n"));
}
