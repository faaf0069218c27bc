//! The real kube-apiserver (`kapi_tests::kube`) behind kapi's aggregator: `kapi serve` with an empty bundle of its
//! own and the real server as its one upstream (https, the server's CA, a system:masters bearer token read from a
//! file).
//!
//! The bundle is empty rather than the embedded corpus: the aggregator's own group-versions win every conflict, and
//! the corpus serves the built-in groups itself, so in front of it the real server would contribute nothing but
//! what the corpus lacks. With an empty bundle every group-version kubectl sees is the real server's, and the
//! expectations the harness reads from kapi's discovery are the real server's own (the first test checks that).
//! (`--runtime-config api/all=false` would switch the whole corpus off too; an empty bundle needs no regeneration.)

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tempfile::TempDir;

use crate::common::{self, Server};
use common::installed_kubectls;
use kapi_tests::kube::{Kube, kube};

/// The kubectl minor versions the acceptance names; under CI every one must be installed.
const KUBECTL_VERSIONS: [&str; 7] = ["1.27", "1.28", "1.29", "1.30", "1.31", "1.32", "1.33"];
const AGGREGATED_V2: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
/// How long the aggregator may take to read the real server the first time.
const FIRST_READ: Duration = Duration::from_secs(60);

/// `kapi serve` in front of the real server, with its files.
struct Fronted {
    server: Server,
    work: TempDir,
}

impl Fronted {
    fn token_file(&self) -> PathBuf {
        self.work.path().join("token")
    }

    fn request_log(&self) -> PathBuf {
        self.work.path().join("requests.log")
    }

    /// What kapi serve logged (its stderr), which must never show a token.
    fn assert_log_free_of(&self, secrets: &[&str]) {
        let log = std::fs::read_to_string(self.work.path().join("serve.log")).expect("kapi serve's log");
        assert!(log.contains("upstream is current"), "the log is kapi serve's: {log}");
        for secret in secrets {
            assert!(!log.contains(secret), "a token shows in kapi serve's log");
        }
    }
}

/// Starts `kapi serve --dir <empty> --upstream kube=<real server>,ca=…,token-file=… <extra>` and waits until the
/// real server's group-versions are Current in kapi's discovery.
fn front(kube: &Kube, extra: &[&str]) -> Fronted {
    let work = tempfile::tempdir().expect("tempdir");
    let bundle = work.path().join("bundle");
    std::fs::create_dir(&bundle).expect("empty bundle dir");
    std::fs::write(work.path().join("token"), format!("{}\n", kube.token())).expect("token file");
    let upstream =
        format!("kube={},ca={},token-file={}", kube.url(), kube.ca().display(), work.path().join("token").display());
    let log = work.path().join("requests.log");
    let mut args = vec!["--dir", path_str(&bundle), "--upstream", &upstream, "--request-log", path_str(&log)];
    args.extend_from_slice(extra);
    let server = Server::kapi_serve_logging_to(&args, &work.path().join("serve.log"));
    let fronted = Fronted { server, work };
    wait_for(FIRST_READ, "the real server's group-versions Current through kapi", || {
        let items = discovery_items(&fronted.server, "/apis");
        !items.is_empty() && stale(&items).is_empty()
    });
    fronted
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

/// Polls until `ready` holds (fails after `limit`); returns how long it took.
fn wait_for(limit: Duration, what: &str, mut ready: impl FnMut() -> bool) -> Duration {
    let started = Instant::now();
    while !ready() {
        assert!(started.elapsed() < limit, "not within {limit:?}: {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
    started.elapsed()
}

/// kapi's aggregated discovery (v2) items at `path`.
fn discovery_items(server: &Server, path: &str) -> Vec<Value> {
    let (status, body) = server.get(path, AGGREGATED_V2);
    assert_eq!(status, 200, "{path}: {body}");
    let document: Value = serde_json::from_str(&body).expect("JSON");
    document["items"].as_array().cloned().unwrap_or_default()
}

/// The `group/version`s marked Stale.
fn stale(items: &[Value]) -> Vec<String> {
    items
        .iter()
        .flat_map(|item| {
            let versions = item["versions"].as_array().cloned().unwrap_or_default();
            versions
                .into_iter()
                .filter(|v| v["freshness"] == "Stale")
                .map(move |v| format!("{}/{}", item["metadata"]["name"].as_str().unwrap_or_default(), v["version"]))
        })
        .collect()
}

/// Aggregated discovery items as client-go reads them: kube-apiserver writes `creationTimestamp: null` and leaves
/// `freshness` out when Current, kapi writes no timestamp, an explicit `""` core group name and `Current`; client-go
/// decodes both to the same values.
fn as_client_go_reads(items: &[Value]) -> Vec<Value> {
    let mut items = items.to_vec();
    for item in &mut items {
        if let Some(metadata) = item["metadata"].as_object_mut() {
            metadata.retain(|key, value| !(value.is_null() || key == "name" && value == ""));
        }
        for version in item["versions"].as_array_mut().into_iter().flatten() {
            if version.get("freshness").is_none() {
                version["freshness"] = json!("Current");
            }
        }
    }
    items
}

#[test]
fn every_installed_kubectl_passes_the_conformance_harness_through_kapi_in_front_of_the_real_server() {
    let kube = kube();
    let started = Instant::now();
    let fronted = front(kube, &[]);
    eprintln!("kapi in front of the real server, all Current after {:?}", started.elapsed());

    // What kubectl will see through kapi is exactly the real server's discovery, group by group, in its order.
    let mut group_versions = 0;
    for path in ["/api", "/apis"] {
        let real = kube.get(path, AGGREGATED_V2).json();
        let real_items = as_client_go_reads(real["items"].as_array().expect("items"));
        assert_eq!(as_client_go_reads(&discovery_items(&fronted.server, path)), real_items, "{path}");
        group_versions += real_items.iter().map(|item| item["versions"].as_array().map_or(0, Vec::len)).sum::<usize>();
    }
    assert!(group_versions >= 20, "the real server serves its built-in groups: {group_versions} group-versions");

    let kubectls = installed_kubectls();
    let missing: Vec<&str> =
        KUBECTL_VERSIONS.iter().copied().filter(|wanted| !kubectls.iter().any(|(v, _)| v == wanted)).collect();
    if !missing.is_empty() {
        let message = format!("kubectl {} not installed (kubectl.<version> beside kubectl)", missing.join(", "));
        assert!(std::env::var_os("CI").is_none(), "{message} in CI: every version must run");
        eprintln!("\n*** {message}: those versions DID NOT RUN ***\n");
        if kubectls.is_empty() {
            return;
        }
    }
    let harness_started = Instant::now();
    let summary = common::run_conformance_harness(&fronted.server.url(), &fronted.request_log(), &kubectls, &[]);
    let versions: Vec<&str> = kubectls.iter().map(|(version, _)| version.as_str()).collect();
    eprintln!(
        "kubectl {} through kapi in front of the real server ({group_versions} group-versions): {summary} in {:?}",
        versions.join(", "),
        harness_started.elapsed()
    );
    fronted.assert_log_free_of(&[kube.token()]);
}

/// The real server's OpenAPI v3 documents: key (`apis/apps/v1`) → (document, the file it was saved to).
fn real_documents(kube: &Kube, dir: &Path) -> BTreeMap<String, (Value, PathBuf)> {
    let root = kube.get("/openapi/v3", "application/json").json();
    let paths = root["paths"].as_object().expect("the real server's OpenAPI v3 root has paths");
    let mut documents = BTreeMap::new();
    for (key, entry) in paths {
        let url = entry["serverRelativeURL"].as_str().expect("serverRelativeURL");
        let reply = kube.get(url, "application/json");
        assert_eq!(reply.status, 200, "{url}");
        let file = dir.join(format!("{}.json", key.replace('/', "__")));
        std::fs::write(&file, &reply.body).expect("write the real document");
        documents.insert(key.clone(), (reply.json(), file));
    }
    documents
}

/// Whether `key` names a group-version document (`api/v1`, `apis/GROUP/VERSION`) rather than a group's, `/version`'s
/// or the service-account issuer's, which no aggregator lists for an upstream.
fn is_group_version(key: &str) -> bool {
    let parts: Vec<&str> = key.split('/').collect();
    matches!(parts.as_slice(), ["api", _] | ["apis", _, _])
}

fn run_aggregate(url: &str, output: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kapi"))
        .args(["aggregate", url, "-o"])
        .arg(output)
        .args(extra)
        .output()
        .expect("kapi runs")
}

fn section<'a>(document: &'a Value, pointer: &str) -> BTreeMap<&'a String, &'a Value> {
    document.pointer(pointer).and_then(Value::as_object).map(|map| map.iter().collect()).unwrap_or_default()
}

/// Checks that `aggregate` holds every path and schema of each real document unchanged (the part a real document
/// covers, cut out of the aggregate, is identical to it by openapi_diff and by plain JSON equality), and nothing
/// beyond them. Returns how many documents were compared.
fn assert_identical_by_group_version(
    what: &str,
    aggregate: &Value,
    real: &BTreeMap<String, (Value, PathBuf)>,
    keys: &BTreeSet<String>,
) -> usize {
    let (mut all_paths, mut all_schemas) = (BTreeSet::new(), BTreeSet::new());
    for key in keys {
        let (document, file) = &real[key];
        let (paths, schemas) = (section(document, "/paths"), section(document, "/components/schemas"));
        let cut = |names: &BTreeMap<&String, &Value>, from: &str| -> Value {
            let from = section(aggregate, from);
            Value::Object(names.keys().filter_map(|n| Some(((*n).clone(), (*from.get(n)?).clone()))).collect())
        };
        let ours = json!({
            "openapi": aggregate["openapi"],
            "info": document["info"],
            "paths": cut(&paths, "/paths"),
            "components": {"schemas": cut(&schemas, "/components/schemas"),
                           "securitySchemes": aggregate["components"]["securitySchemes"]},
        });
        let report = kapi_tests::openapi_diff_files(&serde_json::to_vec(&ours).expect("JSON"), file, false).json;
        let (schema_report, path_report) = (&report["schemas"], &report["paths"]);
        let context = format!("{what}: {key}: {}", report["summary"]);
        assert_eq!(schema_report["identical_strict"].as_u64(), Some(schemas.len() as u64), "{context}");
        assert_eq!(schema_report["union"].as_u64(), Some(schemas.len() as u64), "{context}");
        assert_eq!(path_report["identical"].as_u64(), Some(paths.len() as u64), "{context}");
        assert_eq!(path_report["union"].as_u64(), Some(paths.len() as u64), "{context}");
        assert_eq!(report["top_level"]["identical"], true, "{context}");
        // openapi_diff ignores description texts; the aggregate must not change those either.
        let whole = |names: &BTreeMap<&String, &Value>| -> Value {
            Value::Object(names.iter().map(|(n, v)| ((*n).clone(), (*v).clone())).collect())
        };
        assert_eq!(ours["paths"], whole(&paths), "{what}: {key}: paths");
        assert_eq!(ours["components"]["schemas"], whole(&schemas), "{what}: {key}: schemas");
        all_paths.extend(paths.into_keys());
        all_schemas.extend(schemas.into_keys());
    }
    assert_eq!(section(aggregate, "/paths").into_keys().collect::<BTreeSet<_>>(), all_paths, "{what}: extra paths");
    let schemas: BTreeSet<&String> = section(aggregate, "/components/schemas").into_keys().collect();
    assert_eq!(schemas, all_schemas, "{what}: extra schemas");
    keys.len()
}

#[test]
fn kapi_aggregate_of_the_real_server_matches_its_own_documents_group_version_by_group_version() {
    let kube = kube();
    let work = tempfile::tempdir().expect("tempdir");
    let real = real_documents(kube, work.path());
    let group_versions: BTreeSet<String> = real.keys().filter(|key| is_group_version(key)).cloned().collect();
    assert!(group_versions.len() >= 20, "{group_versions:?}");
    let token = work.path().join("token");
    std::fs::write(&token, kube.token()).expect("token file");

    // Straight from the real server, over https with its CA and the token: every document it lists.
    let direct = work.path().join("direct.json");
    let ca = path_str(kube.ca());
    let output = run_aggregate(kube.url(), &direct, &["--ca", ca, "--token-file", path_str(&token)]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let aggregate: Value = serde_json::from_slice(&std::fs::read(&direct).expect("written")).expect("JSON");
    let all: BTreeSet<String> = real.keys().cloned().collect();
    let compared = assert_identical_by_group_version("kapi aggregate of the real server", &aggregate, &real, &all);
    eprintln!(
        "kapi aggregate of the real server: {compared} documents identical ({} group-versions)",
        group_versions.len()
    );

    // Without the token the real server refuses, and kapi aggregate says so and writes nothing.
    let refused = work.path().join("refused.json");
    let output = run_aggregate(kube.url(), &refused, &["--ca", ca]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success() && stderr.contains("403") && !refused.exists(), "{stderr}");

    // Through kapi's aggregator: its OpenAPI v3 root lists exactly the real server's group-versions, each proxied
    // byte for byte, and their aggregate is identical to the real documents group-version by group-version.
    let fronted = front(kube, &[]);
    let (status, body) = fronted.server.get("/openapi/v3", "application/json");
    assert_eq!(status, 200, "{body}");
    let root: Value = serde_json::from_str(&body).expect("JSON");
    let listed: BTreeSet<String> = root["paths"].as_object().expect("paths").keys().cloned().collect();
    assert_eq!(listed, group_versions, "kapi lists the real server's group-versions");
    for key in &group_versions {
        let url = root["paths"][key]["serverRelativeURL"].as_str().expect("url");
        let (status, served) = fronted.server.get(url, "application/json");
        assert_eq!(status, 200, "{url}");
        let (document, _) = &real[key];
        assert_eq!(&serde_json::from_str::<Value>(&served).expect("JSON"), document, "{key} proxied unchanged");
    }
    let through = work.path().join("through.json");
    let output = run_aggregate(&fronted.server.url(), &through, &[]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let aggregate: Value = serde_json::from_slice(&std::fs::read(&through).expect("written")).expect("JSON");
    let compared = assert_identical_by_group_version("kapi aggregate through kapi", &aggregate, &real, &group_versions);
    eprintln!("kapi aggregate through kapi's aggregator: {compared} group-versions identical to the real server's");
}

#[test]
fn a_rotated_token_file_is_read_again_and_a_refused_token_makes_the_upstream_stale() {
    let kube = kube();
    let fronted = front(kube, &["--upstream-refresh", "0.5"]);
    let current = |server: &Server| stale(&discovery_items(server, "/apis")).is_empty();

    // A token the real server does not know: the next revalidation is refused (401) and the groups go Stale.
    std::fs::write(fronted.token_file(), "not-a-token-the-server-knows\n").expect("rotate");
    let took = wait_for(Duration::from_secs(20), "Stale after a refused token", || !current(&fronted.server));
    eprintln!("refused token: Stale after {took:?}");
    // The right token again: read at the next request, and everything is Current once more.
    std::fs::write(fronted.token_file(), kube.token()).expect("rotate back");
    let took = wait_for(Duration::from_secs(20), "Current after the token is restored", || current(&fronted.server));
    eprintln!("restored token: Current after {took:?}");
    let (_, metrics) = fronted.server.get("/metrics", "text/plain");
    assert!(!metrics.contains(kube.token()), "the token never shows in metrics");
    fronted.assert_log_free_of(&[kube.token(), "not-a-token-the-server-knows"]);
}

/// A client certificate for a system:masters user, signed by the real server's CA (which `tests/kube/up.sh` also
/// names as its `--client-ca-file`, and keeps the key of beside `ca.crt`): (certificate, key).
fn client_certificate(kube: &Kube, dir: &Path) -> (PathBuf, PathBuf) {
    let (ca_key, csr) = (kube.ca().with_file_name("ca.key"), dir.join("client.csr"));
    let (cert, key, extensions) = (dir.join("client.crt"), dir.join("client.key"), dir.join("client.ext"));
    std::fs::write(&extensions, "extendedKeyUsage=clientAuth\n").expect("extensions file");
    let openssl = |args: &[&str]| {
        let output = Command::new("openssl").args(args).output().expect("openssl runs");
        assert!(output.status.success(), "openssl {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    };
    let subject = "/O=system:masters/CN=kapi-client-certificate-test";
    let (key_path, csr_path, cert_path) = (path_str(&key), path_str(&csr), path_str(&cert));
    openssl(&["req", "-newkey", "rsa:2048", "-nodes", "-subj", subject, "-keyout", key_path, "-out", csr_path]);
    let (ca, ca_key, serial) = (path_str(kube.ca()), path_str(&ca_key), dir.join("ca.srl"));
    let signing = ["x509", "-req", "-in", csr_path, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial", "-CAserial"];
    let rest = [path_str(&serial), "-days", "1", "-extfile", path_str(&extensions), "-out", cert_path];
    openssl(&[&signing[..], &rest[..]].concat());
    (cert, key)
}

#[test]
fn a_client_certificate_authenticates_kapi_serve_and_kapi_aggregate_to_the_real_server() {
    let kube = kube();
    let work = tempfile::tempdir().expect("tempdir");
    let (cert, key) = client_certificate(kube, work.path());
    let ca = path_str(kube.ca());

    let bundle = work.path().join("bundle");
    std::fs::create_dir(&bundle).expect("empty bundle dir");
    let upstream = format!("kube={},ca={ca},cert={},key={}", kube.url(), cert.display(), key.display());
    let server = Server::kapi_serve(&["--dir", path_str(&bundle), "--upstream", &upstream]);
    wait_for(FIRST_READ, "the real server's group-versions Current through kapi (client certificate)", || {
        let items = discovery_items(&server, "/apis");
        !items.is_empty() && stale(&items).is_empty()
    });
    let real = kube.get("/apis", AGGREGATED_V2).json();
    let real_items = as_client_go_reads(real["items"].as_array().expect("items"));
    assert_eq!(as_client_go_reads(&discovery_items(&server, "/apis")), real_items);

    let out = work.path().join("aggregate.json");
    let output = run_aggregate(kube.url(), &out, &["--ca", ca, "--cert", path_str(&cert), "--key", path_str(&key)]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let listed = kube.get("/openapi/v3", "application/json").json()["paths"].as_object().map_or(0, |p| p.len());
    assert!(stderr.contains(&format!("aggregated {listed} documents")), "{stderr}");
}
