//! `kapi serve` end to end: a real process on a free loopback port, plain HTTP requests, the request log,
//! `--runtime-config`, and the installed kubectl against it.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::{Server, kubectls, run_kubectl};

const AGG_V2: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";

#[test]
fn serves_the_embedded_corpus_and_writes_the_request_log() {
    let dir = tempfile::tempdir().expect("tempdir");
    let log = dir.path().join("requests.log");
    let server = Server::kapi_serve(&["--request-log", log.to_str().expect("utf-8")]);
    let (code, ready) = server.get("/readyz?verbose", "*/*");
    assert_eq!(code, 200, "{ready}");
    let (code, body) = server.get("/apis?timeout=32s", AGG_V2);
    assert_eq!(code, 200);
    assert!(body.contains("coordination.k8s.io") && body.contains("stable.example.com"), "{body}");
    let (code, root) = server.get("/openapi/v3", "application/json");
    assert_eq!(code, 200);
    assert!(root.contains("apis/coordination.k8s.io/v1?hash="), "{root}");
    let (code, api) = server.get("/api", "application/json");
    assert_eq!(code, 200);
    assert!(api.contains(&format!("127.0.0.1:{}", server.port)), "the listen address fills /api: {api}");
    assert_eq!(server.get("/openapi/v3/../../etc/passwd", "*/*").0, 404);
    // kubectl 1.27's explain asks for gnostic protobuf only: the CLI turns kapi-runtime's `gnostic` feature on.
    let (code, swagger) = server.get("/openapi/v2", "application/com.github.proto-openapi.spec.v2@v1.0+protobuf");
    assert_eq!(code, 200);
    assert!(swagger.contains("x-kubernetes-group-version-kind"), "an openapi.v2.Document with extensions");
    // The log is written by a thread of its own, moments after each response.
    let started = std::time::Instant::now();
    let logged = loop {
        let logged = std::fs::read_to_string(&log).expect("request log");
        if logged.contains("GET /openapi/v2 200\n") || started.elapsed() > std::time::Duration::from_secs(5) {
            break logged;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(logged.contains("GET /apis?timeout=32s 200\n"), "{logged}");
    assert!(logged.contains("GET /openapi/v3/../../etc/passwd 404\n"), "{logged}");
}

#[test]
fn runtime_config_switches_a_group_version_off() {
    let server = Server::kapi_serve(&["--runtime-config", "stable.example.com/v1=false"]);
    let (code, root) = server.get("/openapi/v3", "application/json");
    assert_eq!(code, 200);
    assert!(!root.contains("apis/stable.example.com/v1\""), "{root}");
    assert!(root.contains("apis/coordination.k8s.io/v1"), "{root}");
    let (_, apis) = server.get("/apis", AGG_V2);
    let apis: serde_json::Value = serde_json::from_str(&apis).expect("aggregated discovery JSON");
    let served: Vec<String> = apis["items"]
        .as_array()
        .expect("items")
        .iter()
        .flat_map(|group| {
            let name = group["metadata"]["name"].as_str().unwrap_or_default().to_owned();
            let versions = group["versions"].as_array().cloned().unwrap_or_default();
            versions.into_iter().map(move |v| format!("{name}/{}", v["version"].as_str().unwrap_or_default()))
        })
        .collect();
    assert!(!served.contains(&"stable.example.com/v1".to_owned()), "{served:?}");
    assert!(served.contains(&"coordination.k8s.io/v1".to_owned()), "{served:?}");
    assert_eq!(server.get("/apis/stable.example.com/v1", "application/json").0, 404);
    assert_eq!(server.get("/openapi/v3/apis/stable.example.com/v1", "application/json").0, 404);
}

#[test]
fn serves_a_directory() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().to_str().expect("utf-8");
    let generated = Command::new(env!("CARGO_BIN_EXE_kapi")).args(["generate", "--out", out]).output().expect("runs");
    assert!(generated.status.success());
    let server = Server::kapi_serve(&["--dir", out, "--watch"]);
    assert_eq!(server.get("/apis/coordination.k8s.io/v1", "application/json").0, 200);
}

#[test]
fn kubectl_api_resources_and_explain_against_kapi_serve() {
    let server = Server::kapi_serve(&[]);
    for kubectl in kubectls() {
        check_kubectl(&kubectl, &server);
    }
}

fn check_kubectl(kubectl: &Path, server: &Server) {
    eprintln!("checking {} against {}", kubectl.display(), server.url());
    let home = tempfile::tempdir().expect("tempdir");
    let (ok, text) = run_kubectl(kubectl, server, home.path(), &["api-resources"]);
    assert!(ok, "{}: {text}", kubectl.display());
    assert!(text.contains("leases") && text.contains("coordination.k8s.io/v1") && text.contains("crontabs"), "{text}");
    let (ok, text) = run_kubectl(kubectl, server, home.path(), &["explain", "leases.spec.holderIdentity"]);
    assert!(ok, "{text}");
    assert!(text.contains("KIND:") && text.contains("Lease"), "{text}");
    for (field, expected) in
        [("deployments.spec.template.spec.containers", "Container"), ("cronjobs.spec.jobTemplate", "JobTemplateSpec")]
    {
        let (ok, text) = run_kubectl(kubectl, server, home.path(), &["explain", field]);
        assert!(ok && text.contains(expected), "{}: explain {field}: {text}", kubectl.display());
    }
    // The custom group's kind, served from the same model as its CRD: fields with their descriptions.
    let (ok, text) = run_kubectl(kubectl, server, home.path(), &["explain", "crontabs.spec"]);
    assert!(ok && text.contains("GROUP:      stable.example.com"), "{}: {text}", kubectl.display());
    for expected in ["cronSpec\t<string> -required-", "five space-separated cron fields", "maxUnavailable", "ports"] {
        assert!(text.contains(expected), "{}: explain crontabs.spec lacks {expected:?}: {text}", kubectl.display());
    }
    let (ok, text) = run_kubectl(kubectl, server, home.path(), &["explain", "crontabs", "--recursive"]);
    assert!(ok && text.contains("spec"), "{text}");
}
