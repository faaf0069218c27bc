//! docs/FIRST-DAY.md done as a new user does it, against the real API server: a fresh crate from `kapi init` with
//! the page's Rust blocks as its `src/lib.rs` (so the page and the crate cannot drift), built by cargo (its build
//! script generates the bundle), then the page's shell block: `kapi serve --dir` as the conversion webhook over
//! TLS, the CRD applied and pointed at it with kubectl. Objects written in each of the three versions read back in
//! every version as the history says (renamed, added, removed fields, the union, the stash), through the server's
//! calls to the webhook; each version's columns and scale subresource name that version's fields; and `kubectl
//! explain --recursive` of each version is the same against `kapi serve --dir` as against the server.
//!
//! The crate builds with the workspace's profiles in a target directory of its own, `$KAPI_CACHE/first-day-target`:
//! the one scripts/test.sh builds the crates of `kapi init` and `kapi import` in is locked by that build for minutes
//! while the tests run, and this test would wait on it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use kapi_tests::kube::{Kube, kube_installing};
use serde_json::{Value, json};

use crate::common::kube_explain::{explain_on_the_server, oldest_and_newest, wait_for};
use crate::common::{Server, run_kubectl};

const PAGE: &str = include_str!("../../docs/FIRST-DAY.md");
const GROUP: &str = "firstday.example.com";
const VERSIONS: [&str; 3] = ["v1alpha1", "v1beta1", "v1"];
/// The port the page's commands use; the test's server listens on a free one instead.
const PAGE_PORT: &str = "8443";

/// The page's fenced blocks of `language`, in order.
fn blocks(language: &str) -> Vec<&'static str> {
    let fence = format!("```{language}\n");
    PAGE.split(&fence).skip(1).map(|rest| rest.split("```").next().expect("a closed block")).collect()
}

fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").canonicalize().expect("the checkout")
}

fn cache_dir() -> PathBuf {
    match std::env::var_os("KAPI_CACHE") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(std::env::var_os("HOME").expect("HOME is set")).join(".cache/kapi"),
    }
}

fn run(command: &mut Command, what: &str) -> String {
    let output = command.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{what} failed:\n{text}");
    text
}

/// The page's crate, built in `work`: its first shell block (with `kapi init` on this checkout), its Rust blocks
/// as `src/lib.rs`, then `cargo build`. Returns the crate's directory.
fn build_crate(work: &Path) -> PathBuf {
    let root = project_root();
    let setup = blocks("sh")[0];
    assert!(setup.starts_with("kapi init caches"), "the page starts with kapi init:\n{setup}");
    // `kapi init` as the page writes it, on this checkout (kapi's crates are not on crates.io).
    let kapi = format!("kapi() {{ '{}' \"$@\" --kapi-path '{}'; }}\n", env!("CARGO_BIN_EXE_kapi"), root.display());
    run(
        Command::new("bash").args(["-euo", "pipefail", "-c", &format!("{kapi}{setup}")]).current_dir(work),
        "the setup",
    );
    let krate = work.join("caches");
    std::fs::write(krate.join("src/lib.rs"), blocks("rust").concat()).expect("src/lib.rs written");
    let profiles = work.join("profiles.toml");
    run(Command::new("python3").arg("scripts/ci/profiles.py").arg(&profiles).current_dir(&root), "profiles.py");
    let build = run(
        Command::new("cargo")
            .args(["build", "--offline", "--config"])
            .arg(&profiles)
            .env("CARGO_TARGET_DIR", cache_dir().join("first-day-target"))
            .current_dir(&krate),
        "cargo build of the page's crate",
    );
    // Generation warnings reach cargo's output as `warning: caches@0.1.0: ...`: the page's kind has none.
    assert!(!build.contains("warning: caches@"), "the build script warned:\n{build}");
    krate
}

/// The page's `kapi serve` command (its flags, without `--addr` and the trailing `&`) and the other lines of its
/// cluster block, with the webhook's port made `port`.
fn cluster_block() -> (Vec<String>, String) {
    let block = blocks("sh")[1];
    let (serve, rest): (Vec<&str>, Vec<&str>) = block.lines().partition(|line| line.starts_with("kapi serve"));
    let [serve] = serve[..] else { panic!("one kapi serve line in:\n{block}") };
    let mut flags = Vec::new();
    let mut words = serve.trim_end_matches('&').split_whitespace().skip(2);
    while let Some(flag) = words.next() {
        let value = words.next().unwrap_or_else(|| panic!("{flag} has a value"));
        if flag != "--addr" {
            flags.extend([flag.to_owned(), value.to_owned()]);
        }
    }
    (flags, rest.join("\n"))
}

fn object(version: &str, name: &str, spec: Value) -> Value {
    json!({
        "apiVersion": format!("{GROUP}/{version}"),
        "kind": "Cache",
        "metadata": {"name": name, "namespace": "default"},
        "spec": spec,
    })
}

/// Creates `object`, retrying while the server still calls the webhook the CRD named before the patch (its CRD
/// handler is rebuilt asynchronously).
fn create(kube: &Kube, object: &Value) {
    let version = object["apiVersion"].as_str().expect("apiVersion");
    let path = format!("/apis/{version}/namespaces/default/caches");
    let started = Instant::now();
    loop {
        let reply = kube.send_json("POST", &path, object);
        if reply.status == 201 {
            return;
        }
        let body = String::from_utf8_lossy(&reply.body).into_owned();
        assert!(
            reply.status >= 500 && started.elapsed() < Duration::from_secs(60),
            "creating {}: {} {body}",
            object["metadata"]["name"],
            reply.status
        );
        std::thread::sleep(Duration::from_millis(500));
    }
}

fn read(kube: &Kube, version: &str, name: &str, subresource: &str) -> Value {
    let path = format!("/apis/{GROUP}/{version}/namespaces/default/caches/{name}{subresource}");
    let reply = kube.get(&path, "application/json");
    assert_eq!(reply.status, 200, "{path}: {}", String::from_utf8_lossy(&reply.body));
    reply.json()
}

#[test]
fn the_first_day_crate_converts_through_kapi_serve_dir_on_the_real_server() {
    let work = tempfile::tempdir().expect("tempdir");
    let krate = build_crate(work.path());
    let kube = kube_installing();

    let (flags, commands) = cluster_block();
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let webhook = Server::kapi_serve_in(&krate, &flags);
    assert!(webhook.https, "the webhook serves HTTPS");
    let commands = commands.replace(PAGE_PORT, &webhook.port.to_string());
    let kubectl_dir = oldest_and_newest().pop().expect("a kubectl").1.parent().expect("a directory").to_path_buf();
    let path = format!("{}:{}", kubectl_dir.display(), std::env::var("PATH").unwrap_or_default());
    run(
        Command::new("bash")
            .args(["-euo", "pipefail", "-c", &commands])
            .env("KUBECONFIG", kube.kubeconfig())
            .env("PATH", path)
            .current_dir(&krate),
        "the page's cluster commands",
    );

    // One object written in each version, with what only that version can say.
    let s3 = json!({"provider": "s3", "bucket": "snaps", "region": "eu-west-1"});
    let written = [
        object("v1alpha1", "written-in-v1alpha1", json!({"nodes": 3, "evict": false, "snapshots": s3})),
        object("v1beta1", "written-in-v1beta1", json!({"nodes": 4, "memoryMib": 512, "evict": true})),
        object(
            "v1",
            "written-in-v1",
            json!({"replicas": 5, "memoryMib": 1024, "snapshots": {"provider": "gcs", "bucket": "g"}}),
        ),
    ];
    for object in &written {
        create(kube, object);
    }
    for object in &written {
        let (name, spec) = (object["metadata"]["name"].as_str().expect("a name"), &object["spec"]);
        let own = object["apiVersion"].as_str().and_then(|v| v.rsplit_once('/')).expect("group/version").1;
        let replicas = spec.get("nodes").or(spec.get("replicas")).cloned().expect("a count");
        for version in VERSIONS {
            let read = read(kube, version, name, "");
            let got = &read["spec"];
            assert_eq!(read["apiVersion"], format!("{GROUP}/{version}"));
            if version == own {
                // Through storage (v1) and back, nothing lost: `evict`, which v1 lacks, came back from the stash.
                assert_eq!(got, spec, "{name} read in its own version");
                continue;
            }
            let count = if version == "v1" { "replicas" } else { "nodes" };
            assert_eq!(got[count], replicas, "{name} in {version}: {got}");
            assert_eq!(got.get(if version == "v1" { "nodes" } else { "replicas" }), None, "{name} in {version}");
            match version {
                "v1alpha1" => assert_eq!(got.get("memoryMib"), None, "{name} in v1alpha1: {got}"),
                _ => assert_eq!(
                    got["memoryMib"],
                    spec.get("memoryMib").cloned().unwrap_or(json!(0)),
                    "{name} in {version}"
                ),
            }
            if version == "v1" {
                assert_eq!(got.get("evict"), None, "v1 has no evict: {got}");
            }
            assert_eq!(got.get("snapshots"), spec.get("snapshots"), "{name} in {version}: the union unchanged");
            // The scale subresource reads each version's own field.
            assert_eq!(read_scale(kube, version, name), replicas, "{name}/scale in {version}");
        }
    }
    // What v1 cannot hold of a v1alpha1 object waits in the stored object's annotation for the way back.
    let stored = read(kube, "v1", "written-in-v1alpha1", "");
    let stash = stored["metadata"]["annotations"]["kapi.dev/conversion-stash"].as_str().unwrap_or_default();
    assert_eq!(
        serde_json::from_str::<Value>(stash).ok(),
        Some(json!({"v1alpha1": {"spec": {"evict": false}}})),
        "{stored}"
    );

    // The page's last commands, as a user runs them.
    let last = blocks("sh")[2];
    let shown = run(
        Command::new("bash")
            .args(["-euo", "pipefail", "-c", last])
            .env("KUBECONFIG", kube.kubeconfig())
            .env("PATH", format!("{}:{}", kubectl_dir.display(), std::env::var("PATH").unwrap_or_default()))
            .current_dir(&krate),
        "the page's last commands",
    );
    assert!(shown.contains("nodes: 3") && shown.contains("evict"), "{shown}");

    check_columns(kube, &kubectl_dir, work.path());
    check_explain(kube, &webhook, &krate, work.path());
}

fn read_scale(kube: &Kube, version: &str, name: &str) -> Value {
    read(kube, version, name, "/scale")["spec"]["replicas"].clone()
}

/// `kubectl get` of each version prints that version's columns.
fn check_columns(kube: &Kube, kubectl_dir: &Path, home: &Path) {
    for (version, count) in [("v1alpha1", "NODES"), ("v1beta1", "NODES"), ("v1", "REPLICAS")] {
        let (ok, text) = explain_on_the_server(
            &kubectl_dir.join("kubectl"),
            kube,
            &home.join("columns"),
            &["get", &format!("caches.{version}.{GROUP}"), "-n", "default"],
        );
        let header = text.lines().find(|line| line.starts_with("NAME")).unwrap_or_default();
        let columns: Vec<&str> = header.split_whitespace().collect();
        assert!(ok && columns == ["NAME", "READY", "AGE", count], "kubectl get in {version}:\n{text}");
    }
}

/// `kubectl explain --recursive` of each version: the same tree against `kapi serve --dir` as against the server.
fn check_explain(kube: &Kube, webhook: &Server, krate: &Path, home: &Path) {
    wait_for(kube, "publish every version's OpenAPI", || {
        let index = kube.get("/openapi/v3", "application/json").json();
        VERSIONS.iter().all(|version| index["paths"].get(format!("apis/{GROUP}/{version}")).is_some())
    });
    let ca = krate.join("certs/ca.crt");
    let mut compared = 0;
    for (kubectl_version, kubectl) in oldest_and_newest() {
        for version in VERSIONS {
            let group_version = format!("{GROUP}/{version}");
            let args = ["explain", "caches", "--api-version", &group_version, "--recursive"];
            let (theirs_ok, theirs) =
                explain_on_the_server(&kubectl, kube, &home.join(format!("server-{kubectl_version}")), &args);
            assert!(theirs_ok, "kubectl {kubectl_version} {args:?} against the server:\n{theirs}");
            // Over HTTPS without credentials kubectl would ask for a user name; kapi serve needs none.
            let ours_args: Vec<&str> = ["--certificate-authority", ca.to_str().expect("utf-8"), "--token", "unused"]
                .into_iter()
                .chain(args)
                .collect();
            let (ours_ok, ours) = run_kubectl(&kubectl, webhook, &home.join(&kubectl_version), &ours_args);
            assert!(ours_ok, "kubectl {kubectl_version} {args:?} against kapi serve --dir:\n{ours}");
            assert_eq!(ours, theirs, "kubectl {kubectl_version} explain of {group_version}");
            compared += 1;
        }
    }
    assert!(compared >= 3, "{compared} trees compared");
}
