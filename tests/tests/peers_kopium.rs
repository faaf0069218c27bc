//! `kapi import` beside kopium (kube-rs' CRD-to-Rust generator) on the peers' real-world CRDs (cert-manager,
//! Gateway API standard and experimental, Argo CD): how many fields each types, how many it leaves as
//! `serde_json::Value` or holds verbatim, enums, doc comments, and what the Rust gives back.
//!
//! What runs here, in seconds: kapi's import and Rust rendering (no field held verbatim), kapi's model round trip
//! (every CRD's `spec` comes back exactly), kopium on every CRD version (counted from its Rust). Compiling both
//! crates takes minutes, so `scripts/peers/kopium.sh` does it and then runs this test with `KAPI_PEERS_KOPIUM_WORK`
//! naming its work directory: the test then also checks that kapi's compiled crate generates its model's CRDs
//! byte for byte, and diffs the schema kube-derive regenerates from kopium's Rust against the input.
//! docs/peers/kopium.md shows the table this prints.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use kapi_tests::{project_root, shared};

use serde_json::Value;

/// The kopium pin (scripts/peers/build-kopium.sh).
fn kopium_version() -> String {
    let script = std::fs::read_to_string(project_root().join("scripts/peers/build-kopium.sh")).expect("the script");
    let line = script.lines().find_map(|line| line.strip_prefix("KOPIUM_VERSION=")).expect("a pin");
    line.trim().to_owned()
}

/// The arguments kopium runs with: `-A` (`--schema=derived`, `JsonSchema`, `--docs`, what its README recommends)
/// and the derives its catalogue users add (gateway-api-rs, kube-custom-resources-rs).
pub const KOPIUM_ARGS: &[&str] = &["-A", "--derive=Default", "--derive=PartialEq", "--smart-derive-elision"];

/// The kopium binary, built by the build script when missing; `None` (loudly) outside CI when it cannot be.
fn kopium() -> Option<PathBuf> {
    let cache = std::env::var_os("KAPI_CACHE")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cache/kapi"));
    let binary = cache.join(format!("peers/kopium/{}/bin/kopium", kopium_version()));
    if !binary.exists() {
        let status = Command::new("bash").arg(project_root().join("scripts/peers/build-kopium.sh")).status();
        if !status.is_ok_and(|s| s.success()) || !binary.exists() {
            assert!(std::env::var_os("CI").is_none(), "kopium could not be built (scripts/peers/build-kopium.sh)");
            eprintln!("\n*** peers_kopium: kopium is missing and could not be built; its half is skipped ***\n");
            return None;
        }
    }
    Some(binary)
}

/// A project: a folder of CRD files imported together.
struct Project {
    name: &'static str,
    dir: &'static str,
}

const PROJECTS: [Project; 4] = [
    Project { name: "cert-manager", dir: "cert-manager" },
    Project { name: "gateway-api-standard", dir: "gateway-api/standard" },
    Project { name: "gateway-api-experimental", dir: "gateway-api/experimental" },
    Project { name: "argo-cd", dir: "argo-cd" },
];

fn files(project: &Project) -> Vec<(String, String)> {
    let dir = shared().join("peers/crds").join(project.dir);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "yaml"))
        .collect();
    paths.sort();
    paths.iter().map(|path| (path.display().to_string(), std::fs::read_to_string(path).expect("UTF-8"))).collect()
}

/// Every CRD of the inputs, parsed.
fn crds(inputs: &[(String, String)]) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for (origin, text) in inputs {
        match kapi_import::document::read(origin, text).unwrap_or_else(|e| panic!("{e}")) {
            kapi_import::Document::Crds(crds) => out.extend(crds.into_iter().map(|crd| (origin.clone(), crd))),
            _ => panic!("{origin}: not CRDs"),
        }
    }
    out
}

/// What one tool's Rust says about its fields.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Counts {
    pub fields: usize,
    /// Fields whose type holds `serde_json::Value` (any JSON) where the schema gives a shape.
    pub untyped: usize,
    /// Fields whose type holds `serde_json::Value` where the schema says any value (preserve-unknown-fields).
    pub free_form: usize,
    /// Fields whose schema is held verbatim (`schema_with`).
    pub verbatim: usize,
    pub enums: usize,
    /// Fields with a description, as a doc comment or a `description` attribute.
    pub documented: usize,
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, other: Self) {
        self.fields += other.fields;
        self.untyped += other.untyped;
        self.free_form += other.free_form;
        self.verbatim += other.verbatim;
        self.enums += other.enums;
        self.documented += other.documented;
    }
}

/// Counts the fields of `text` (named struct fields, `pub name: Type,`), the enums, and what the fields say.
/// A field whose type holds `serde_json::Value` counts as free-form when its schema preserves unknown fields
/// (`free_form_names` holds those property names' snake or raw forms), untyped otherwise.
pub fn count_rust(text: &str, free_form: &dyn Fn(&str) -> bool) -> Counts {
    let mut counts = Counts::default();
    let mut documented = false;
    let mut verbatim = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("pub enum ") {
            counts.enums += 1;
        }
        if line.starts_with("    ///") || line.contains("description = ") {
            documented = true;
        }
        if line.starts_with("    #[") && line.contains("schema_with") {
            verbatim = true;
        }
        if let Some(rest) = line.strip_prefix("    pub ")
            && let Some((name, ty)) = rest.split_once(": ")
            && ty.ends_with(',')
        {
            counts.fields += 1;
            counts.documented += usize::from(documented);
            counts.verbatim += usize::from(verbatim);
            if ty.contains("serde_json::Value") {
                if free_form(name.trim_start_matches("r#")) {
                    counts.free_form += 1;
                } else {
                    counts.untyped += 1;
                }
            }
        }
        let field_or_item_end =
            line.starts_with("    pub ") || line.starts_with("pub ") || line.starts_with('}') || line.is_empty();
        if field_or_item_end && !line.starts_with("    #") {
            documented = false;
            verbatim = false;
        }
    }
    counts
}

/// The snake-case names of the properties that preserve unknown fields and have no properties of their own.
fn free_form_names(crds: &[(String, Value)]) -> std::collections::BTreeSet<String> {
    fn walk(name: &str, node: &Value, out: &mut std::collections::BTreeSet<String>) {
        let Value::Object(map) = node else { return };
        if map.get("x-kubernetes-preserve-unknown-fields") == Some(&Value::Bool(true))
            && map.get("properties").is_none()
        {
            out.insert(snake(name));
        }
        if let Some(Value::Object(properties)) = map.get("properties") {
            for (child, value) in properties {
                walk(child, value, out);
            }
        }
        for key in ["items", "additionalProperties"] {
            if let Some(value) = map.get(key) {
                walk(name, value, out);
            }
        }
    }
    let mut out = std::collections::BTreeSet::new();
    for (_, crd) in crds {
        for version in crd["spec"]["versions"].as_array().into_iter().flatten() {
            walk("", &version["schema"]["openAPIV3Schema"], &mut out);
        }
    }
    out
}

/// `camelCase` as `snake_case`, roughly as both tools write field names (compared by letters only).
fn snake(name: &str) -> String {
    name.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

/// Keywords of `input` that `output` lacks or changes, by keyword, walking both schemas together.
pub fn lost_keywords(input: &Value, output: &Value, lost: &mut BTreeMap<String, usize>) {
    let (Value::Object(input), Some(output)) = (input, output.as_object()) else { return };
    for (key, value) in input {
        match (key.as_str(), output.get(key)) {
            ("properties", Some(Value::Object(theirs))) => {
                for (name, child) in value.as_object().into_iter().flatten() {
                    match theirs.get(name) {
                        Some(other) => lost_keywords(child, other, lost),
                        None => *lost.entry("a property".into()).or_default() += 1,
                    }
                }
            }
            ("items" | "additionalProperties" | "not", Some(other)) => lost_keywords(value, other, lost),
            (_, Some(other)) if other == value => {}
            ("description", Some(_)) => *lost.entry("description (changed)".into()).or_default() += 1,
            (_, _) => *lost.entry(key.clone()).or_default() += 1,
        }
    }
}

fn kopium_rust(kopium: &Path, file: &str, version: &str) -> String {
    let output = Command::new(kopium)
        .args(KOPIUM_ARGS)
        .args(["--api-version", version, "-f", file])
        .output()
        .expect("kopium runs");
    assert!(output.status.success(), "kopium on {file} {version}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// The work directory of scripts/peers/kopium.sh, when it ran this test.
fn work() -> Option<PathBuf> {
    std::env::var_os("KAPI_PEERS_KOPIUM_WORK").map(PathBuf::from)
}

#[test]
fn kapi_import_types_every_field_and_kopium_beside_it() {
    let kopium = kopium();
    let work = work();
    let mut table = String::from(
        "| project | CRD versions | tool | fields | untyped (Value) | free-form (Value, schema says any) | verbatim | enums | documented fields | schema keywords lost |\n|---|---|---|---|---|---|---|---|---|---|\n",
    );
    let mut totals: BTreeMap<&str, (Counts, usize)> = BTreeMap::new();
    let mut lost_total: BTreeMap<String, usize> = BTreeMap::new();
    let mut per_crd = String::from(
        "| CRD | version | kopium fields | kopium untyped | kopium enums | keywords kube-derive loses |\n|---|---|---|---|---|---|\n",
    );
    let mut identical = 0;
    for project in &PROJECTS {
        let inputs = files(project);
        let crds = crds(&inputs);
        let free = free_form_names(&crds);
        let is_free = |name: &str| free.contains(&snake(name));
        let versions: usize = crds.iter().map(|(_, crd)| crd["spec"]["versions"].as_array().map_or(0, Vec::len)).sum();

        // kapi: every field typed, nothing verbatim.
        let imported = kapi_import::import(&inputs).unwrap_or_else(|e| panic!("{}: {e}", project.name));
        let rust = kapi_import::rust::render(&imported).unwrap_or_else(|e| panic!("{}: {e}", project.name));
        assert_eq!(rust.verbatim, Vec::<kapi_model::DefName>::new(), "{}: definitions held verbatim", project.name);
        assert_eq!(rust.verbatim_fields, 0, "{}: fields held verbatim", project.name);
        let mut kapi = Counts::default();
        for text in rust.files.values() {
            kapi += count_rust(text, &is_free);
        }
        assert_eq!((kapi.verbatim, kapi.untyped), (0, 0), "{}: {kapi:?}", project.name);

        // kapi's model round trip: every CRD's spec comes back exactly.
        let registry = imported.registry().unwrap_or_else(|e| panic!("{e}"));
        let artifacts = kapi_codegen::generate(&registry, &kapi_codegen::Options::default())
            .unwrap_or_else(|e| panic!("{}: {e}", project.name));
        for (origin, crd) in &crds {
            let name = crd["metadata"]["name"].as_str().expect("a name");
            let path = format!("crds/{name}.json");
            let bytes = artifacts.get(&path).unwrap_or_else(|| panic!("{origin}: no {path}"));
            let generated: Value = serde_json::from_slice(bytes).expect("JSON");
            assert!(generated["spec"] == crd["spec"], "{origin}: the generated CRD's spec differs from the input's");
            identical += 1;
            // The compiled crate (scripts/peers/kopium.sh built it) writes the same bytes as the model.
            if let Some(work) = &work {
                for extension in ["json", "yaml"] {
                    let relative = format!("crds/{name}.{extension}");
                    let compiled = work.join("kapi").join(project.name).join("generated").join(&relative);
                    let compiled = std::fs::read(&compiled).unwrap_or_else(|e| panic!("{}: {e}", compiled.display()));
                    let model = artifacts.get(&relative).unwrap_or_else(|| panic!("no {relative}"));
                    assert!(compiled == model, "{}: the compiled crate's {relative} differs", project.name);
                }
            }
        }
        table.push_str(&format!(
            "| {} | {versions} | kapi import | {} | {} | {} | {} | {} | {} | 0 |\n",
            project.name, kapi.fields, kapi.untyped, kapi.free_form, kapi.verbatim, kapi.enums, kapi.documented
        ));
        let entry = totals.entry("kapi import").or_default();
        entry.0 += kapi;
        entry.1 += versions;

        // kopium: each version of each CRD.
        let Some(kopium) = &kopium else { continue };
        let mut theirs = Counts::default();
        let mut lost_project = 0;
        for (origin, crd) in &crds {
            let name = crd["metadata"]["name"].as_str().expect("a name");
            for version in crd["spec"]["versions"].as_array().into_iter().flatten() {
                let version_name = version["name"].as_str().expect("a version name");
                let text = kopium_rust(kopium, origin, version_name);
                let counts = count_rust(&text, &is_free);
                theirs += counts;
                let mut lost = BTreeMap::new();
                if let Some(work) = &work {
                    let path = work.join(format!("kopium/out/{}@{name}@{version_name}.json", project.name));
                    let regenerated: Value = serde_json::from_slice(
                        &std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
                    )
                    .expect("JSON");
                    lost_keywords(&version["schema"]["openAPIV3Schema"], &regenerated, &mut lost);
                }
                let lost_count: usize = lost.values().sum();
                lost_project += lost_count;
                let summary: Vec<String> = lost.iter().map(|(keyword, n)| format!("{keyword} {n}")).collect();
                per_crd.push_str(&format!(
                    "| {name} | {version_name} | {} | {} | {} | {} |\n",
                    counts.fields,
                    counts.untyped,
                    counts.enums,
                    if work.is_some() { format!("{lost_count}: {}", summary.join(", ")) } else { "-".into() }
                ));
                for (keyword, n) in lost {
                    *lost_total.entry(keyword).or_default() += n;
                }
            }
        }
        table.push_str(&format!(
            "| {} | {versions} | kopium {} | {} | {} | {} | {} | {} | {} | {} |\n",
            project.name,
            kopium_version(),
            theirs.fields,
            theirs.untyped,
            theirs.free_form,
            theirs.verbatim,
            theirs.enums,
            theirs.documented,
            if work.is_some() { lost_project.to_string() } else { "-".into() }
        ));
        let entry = totals.entry("kopium").or_default();
        entry.0 += theirs;
        entry.1 += versions;
    }
    for (tool, (counts, versions)) in &totals {
        table.push_str(&format!(
            "| **total** | {versions} | {tool} | {} | {} | {} | {} | {} | {} | {} |\n",
            counts.fields,
            counts.untyped,
            counts.free_form,
            counts.verbatim,
            counts.enums,
            counts.documented,
            match (*tool, &work) {
                ("kopium", Some(_)) => lost_total.values().sum::<usize>().to_string(),
                ("kopium", None) => "-".into(),
                _ => "0".into(),
            }
        ));
    }
    println!("kapi's model round trip: all {identical} CRDs' spec identical as read");
    let lost: Vec<String> = lost_total.iter().map(|(keyword, n)| format!("{keyword}: {n}")).collect();
    println!(
        "{table}\nkeywords kube-derive's schema loses from kopium's Rust, by keyword: {}\n\n{per_crd}",
        lost.join(", ")
    );
}

#[test]
fn counting_rust_fields() {
    let text = "/// A thing.\npub struct A {\n    /// Documented.\n    pub a: String,\n\n    #[kapi(schema_with = Self::f)]\n    pub b: serde_json::Value,\n    pub free: Option<serde_json::Value>,\n}\npub enum E {\n    X,\n}\n";
    let counts = count_rust(text, &|name| name == "free");
    assert_eq!(counts, Counts { fields: 3, untyped: 1, free_form: 1, verbatim: 1, enums: 1, documented: 1 });
    let mut lost = BTreeMap::new();
    let input = serde_json::json!({"type": "object", "properties": {"a": {"type": "string", "pattern": "x", "format": "date-time"}, "b": {"type": "string"}}});
    let output = serde_json::json!({"type": "object", "properties": {"a": {"type": "string"}}});
    lost_keywords(&input, &output, &mut lost);
    assert_eq!(lost, BTreeMap::from([("a property".into(), 1), ("format".into(), 1), ("pattern".into(), 1)]));
}
