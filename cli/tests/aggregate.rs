//! `kapi aggregate` end to end: against the Python imitation of kube-apiserver serving upstream Kubernetes 1.32's
//! OpenAPI v3 documents, and against `kapi serve`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::{Value, json};

use crate::common;

use common::{Server, shared};

/// The oracle on a free port serving the OpenAPI documents in `openapi_dir`, logging requests to `log`.
fn oracle(openapi_dir: &Path, log: &Path) -> Server {
    let (dir, log) = (openapi_dir.to_str().expect("utf-8"), log.to_str().expect("utf-8"));
    Server::python(&shared().join("conformance/oracle_server.py"), &["--quiet", "--openapi-dir", dir, "--log", log])
}

fn upstream_dir() -> PathBuf {
    shared().join("upstream/k8s-1.32/openapi-v3")
}

fn run_aggregate(url: &str, output: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kapi")).args(["aggregate", url, "-o"]).arg(output).output().expect("kapi runs")
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every upstream document, by its path relative to the OpenAPI directory without `.json` (`apis/apps/v1`).
fn upstream_documents() -> BTreeMap<String, Value> {
    let mut found = BTreeMap::new();
    let mut pending = vec![upstream_dir()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("read dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == "json") {
                let relative = path.strip_prefix(upstream_dir()).expect("under the dir").with_extension("");
                found.insert(relative.to_string_lossy().into_owned(), read_json(&path));
            }
        }
    }
    found
}

fn schemas(document: &Value) -> &serde_json::Map<String, Value> {
    document["components"]["schemas"].as_object().expect("components.schemas")
}

/// The part of `aggregate` that `upstream` covers: its paths and its schemas, as one group-version document.
fn subset_for(aggregate: &Value, upstream: &Value) -> Value {
    let pick = |section: &Value, names: &Value| -> Value {
        let names = names.as_object().expect("object");
        Value::Object(names.keys().map(|name| (name.clone(), section[name].clone())).collect())
    };
    json!({
        "openapi": aggregate["openapi"],
        "info": upstream["info"],
        "paths": pick(&aggregate["paths"], &upstream["paths"]),
        "components": {
            "schemas": pick(&aggregate["components"]["schemas"], &upstream["components"]["schemas"]),
            "securitySchemes": aggregate["components"]["securitySchemes"],
        },
    })
}

/// Runs openapi_diff.py on `ours` against the upstream document `relative` and returns its JSON report.
fn openapi_diff(ours: &Value, relative: &str) -> Value {
    let work = tempfile::tempdir().expect("tempdir");
    let (ours_path, report_path) = (work.path().join("ours.json"), work.path().join("report.json"));
    std::fs::write(&ours_path, serde_json::to_vec(ours).expect("json")).expect("write");
    let output = Command::new("python3")
        .arg(shared().join("conformance/openapi_diff.py"))
        .arg(&ours_path)
        .arg(upstream_dir().join(format!("{relative}.json")))
        .arg("--json")
        .arg(&report_path)
        .output()
        .expect("python3 runs openapi_diff.py");
    assert!(output.status.success(), "openapi_diff: {}", String::from_utf8_lossy(&output.stderr));
    read_json(&report_path)
}

#[test]
fn aggregates_the_upstream_kubernetes_documents_served_by_the_oracle() {
    let upstream = upstream_documents();
    let distinct: BTreeSet<&String> = upstream.values().flat_map(|document| schemas(document).keys()).collect();
    // The figure the issue gives; computed here so a change of the upstream data shows up as such.
    assert_eq!(distinct.len(), 632);

    let work = tempfile::tempdir().expect("tempdir");
    let (out, log) = (work.path().join("out.json"), work.path().join("requests.log"));
    let server = oracle(&upstream_dir(), &log);
    let output = run_aggregate(&server.url(), &out);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let requests: Vec<Value> = std::fs::read_to_string(&log)
        .expect("request log")
        .lines()
        .map(|line| serde_json::from_str(line).expect("log line"))
        .collect();
    // The root, then each document once at the URL the root advertised (with its ?hash=), all asking for JSON.
    assert_eq!(requests.len(), upstream.len() + 1);
    for request in &requests {
        assert_eq!((&request["accept"], &request["status"]), (&json!("application/json"), &json!(200)), "{request}");
        let path = request["path"].as_str().expect("path");
        assert!(path == "/openapi/v3" || path.contains("?hash="), "{path}");
    }
    assert!(stderr.contains(&format!("aggregated {} documents", upstream.len())), "{stderr}");
    assert!(stderr.contains("632 distinct schemas"), "{stderr}");

    let text = std::fs::read_to_string(&out).expect("written");
    let aggregate: Value = serde_json::from_str(&text).expect("JSON");
    // Pretty, keys sorted (serde_json's map is ordered), one trailing newline: re-rendering changes nothing.
    assert_eq!(text, serde_json::to_string_pretty(&aggregate).expect("render") + "\n");
    assert_eq!(schemas(&aggregate).keys().collect::<BTreeSet<_>>(), distinct);
    assert_eq!(aggregate["openapi"], "3.0.0");
    assert!(aggregate["info"]["title"].as_str().is_some_and(|t| t.contains(&server.url())));
    for (relative, document) in &upstream {
        for (name, schema) in schemas(document) {
            assert_eq!(&schemas(&aggregate)[name], schema, "{name} from {relative}");
        }
        for path in document["paths"].as_object().expect("paths").keys() {
            assert_eq!(aggregate["paths"][path], document["paths"][path], "{path} from {relative}");
        }
    }

    for relative in ["api/v1", "apis/apps/v1", "apis/batch/v1"] {
        let report = openapi_diff(&subset_for(&aggregate, &upstream[relative]), relative);
        let (schema_report, path_report) = (&report["schemas"], &report["paths"]);
        assert_eq!(schema_report["identical"], schema_report["union"], "{relative}: {}", report["summary"]);
        assert_eq!(schema_report["union"].as_u64(), Some(schemas(&upstream[relative]).len() as u64));
        assert_eq!(path_report["identical"], path_report["union"], "{relative}: {}", report["summary"]);
        let upstream_paths = upstream[relative]["paths"].as_object().map_or(0, serde_json::Map::len);
        assert!(upstream_paths > 0 && path_report["union"].as_u64() == Some(upstream_paths as u64), "{relative}");
    }
}

#[test]
fn a_definition_two_group_versions_disagree_on_is_an_error_and_nothing_is_written() {
    let data = tempfile::tempdir().expect("tempdir");
    let apps_dir = data.path().join("apis/apps");
    let batch_dir = data.path().join("apis/batch");
    std::fs::create_dir_all(&apps_dir).expect("mkdir");
    std::fs::create_dir_all(&batch_dir).expect("mkdir");
    std::fs::copy(upstream_dir().join("apis/apps/v1.json"), apps_dir.join("v1.json")).expect("copy");
    let mut batch = read_json(&upstream_dir().join("apis/batch/v1.json"));
    let meta = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";
    batch["components"]["schemas"][meta]["type"] = json!("string");
    std::fs::write(batch_dir.join("v1.json"), serde_json::to_vec(&batch).expect("json")).expect("write");

    let work = tempfile::tempdir().expect("tempdir");
    let server = oracle(data.path(), &data.path().join("requests.log"));
    let out = work.path().join("out.json");
    let output = run_aggregate(&server.url(), &out);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(stderr.contains(meta) && stderr.contains("apis/apps/v1") && stderr.contains("apis/batch/v1"), "{stderr}");
    assert!(!out.exists(), "nothing is written when the merge fails");
    assert_eq!(std::fs::read_dir(work.path()).expect("dir").count(), 0, "no temporary file is left behind");
}

#[test]
fn an_unreachable_server_or_a_wrong_path_is_a_clear_error() {
    let work = tempfile::tempdir().expect("tempdir");
    let out = work.path().join("out.json");
    // A port just bound and released again: nothing listens there, so the connection is refused.
    let free_port = std::net::TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("addr").port();
    let output = run_aggregate(&format!("http://127.0.0.1:{free_port}"), &out);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success() && stderr.contains("cannot connect"), "{stderr}");

    let server = oracle(&upstream_dir(), &work.path().join("requests.log"));
    let output = run_aggregate(&format!("{}/no/such/prefix", server.url()), &out);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("/no/such/prefix/openapi/v3") && stderr.contains("404"), "{stderr}");
    assert!(!output.status.success() && !out.exists());
}

#[test]
fn aggregates_what_kapi_serve_publishes() {
    let server = Server::kapi_serve(&[]);
    let work = tempfile::tempdir().expect("tempdir");
    let out = work.path().join("out.json");
    let output = run_aggregate(&server.url(), &out);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let aggregate = read_json(&out);
    for name in ["com.example.stable.v1.CronTab", "io.k8s.api.apps.v1.Deployment"] {
        assert!(schemas(&aggregate).contains_key(name), "{name} missing");
    }
    let paths = aggregate["paths"].as_object().expect("paths");
    assert!(paths.keys().any(|path| path.starts_with("/apis/stable.example.com/v1/")), "no CronTab paths");
    assert!(paths.keys().any(|path| path.starts_with("/apis/apps/v1/")), "no apps/v1 paths");
}
