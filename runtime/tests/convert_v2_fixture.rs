//! The swagger 2.0 → OpenAPI 3.0 conversion on kapi's own generated swagger, compared with kapi's own v3
//! documents by the shared structural diff (`../shared/conformance/openapi_diff.py`): paths must match, and every
//! schema difference must be one of the losses swagger 2.0 under Kubernetes conventions cannot carry.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use kapi_runtime::convert_v2::{Conversion, Unrestored, v2_to_v3};
use serde_json::Value;

/// Keywords kapi's v2 emitter drops under Kubernetes conventions (see `generated/openapi/v2/loss-report.json`).
const LOST_IN_V2: &[&str] = &["default", "nullable", "oneOf", "anyOf"];
/// The lowest identical-schema percentage of any one group-version (the measured minimum is core/v1, 20.9%:
/// kube-apiserver strips the many `default: {}` / `default: ""` of Kubernetes types from v2).
const SCHEMA_FLOOR_PER_GROUP_VERSION: f64 = 20.0;
/// The lowest identical-schema percentage over all group-versions together (measured: 30.9%).
const SCHEMA_FLOOR_OVERALL: f64 = 30.0;

fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("runtime/ sits in the project").to_path_buf()
}

fn read_json(path: &Path) -> Value {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

fn converted() -> Conversion {
    let swagger = read_json(&project_root().join("generated/openapi/v2/swagger.json"));
    v2_to_v3(&swagger).expect("kapi's own swagger converts")
}

/// kapi's own v3 document of `group_version`, when the corpus publishes one.
fn kapi_v3(group_version: &str) -> Option<PathBuf> {
    let path = project_root().join("generated/openapi/v3").join(format!("{group_version}.json"));
    path.is_file().then_some(path)
}

/// The JSON report of `openapi_diff.py OURS OTHER` with `extra` options.
fn openapi_diff(ours: &Value, other: &Path, extra: &[&str]) -> Value {
    let work = tempfile::tempdir().expect("tempdir");
    let ours_path = work.path().join("ours.json");
    let report_path = work.path().join("report.json");
    std::fs::write(&ours_path, serde_json::to_vec(ours).expect("serializes")).expect("write ours");
    let script = project_root().join("../shared/conformance/openapi_diff.py");
    assert!(script.is_file(), "../shared/conformance/openapi_diff.py is missing beside the project");
    let output = Command::new("python3")
        .arg(script)
        .arg(&ours_path)
        .arg(other)
        .arg("--json")
        .arg(&report_path)
        .args(extra)
        .output()
        .expect("python3 runs openapi_diff.py");
    assert!(output.status.success(), "openapi_diff failed: {}", String::from_utf8_lossy(&output.stderr));
    read_json(&report_path)
}

/// The group-versions both converted and published by kapi as v3, with both documents.
fn compared() -> Vec<(String, Value, PathBuf)> {
    let conversion = converted();
    let pairs: Vec<_> = conversion
        .documents
        .into_iter()
        .filter_map(|(group_version, document)| kapi_v3(&group_version).map(|path| (group_version, document, path)))
        .collect();
    assert!(pairs.len() >= 10, "expected the corpus' ten group-versions, found {}", pairs.len());
    pairs
}

#[test]
fn every_converted_document_parses_as_openapi3() {
    for (group_version, document) in converted().documents {
        let parsed: Result<openapiv3::OpenAPI, _> = serde_json::from_value(document);
        let parsed = parsed.unwrap_or_else(|e| panic!("{group_version} is not OpenAPI 3.0: {e}"));
        assert_eq!(parsed.openapi, "3.0.0");
        assert!(!parsed.paths.paths.is_empty(), "{group_version} has no paths");
    }
}

#[test]
fn paths_match_kapis_own_v3_documents() {
    for (group_version, document, other) in compared() {
        let report = openapi_diff(&document, &other, &[]);
        let paths = &report["paths"];
        assert_eq!(paths["identical_pct"].as_f64(), Some(100.0), "{group_version}: {}", report["summary"]);
        assert_eq!(report["components"]["securitySchemes"]["identical_pct"].as_f64(), Some(100.0));
    }
}

/// Why a hard schema difference exists, if it is a v2 loss.
fn lost_keyword(kapi: &Value, schema: &str, difference: &Value) -> Option<String> {
    let pointer = difference["pointer"].as_str()?;
    let kind = difference["kind"].as_str()?;
    let last = pointer.rsplit('/').next()?;
    if kind == "only-upstream" && LOST_IN_V2.contains(&last) {
        return Some(last.to_owned());
    }
    // Kubernetes writes `{allOf: [$ref], default: {}}`; without its `default` the v2 reference stays bare.
    if kind == "ref-wrap" {
        let node = kapi.pointer(&format!("/components/schemas/{schema}{pointer}"))?.as_object()?;
        let siblings: Vec<&String> = node.keys().filter(|key| *key != "allOf").collect();
        let all_lost = !siblings.is_empty() && siblings.iter().all(|key| LOST_IN_V2.contains(&key.as_str()));
        return all_lost
            .then(|| format!("allOf kept for {}", siblings.iter().map(|k| k.as_str()).collect::<Vec<_>>().join("+")));
    }
    None
}

/// True when every reference to `schema` in `kapi` sits under a `oneOf` or `anyOf` (so v2 cannot reach it).
fn only_reached_through_choices(kapi: &Value, schema: &str) -> bool {
    fn walk(value: &Value, at: &str, target: &str, found: &mut Vec<String>) {
        match value {
            Value::Object(map) => map.iter().for_each(|(key, child)| {
                if key == "$ref" && child.as_str() == Some(target) {
                    found.push(at.to_owned());
                }
                walk(child, &format!("{at}/{key}"), target, found);
            }),
            Value::Array(items) => {
                items.iter().enumerate().for_each(|(i, item)| walk(item, &format!("{at}/{i}"), target, found))
            }
            _ => {}
        }
    }
    let mut found = Vec::new();
    walk(kapi, "", &format!("#/components/schemas/{schema}"), &mut found);
    !found.is_empty() && found.iter().all(|at| at.contains("/oneOf/") || at.contains("/anyOf/"))
}

#[test]
fn schema_differences_are_only_what_v2_cannot_carry() {
    let (mut identical, mut union) = (0.0, 0.0);
    let mut losses: BTreeMap<String, usize> = BTreeMap::new();
    let mut unexplained = Vec::new();
    for (group_version, document, other) in compared() {
        let kapi = read_json(&other);
        let schemas = &openapi_diff(&document, &other, &["--only-schemas"])["schemas"];
        let ignoring = openapi_diff(&document, &other, &lossy_ignored_args(&["--only-schemas"]));
        let percent = schemas["identical_pct"].as_f64().expect("a percentage");
        println!(
            "{group_version}: schemas identical {}/{} ({percent:.1}%), ignoring {LOST_IN_V2:?}: {:.1}%",
            schemas["identical"],
            schemas["union"],
            ignoring["schemas"]["identical_pct"].as_f64().unwrap_or_default()
        );
        assert!(percent >= SCHEMA_FLOOR_PER_GROUP_VERSION, "{group_version}: {percent}% identical schemas");
        identical += schemas["identical"].as_f64().unwrap_or_default();
        union += schemas["union"].as_f64().unwrap_or_default();
        assert_eq!(schemas["only_ours"], Value::Array(vec![]), "{group_version}: schemas kapi's v3 lacks");
        for missing in schemas["only_upstream"].as_array().into_iter().flatten().filter_map(Value::as_str) {
            assert!(only_reached_through_choices(&kapi, missing), "{group_version}: {missing} is missing");
            *losses.entry("schema reached only through oneOf/anyOf".to_owned()).or_default() += 1;
        }
        let items = schemas["items"].as_object().into_iter().flatten();
        for (schema, item) in items {
            for difference in item["hard"].as_array().into_iter().flatten() {
                match lost_keyword(&kapi, schema, difference) {
                    Some(keyword) => *losses.entry(keyword).or_default() += 1,
                    None => unexplained.push(format!("{group_version} {schema}: {difference}")),
                }
            }
        }
    }
    let overall = 100.0 * identical / union;
    println!("overall: {identical}/{union} ({overall:.1}%) schemas identical; losses by keyword: {losses:?}");
    assert!(unexplained.is_empty(), "differences v2 does not explain:\n{}", unexplained.join("\n"));
    assert!(overall >= SCHEMA_FLOOR_OVERALL, "{overall}% identical schemas overall");
    for keyword in LOST_IN_V2 {
        assert!(losses.keys().any(|loss| loss.contains(keyword)), "the corpus exercises no {keyword} loss");
    }
}

fn lossy_ignored_args<'a>(base: &[&'a str]) -> Vec<&'a str> {
    let mut args = base.to_vec();
    for keyword in LOST_IN_V2 {
        args.extend(["--ignore-key", keyword]);
    }
    args
}

/// The definition `name` as converted, from whichever document holds it.
fn converted_definition<'a>(conversion: &'a Conversion, name: &str) -> Option<&'a Value> {
    conversion.documents.values().find_map(|document| document["components"]["schemas"].get(name))
}

#[test]
fn dropped_choices_are_restored_or_reported() {
    let losses = read_json(&project_root().join("generated/openapi/v2/loss-report.json"));
    let conversion = converted();
    let dropped_choices = losses["entries"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|entry| matches!(entry["pointer"].as_str(), Some("/oneOf" | "/anyOf")));
    let (mut restored, mut reported) = (Vec::new(), Vec::new());
    for entry in dropped_choices {
        let definition = entry["definition"].as_str().expect("a definition name");
        let keyword = entry["keyword"].as_str().expect("a keyword");
        let converted = converted_definition(&conversion, definition).expect("the definition is converted");
        if converted.get(keyword) == Some(&entry["value"]) {
            restored.push(definition);
            continue;
        }
        let pointer = format!("/definitions/{definition}");
        let listed =
            conversion.report.entries.iter().any(|e| e.pointer == pointer && e.reason == Unrestored::UntypedSchema);
        assert!(listed, "{pointer} lost its {keyword} and the report does not say so");
        reported.push(definition);
    }
    println!("restored: {restored:?}; reported: {reported:?}");
    // IntOrString and Quantity come back; the corpus' own unions (Backoff, Notification) cannot.
    assert!(restored.contains(&"io.k8s.apimachinery.pkg.util.intstr.IntOrString"), "{restored:?}");
    assert!(restored.contains(&"io.k8s.apimachinery.pkg.api.resource.Quantity"), "{restored:?}");
    assert!(reported.len() >= 2, "{reported:?}");
}
