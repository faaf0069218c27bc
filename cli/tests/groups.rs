//! Watchable discovery through `kapi serve`: a watch of `Group` objects sees a `--watch` reload that changes a
//! group within a second, resource versions only grow across reloads and restarts, an old one gets 410, and
//! kubectl (the oldest and the newest installed) lists, gets and watches groups.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant, SystemTime};

use common::{Server, watch};
use serde_json::{Value, json};

const GROUPS: &str = "/apis/discovery.k8s.io/v1alpha1/groups";
const RESOURCE: &str = "groups.v1alpha1.discovery.k8s.io";

/// A copy of the committed corpus: every file `kapi serve --dir` reads.
pub(crate) fn corpus_copy() -> tempfile::TempDir {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated");
    let copy = tempfile::tempdir().expect("tempdir");
    for entry in ["openapi", "discovery", "proto", "crds", "model.json"] {
        copy_tree(&source.join(entry), &copy.path().join(entry));
    }
    copy
}

fn copy_tree(from: &Path, to: &Path) {
    if from.is_dir() {
        std::fs::create_dir_all(to).expect("mkdir");
        for entry in std::fs::read_dir(from).expect("read dir").flatten() {
            copy_tree(&entry.path(), &to.join(entry.file_name()));
        }
    } else {
        std::fs::copy(from, to).expect("copy");
    }
}

/// Rewrites a JSON file of the bundle: written beside it, then renamed, so a reload never reads half a file.
fn edit_json(dir: &Path, relative: &str, edit: impl FnOnce(&mut Value)) {
    let path = dir.join(relative);
    let mut value: Value = serde_json::from_slice(&std::fs::read(&path).expect("read")).expect("json");
    edit(&mut value);
    let staged = dir.join(".staged.json");
    std::fs::write(&staged, serde_json::to_vec_pretty(&value).expect("json")).expect("write");
    std::fs::rename(&staged, &path).expect("rename");
}

/// Removes `plural` from `group/version` in both aggregated documents and the legacy resource list.
pub(crate) fn drop_resource(dir: &Path, group: &str, version: &str, plural: &str) {
    for file in ["discovery/aggregated_v2.json", "discovery/aggregated_v2beta1.json"] {
        edit_json(dir, file, |document| {
            for entry in document["items"].as_array_mut().expect("items") {
                if entry["metadata"]["name"] != group {
                    continue;
                }
                for served in entry["versions"].as_array_mut().expect("versions") {
                    if served["version"] == version {
                        served["resources"].as_array_mut().expect("resources").retain(|r| r["resource"] != plural);
                    }
                }
            }
        });
    }
    edit_json(dir, &format!("discovery/apis__{group}__{version}.json"), |list| {
        let keep = |r: &Value| r["name"].as_str().is_some_and(|n| n != plural && !n.starts_with(&format!("{plural}/")));
        list["resources"].as_array_mut().expect("resources").retain(keep);
    });
}

/// Removes `group` from the aggregated documents and the group list, and deletes its legacy documents.
pub(crate) fn drop_group(dir: &Path, group: &str) {
    for file in ["discovery/aggregated_v2.json", "discovery/aggregated_v2beta1.json"] {
        edit_json(dir, file, |document| {
            document["items"].as_array_mut().expect("items").retain(|entry| entry["metadata"]["name"] != group);
        });
    }
    edit_json(dir, "discovery/apis.json", |list| {
        list["groups"].as_array_mut().expect("groups").retain(|entry| entry["name"] != group);
    });
    for entry in std::fs::read_dir(dir.join("discovery")).expect("discovery").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name == format!("apis__{group}.json") || name.starts_with(&format!("apis__{group}__")) {
            std::fs::remove_file(entry.path()).expect("remove");
        }
    }
}

/// `GET path` over HTTP/1.0: (status code, JSON body).
pub(crate) fn get(server: &Server, path: &str) -> (u16, Value) {
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
    write!(stream, "GET {path} HTTP/1.0\r\nHost: x\r\nAccept: application/json\r\n\r\n").expect("send");
    let mut raw = String::new();
    stream.read_to_string(&mut raw).expect("read");
    let code = raw.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = raw.split_once("\r\n\r\n").map(|(_, body)| body).unwrap_or_default();
    (code, serde_json::from_str(body).unwrap_or(Value::Null))
}

fn resource_version(object: &Value) -> u64 {
    object["metadata"]["resourceVersion"].as_str().and_then(|rv| rv.parse().ok()).expect("numeric resourceVersion")
}

/// Waits for the `count`-th line of the server log containing `needle`; returns its UTC time of day in seconds.
pub(crate) fn logged(log: &Path, needle: &str, count: usize) -> f64 {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        if let Some(line) = text.lines().filter(|line| line.contains(needle)).nth(count - 1) {
            // `2026-01-02T03:04:05.678901Z  INFO …`: tracing's time stamp, in UTC.
            let clock = line.get(11..26).expect("time stamp");
            let parts: Vec<f64> = clock.split(':').map(|part| part.parse().expect("number")).collect();
            return parts[0] * 3600.0 + parts[1] * 60.0 + parts[2];
        }
        assert!(Instant::now() < deadline, "no {needle:?} #{count} in the log:\n{text}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Seconds from a time of day in the log to `at`, across midnight too.
pub(crate) fn since_logged(logged: f64, at: SystemTime) -> f64 {
    let now = at.duration_since(SystemTime::UNIX_EPOCH).expect("after 1970").as_secs_f64() % 86_400.0;
    (now - logged + 129_600.0) % 86_400.0 - 43_200.0
}

/// Edits the bundle with `change`, then returns the next event and how long after the reload's log line (the
/// group objects changing) it arrived.
fn reload_and_receive(
    dir: &Path,
    log: &Path,
    reloads: &mut usize,
    events: &mpsc::Receiver<(Value, Instant, SystemTime)>,
    change: impl FnOnce(&Path),
) -> (Value, f64, Duration) {
    let written = Instant::now();
    change(dir);
    let (event, arrived, arrived_at) = events.recv_timeout(Duration::from_secs(30)).expect("an event after the reload");
    *reloads += 1;
    let latency = since_logged(logged(log, "group objects changed", *reloads), arrived_at);
    (event, latency, arrived - written)
}

/// The event type and object a change to the bundle should produce, and the change.
type BundleChange = (&'static str, &'static str, Box<dyn FnOnce(&Path)>);

#[test]
fn reloads_reach_a_watch_within_a_second_and_versions_only_grow() {
    let dir = corpus_copy();
    let logs = tempfile::tempdir().expect("tempdir");
    let log = logs.path().join("serve.log");
    let root = dir.path().to_str().expect("utf-8");
    let server = Server::kapi_serve_logging_to(&["--dir", root, "--watch"], &log);
    let (code, event) = get(&server, &format!("{GROUPS}?watch=1&resourceVersion=1"));
    assert_eq!((code, event["type"].as_str()), (200, Some("ERROR")), "accepted, then refused in the stream: {event}");
    assert_eq!((event["object"]["code"].as_i64(), event["object"]["reason"].as_str()), (Some(410), Some("Expired")));
    let (code, list) = get(&server, GROUPS);
    assert_eq!(code, 200);
    let mut versions = vec![resource_version(&list)];
    let (code, events) = watch(&server, &format!("{GROUPS}?watch=1&resourceVersion={}", versions[0]));
    assert_eq!(code, 200);
    let mut reloads = 1; // the start-up bundle
    logged(&log, "group objects changed", reloads);
    let changes: [BundleChange; 3] = [
        ("MODIFIED", "apps", Box::new(|d| drop_resource(d, "apps", "v1", "statefulsets"))),
        ("DELETED", "batch.example.com", Box::new(|d| drop_group(d, "batch.example.com"))),
        ("MODIFIED", "coordination.k8s.io", Box::new(|d| drop_resource(d, "coordination.k8s.io", "v1", "leases"))),
    ];
    for (expected, name, change) in changes {
        let (event, latency, after_write) = reload_and_receive(dir.path(), &log, &mut reloads, &events, change);
        assert_eq!(
            (event["type"].as_str(), event["object"]["metadata"]["name"].as_str()),
            (Some(expected), Some(name))
        );
        eprintln!("{expected} {name}: {latency:.4} s after the reload was logged, {after_write:?} after the write");
        assert!(latency < 1.0, "{expected} {name} arrived {latency} s after the reload");
        versions.push(resource_version(&event["object"]));
    }
    let apps = get(&server, &format!("{GROUPS}/apps")).1;
    assert!(!apps.to_string().contains("statefulsets"), "{apps}");
    versions.push(resource_version(&get(&server, GROUPS).1));
    drop(server);
    let server = Server::kapi_serve_logging_to(&["--dir", root, "--watch"], &log);
    versions.push(resource_version(&get(&server, GROUPS).1));
    assert!(versions.windows(2).all(|pair| pair[0] <= pair[1]), "{versions:?}");
    assert!(versions[versions.len() - 1] > versions[versions.len() - 2], "a restart continues above: {versions:?}");
    let old = versions[versions.len() - 2];
    let (code, event) = get(&server, &format!("{GROUPS}?watch=1&resourceVersion={old}"));
    let status = &event["object"];
    assert_eq!((code, status["code"].as_i64()), (200, Some(410)), "the previous run's version is too old: {event}");
}

/// A thousand watchers of `groups` on one server, opened by the benchmark's own client (benches/watchers.py): each
/// receives the MODIFIED event of one change within a second of it, and none fails. benches/watchers.sh runs the
/// same at 10 000 watchers on a release build (docs/BENCHMARKS.md).
#[test]
fn a_thousand_watchers_each_see_a_change_within_a_second() {
    let dir = corpus_copy();
    let root = dir.path().to_str().expect("utf-8");
    let server = Server::kapi_serve(&["--dir", root, "--watch", "--max-connections", "1100"]);
    let client = Path::new(env!("CARGO_MANIFEST_DIR")).join("../benches/watchers.py");
    let output = Command::new("python3")
        .arg(&client)
        .args([server.url().as_str(), &server.child.id().to_string(), root, "1000"])
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let report: Value = serde_json::from_str(stdout.lines().last().unwrap_or_default())
        .unwrap_or_else(|e| panic!("{e}: {stdout}{}", String::from_utf8_lossy(&output.stderr)));
    eprintln!("{report}");
    let counts = (report["established"].as_u64(), report["events"].as_u64(), report["errors"].as_u64());
    assert_eq!(counts, (Some(1000), Some(1000), Some(0)), "{report}");
    let last = report["event_ms"]["last"].as_f64().expect("a last arrival");
    assert!(last < 1000.0, "the last watcher had the event {last} ms after the change: {report}");
}

/// The oldest and the newest installed kubectl (`kubectl.1.NN` beside the `kubectl` on PATH), or that one alone.
fn oldest_and_newest_kubectl() -> Vec<PathBuf> {
    let Some(kubectl) = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .map(|dir| dir.join("kubectl"))
        .find(|path| path.is_file())
    else {
        assert!(std::env::var_os("CI").is_none(), "kubectl is not installed in CI: the kubectl checks cannot run");
        eprintln!("\n*** kubectl IS NOT INSTALLED: the kubectl group checks DID NOT RUN ***\n");
        return Vec::new();
    };
    let dir = std::fs::canonicalize(&kubectl).ok().and_then(|real| real.parent().map(Path::to_path_buf));
    let mut versioned: Vec<(u32, PathBuf)> = dir
        .and_then(|dir| std::fs::read_dir(dir).ok())
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let minor = entry.file_name().to_str()?.strip_prefix("kubectl.1.")?.parse().ok()?;
            Some((minor, entry.path()))
        })
        .collect();
    versioned.sort();
    match (versioned.first(), versioned.last()) {
        (Some(oldest), Some(newest)) if oldest.0 != newest.0 => vec![oldest.1.clone(), newest.1.clone()],
        (Some(only), _) => vec![only.1.clone()],
        _ => vec![kubectl],
    }
}

/// The legacy core group, which the corpus does not serve, added to a copy so its object (`core`) is listed.
fn add_core_group(dir: &Path) {
    let configmaps = json!({"resource": "configmaps", "singularResource": "configmap", "scope": "Namespaced",
        "verbs": ["get", "list"], "responseKind": {"group": "", "version": "", "kind": "ConfigMap"}});
    for file in ["discovery/aggregated_api_v2.json", "discovery/aggregated_api_v2beta1.json"] {
        edit_json(dir, file, |document| {
            document["items"] = json!([{"metadata": {}, "versions": [{"version": "v1", "freshness": "Current",
                                                                      "resources": [configmaps.clone()]}]}]);
        });
    }
    edit_json(dir, "discovery/api.json", |versions| versions["versions"] = json!(["v1"]));
}

fn kubectl(kubectl: &Path, server: &Server, home: &Path) -> Command {
    let mut command = Command::new(kubectl);
    command
        .args(["--server", &server.url(), "--cache-dir", home.join("cache").to_str().expect("utf-8")])
        .env("HOME", home)
        .env_remove("KUBECONFIG");
    command
}

#[test]
fn kubectl_lists_gets_and_watches_groups() {
    let dir = corpus_copy();
    add_core_group(dir.path());
    let server = Server::kapi_serve(&["--dir", dir.path().to_str().expect("utf-8")]);
    for binary in oldest_and_newest_kubectl() {
        let home = tempfile::tempdir().expect("tempdir");
        let listed = kubectl(&binary, &server, home.path()).args(["get", RESOURCE]).output().expect("runs");
        let text = String::from_utf8_lossy(&listed.stdout);
        assert!(listed.status.success(), "{}: {}", binary.display(), String::from_utf8_lossy(&listed.stderr));
        assert!(text.starts_with("NAME") && text.contains("VERSIONS") && text.contains("AGE"), "{text}");
        let names: Vec<&str> = text.lines().skip(1).filter_map(|line| line.split_whitespace().next()).collect();
        for expected in ["apps", "core", "discovery.k8s.io", "stable.example.com"] {
            assert!(names.contains(&expected), "{}: no {expected} in {names:?}", binary.display());
        }
        let one = kubectl(&binary, &server, home.path()).args(["get", RESOURCE, "apps", "-o", "json"]).output();
        let one: Value = serde_json::from_slice(&one.expect("runs").stdout).expect("kubectl prints JSON");
        assert_eq!((one["kind"].as_str(), one["metadata"]["name"].as_str()), (Some("Group"), Some("apps")));
        assert!(one["spec"]["versions"][0]["resources"].as_array().is_some_and(|r| !r.is_empty()), "{one}");
        let rows = watched_rows(kubectl(&binary, &server, home.path()).args(["get", RESOURCE, "--watch"]));
        assert!(rows.iter().any(|row| row.starts_with("NAME")), "{}: {rows:?}", binary.display());
        assert!(rows.iter().any(|row| row.starts_with("core ")), "{}: {rows:?}", binary.display());
    }
}

/// Runs a `kubectl … --watch`, collects what it prints until the row of `stable.example.com` (the last group
/// listed) appears or ten seconds pass, then kills it.
fn watched_rows(command: &mut Command) -> Vec<String> {
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::null()).spawn().expect("kubectl starts");
    let stdout = child.stdout.take().expect("stdout");
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let mut rows = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(10);
    while let Ok(row) = receiver.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        let done = row.starts_with("stable.example.com");
        rows.push(row);
        if done {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    rows
}
