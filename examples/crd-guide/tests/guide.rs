//! docs/CRD.md shows real code and real output: every ```rust block is part of this crate (or of the kube-derive
//! crate scripts/crd-vs-kube-derive.sh builds), every YAML excerpt is what the named generator wrote, the errors
//! are what `rejected` prints, and the `kapi check-crd` findings are what the checker finds.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

const GUIDE: &str = include_str!("../../../docs/CRD.md");
const MAIN: &str = include_str!("../src/main.rs");
const REJECTED: &str = include_str!("../src/bin/rejected.rs");
const SCRIPT: &str = include_str!("../../../scripts/crd-vs-kube-derive.sh");

/// The project root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Each fenced block of the guide: its info string and its body, each line ending in `\n`.
fn blocks() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let mut lines = GUIDE.lines();
    while let Some(line) = lines.next() {
        if let Some(info) = line.strip_prefix("```").filter(|info| !info.is_empty()) {
            let body = lines.by_ref().take_while(|line| *line != "```").map(|line| format!("{line}\n")).collect();
            out.push((info, body));
        }
    }
    out
}

fn run(binary: &str, args: &[&str]) -> String {
    let output = Command::new(binary).args(args).output().expect("the example runs");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    assert!(output.status.success(), "{binary} {args:?} failed:\n{stdout}{}", String::from_utf8_lossy(&output.stderr));
    stdout
}

#[test]
fn every_rust_block_is_code_that_is_compiled() {
    let rust: Vec<String> = blocks().into_iter().filter(|(info, _)| *info == "rust").map(|(_, body)| body).collect();
    assert!(rust.len() >= 5, "the guide shows its Rust code");
    for body in rust {
        assert!(
            MAIN.contains(&body) || REJECTED.contains(&body) || SCRIPT.contains(&body),
            "this block of docs/CRD.md is in none of src/main.rs, src/bin/rejected.rs and \
             scripts/crd-vs-kube-derive.sh (edit both):\n{body}"
        );
    }
}

/// Where a YAML excerpt comes from, from its first line: `# <source>, version <v>, at <field.path>`.
struct Excerpt {
    source: String,
    version: String,
    field: String,
    body: Value,
}

fn excerpts() -> Vec<Excerpt> {
    let mut out = Vec::new();
    for (info, body) in blocks().into_iter().filter(|(info, _)| *info == "yaml") {
        let Some(first) = body.lines().next().and_then(|l| l.strip_prefix("# ")) else { continue };
        let (source, rest) = first.split_once(", version ").unwrap_or_else(|| panic!("{info}: `{first}`"));
        let (version, field) = rest.split_once(", at ").unwrap_or_else(|| panic!("no `, at ` in `{first}`"));
        let body: Value = serde_saphyr::from_str(&body).unwrap_or_else(|e| panic!("{first}: {e}"));
        out.push(Excerpt { source: source.into(), version: version.into(), field: field.into(), body });
    }
    out
}

/// The CRD a source names, or `None` for kube-derive's when the script has not been run here.
fn source_crd(source: &str) -> Option<Value> {
    let guide = env!("CARGO_BIN_EXE_crd-guide");
    let text = match source.split_once(' ') {
        None if source == "crd-guide" => run(guide, &[]),
        Some(("crd-guide", args)) => run(guide, &args.split(' ').collect::<Vec<_>>()),
        _ if source.starts_with("kube-derive ") => {
            let path = root().join(source.trim_start_matches("kube-derive "));
            match std::fs::read_to_string(&path) {
                Ok(text) => text,
                Err(_) => {
                    eprintln!("skipped: {} is written by scripts/crd-vs-kube-derive.sh", path.display());
                    return None;
                }
            }
        }
        _ => std::fs::read_to_string(root().join(source)).unwrap_or_else(|e| panic!("{source}: {e}")),
    };
    Some(serde_saphyr::from_str(&text).expect("a CRD in YAML"))
}

/// The schema node of `field` (`spec.target`) in `version`'s openAPIV3Schema.
fn field_schema<'a>(crd: &'a Value, version: &str, field: &str) -> &'a Value {
    let versions = crd["spec"]["versions"].as_array().expect("versions");
    let found = versions.iter().find(|v| v["name"] == version).unwrap_or_else(|| panic!("no version {version}"));
    let mut node = &found["schema"]["openAPIV3Schema"];
    for name in field.split('.') {
        node = &node["properties"][name];
    }
    assert!(!node.is_null(), "{version} has no field {field}");
    node
}

fn without_descriptions(value: &Value) -> Value {
    match value {
        Value::Object(map) => map
            .iter()
            .filter(|(key, child)| !(*key == "description" && child.is_string()))
            .map(|(key, child)| (key.clone(), without_descriptions(child)))
            .collect(),
        Value::Array(items) => items.iter().map(without_descriptions).collect(),
        other => other.clone(),
    }
}

fn has_descriptions(value: &Value) -> bool {
    without_descriptions(value) != *value
}

#[test]
fn every_yaml_excerpt_is_what_its_generator_wrote() {
    let excerpts = excerpts();
    assert!(excerpts.len() >= 6, "the guide shows generated YAML");
    for excerpt in excerpts {
        let Some(crd) = source_crd(&excerpt.source) else { continue };
        let name = excerpt.field.rsplit('.').next().expect("a field name");
        let actual = serde_json::json!({ name: field_schema(&crd, &excerpt.version, &excerpt.field) });
        // Excerpts without descriptions leave them out for brevity; one with descriptions shows them all.
        let actual = if has_descriptions(&excerpt.body) { actual } else { without_descriptions(&actual) };
        assert_eq!(
            excerpt.body, actual,
            "docs/CRD.md's excerpt of {} at {} is not what was generated",
            excerpt.source, excerpt.field
        );
    }
}

#[test]
fn the_listed_errors_are_what_rejected_prints() {
    let printed = run(env!("CARGO_BIN_EXE_rejected"), &[]);
    let shown: Vec<String> = blocks()
        .into_iter()
        .filter(|(info, body)| *info == "text" && body.contains("problem(s) in custom resource definitions"))
        .map(|(_, body)| body)
        .collect();
    assert_eq!(shown, [printed], "docs/CRD.md lists other errors than `rejected` prints");
}

#[test]
fn the_listed_check_crd_findings_are_what_the_checker_finds() {
    let mut checked = 0;
    for (_, body) in blocks().into_iter().filter(|(info, body)| *info == "text" && body.contains("CRD(s) checked")) {
        let (file, findings) = shown_findings(&body);
        let Ok(text) = std::fs::read_to_string(root().join(&file)) else {
            eprintln!("skipped: {file} is written by scripts/crd-vs-kube-derive.sh");
            continue;
        };
        let crd: Value = serde_saphyr::from_str(&text).expect("a CRD");
        let found = kapi_codegen::crd_check::check_crd(&crd).expect("a CRD");
        let mut actual: Vec<String> = found.errors.iter().map(|f| format!("error: {}", f.message)).collect();
        actual.extend(found.warnings.iter().map(|f| format!("warning: {}", f.message)));
        assert_eq!(findings, actual, "docs/CRD.md's findings on {file} differ from the checker's");
        checked += 1;
    }
    assert!(checked >= 2, "the guide shows the checker's findings");
}

/// The file a `kapi check-crd` output block is about, and its findings (`error: …`, `warning: …`).
fn shown_findings(body: &str) -> (String, Vec<String>) {
    let command = body.lines().next().and_then(|l| l.strip_prefix("$ kapi check-crd ")).expect("the command line");
    let mut findings: Vec<String> = Vec::new();
    for line in body.lines() {
        // A CEL type error goes on with the rule's line and a caret under the column, as the API server writes it.
        if line.starts_with(" | ") {
            if let Some(last) = findings.last_mut() {
                last.push('\n');
                last.push_str(line);
            }
            continue;
        }
        let finding = line.split_once(": CRD ").and_then(|(_, rest)| rest.split_once(": "));
        findings.extend(finding.map(|(_, finding)| finding.to_owned()));
    }
    (command.to_owned(), findings)
}
