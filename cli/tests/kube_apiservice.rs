//! `kapi serve` as the backend of APIServices behind the real kube-apiserver (`kapi_tests::kube`): the server's
//! aggregator reaches kapi over TLS as its front proxy (request-header authentication), and everything is then
//! checked through the real server only — aggregated discovery, the OpenAPI v3 root's hashes, the merged OpenAPI
//! v2, `kubectl api-resources` and `kubectl explain` of every installed kubectl — and, when kapi is killed and
//! started again, the freshness the real server reports (docs/AGGREGATION.md, "Behind kube-apiserver").

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use base64::Engine as _;
use common::Server;
use kapi_tests::kube::{Kube, kube_aggregating};
use serde_json::{Value, json};
use tempfile::TempDir;

const NAMESPACE: &str = "kapi-system";
const AGGREGATED_V2: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
const AGGREGATED_V2BETA1: &str = "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList";

/// One `kapi serve` serving only `group_versions` of the embedded corpus over TLS, in request-header mode, and
/// registered with the real server as their APIServices through the Service `service`.
struct Backend {
    server: Server,
    /// The self-signed CA and serving certificate, kept across restarts (the APIServices' `caBundle`).
    certs: TempDir,
    args: Vec<String>,
}

impl Backend {
    fn start(kube: &Kube, service: &str, group_versions: &[&str]) -> Self {
        let certs = tempfile::tempdir().expect("tempdir");
        let mut runtime_config = vec!["api/all=false".to_owned()];
        runtime_config.extend(group_versions.iter().map(|gv| format!("{gv}=true")));
        // docs/APISERVICE.md's command, with this test's files, names and group-versions.
        let documented = documented_command();
        let mut args = Vec::new();
        let mut words = documented.iter().skip_while(|word| *word != "serve").skip(1);
        while let Some(flag) = words.next() {
            let value = words.next().unwrap_or_else(|| panic!("{flag} has a value in docs/APISERVICE.md"));
            let value = match flag.as_str() {
                // The harness listens on a free loopback port.
                "--addr" => continue,
                "--self-signed" => path_text(certs.path()),
                // The name the aggregator checks the serving certificate for.
                "--self-signed-name" => format!("{service}.{NAMESPACE}.svc"),
                "--requestheader-client-ca-file" => path_text(kube.front_proxy_ca()),
                "--runtime-config" => runtime_config.join(","),
                _ => value.clone(),
            };
            args.extend([flag.clone(), value]);
        }
        let server = Server::kapi_serve(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(server.https, "kapi serve listens on HTTPS");
        let backend = Self { server, certs, args };
        backend.register(kube, service, group_versions);
        backend
    }

    /// The Service (ExternalName `localhost`: the aggregator dials `localhost:<port>` and checks the certificate
    /// for `<service>.<namespace>.svc`) and one APIService per group-version.
    fn register(&self, kube: &Kube, service: &str, group_versions: &[&str]) {
        let namespace = json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": NAMESPACE}});
        create(kube, "/api/v1/namespaces", &namespace);
        let port = self.server.port;
        replace(
            kube,
            &format!("/api/v1/namespaces/{NAMESPACE}/services"),
            service,
            &json!({
                "apiVersion": "v1", "kind": "Service",
                "metadata": {"name": service, "namespace": NAMESPACE},
                "spec": {"type": "ExternalName", "externalName": "localhost", "ports": [{"port": port}]},
            }),
        );
        let ca = std::fs::read(self.certs.path().join("ca.crt")).expect("kapi made its CA");
        for group_version in group_versions {
            let (group, version) = group_version.split_once('/').expect("group/version");
            // docs/APISERVICE.md's APIService, for this group-version, Service and CA.
            let mut api_service = documented_api_service();
            api_service["metadata"]["name"] = json!(format!("{version}.{group}"));
            let spec = &mut api_service["spec"];
            (spec["group"], spec["version"]) = (json!(group), json!(version));
            spec["service"] = json!({"namespace": NAMESPACE, "name": service, "port": port});
            spec["caBundle"] = json!(base64::engine::general_purpose::STANDARD.encode(&ca));
            replace(kube, "/apis/apiregistration.k8s.io/v1/apiservices", &format!("{version}.{group}"), &api_service);
        }
    }

    fn kill(&mut self) {
        let _ = self.server.child.kill();
        let _ = self.server.child.wait();
    }

    /// Starts kapi again where it was, with the same certificates.
    fn restart(&mut self) {
        let args: Vec<&str> = self.args.iter().map(String::as_str).collect();
        self.server = Server::kapi_serve_on(self.server.port, &args);
    }

    /// GET `path` from kapi as the front proxy does: its client certificate and a user.
    fn get_as_front_proxy(&self, kube: &Kube, path: &str, accept: &str) -> (u16, Vec<u8>) {
        let (cert, key) = kube.front_proxy_client();
        let client =
            ["--cert", &path_text(&cert), "--key", &path_text(&key), "-H", "X-Remote-User: system:kube-aggregator"];
        self.curl(path, accept, &client)
    }

    /// GET `path` from kapi with curl (which can present client certificates): status and body; status 0 when the
    /// TLS handshake fails.
    fn curl(&self, path: &str, accept: &str, extra: &[&str]) -> (u16, Vec<u8>) {
        let output = Command::new("curl")
            .args(["-s", "-o", "-", "-w", "\n%{http_code}", "--cacert"])
            .arg(self.certs.path().join("ca.crt"))
            .args(["-H", &format!("Accept: {accept}")])
            .args(extra)
            .arg(format!("{}{path}", self.server.url()))
            .output()
            .expect("curl runs");
        let mut body = output.stdout;
        let split = body.iter().rposition(|b| *b == b'\n').expect("curl wrote the status line");
        let status = String::from_utf8_lossy(&body[split + 1..]).trim().parse().unwrap_or(0);
        body.truncate(split);
        (status, body)
    }
}

/// The first fenced block of `language` in docs/APISERVICE.md.
fn documented_block(language: &str) -> String {
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/APISERVICE.md"))
        .expect("docs/APISERVICE.md");
    let fence = format!("```{language}\n");
    let block = page.split(&fence).nth(1).and_then(|rest| rest.split("```").next());
    block.unwrap_or_else(|| panic!("docs/APISERVICE.md has a {language} block")).to_owned()
}

/// The words of the page's `kapi serve` command (lines continued with `\`).
fn documented_command() -> Vec<String> {
    let command = documented_block("sh").replace("\\\n", " ");
    let words: Vec<String> = command.split_whitespace().map(str::to_owned).collect();
    assert_eq!(words[..2], ["kapi", "serve"], "{words:?}");
    words
}

/// The page's APIService, as JSON.
fn documented_api_service() -> Value {
    let api_service: Value = serde_saphyr::from_str(&documented_block("yaml")).expect("the APIService is YAML");
    assert_eq!(api_service["kind"], "APIService");
    api_service
}

fn path_text(path: &Path) -> String {
    path.to_str().expect("utf-8 path").to_owned()
}

/// POSTs `object` to `path`; one that exists already (another test of the run made the namespace) is fine.
fn create(kube: &Kube, path: &str, object: &Value) {
    let reply = kube.send_json("POST", path, object);
    assert!(
        reply.status == 201 || reply.status == 409,
        "POST {path}: {} {}",
        reply.status,
        String::from_utf8_lossy(&reply.body)
    );
}

/// Creates `object` named `name` in `collection`, replacing one an earlier attempt of the test made.
fn replace(kube: &Kube, collection: &str, name: &str, object: &Value) {
    let deleted = kube.send_json("DELETE", &format!("{collection}/{name}"), &json!({}));
    assert!(matches!(deleted.status, 200 | 202 | 404), "DELETE {collection}/{name}: {}", deleted.status);
    create(kube, collection, object);
}

/// Polls `check` every 250 ms until it returns `Some`, for at most `limit`; the value and how long it took.
fn wait_for<T>(limit: Duration, what: &str, mut check: impl FnMut() -> Result<T, String>) -> (T, Duration) {
    let started = Instant::now();
    loop {
        match check() {
            Ok(value) => return (value, started.elapsed()),
            Err(last) if started.elapsed() > limit => panic!("{what}: not after {limit:?}; last: {last}"),
            Err(_) => std::thread::sleep(Duration::from_millis(250)),
        }
    }
}

/// The real server's aggregated discovery entries (`accept`) of `groups`, by name.
fn real_groups(kube: &Kube, accept: &str, groups: &[&str]) -> BTreeMap<String, Value> {
    let reply = kube.get("/apis", accept);
    assert_eq!(reply.status, 200, "{}", String::from_utf8_lossy(&reply.body));
    entries(&reply.json(), groups)
}

/// kapi's own aggregated discovery entries of `groups`, by name.
fn kapi_groups(kube: &Kube, backend: &Backend, accept: &str, groups: &[&str]) -> BTreeMap<String, Value> {
    let (status, body) = backend.get_as_front_proxy(kube, "/apis", accept);
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    entries(&serde_json::from_slice(&body).expect("JSON"), groups)
}

/// The entries of an APIGroupDiscoveryList naming one of `groups`. kube-apiserver 1.32 writes each entry's
/// metadata through Go's ObjectMeta, which adds `"creationTimestamp": null` to what the backend sent; that null is
/// the absence of a value, so it is taken out before comparing.
fn entries(list: &Value, groups: &[&str]) -> BTreeMap<String, Value> {
    let mut found = BTreeMap::new();
    for item in list["items"].as_array().expect("items") {
        let name = item["metadata"]["name"].as_str().unwrap_or_default();
        if groups.contains(&name) {
            let mut item = item.clone();
            if let Some(metadata) = item["metadata"].as_object_mut()
                && metadata.get("creationTimestamp") == Some(&Value::Null)
            {
                metadata.remove("creationTimestamp");
            }
            found.insert(name.to_owned(), item);
        }
    }
    found
}

/// The groups of `group_versions`, in order, once each.
fn groups_of(group_versions: &[&'static str]) -> Vec<&'static str> {
    let mut groups: Vec<&'static str> =
        group_versions.iter().map(|gv| gv.split_once('/').expect("group/version").0).collect();
    groups.dedup();
    groups
}

/// Every APIService of `group_versions` is Available; prints how long that took.
fn wait_available(kube: &Kube, group_versions: &[&str]) {
    let started = Instant::now();
    for group_version in group_versions {
        let (group, version) = group_version.split_once('/').expect("group/version");
        let path = format!("/apis/apiregistration.k8s.io/v1/apiservices/{version}.{group}");
        wait_for(Duration::from_secs(90), &format!("APIService {version}.{group} Available"), || {
            let status = kube.get(&path, "application/json").json();
            let conditions = status["status"]["conditions"].as_array().cloned().unwrap_or_default();
            let available = conditions.iter().find(|c| c["type"] == "Available");
            match available {
                Some(condition) if condition["status"] == "True" => Ok(()),
                other => Err(format!("{other:?}")),
            }
        });
    }
    eprintln!("APIServices {group_versions:?} Available after {:.1} s", started.elapsed().as_secs_f64());
}

#[test]
fn kapi_serve_as_an_apiservice_backend_is_seen_through_the_real_server() {
    let kube = kube_aggregating();
    let group_versions = ["stable.example.com/v1", "stable.example.com/v1beta1", "batch.example.com/v1"];
    let groups = groups_of(&group_versions);
    let backend = Backend::start(kube, "kapi-discovery", &group_versions);

    // Request-header mode: only the front proxy, naming a user, reads more than the probes and the version.
    let anonymous = backend.curl("/apis", "application/json", &[]);
    assert_eq!(anonymous.0, 401, "{}", String::from_utf8_lossy(&anonymous.1));
    assert_eq!(serde_json::from_slice::<Value>(&anonymous.1).expect("a Status")["reason"], "Unauthorized");
    assert_eq!(backend.curl("/healthz", "*/*", &[]).0, 200);
    assert_eq!(backend.curl("/version", "application/json", &[]).0, 200);
    let (cert, key) = kube.front_proxy_client();
    let (cert, key) = (path_text(&cert), path_text(&key));
    let no_user = backend.curl("/apis", "application/json", &["--cert", &cert, "--key", &key]);
    assert_eq!(no_user.0, 401, "the front proxy's certificate without a user is no one");
    let header_alone = backend.curl("/apis", "application/json", &["-H", "X-Remote-User: admin"]);
    assert_eq!(header_alone.0, 401, "a user header without the front proxy's certificate is not believed");
    assert_eq!(backend.get_as_front_proxy(kube, "/apis", "application/json").0, 200);

    wait_available(kube, &group_versions);

    // Aggregated discovery, both versions: the real server's entries for kapi's groups are kapi's.
    for accept in [AGGREGATED_V2, AGGREGATED_V2BETA1] {
        let ours = kapi_groups(kube, &backend, accept, &groups);
        assert_eq!(ours.len(), groups.len(), "kapi serves {groups:?}");
        let (_, took) = wait_for(Duration::from_secs(90), "the real server's discovery lists kapi's groups", || {
            let real = real_groups(kube, accept, &groups);
            if real == ours { Ok(()) } else { Err(format!("real {real:#?}\nkapi {ours:#?}")) }
        });
        eprintln!("aggregated discovery ({accept}) matched after {took:?}");
    }

    // The OpenAPI v3 root lists kapi's group-versions with kapi's own hashes, and the documents are kapi's bytes.
    let (status, root) = backend.get_as_front_proxy(kube, "/openapi/v3", "application/json");
    assert_eq!(status, 200);
    let kapi_root: Value = serde_json::from_slice(&root).expect("JSON");
    let kapi_paths = kapi_root["paths"].as_object().expect("paths").clone();
    assert_eq!(kapi_paths.len(), group_versions.len(), "{kapi_paths:?}");
    wait_for(Duration::from_secs(90), "the real server's OpenAPI v3 root lists kapi's hashes", || {
        let real = kube.get("/openapi/v3", "application/json").json();
        let differing: Vec<_> =
            kapi_paths.iter().filter(|(path, entry)| real["paths"][path.as_str()] != **entry).collect();
        if differing.is_empty() { Ok(()) } else { Err(format!("{differing:?}")) }
    });
    for (path, entry) in &kapi_paths {
        let url = entry["serverRelativeURL"].as_str().expect("serverRelativeURL");
        let real = kube.get(url, "application/json");
        let (status, ours) = backend.get_as_front_proxy(kube, url, "application/json");
        assert_eq!((real.status, status), (200, 200), "{path}");
        assert!(real.body == ours, "{path}: the real server serves other bytes than kapi's");
    }

    // The merged OpenAPI v2 holds kapi's definitions and paths. Where kapi's definition of a name the real server
    // also defines differs (kapi's meta/v1 descriptions are its own), the merge keeps both and renames kapi's
    // `<name>_v<N>`, rewriting kapi's references to it: the comparison follows those renames.
    // The server merges each backend's document in the background: wait until it has.
    let (status, ours) = backend.get_as_front_proxy(kube, "/openapi/v2", "application/json");
    assert_eq!(status, 200);
    let ours: Value = serde_json::from_slice(&ours).expect("JSON");
    let (renamed, took) = wait_for(Duration::from_secs(120), "kapi's OpenAPI v2 merged by the real server", || {
        same_in_merged_v2(&ours, &kube.get("/openapi/v2", "application/json").json())
    });
    eprintln!("merged OpenAPI v2 after {took:?}; kapi's definitions the merge renamed: {renamed:?}");

    // kubectl, every installed version, through the real server only.
    check_kubectls(kube, &backend, &group_versions);
}

/// A definition of kapi's document and the name it has in the merged one.
type Renamed = (String, String);

/// Checks that every path and definition of kapi's OpenAPI v2 document `ours` is in the merged document `real`,
/// equal but for references the merge renamed (each APIService's copy of kapi's document is merged on its own,
/// so one of kapi's names may have several merged names); returns the renamed definitions, or the first
/// difference.
fn same_in_merged_v2(ours: &Value, real: &Value) -> Result<BTreeSet<Renamed>, String> {
    let definitions = ours["definitions"].as_object().expect("definitions");
    // The definitions the paths lead to, under the names their references have in the merged document, then the
    // definitions those lead to, and so on.
    let mut to_compare = BTreeSet::new();
    for (path, operations) in ours["paths"].as_object().expect("paths") {
        let merged = &real["paths"][path];
        if !same_modulo_renames(operations, merged, &mut to_compare) {
            return Err(format!("path {path} in the merged OpenAPI v2:\nkapi {operations}\nmerged {merged}"));
        }
    }
    let mut compared = BTreeSet::new();
    while let Some(pair) = to_compare.iter().find(|pair| !compared.contains(*pair)).cloned() {
        let (name, merged_name) = &pair;
        let (definition, merged) = (&definitions[name], &real["definitions"][merged_name]);
        if !same_modulo_renames(definition, merged, &mut to_compare) {
            return Err(format!(
                "definition {name} (merged as {merged_name}) in the merged OpenAPI v2:\nkapi {definition}\nmerged {merged}"
            ));
        }
        compared.insert(pair);
    }
    // A definition no path leads to is there too, under its name or a renamed one.
    for (name, definition) in definitions {
        if compared.iter().any(|(ours, _)| ours == name) {
            continue;
        }
        let found = real["definitions"].as_object().expect("definitions").iter().any(|(merged_name, merged)| {
            same_reference(
                &format!("#/definitions/{name}"),
                &format!("#/definitions/{merged_name}"),
                &mut BTreeSet::new(),
            ) && same_modulo_renames(definition, merged, &mut BTreeSet::new())
        });
        if !found {
            return Err(format!("definition {name} is not in the merged OpenAPI v2"));
        }
    }
    compared.retain(|(name, merged_name)| name != merged_name);
    Ok(compared)
}

/// Whether `ours` equals `merged` where each `$ref` to `#/definitions/X` may be to `X` or to `X_v<N>`; the pairs
/// of names found are added to `to_compare`.
fn same_modulo_renames(ours: &Value, merged: &Value, to_compare: &mut BTreeSet<Renamed>) -> bool {
    match (ours, merged) {
        (Value::Object(ours), Value::Object(merged)) => {
            ours.len() == merged.len()
                && ours.iter().all(|(key, value)| match (key.as_str(), value, merged.get(key)) {
                    ("$ref", Value::String(to), Some(Value::String(merged_to))) => {
                        same_reference(to, merged_to, to_compare)
                    }
                    (_, value, Some(merged_value)) => same_modulo_renames(value, merged_value, to_compare),
                    _ => false,
                })
        }
        (Value::Array(ours), Value::Array(merged)) => {
            ours.len() == merged.len() && ours.iter().zip(merged).all(|(a, b)| same_modulo_renames(a, b, to_compare))
        }
        _ => ours == merged,
    }
}

fn same_reference(to: &str, merged_to: &str, to_compare: &mut BTreeSet<Renamed>) -> bool {
    let (Some(name), Some(merged_name)) = (to.strip_prefix("#/definitions/"), merged_to.strip_prefix("#/definitions/"))
    else {
        return to == merged_to;
    };
    let renamed = merged_name
        .strip_prefix(name)
        .and_then(|suffix| suffix.strip_prefix("_v"))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    if merged_name != name && !renamed {
        return false;
    }
    to_compare.insert((name.to_owned(), merged_name.to_owned()));
    true
}

/// `kubectl api-resources` lists kapi's resources and `kubectl explain` explains each of kapi's kinds in every
/// group-version, with each top-level field of kapi's schema, for every installed kubectl.
fn check_kubectls(kube: &Kube, backend: &Backend, group_versions: &[&str]) {
    let kubectls = common::installed_kubectls();
    assert!(
        !kubectls.is_empty() || std::env::var_os("CI").is_none(),
        "no versioned kubectl is installed in CI: the kubectl checks cannot run"
    );
    if kubectls.is_empty() {
        eprintln!("\n*** no versioned kubectl: the kubectl checks DID NOT RUN ***\n");
        return;
    }
    let (status, body) = backend.get_as_front_proxy(kube, "/apis", AGGREGATED_V2);
    assert_eq!(status, 200);
    let discovery: Value = serde_json::from_slice(&body).expect("JSON");
    // (group-version, resource, kind, the kind's top-level fields from kapi's OpenAPI v3).
    let mut kinds = Vec::new();
    for group_version in group_versions {
        let (group, version) = group_version.split_once('/').expect("group/version");
        let (status, document) =
            backend.get_as_front_proxy(kube, &format!("/openapi/v3/apis/{group_version}"), "application/json");
        assert_eq!(status, 200);
        let document: Value = serde_json::from_slice(&document).expect("JSON");
        let entry = discovery["items"].as_array().expect("items").iter().find(|g| g["metadata"]["name"] == group);
        let versions = entry.and_then(|g| g["versions"].as_array()).cloned().unwrap_or_default();
        let resources = versions.iter().find(|v| v["version"] == version).map(|v| v["resources"].clone());
        for resource in resources.and_then(|r| r.as_array().cloned()).unwrap_or_default() {
            let kind = resource["responseKind"]["kind"].as_str().expect("kind").to_owned();
            let fields = kind_fields(&document, group, version, &kind);
            kinds.push((
                group_version.to_string(),
                resource["resource"].as_str().expect("name").to_owned(),
                kind,
                fields,
            ));
        }
    }
    assert!(kinds.len() >= group_versions.len(), "kapi serves a kind in each group-version: {kinds:?}");
    let home = tempfile::tempdir().expect("tempdir");
    std::thread::scope(|scope| {
        for (version, kubectl) in &kubectls {
            let (kinds, home) = (&kinds, home.path().join(version));
            scope.spawn(move || {
                let run = |args: &[&str]| {
                    let output = Command::new(kubectl)
                        .arg("--kubeconfig")
                        .arg(kube.kubeconfig())
                        .arg("--cache-dir")
                        .arg(home.join("cache"))
                        .args(args)
                        .env("HOME", &home)
                        .output()
                        .expect("kubectl runs");
                    let text = String::from_utf8_lossy(&output.stdout).into_owned();
                    assert!(
                        output.status.success(),
                        "kubectl {version} {args:?}: {text}{}",
                        String::from_utf8_lossy(&output.stderr)
                    );
                    text
                };
                let listed = run(&["api-resources", "--no-headers", "-o", "wide"]);
                for (group_version, resource, kind, fields) in kinds {
                    let line = listed.lines().find(|line| {
                        let words: Vec<&str> = line.split_whitespace().collect();
                        words.first() == Some(&resource.as_str()) && words.contains(&group_version.as_str())
                    });
                    // api-resources lists a group's preferred version; the others must be explainable anyway.
                    if group_version.ends_with("/v1") {
                        let line = line.unwrap_or_else(|| {
                            panic!("kubectl {version} api-resources: no {resource} in {group_version}:\n{listed}")
                        });
                        assert!(line.split_whitespace().any(|word| word == kind), "kubectl {version}: {line}");
                    }
                    let explained = run(&["explain", resource, "--api-version", group_version]);
                    let (group, api_version) = group_version.split_once('/').expect("group/version");
                    for expected in [
                        format!("KIND:       {kind}"),
                        format!("VERSION:    {api_version}"),
                        format!("GROUP:      {group}"),
                    ] {
                        assert!(
                            explained.contains(&expected),
                            "kubectl {version} explain {resource} ({group_version}): no `{expected}`:\n{explained}"
                        );
                    }
                    for field in fields {
                        assert!(
                            explained.lines().any(|line| line.trim_start().starts_with(&format!("{field}\t"))),
                            "kubectl {version} explain {resource} ({group_version}): no field {field}:\n{explained}"
                        );
                    }
                }
            });
        }
    });
    eprintln!(
        "kubectl {:?}: api-resources and explain of {} kinds",
        kubectls.iter().map(|(v, _)| v).collect::<Vec<_>>(),
        kinds.len()
    );
}

/// The top-level properties of the schema of `kind` in `group`/`version` in an OpenAPI v3 document.
fn kind_fields(document: &Value, group: &str, version: &str, kind: &str) -> Vec<String> {
    let schemas = document["components"]["schemas"].as_object().expect("schemas");
    let schema = schemas
        .values()
        .find(|schema| {
            schema["x-kubernetes-group-version-kind"].as_array().is_some_and(|gvks| {
                gvks.iter().any(|gvk| gvk["group"] == group && gvk["version"] == version && gvk["kind"] == kind)
            })
        })
        .unwrap_or_else(|| panic!("no schema for {group}/{version} {kind}"));
    schema["properties"].as_object().map(|p| p.keys().cloned().collect()).unwrap_or_default()
}

#[test]
fn the_real_server_marks_a_killed_backend_stale_and_current_again() {
    let kube = kube_aggregating();
    let group_versions = ["ops.example.com/v1", "ops.example.com/v1beta1", "ops.example.com/v1alpha1"];
    let groups = groups_of(&group_versions);
    let mut backend = Backend::start(kube, "kapi-freshness", &group_versions);
    wait_available(kube, &group_versions);
    let ours = kapi_groups(kube, &backend, AGGREGATED_V2, &groups);
    let current = |real: &BTreeMap<String, Value>| real == &ours;
    wait_for(Duration::from_secs(90), "kapi's group Current in the real server's discovery", || {
        let real = real_groups(kube, AGGREGATED_V2, &groups);
        if current(&real) { Ok(()) } else { Err(format!("{real:?}")) }
    });

    backend.kill();
    let (stale, to_stale) = wait_for(Duration::from_secs(180), "every version Stale after kapi is killed", || {
        let real = real_groups(kube, AGGREGATED_V2, &groups);
        let versions = real.get("ops.example.com").and_then(|g| g["versions"].as_array().cloned()).unwrap_or_default();
        let all_stale = versions.len() == group_versions.len() && versions.iter().all(|v| v["freshness"] == "Stale");
        if all_stale { Ok(versions) } else { Err(format!("{versions:?}")) }
    });
    // kube-apiserver 1.32 keeps the group-versions listed but, the backend answering nothing, with no resources.
    let names: Vec<&str> = stale.iter().filter_map(|v| v["version"].as_str()).collect();
    assert_eq!(names, ["v1", "v1beta1", "v1alpha1"], "the Stale versions stay listed, in kapi's order");
    let kept: usize = stale.iter().map(|v| v["resources"].as_array().map_or(0, Vec::len)).sum();

    backend.restart();
    let (_, to_current) = wait_for(Duration::from_secs(180), "Current again after kapi restarts", || {
        let real = real_groups(kube, AGGREGATED_V2, &groups);
        if current(&real) { Ok(()) } else { Err(format!("{real:?}")) }
    });
    eprintln!(
        "real kube-apiserver: Stale {:.1} s after kapi was killed (resources kept while Stale: {kept}); Current {:.1} s \
         after it was started again",
        to_stale.as_secs_f64(),
        to_current.as_secs_f64()
    );
}
