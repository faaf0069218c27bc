//! `kapi serve` end to end: a real process on a free loopback port, plain HTTP requests, the request log,
//! `--runtime-config`, and the installed kubectl against it.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use common::Server;

const AGG_V2: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";

/// Plain HTTP requests to a running server.
trait Get {
    fn get(&self, path: &str, accept: &str) -> (u16, String);
}

impl Get for Server {
    /// `GET path`; returns (status code, body, binary bodies such as protobuf read lossily as text).
    fn get(&self, path: &str, accept: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
        let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nAccept: {accept}\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).expect("send");
        let mut bytes = Vec::new();
        stream.read_to_end(&mut bytes).expect("read");
        let raw = String::from_utf8_lossy(&bytes);
        let code = raw.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
        let body = raw.split_once("\r\n\r\n").map(|(_, body)| body.to_owned()).unwrap_or_default();
        (code, body)
    }
}

#[test]
fn serves_the_embedded_corpus_and_writes_the_request_log() {
    let dir = tempfile::tempdir().expect("tempdir");
    let log = dir.path().join("requests.log");
    let server = Server::kapi_serve(&["--request-log", log.to_str().expect("utf-8")]);
    assert_eq!(server.get("/readyz", "*/*").0, 200);
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
    let logged = std::fs::read_to_string(&log).expect("request log");
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

/// The installed kubectl binaries (`kubectl.1.27`, `kubectl.1.29`, `kubectl.1.32` beside the `kubectl` on PATH, or
/// that one alone). Without any, the checks cannot run: in CI that is a failure, elsewhere a loud message.
fn kubectls() -> Vec<std::path::PathBuf> {
    let found = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .map(|dir| dir.join("kubectl"))
        .find(|path| path.is_file());
    let Some(kubectl) = found else {
        assert!(std::env::var_os("CI").is_none(), "kubectl is not installed in CI: the kubectl checks cannot run");
        eprintln!("\n*** kubectl IS NOT INSTALLED: the kubectl-against-kapi-serve checks DID NOT RUN ***\n");
        return Vec::new();
    };
    let dir = std::fs::canonicalize(&kubectl).ok().and_then(|real| real.parent().map(Path::to_path_buf));
    let versioned: Vec<_> = ["1.27", "1.29", "1.32"]
        .iter()
        .filter_map(|version| dir.as_ref().map(|d| d.join(format!("kubectl.{version}"))))
        .filter(|path| path.is_file())
        .collect();
    if versioned.is_empty() { vec![kubectl] } else { versioned }
}

fn run_kubectl(kubectl: &Path, server: &Server, home: &Path, args: &[&str]) -> (bool, String) {
    let output = Command::new(kubectl)
        .args(["--server", &server.url(), "--cache-dir", home.join("cache").to_str().expect("utf-8")])
        .args(args)
        .env("HOME", home)
        .env_remove("KUBECONFIG")
        .output()
        .expect("kubectl runs");
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output.status.success(), text)
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
