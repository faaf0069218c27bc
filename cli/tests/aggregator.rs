//! `kapi serve --upstream`: an aggregator in front of real upstream processes — two kapi servers, the oracle (an
//! imitation kube-apiserver), and an old server with legacy discovery and OpenAPI v2 only, over https.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use common::{Server, get_from, kubectls, run_kubectl, shared, watch};
use serde_json::Value;

const AGG_V2: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
/// The refresh interval the tests run aggregators with.
const REFRESH: Duration = Duration::from_secs(1);

/// `(version, freshness, resource names)` of each version of `group` in the aggregator's `/apis`.
fn versions(server: &Server, group: &str) -> Vec<(String, String, Vec<String>)> {
    let (code, body) = server.get("/apis", AGG_V2);
    assert_eq!(code, 200, "{body}");
    let list: Value = serde_json::from_str(&body).expect("JSON");
    let items = list["items"].as_array().expect("items");
    let Some(item) = items.iter().find(|item| item["metadata"]["name"] == group) else { return Vec::new() };
    let names =
        |v: &Value| v["resources"].as_array().expect("resources").iter().map(|r| r["resource"].to_string()).collect();
    item["versions"]
        .as_array()
        .expect("versions")
        .iter()
        .map(|v| (v["version"].as_str().expect("version").to_owned(), v["freshness"].to_string(), names(v)))
        .collect()
}

/// Polls until `ready` holds; returns how long it took (fails after `limit`).
fn wait_for(limit: Duration, what: &str, mut ready: impl FnMut() -> bool) -> Duration {
    let started = Instant::now();
    while !ready() {
        assert!(started.elapsed() < limit, "not within {limit:?}: {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
    started.elapsed()
}

/// Requests the aggregator's own documents over and over until stopped, collecting every failed answer.
struct Poller {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<(usize, Vec<String>)>>,
}

impl Poller {
    fn start(port: u16) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let (mut count, mut failures) = (0, Vec::new());
            while !flag.load(Ordering::Relaxed) {
                for (path, accept) in [
                    ("/apis", AGG_V2),
                    ("/api", AGG_V2),
                    ("/apis", "application/json"),
                    ("/openapi/v3", "application/json"),
                    ("/openapi/v3/apis/apps/v1", "application/json"),
                    ("/apis/apps/v1", "application/json"),
                    ("/readyz", "*/*"),
                ] {
                    let (code, _, _) = get_from(port, path, &[("Accept", accept)]);
                    count += 1;
                    if code != 200 {
                        failures.push(format!("{path} ({accept}) -> {code}"));
                    }
                }
            }
            (count, failures)
        });
        Self { stop, thread: Some(thread) }
    }

    fn finish(mut self) -> (usize, Vec<String>) {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.take().expect("running").join().expect("poller")
    }
}

#[test]
fn an_upstream_that_dies_goes_stale_and_comes_back_current_without_a_failed_request() {
    let logs = tempfile::tempdir().expect("tempdir");
    let b_log = logs.path().join("b.log");
    let a = Server::kapi_serve(&[]);
    let b = Server::kapi_serve(&["--request-log", b_log.to_str().expect("utf-8")]);
    let upstream_a = format!("a={},gv=stable.example.com/v1,gv=stable.example.com/v1beta1", a.url());
    let upstream_b = format!("b={},gv=batch.example.com/v1", b.url());
    let refresh = REFRESH.as_secs_f64().to_string();
    let aggregator = Server::kapi_serve(&[
        "--runtime-config",
        "stable.example.com/v1=false",
        "--runtime-config",
        "stable.example.com/v1beta1=false",
        "--runtime-config",
        "batch.example.com/v1=false",
        "--upstream",
        &upstream_a,
        "--upstream",
        &upstream_b,
        "--upstream-refresh",
        &refresh,
    ]);
    let current =
        |group: &str| versions(&aggregator, group).iter().all(|(_, f, r)| f == "\"Current\"" && !r.is_empty());
    wait_for(Duration::from_secs(30), "both upstreams Current", || {
        current("stable.example.com") && current("batch.example.com")
    });
    assert_eq!(versions(&aggregator, "stable.example.com").len(), 2);
    let poller = Poller::start(aggregator.port);
    // The aggregator's own watchable discovery sees the upstream go stale.
    let groups = "/apis/discovery.k8s.io/v1alpha1/groups";
    let (_, list) = aggregator.get(groups, "application/json");
    let list: Value = serde_json::from_str(&list).expect("GroupList");
    let version = list["metadata"]["resourceVersion"].as_str().expect("resourceVersion").to_owned();
    let (code, events) = watch(&aggregator, &format!("{groups}?watch=true&resourceVersion={version}"));
    assert_eq!(code, 200);

    let port_a = a.port;
    drop(a);
    let took = wait_for(REFRESH * 3, "a's group-versions Stale", || {
        versions(&aggregator, "stable.example.com").iter().all(|(_, f, _)| f == "\"Stale\"")
    });
    eprintln!("killed upstream marked Stale after {took:?} (refresh interval {REFRESH:?})");
    // The aggregator follows a's watchable discovery, so the watch ending reveals the death without waiting for a
    // tick. What it then does, recomposing the bundle, takes a debug build most of a second on a loaded machine
    // (1.1 s has been seen), hence the margin.
    assert!(took <= 2 * REFRESH, "Stale after {took:?}, more than two refresh intervals");
    let stale = events.recv_timeout(Duration::from_secs(5)).expect("a watch event");
    assert_eq!(stale.0["type"], "MODIFIED", "{}", stale.0);
    assert_eq!(stale.0["object"]["metadata"]["name"], "stable.example.com", "{}", stale.0);
    assert_eq!(stale.0["object"]["spec"]["versions"][0]["freshness"], "Stale", "{}", stale.0);
    // The last known resources stay published; b is untouched.
    assert!(versions(&aggregator, "stable.example.com").iter().all(|(_, _, r)| r == &["\"crontabs\""]));
    assert!(current("batch.example.com"));
    for kubectl in kubectls().iter().rev().take(1) {
        let home = tempfile::tempdir().expect("tempdir");
        let (ok, text) = run_kubectl(kubectl, &aggregator, home.path(), &["api-resources"]);
        assert!(ok, "{text}");
        assert!(!text.contains("stable.example.com") && text.contains("batch.example.com/v1"), "{text}");
        assert!(text.contains("deployments"), "{text}");
    }

    let _a = Server::kapi_serve_on(port_a, &[]);
    let took = wait_for(REFRESH * 5, "a's group-versions Current again", || current("stable.example.com"));
    eprintln!("restarted upstream Current again after {took:?}");
    let (requests, failures) = poller.finish();
    assert!(requests > 50, "only {requests} requests made");
    assert!(
        failures.is_empty(),
        "{} of {requests} requests failed: {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
    let (_, metrics) = aggregator.get("/metrics", "text/plain");
    assert!(metrics.contains("kapi_aggregator_upstream_freshness{upstream=\"a\",state=\"current\"} 1"), "{metrics}");
    // An unchanged upstream is revalidated, not downloaded again.
    let b_requests = std::fs::read_to_string(&b_log).expect("b's request log");
    for revalidated in ["GET /apis 304", "GET /openapi/v3 304", "GET /openapi/v2 304"] {
        assert!(b_requests.contains(revalidated), "no `{revalidated}` in b's log: {b_requests}");
    }
    assert!(
        metrics.contains("kapi_aggregator_upstream_refreshes_total{upstream=\"a\",outcome=\"changed\"}"),
        "{metrics}"
    );
}

#[test]
fn kubectl_reaches_the_oracles_resources_and_documents_through_the_aggregator() {
    let log_dir = tempfile::tempdir().expect("tempdir");
    let log = log_dir.path().join("oracle.log");
    let script = shared().join("conformance/oracle_server.py");
    let oracle = Server::python(&script, &["--quiet", "--log", log.to_str().expect("utf-8")]);
    let upstream = format!("oracle={}", oracle.url());
    // apps/v1 is switched off here, so deployments can only come from the oracle, through the proxy.
    let aggregator = Server::kapi_serve(&["--runtime-config", "apps/v1=false", "--upstream", &upstream]);
    // The corpus serves every other group itself; apps is the oracle's alone.
    wait_for(Duration::from_secs(30), "the oracle's apps group", || !versions(&aggregator, "apps").is_empty());
    for kubectl in kubectls() {
        let home = tempfile::tempdir().expect("tempdir");
        let (ok, text) = run_kubectl(&kubectl, &aggregator, home.path(), &["api-resources"]);
        assert!(ok, "{}: {text}", kubectl.display());
        // The oracle's deployments, and kapi's own pods, ingresses and example CronTabs.
        for row in ["pods", "ingresses", "deployments", "stable.example.com/v1", "batch.example.com/v1"] {
            assert!(text.contains(row), "{}: api-resources lacks {row}: {text}", kubectl.display());
        }
        let (ok, text) = run_kubectl(&kubectl, &aggregator, home.path(), &["explain", "deployments.spec.strategy"]);
        assert!(ok && text.contains("KIND:") && text.contains("Deployment"), "{}: {text}", kubectl.display());
        // OpenAPI v2 has no per-group-version documents to proxy: the oracle's kinds are merged into the swagger.
        let args = ["explain", "--output=plaintext-openapiv2", "deployments.spec.strategy"];
        let (ok, text) = run_kubectl(&kubectl, &aggregator, home.path(), &args);
        assert!(ok && text.contains("Deployment"), "{}: {text}", kubectl.display());
    }
    let requests = std::fs::read_to_string(&log).expect("oracle log");
    assert!(requests.contains("/openapi/v3/apis/apps/v1"), "apps/v1 was not fetched from the oracle: {requests}");
    let (_, metrics) = aggregator.get("/metrics", "text/plain");
    let conflict = "kapi_aggregator_conflicts{group_version=\"rbac.authorization.k8s.io/v1\",dropped=\"oracle\",kept_by=\"local\"} 1";
    assert!(metrics.contains(conflict), "{metrics}");
}

/// A CA and a certificate for 127.0.0.1 signed by it, made with the openssl tool: `(ca.pem, cert.pem, key.pem)`.
fn certificates(dir: &Path) -> (PathBuf, PathBuf, PathBuf) {
    let run = |args: &[&str]| {
        let output = std::process::Command::new("openssl").args(args).current_dir(dir).output().expect("openssl runs");
        assert!(output.status.success(), "openssl {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    };
    run(&[
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        "ca.key",
        "-out",
        "ca.pem",
        "-days",
        "2",
        "-subj",
        "/CN=kapi test CA",
        "-addext",
        "basicConstraints=critical,CA:TRUE",
        "-addext",
        "keyUsage=critical,keyCertSign",
    ]);
    run(&[
        "req",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        "server.key",
        "-out",
        "server.csr",
        "-subj",
        "/CN=127.0.0.1",
    ]);
    std::fs::write(
        dir.join("ext"),
        "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n",
    )
    .expect("write");
    run(&[
        "x509",
        "-req",
        "-in",
        "server.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-out",
        "server.pem",
        "-days",
        "2",
        "-extfile",
        "ext",
    ]);
    (dir.join("ca.pem"), dir.join("server.pem"), dir.join("server.key"))
}

#[test]
fn an_https_upstream_with_only_openapi_v2_and_legacy_discovery_is_converted_and_served() {
    let work = tempfile::tempdir().expect("tempdir");
    let (ca, cert, key) = certificates(work.path());
    let bundle = Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v2_only_server.py");
    let text = |p: &Path| p.to_str().expect("utf-8").to_owned();
    let old = Server::python(
        &script,
        &[&text(&bundle), "coordination.k8s.io", "v1", "--cert", &text(&cert), "--key", &text(&key)],
    );
    let upstream = format!("old=https://127.0.0.1:{},ca={},gv=coordination.k8s.io/v1", old.port, text(&ca));
    let aggregator = Server::kapi_serve(&["--runtime-config", "coordination.k8s.io/v1=false", "--upstream", &upstream]);
    // The corpus' own coordination.k8s.io/v1alpha2 stays beside the old server's v1.
    let v1 = || versions(&aggregator, "coordination.k8s.io").into_iter().find(|(version, _, _)| version == "v1");
    wait_for(Duration::from_secs(30), "the old server's group-version Current", || {
        v1().is_some_and(|(_, freshness, _)| freshness == "\"Current\"")
    });
    assert_eq!(v1().map(|(_, _, resources)| resources), Some(vec!["\"leases\"".to_owned()]));
    // Listed in the v3 root with the hash of the converted document, which the aggregator serves itself.
    let (_, root) = aggregator.get("/openapi/v3", "application/json");
    let root: Value = serde_json::from_str(&root).expect("JSON");
    let url = root["paths"]["apis/coordination.k8s.io/v1"]["serverRelativeURL"].as_str().expect("listed").to_owned();
    let (code, document) = aggregator.get(&url, "application/json");
    assert_eq!(code, 200);
    let hash = url.rsplit("hash=").next().expect("hash");
    assert_eq!(kapi_meta::content_hash::content_hash(document.as_bytes()), hash);
    let parsed: openapiv3::OpenAPI = serde_json::from_str(&document).expect("an OpenAPI 3.0 document");
    let schemas = parsed.components.expect("components").schemas;
    let lease = schemas.get("io.k8s.api.coordination.v1.Lease").expect("the Lease schema");
    let lease = serde_json::to_value(lease).expect("value");
    assert_eq!(lease["x-kubernetes-group-version-kind"][0]["kind"], "Lease", "{lease}");
    // The legacy endpoints of the aggregator itself, built from the upstream's.
    let (code, list) = aggregator.get("/apis/coordination.k8s.io/v1", "application/json");
    assert!(code == 200 && list.contains("\"leases\""), "{code} {list}");
    for kubectl in kubectls() {
        let home = tempfile::tempdir().expect("tempdir");
        let (ok, text) = run_kubectl(&kubectl, &aggregator, home.path(), &["explain", "leases.spec.holderIdentity"]);
        assert!(ok && text.contains("Lease"), "{}: {text}", kubectl.display());
    }
}

#[test]
fn an_upstream_that_never_answered_is_published_empty_and_stale_and_readiness_does_not_wait() {
    // A port just released: nothing listens there.
    let port = std::net::TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("addr").port();
    let upstream = format!("gone=http://127.0.0.1:{port},gv=metrics.example.com/v1beta1");
    let aggregator = Server::kapi_serve(&["--upstream", &upstream, "--upstream-refresh", "1"]);
    assert_eq!(aggregator.get("/readyz", "*/*").0, 200);
    let published = versions(&aggregator, "metrics.example.com");
    assert_eq!(published, [("v1beta1".to_owned(), "\"Stale\"".to_owned(), Vec::new())]);
    // Hidden from the legacy documents kubectl falls back to, and absent from the OpenAPI root.
    let (_, groups) = aggregator.get("/apis", "application/json");
    assert!(!groups.contains("metrics.example.com"), "{groups}");
    let (_, root) = aggregator.get("/openapi/v3", "application/json");
    assert!(!root.contains("metrics.example.com") && root.contains("apis/apps/v1"), "{root}");
    std::thread::sleep(REFRESH * 2);
    let (_, metrics) = aggregator.get("/metrics", "text/plain");
    assert!(
        metrics.contains("kapi_aggregator_upstream_freshness{upstream=\"gone\",state=\"never-answered\"} 1"),
        "{metrics}"
    );
    assert!(
        metrics.contains("kapi_aggregator_upstream_refreshes_total{upstream=\"gone\",outcome=\"failed\"}"),
        "{metrics}"
    );
}
