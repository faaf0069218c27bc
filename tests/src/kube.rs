//! A real Kubernetes API server for the tests, one per test run: the pinned kube-apiserver and etcd that
//! `tests/kube/up.sh` starts (docs/KUBE.md).
//!
//! Under cargo-nextest every test is a process of its own; they share one server through a directory named after
//! the run (`NEXTEST_RUN_ID`) under `$KAPI_CACHE/kube/runs/`: the first test to need it starts `up.sh` while
//! holding the directory's lock, the others wait on the lock and read what it wrote. `up.sh` watches the test
//! runner (nextest, or the test process itself under `cargo test`) and stops both servers when it is gone.

use std::fs::{self, File, OpenOptions};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant, SystemTime};

use serde_json::Value;

/// How long starting may take: a first run on a machine builds kube-apiserver (minutes), later ones take seconds.
const START_TIMEOUT: Duration = Duration::from_secs(20 * 60);

/// The running server and a client for it.
#[derive(Debug)]
pub struct Kube {
    url: String,
    token: String,
    ca: PathBuf,
    kubeconfig: PathBuf,
    front_proxy_ca: PathBuf,
    agent: ureq::Agent,
}

/// An answer from the server: status, content type and body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub content_type: String,
    pub body: Vec<u8>,
}

impl Reply {
    /// The body as JSON; panics with the body when it is not.
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }
}

/// A CRD of kind `kind` in `group` with one served and stored version whose schema is `schema`, for a dry run
/// (every such CRD of a group may have the same name).
pub fn crd_around(group: &str, kind: &str, schema: Value) -> Value {
    let singular = kind.to_lowercase();
    let plural = format!("{singular}s");
    serde_json::json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": format!("{plural}.{group}")},
        "spec": {
            "group": group,
            "scope": "Namespaced",
            "names": {"plural": plural, "singular": singular, "kind": kind, "listKind": format!("{kind}List")},
            "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": schema}}],
        },
    })
}

/// The run's server, started on first use. Tests ask it questions (dry runs, reads) and install no CRDs, so its
/// discovery holds the built-in kinds alone: what one test installs would change what the others see. The one test
/// that stores objects here (tests/proto-roundtrip's kube_wire) keeps them in a namespace of its own.
pub fn kube() -> &'static Kube {
    static KUBE: OnceLock<Kube> = OnceLock::new();
    KUBE.get_or_init(|| start(""))
}

/// A second server of the run for tests that install things (CRDs) and read what the server then publishes. Each
/// object is installed by one test only.
pub fn kube_installing() -> &'static Kube {
    static KUBE: OnceLock<Kube> = OnceLock::new();
    KUBE.get_or_init(|| start("-installing"))
}

/// A third server of the run for tests that register APIServices (their own group-versions each), so that what
/// aggregation adds to discovery and OpenAPI is seen by them alone.
pub fn kube_aggregating() -> &'static Kube {
    static KUBE: OnceLock<Kube> = OnceLock::new();
    KUBE.get_or_init(|| start("-aggregating"))
}

impl Kube {
    /// The CA that signed the client certificate the server presents to APIService backends (its front proxy's):
    /// what a backend's `--requestheader-client-ca-file` names.
    pub fn front_proxy_ca(&self) -> &Path {
        &self.front_proxy_ca
    }

    /// The front proxy's own client certificate and key (`front-proxy-client`), to act as it in tests.
    pub fn front_proxy_client(&self) -> (PathBuf, PathBuf) {
        let certs = self.front_proxy_ca.parent().unwrap_or(Path::new("."));
        (certs.join("front-proxy-client.crt"), certs.join("front-proxy-client.key"))
    }

    /// `https://127.0.0.1:<port>`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The PEM file of the CA the server's certificate chains to.
    pub fn ca(&self) -> &Path {
        &self.ca
    }

    /// The bearer token of a system:masters user.
    pub fn token(&self) -> &str {
        &self.token
    }

    /// A kubeconfig for the server (system:masters by bearer token).
    pub fn kubeconfig(&self) -> &Path {
        &self.kubeconfig
    }

    /// GET `path` (with its query) accepting `accept`.
    pub fn get(&self, path: &str, accept: &str) -> Reply {
        let request = self.agent.get(format!("{}{path}", self.url)).header("Accept", accept);
        self.send(request.header("Authorization", format!("Bearer {}", self.token)).call(), path)
    }

    /// Whether the CRD `name` is established (its resources served, or about to be).
    pub fn is_established(&self, name: &str) -> bool {
        let reply =
            self.get(&format!("/apis/apiextensions.k8s.io/v1/customresourcedefinitions/{name}"), "application/json");
        let conditions = reply.json()["status"]["conditions"].as_array().cloned().unwrap_or_default();
        conditions.iter().any(|c| c["type"] == "Established" && c["status"] == "True")
    }

    /// Waits until the CRD `name` is established; fails the test after a minute.
    pub fn wait_established(&self, name: &str) {
        let started = Instant::now();
        while !self.is_established(name) {
            assert!(started.elapsed() < Duration::from_secs(60), "{name} was not established within a minute");
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// `method` (POST, PUT, DELETE, PATCH) `path` with a JSON body.
    pub fn send_json(&self, method: &str, path: &str, body: &Value) -> Reply {
        let request = ureq::http::Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.url))
            .header("Authorization", format!("Bearer {}", self.token))
            .header("Accept", "application/json")
            .header("Content-Type", "application/json")
            .body(serde_json::to_vec(body).expect("JSON values serialize"))
            .expect("a valid request");
        self.send(self.agent.run(request), path)
    }

    /// `method` `path` with a body of media type `content_type` (protobuf, say), accepting `accept`.
    pub fn send_bytes(&self, method: &str, path: &str, content_type: &str, accept: &str, body: Vec<u8>) -> Reply {
        let request = ureq::http::Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.url))
            .header("Authorization", format!("Bearer {}", self.token))
            .header("Accept", accept)
            .header("Content-Type", content_type)
            .body(body)
            .expect("a valid request");
        self.send(self.agent.run(request), path)
    }

    fn send(&self, sent: Result<ureq::http::Response<ureq::Body>, ureq::Error>, path: &str) -> Reply {
        let mut response = sent.unwrap_or_else(|e| panic!("{path}: no answer from the API server: {e}"));
        let content_type =
            response.headers().get("content-type").and_then(|value| value.to_str().ok()).unwrap_or_default().to_owned();
        let body = response
            .body_mut()
            .with_config()
            .limit(1 << 30)
            .read_to_vec()
            .unwrap_or_else(|e| panic!("{path}: reading the answer: {e}"));
        Reply { status: response.status().as_u16(), content_type, body }
    }
}

fn cache_dir() -> PathBuf {
    match std::env::var_os("KAPI_CACHE") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(std::env::var_os("HOME").expect("HOME is set")).join(".cache/kapi"),
    }
}

/// Starts (or joins) the run's server whose directory name ends with `suffix`.
fn start(suffix: &str) -> Kube {
    let runs = cache_dir().join("kube/runs");
    fs::create_dir_all(&runs).expect("the cache directory is writable");
    // Under nextest the runner outlives every test process; under cargo test, this process is the run.
    let (run, watched) = match std::env::var("NEXTEST_RUN_ID") {
        Ok(id) => (format!("{id}{suffix}"), std::os::unix::process::parent_id()),
        Err(_) => (format!("pid-{}{suffix}", std::process::id()), std::process::id()),
    };
    let dir = runs.join(&run);
    let lock = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(runs.join(format!("{run}.lock")))
        .expect("the lock file opens");
    lock.lock().expect("the run's lock is taken");
    if !supervisor_alive(&dir) {
        prune_old_runs(&runs);
        launch(&dir, watched);
    }
    drop(lock);
    connect(&dir)
}

/// Whether `dir/ready` names a live supervisor.
fn supervisor_alive(dir: &Path) -> bool {
    let Ok(pid) = fs::read_to_string(dir.join("ready")) else { return false };
    Path::new("/proc").join(pid.trim()).exists()
}

/// Starts `up.sh` in a process group of its own (a test's end must not stop it) with its output in files (nextest
/// would wait for an inherited pipe to close), and waits until it says ready or failed.
fn launch(dir: &Path, watched: u32) {
    fs::create_dir_all(dir).expect("the run directory is writable");
    let log = |name: &str| Stdio::from(File::create(dir.join(name)).expect("log files are writable"));
    let script = crate::project_root().join("tests/kube/up.sh");
    let mut child = {
        use std::os::unix::process::CommandExt;
        Command::new("bash")
            .arg(&script)
            .arg(dir)
            .arg(watched.to_string())
            .stdin(Stdio::null())
            .stdout(log("up.out"))
            .stderr(log("up.err"))
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", script.display()))
    };
    let started = Instant::now();
    loop {
        if supervisor_alive(dir) {
            return;
        }
        let up_err = || fs::read_to_string(dir.join("up.err")).unwrap_or_default();
        if let Some(status) = child.try_wait().expect("the supervisor can be waited for") {
            panic!("the Kubernetes API server did not start ({status}):\n{}", up_err());
        }
        assert!(started.elapsed() < START_TIMEOUT, "the Kubernetes API server is not ready after {START_TIMEOUT:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Removes what runs over a day old left (certificates and logs; their servers stopped with their runner).
fn prune_old_runs(runs: &Path) {
    let day_ago = SystemTime::now() - Duration::from_secs(24 * 3600);
    for entry in fs::read_dir(runs).into_iter().flatten().flatten() {
        let old = entry.metadata().and_then(|m| m.modified()).is_ok_and(|modified| modified < day_ago);
        if old && !supervisor_alive(&entry.path()) {
            let path = entry.path();
            let _ = if path.is_dir() { fs::remove_dir_all(&path) } else { fs::remove_file(&path) };
        }
    }
}

fn connect(dir: &Path) -> Kube {
    let env = fs::read_to_string(dir.join("env")).expect("up.sh wrote its env file");
    let value = |key: &str| {
        env.lines()
            .find_map(|line| line.strip_prefix(&format!("{key}=")))
            .unwrap_or_else(|| panic!("{key} missing from {}", dir.join("env").display()))
            .to_owned()
    };
    let pem = fs::read(value("KUBE_CA")).expect("the CA file is readable");
    let ca = ureq::tls::Certificate::from_pem(&pem).expect("the CA is PEM").to_owned();
    let tls = ureq::tls::TlsConfig::builder().root_certs(ureq::tls::RootCerts::Specific(Arc::new(vec![ca]))).build();
    let agent = ureq::Agent::config_builder()
        .tls_config(tls)
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(120)))
        .build()
        .into();
    Kube {
        url: value("KUBE_URL"),
        token: value("KUBE_TOKEN"),
        ca: PathBuf::from(value("KUBE_CA")),
        kubeconfig: PathBuf::from(value("KUBECONFIG")),
        front_proxy_ca: PathBuf::from(value("KUBE_FRONT_PROXY_CA")),
        agent,
    }
}
