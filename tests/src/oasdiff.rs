//! `kapi diff` beside oasdiff on the same pairs of OpenAPI documents (issue 43, docs/peers/oasdiff.md).
//!
//! Two sets of pairs: oasdiff's own test pairs (`../shared/peers/oasdiff/`, each with the id oasdiff's test
//! expects), and pairs of our own made at run time from the upstream Kubernetes 1.32 documents by one JSON Patch
//! edit each (`tests/peers-data/oasdiff/pairs.json`). On each pair both tools run as their users run them:
//! `oasdiff breaking BASE REVISION --format json --fail-on ERR` (the pinned build of
//! scripts/peers/build-oasdiff.sh) and `kapi diff BASE REVISION` (its document comparison, `kapi_diff::document`,
//! which is what the command runs on documents). Every break oasdiff reports must be reported by kapi at the same
//! operation under a rule [`ID_MAP`] maps the oasdiff id to.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use kapi_diff::{Finding, Policy, document};
use serde_json::Value;

use crate::{project_root, shared};

/// The build script, which also holds the pin.
pub const BUILD_SCRIPT: &str = "scripts/peers/build-oasdiff.sh";
/// Our own pairs: upstream documents and the edit each makes.
pub const OWN_PAIRS: &str = "tests/peers-data/oasdiff/pairs.json";

/// oasdiff's ids (those its `breaking` reports on these pairs, and their near relatives) and the kapi rules that
/// report the same break. docs/DIFF.md shows this table.
pub const ID_MAP: &[(&str, &[&str])] = &[
    ("api-path-removed-without-deprecation", &["api.path-removed"]),
    ("api-removed-without-deprecation", &["api.operation-removed", "api.path-removed"]),
    ("new-required-request-parameter", &["api.parameter-required"]),
    ("new-required-request-property", &["schema.field-required"]),
    ("new-required-request-property-with-default", &["schema.field-required"]),
    ("request-body-became-required", &["api.request-body-required"]),
    ("request-body-media-type-removed", &["api.media-type-removed"]),
    ("request-parameter-became-enum", &["schema.enum-value-removed"]),
    ("request-parameter-became-required", &["api.parameter-required"]),
    ("request-parameter-default-value-changed", &["schema.default-changed"]),
    ("request-parameter-enum-value-removed", &["schema.enum-value-removed"]),
    ("request-parameter-max-items-decreased", &["schema.bound-tightened"]),
    ("request-parameter-min-items-increased", &["schema.bound-tightened"]),
    ("request-parameter-property-enum-value-removed", &["schema.enum-value-removed"]),
    ("request-parameter-removed", &["api.parameter-removed"]),
    ("request-parameter-type-changed", &["schema.type-changed", "schema.format-changed"]),
    ("request-property-became-enum", &["schema.enum-value-removed"]),
    ("request-property-became-not-nullable", &["schema.nullable-removed"]),
    ("request-property-became-required", &["schema.field-required"]),
    ("request-property-enum-value-removed", &["schema.enum-value-removed"]),
    ("request-property-list-of-types-narrowed", &["schema.type-changed"]),
    ("request-property-max-decreased", &["schema.bound-tightened"]),
    ("request-property-max-length-decreased", &["schema.bound-tightened"]),
    ("request-property-max-length-set", &["schema.bound-tightened"]),
    ("request-property-max-set", &["schema.bound-tightened"]),
    ("request-property-min-increased", &["schema.bound-tightened"]),
    ("request-property-min-length-increased", &["schema.bound-tightened"]),
    ("request-property-min-set", &["schema.bound-tightened"]),
    ("request-property-pattern-added", &["schema.pattern-changed"]),
    ("request-property-pattern-changed", &["schema.pattern-changed"]),
    ("request-property-removed", &["schema.field-removed"]),
    ("request-property-type-changed", &["schema.type-changed", "schema.format-changed"]),
    ("response-body-type-changed", &["schema.type-changed", "schema.format-changed"]),
    ("response-media-type-removed", &["api.media-type-removed"]),
    ("response-optional-property-removed", &["schema.field-removed"]),
    ("response-property-became-nullable", &["schema.nullable-added"]),
    ("response-property-became-optional", &["schema.field-optional"]),
    ("response-property-enum-value-added", &["schema.enum-value-added"]),
    ("response-property-type-changed", &["schema.type-changed", "schema.format-changed"]),
    ("response-required-property-removed", &["schema.field-removed"]),
    ("response-success-status-removed", &["api.response-removed"]),
];

/// The kapi rules an oasdiff id maps to (empty for an id the table does not know).
pub fn kapi_rules_for(id: &str) -> &'static [&'static str] {
    ID_MAP.iter().find(|(known, _)| *known == id).map_or(&[], |(_, rules)| rules)
}

/// The pinned version, read from the build script (`OASDIFF_VERSION=...`).
pub fn pinned_version() -> Result<String, String> {
    let script =
        std::fs::read_to_string(project_root().join(BUILD_SCRIPT)).map_err(|e| format!("{BUILD_SCRIPT}: {e}"))?;
    script
        .lines()
        .find_map(|line| line.strip_prefix("OASDIFF_VERSION="))
        .map(|version| version.trim().to_owned())
        .ok_or_else(|| format!("{BUILD_SCRIPT} pins no OASDIFF_VERSION"))
}

/// The pinned oasdiff under `$KAPI_CACHE/peers/oasdiff/<version>/bin`, built by the script when missing.
pub fn binary() -> Result<PathBuf, String> {
    let cache = std::env::var_os("KAPI_CACHE")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cache/kapi")))
        .ok_or("neither KAPI_CACHE nor HOME is set")?;
    let binary = cache.join("peers/oasdiff").join(pinned_version()?).join("bin/oasdiff");
    if !binary.is_file() {
        let status = Command::new("bash")
            .arg(project_root().join(BUILD_SCRIPT))
            .status()
            .map_err(|e| format!("running {BUILD_SCRIPT}: {e}"))?;
        if !status.success() || !binary.is_file() {
            return Err(format!("oasdiff could not be built into {}", binary.display()));
        }
    }
    Ok(binary)
}

/// One finding of `oasdiff breaking`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct PeerFinding {
    pub id: String,
    /// oasdiff's level: 3 error, 2 warning, 1 info.
    pub level: u64,
    pub operation: String,
    pub path: String,
}

impl PeerFinding {
    /// `POST /pets`: how kapi names the operation of its document findings.
    pub fn operation_name(&self) -> String {
        format!("{} {}", self.operation, self.path)
    }
}

/// `oasdiff breaking BASE REVISION --format json --fail-on ERR`: exit 0 (no error) or 1 (errors) both carry the
/// report; anything else is a failure to run.
pub fn oasdiff_breaking(binary: &Path, base: &Path, revision: &Path) -> Result<Vec<PeerFinding>, String> {
    let output = Command::new(binary)
        .arg("breaking")
        .arg(base)
        .arg(revision)
        .args(["--format", "json", "--fail-on", "ERR"])
        .output()
        .map_err(|e| format!("running {}: {e}", binary.display()))?;
    if !matches!(output.status.code(), Some(0 | 1)) {
        return Err(format!("oasdiff breaking {}: {}", base.display(), String::from_utf8_lossy(&output.stderr)));
    }
    let text = String::from_utf8_lossy(&output.stdout);
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let report: Value = serde_json::from_str(&text).map_err(|e| format!("oasdiff's JSON: {e}"))?;
    let entries = report.as_array().ok_or("oasdiff's JSON is not a list")?;
    let field = |entry: &Value, key: &str| entry.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
    let mut findings: Vec<PeerFinding> = entries
        .iter()
        .map(|entry| PeerFinding {
            id: field(entry, "id"),
            level: entry.get("level").and_then(Value::as_u64).unwrap_or_default(),
            operation: field(entry, "operation"),
            path: field(entry, "path"),
        })
        .collect();
    findings.sort();
    findings.dedup();
    Ok(findings)
}

/// `kapi diff BASE REVISION` on two documents, as the command compares them (GA policy: documents declare no
/// stability level).
pub fn kapi_diff(base: &Path, revision: &Path) -> Result<Vec<Finding>, String> {
    let read = |path: &Path| {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        document::read(&path.display().to_string(), &text)
    };
    Ok(document::compare(&read(base)?, &read(revision)?, &Policy::default()))
}

/// A pair of documents and what is expected of it.
#[derive(Debug, Clone)]
pub struct Case {
    pub name: String,
    pub change: String,
    pub base: PathBuf,
    pub revision: PathBuf,
    pub expected: Expected,
}

#[derive(Debug, Clone)]
pub enum Expected {
    /// oasdiff's test pair: the id its test expects, at this operation (`POST /pets`).
    Upstream { id: String, operation: String },
    /// Our own pair: the rule kapi must report.
    Own { kapi_rule: String },
}

/// oasdiff's pairs, from `../shared/peers/oasdiff/cases.json` (read in place).
pub fn upstream_cases() -> Result<Vec<Case>, String> {
    let dir = shared().join("peers/oasdiff");
    let text = std::fs::read_to_string(dir.join("cases.json")).map_err(|e| format!("cases.json: {e}"))?;
    let cases: Vec<Value> = serde_json::from_str(&text).map_err(|e| format!("cases.json: {e}"))?;
    let text_of = |case: &Value, key: &str| case.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
    Ok(cases
        .iter()
        .map(|case| Case {
            name: text_of(case, "test"),
            change: text_of(case, "change"),
            base: dir.join(text_of(case, "base")),
            revision: dir.join(text_of(case, "revision")),
            expected: Expected::Upstream {
                id: text_of(case, "id"),
                operation: format!("{} {}", text_of(case, "operation"), text_of(case, "path")),
            },
        })
        .collect())
}

/// Our own pairs, their documents written into `work` (the upstream document with the setup edits as base, and
/// with the pair's edits too as revision).
pub fn own_pairs(work: &Path) -> Result<Vec<Case>, String> {
    let text = std::fs::read_to_string(project_root().join(OWN_PAIRS)).map_err(|e| format!("{OWN_PAIRS}: {e}"))?;
    let file: Value = serde_json::from_str(&text).map_err(|e| format!("{OWN_PAIRS}: {e}"))?;
    let pairs = file.get("pairs").and_then(Value::as_array).ok_or(format!("{OWN_PAIRS}: no `pairs`"))?;
    let mut cases = Vec::new();
    for pair in pairs {
        let text_of = |key: &str| pair.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
        let name = text_of("name");
        let upstream = crate::upstream_document(&text_of("document"));
        let upstream_text = std::fs::read_to_string(&upstream).map_err(|e| format!("{}: {e}", upstream.display()))?;
        let mut base: Value =
            serde_json::from_str(&upstream_text).map_err(|e| format!("{}: {e}", upstream.display()))?;
        let operations = |key: &str| pair.get(key).and_then(Value::as_array).cloned().unwrap_or_default();
        for operation in operations("setup") {
            apply_patch(&mut base, &operation).map_err(|e| format!("{name} setup: {e}"))?;
        }
        let mut revision = base.clone();
        for operation in operations("edits") {
            apply_patch(&mut revision, &operation).map_err(|e| format!("{name}: {e}"))?;
        }
        let (base_path, revision_path) =
            (work.join(format!("{name}.base.json")), work.join(format!("{name}.revision.json")));
        for (path, value) in [(&base_path, &base), (&revision_path, &revision)] {
            std::fs::write(path, value.to_string()).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        cases.push(Case {
            name,
            change: text_of("change"),
            base: base_path,
            revision: revision_path,
            expected: Expected::Own { kapi_rule: text_of("kapiRule") },
        });
    }
    Ok(cases)
}

/// One RFC 6902 operation (`add`, `remove`, `replace`) applied to `document`.
pub fn apply_patch(document: &mut Value, operation: &Value) -> Result<(), String> {
    let op = operation.get("op").and_then(Value::as_str).ok_or("an operation needs `op`")?;
    let pointer = operation.get("path").and_then(Value::as_str).ok_or("an operation needs `path`")?;
    let (parent_pointer, last) = pointer.rsplit_once('/').ok_or_else(|| format!("`{pointer}` is not a pointer"))?;
    let last = last.replace("~1", "/").replace("~0", "~");
    let value = operation.get("value").cloned();
    let parent = document.pointer_mut(parent_pointer).ok_or_else(|| format!("`{parent_pointer}` points at nothing"))?;
    let missing = || format!("`{pointer}` points at nothing");
    match (op, parent) {
        ("remove", Value::Object(map)) => map.remove(&last).map(drop).ok_or_else(missing),
        ("remove", Value::Array(list)) => {
            let index: usize = last.parse().map_err(|_| missing())?;
            (index < list.len()).then(|| drop(list.remove(index))).ok_or_else(missing)
        }
        ("add", Value::Object(map)) => {
            map.insert(last, value.ok_or("`add` needs a value")?);
            Ok(())
        }
        ("add", Value::Array(list)) => {
            let value = value.ok_or("`add` needs a value")?;
            match last.as_str() {
                "-" => list.push(value),
                index => {
                    let index: usize = index.parse().map_err(|_| missing())?;
                    if index > list.len() {
                        return Err(missing());
                    }
                    list.insert(index, value);
                }
            }
            Ok(())
        }
        ("replace", parent) => {
            let slot = match parent {
                Value::Object(map) => map.get_mut(&last),
                Value::Array(list) => last.parse::<usize>().ok().and_then(|index| list.get_mut(index)),
                _ => None,
            }
            .ok_or_else(missing)?;
            *slot = value.ok_or("`replace` needs a value")?;
            Ok(())
        }
        (op, _) => Err(format!("cannot `{op}` at `{pointer}`")),
    }
}

/// What both tools reported on one case.
#[derive(Debug)]
pub struct Outcome {
    pub case: Case,
    pub oasdiff: Vec<PeerFinding>,
    pub kapi: Vec<Finding>,
}

impl Outcome {
    /// oasdiff's findings kapi does not report at the same operation under a mapped rule.
    pub fn missed(&self) -> Vec<&PeerFinding> {
        self.oasdiff
            .iter()
            .filter(|peer| {
                let rules = kapi_rules_for(&peer.id);
                let operation = peer.operation_name();
                !self.kapi.iter().any(|f| f.kind.as_deref() == Some(operation.as_str()) && rules.contains(&f.rule.id()))
            })
            .collect()
    }

    /// The kapi findings that answer the case's expectation: the mapped rule at the case's operation (oasdiff's
    /// pairs) or the pair's rule (ours).
    pub fn expected_findings(&self) -> Vec<&Finding> {
        self.kapi
            .iter()
            .filter(|f| match &self.case.expected {
                Expected::Upstream { id, operation } => {
                    f.kind.as_deref() == Some(operation.as_str()) && kapi_rules_for(id).contains(&f.rule.id())
                }
                Expected::Own { kapi_rule } => f.rule.id() == kapi_rule,
            })
            .collect()
    }

    /// Both hold: kapi reports what is expected of it, and every break oasdiff reports.
    pub fn agrees(&self) -> bool {
        !self.expected_findings().is_empty() && self.missed().is_empty()
    }
}

/// Runs both tools on `case`.
pub fn run(binary: &Path, case: Case) -> Result<Outcome, String> {
    let oasdiff = oasdiff_breaking(binary, &case.base, &case.revision)?;
    let kapi = kapi_diff(&case.base, &case.revision).map_err(|e| format!("{}: kapi diff: {e}", case.name))?;
    Ok(Outcome { case, oasdiff, kapi })
}

/// `id ×n, id ×m`: findings counted by id, in order.
fn counted<'a>(ids: impl Iterator<Item = &'a str>) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for id in ids {
        *counts.entry(id).or_default() += 1;
    }
    if counts.is_empty() {
        return "(none)".to_owned();
    }
    counts
        .iter()
        .map(|(id, n)| if *n == 1 { format!("`{id}`") } else { format!("`{id}` ×{n}") })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Each rule once per operation it flags.
fn distinct_operations(findings: &[Finding]) -> Vec<&'static str> {
    let mut pairs: Vec<(&str, Option<&str>)> = findings.iter().map(|f| (f.rule.id(), f.kind.as_deref())).collect();
    pairs.sort();
    pairs.dedup();
    pairs.into_iter().map(|(rule, _)| rule).collect()
}

fn yes_no(value: bool) -> &'static str {
    if value { "yes" } else { "**no**" }
}

/// The table of oasdiff's pairs (docs/peers/oasdiff.md).
pub fn upstream_table(outcomes: &[Outcome]) -> String {
    let mut table = String::from(
        "| # | case (oasdiff test) | expected id | `oasdiff breaking` reports | kapi rule at the operation | kapi ⊇ oasdiff | agree |\n\
         | --- | --- | --- | --- | --- | --- | --- |\n",
    );
    for (index, outcome) in outcomes.iter().enumerate() {
        let Expected::Upstream { id, operation } = &outcome.case.expected else { continue };
        let found = outcome.expected_findings();
        let kapi = if found.is_empty() { "**none**".to_owned() } else { counted(found.iter().map(|f| f.rule.id())) };
        table.push_str(&format!(
            "| {} | {} | `{id}` at {operation} | {} | {kapi} | {} | {} |\n",
            index + 1,
            outcome.case.name,
            counted(outcome.oasdiff.iter().map(|f| f.id.as_str())),
            yes_no(outcome.missed().is_empty()),
            yes_no(outcome.agrees()),
        ));
    }
    table
}

/// The table of our own pairs (docs/peers/oasdiff.md): for each id or rule, the operations it flags (both tools
/// report per operation; oasdiff also per media type and kapi per field, which are not counted).
pub fn own_table(outcomes: &[Outcome]) -> String {
    let mut table = String::from(
        "| pair | edit | `oasdiff breaking` (operations per id) | `kapi diff` (operations per rule) | kapi ⊇ oasdiff |\n\
         | --- | --- | --- | --- | --- |\n",
    );
    for outcome in outcomes {
        if !matches!(outcome.case.expected, Expected::Own { .. }) {
            continue;
        }
        table.push_str(&format!(
            "| {} | {} | {} | {} | {} |\n",
            outcome.case.name,
            outcome.case.change,
            counted(outcome.oasdiff.iter().map(|f| f.id.as_str())),
            counted(distinct_operations(&outcome.kapi).into_iter()),
            yes_no(outcome.missed().is_empty()),
        ));
    }
    table
}

/// The mapping table docs/DIFF.md shows.
pub fn id_map_table() -> String {
    let mut table = String::from("| oasdiff id | kapi rule |\n| --- | --- |\n");
    for (id, rules) in ID_MAP {
        let rules: Vec<String> = rules.iter().map(|rule| format!("`{rule}`")).collect();
        table.push_str(&format!("| `{id}` | {} |\n", rules.join(" or ")));
    }
    table
}
