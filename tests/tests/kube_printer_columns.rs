//! Printer column paths, differential: a ladder of `jsonPath`s (metadata fields, filters, indexes, slices,
//! wildcards, unions, quoted keys, broken syntax) judged by kapi and by a real kube-apiserver, which must agree on
//! each. The server's verdict is observed in two steps: a dry-run creation of a CRD with the one column (refused or
//! not), then, for the accepted ones, a table of one object read at a version holding that column alone (no column
//! when the path does not parse; an empty cell when it reaches nothing; a value otherwise).

use std::time::{Duration, Instant};

use kapi_codegen::printer_columns::{ColumnPathVerdict, column_path_verdict};
use kapi_tests::kube::{kube, kube_installing};
use serde_json::{Value, json};

const GROUP: &str = "columns.kapi.example.com";
const TABLE: &str = "application/json;as=Table;v=v1;g=meta.k8s.io";

/// The paths tried: what operator CRDs write, and the edges of the JSONPath syntax.
const LADDER: &[&str] = &[
    // Refused by the server.
    "",
    "spec.replicas",
    "metadata.name",
    "{.spec.replicas}",
    "$.spec.replicas",
    // The object metadata every custom resource has.
    ".metadata.creationTimestamp",
    ".metadata.name",
    ".metadata.namespace",
    ".metadata.generation",
    ".metadata.labels.app",
    ".metadata.labels.tier",
    ".metadata.annotations['example.com/note']",
    ".metadata.ownerReferences[0].name",
    ".metadata.creation",
    ".apiVersion",
    ".kind",
    // Fields of the schema.
    ".spec.replicas",
    ".spec.image",
    ".spec.missing",
    ".status.phase",
    ".spec",
    ".",
    // Maps and kept unknown fields.
    ".spec.settings.mode",
    ".spec.extra.anything",
    ".spec.extra.anything[1]",
    // Indexes, slices, wildcards, unions.
    ".spec.ports[0].name",
    ".spec.ports[-1].port",
    ".spec.ports[0:2].name",
    ".spec.ports[*].name",
    ".spec.ports[*]",
    ".spec.ports.name",
    ".spec.ports[0,1].port",
    ".spec.*",
    ".spec.replicas[0]",
    "..name",
    ".spec..port",
    ".spec['image']",
    // Filters.
    ".status.conditions[?(@.type==\"Ready\")].status",
    ".status.conditions[?(@.type == \"Ready\")].message",
    ".status.conditions[?(@.type=='Ready')].status",
    ".status.conditions[?(@.status!=\"False\")].type",
    ".status.conditions[?(@.message)].type",
    ".status.conditions[?(@.reason==\"x\")].type",
    ".spec.ports[?(@.port>8000)].name",
    ".spec.image[?(@.x==\"y\")]",
    // What does not parse.
    ".status.conditions[?(@.type==\"Ready\").status",
    ".spec.ports[",
    ".spec.ports[x]",
    ".spec.ports[1:2:3:4]",
    ".spec.ports[-]",
    ".spec.ports[\"a\"]",
    ".spec (x)",
    ".spec.image\t",
    "....spec",
    ".spec{",
    ".spec.\"unterminated",
    ".status.conditions[?(@.type==\"a\\q\")].status",
    // Parses though it looks wrong.
    ".spec(x)",
    ".spec.image}",
    ".spec.image}{.spec.replicas",
    ".spec. image",
];

/// One side's verdict, in the terms the server can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seen {
    Refused,
    NoColumns,
    EmptyCell,
    Value,
}

fn schema() -> Value {
    let string = json!({"type": "string"});
    json!({"type": "object", "properties": {
        "apiVersion": string, "kind": string, "metadata": {"type": "object"},
        "spec": {"type": "object", "properties": {
            "replicas": {"type": "integer"},
            "image": string,
            "settings": {"type": "object", "additionalProperties": string},
            "extra": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
            "ports": {"type": "array", "items": {"type": "object", "properties": {
                "name": string, "port": {"type": "integer"},
            }}},
        }},
        "status": {"type": "object", "properties": {
            "phase": string,
            "conditions": {"type": "array", "items": {"type": "object", "properties": {
                "type": string, "status": string, "message": string, "reason": string,
            }}},
        }},
    }})
}

/// An object with a value at every field of the schema and every map key the ladder names: where kapi says a path
/// can reach a value, this object has one.
fn object(group: &str) -> Value {
    json!({
        "apiVersion": format!("{group}/v1"), "kind": "Column",
        "metadata": {"name": "one", "labels": {"app": "web", "tier": "front"}, "annotations": {"example.com/note": "hi"},
            "ownerReferences": [{"apiVersion": "v1", "kind": "ConfigMap", "name": "owner",
                "uid": "6c1c9c4e-0000-4000-8000-000000000001"}]},
        "spec": {"replicas": 3, "image": "nginx", "settings": {"mode": "fast"}, "extra": {"anything": [1, 2]},
            "ports": [{"name": "http", "port": 80}, {"name": "alt", "port": 8080}]},
        "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True", "message": "ok", "reason": "x"}]},
    })
}

fn kapi_seen(path: &str) -> Seen {
    match column_path_verdict(&schema(), path) {
        ColumnPathVerdict::Refused(_) => Seen::Refused,
        ColumnPathVerdict::Unparsable(_) => Seen::NoColumns,
        ColumnPathVerdict::NamesNothing => Seen::EmptyCell,
        ColumnPathVerdict::Leads => Seen::Value,
    }
}

/// A version of the ladder's CRD holding the one column.
fn version(name: &str, path: &str, storage: bool) -> Value {
    json!({"name": name, "served": true, "storage": storage,
        "schema": {"openAPIV3Schema": schema()},
        "additionalPrinterColumns": [{"name": "Column", "type": "string", "jsonPath": path}]})
}

fn crd(group: &str, versions: Vec<Value>) -> Value {
    json!({"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
        "metadata": {"name": format!("columns.{group}")},
        "spec": {"group": group, "scope": "Namespaced", "versions": versions,
            "names": {"plural": "columns", "singular": "column", "kind": "Column", "listKind": "ColumnList"}}})
}

/// Whether the server refuses a CRD with the one column (dry run).
fn server_refuses(path: &str) -> bool {
    let body = crd(GROUP, vec![version("v1", path, true)]);
    let reply = kube().send_json("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All", &body);
    match reply.status {
        201 => false,
        422 => true,
        other => panic!("{path:?}: unexpected {other}: {}", String::from_utf8_lossy(&reply.body)),
    }
}

/// Installs one CRD with a version per path (`v1` stored), creates one object, and reads its table at each
/// version.
fn server_tables(paths: &[&str]) -> Vec<Seen> {
    let kube = kube_installing();
    let names: Vec<String> = (1..=paths.len()).map(|i| format!("v{i}")).collect();
    let versions = names.iter().zip(paths).map(|(name, path)| version(name, path, name == "v1")).collect();
    // A group named after the ladder, so a server that outlived an earlier run with another ladder is not misread.
    let group = format!("l{:016x}.{GROUP}", fnv1a(&paths.join("\n")));
    let body = crd(&group, versions);
    let reply = kube.send_json("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", &body);
    assert!(matches!(reply.status, 201 | 409), "{} {}", reply.status, String::from_utf8_lossy(&reply.body));
    let collection = format!("/apis/{group}/v1/namespaces/default/columns");
    let started = Instant::now();
    loop {
        let reply = kube.send_json("POST", &collection, &object(&group));
        if matches!(reply.status, 201 | 409) {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{}: {}",
            reply.status,
            String::from_utf8_lossy(&reply.body)
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    names
        .iter()
        .map(|name| {
            let reply = kube.get(&format!("/apis/{group}/{name}/namespaces/default/columns/one"), TABLE);
            assert_eq!(reply.status, 200, "{name}: {}", String::from_utf8_lossy(&reply.body));
            let table = reply.json();
            let columns = table["columnDefinitions"].as_array().cloned().unwrap_or_default();
            let Some(at) = columns.iter().position(|c| c["name"] == "Column") else { return Seen::NoColumns };
            match &table["rows"][0]["cells"][at] {
                Value::Null => Seen::EmptyCell,
                Value::String(text) if text.is_empty() => Seen::EmptyCell,
                _ => Seen::Value,
            }
        })
        .collect()
}

/// FNV-1a, 64 bits: a stable short name for the ladder.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

#[test]
fn printer_column_paths_are_judged_as_the_api_server_judges_them() {
    let refused: Vec<bool> = LADDER.iter().map(|path| server_refuses(path)).collect();
    let accepted: Vec<&str> = LADDER.iter().zip(&refused).filter(|(_, r)| !**r).map(|(p, _)| *p).collect();
    let mut tables = server_tables(&accepted).into_iter();
    let mut disagreements = Vec::new();
    for (path, refused) in LADDER.iter().zip(refused) {
        let server = if refused { Seen::Refused } else { tables.next().expect("one table per accepted path") };
        let ours = kapi_seen(path);
        if ours != server {
            disagreements.push(format!("{path:?}: server {server:?}, kapi {ours:?}"));
        }
    }
    eprintln!("{} column paths, {} agreements", LADDER.len(), LADDER.len() - disagreements.len());
    assert!(disagreements.is_empty(), "kapi and the API server disagree on:\n{}", disagreements.join("\n"));
}

/// The printer columns of the real-world CRDs beside the project (cert-manager, Argo CD, Gateway API): the `Age`
/// column and the filtered condition columns among them each reach a field of their version's schema.
#[test]
fn every_printer_column_of_the_real_world_crds_reaches_a_field() {
    let cases = crate::kube_crds::crds_under(&kapi_tests::shared().join("peers/crds"));
    let mut columns = 0;
    let mut misjudged = Vec::new();
    for case in &cases {
        for version in case.crd["spec"]["versions"].as_array().into_iter().flatten() {
            let schema = &version["schema"]["openAPIV3Schema"];
            for column in version["additionalPrinterColumns"].as_array().into_iter().flatten() {
                let path = column["jsonPath"].as_str().unwrap_or_default();
                columns += 1;
                let verdict = column_path_verdict(schema, path);
                if verdict != ColumnPathVerdict::Leads {
                    misjudged.push(format!("{} {}: {path:?}: {verdict:?}", case.source, version["name"]));
                }
            }
        }
    }
    eprintln!("{columns} printer columns in {} real-world CRDs", cases.len());
    assert!(columns >= 80, "the real-world CRDs carry printer columns ({columns} found)");
    assert!(misjudged.is_empty(), "{}", misjudged.join("\n"));
}
