//! kapi's CRDs beside controller-gen's for the same kinds (issue 43, docs/peers/controller-gen.md): where the
//! pinned controller-gen is, how it is run on the Go types of `tests/peers-data/controller-gen`, and the allow-list
//! of differences with their verdicts (`tests/peers-controller-gen-differences.toml`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::crd_semantic_diff::{self, Difference};
use crate::project_root;

/// The allow-list, relative to the project.
pub const ALLOW_LIST: &str = "tests/peers-controller-gen-differences.toml";

/// The Go module of kinds with kubebuilder markers, relative to the project.
pub const GO_TYPES: &str = "tests/peers-data/controller-gen";

/// The CRDs compared, by name: kapi writes each to `generated/crds/<name>.json`.
pub const CRDS: &[&str] = &["backups.ops.example.com", "crontabs.stable.example.com"];

/// The verdicts a listed difference may have. A difference where kapi falls short is a bug to fix, not a verdict.
pub const VERDICTS: &[&str] = &["equivalent", "kapi better"];

/// controller-gen's pinned version, read from the build script so that both name one pin.
pub fn pinned_version() -> Result<String, String> {
    let script = project_root().join("scripts/peers/build-controller-gen.sh");
    let text = std::fs::read_to_string(&script).map_err(|e| format!("{}: {e}", script.display()))?;
    text.lines()
        .find_map(|line| line.strip_prefix("CONTROLLER_TOOLS_VERSION="))
        .map(|v| v.trim().to_owned())
        .ok_or_else(|| format!("{}: no CONTROLLER_TOOLS_VERSION= line", script.display()))
}

/// The pinned controller-gen binary, built by `scripts/peers/build-controller-gen.sh` when missing.
pub fn binary() -> Result<PathBuf, String> {
    let cache = std::env::var_os("KAPI_CACHE")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cache/kapi")))
        .ok_or("neither KAPI_CACHE nor HOME is set")?;
    let binary = cache.join("peers/controller-gen").join(pinned_version()?).join("bin/controller-gen");
    if !binary.is_file() {
        let status = Command::new("bash")
            .arg(project_root().join("scripts/peers/build-controller-gen.sh"))
            .status()
            .map_err(|e| format!("running build-controller-gen.sh: {e}"))?;
        if !status.success() || !binary.is_file() {
            return Err(format!("controller-gen could not be built into {}", binary.display()));
        }
    }
    Ok(binary)
}

/// Runs controller-gen's CRD generator on the Go types, as a kubebuilder project's `make manifests` does
/// (`controller-gen crd paths=./... output:crd:dir=DIR`, every option at its default), and returns its CRDs by name.
pub fn generate(binary: &Path, out: &Path) -> Result<BTreeMap<String, Value>, String> {
    let output = Command::new(binary)
        .args(["crd", "paths=./...", &format!("output:crd:dir={}", out.display())])
        .current_dir(project_root().join(GO_TYPES))
        .env("GOFLAGS", "-mod=mod")
        .output()
        .map_err(|e| format!("running {}: {e}", binary.display()))?;
    if !output.status.success() {
        return Err(format!("controller-gen failed: {}", String::from_utf8_lossy(&output.stderr)));
    }
    let mut crds = BTreeMap::new();
    let entries = std::fs::read_dir(out).map_err(|e| format!("{}: {e}", out.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let crd: Value = serde_saphyr::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let name = crd["metadata"]["name"].as_str().unwrap_or_default().to_owned();
        crds.insert(name, crd);
    }
    Ok(crds)
}

/// kapi's CRD `name`, as `kapi generate` wrote it into `generated/crds/`.
pub fn kapi_crd(name: &str) -> Result<Value, String> {
    let path = project_root().join("generated/crds").join(format!("{name}.json"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// One entry of the allow-list: which difference, its verdict and why.
#[derive(Debug, Clone)]
pub struct Explained {
    pub crd: String,
    /// A version's name, `-` outside the versions, or `*` for every version.
    pub version: String,
    pub path: String,
    pub keyword: String,
    pub verdict: String,
    pub reason: String,
}

impl Explained {
    pub fn explains(&self, difference: &Difference) -> bool {
        self.crd == difference.crd
            && (self.version == "*" || self.version == difference.version)
            && self.path == difference.path
            && self.keyword == difference.keyword
    }
}

/// The allow-list, checked: every entry has every field, a known verdict and a reason.
pub fn allow_list() -> Result<Vec<Explained>, String> {
    let path = project_root().join(ALLOW_LIST);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let table: toml::Table = toml::from_str(&text).map_err(|e| format!("{ALLOW_LIST}: {e}"))?;
    let entries =
        table.get("difference").and_then(|v| v.as_array()).ok_or(format!("{ALLOW_LIST}: no [[difference]]"))?;
    let mut list = Vec::new();
    for (index, entry) in entries.iter().enumerate() {
        let field = |name: &str| -> Result<String, String> {
            entry
                .get(name)
                .and_then(|v| v.as_str())
                .map(str::to_owned)
                .ok_or(format!("{ALLOW_LIST}: difference #{} has no `{name}`", index + 1))
        };
        let explained = Explained {
            crd: field("crd")?,
            version: field("version")?,
            path: field("path")?,
            keyword: field("keyword")?,
            verdict: field("verdict")?,
            reason: field("reason")?,
        };
        if !VERDICTS.contains(&explained.verdict.as_str()) {
            return Err(format!("{ALLOW_LIST}: difference #{}: verdict must be one of {VERDICTS:?}", index + 1));
        }
        if explained.reason.trim().is_empty() {
            return Err(format!("{ALLOW_LIST}: difference #{} has an empty reason", index + 1));
        }
        list.push(explained);
    }
    Ok(list)
}

/// The comparison of every CRD: each difference with the entry that explains it, if any.
#[derive(Debug)]
pub struct Comparison {
    pub rows: Vec<(Difference, Option<Explained>)>,
    /// Entries of the allow-list that match no difference (the list only shrinks).
    pub stale: Vec<Explained>,
}

impl Comparison {
    pub fn unexplained(&self) -> Vec<&Difference> {
        self.rows.iter().filter(|(_, explained)| explained.is_none()).map(|(d, _)| d).collect()
    }

    /// The table docs/peers/controller-gen.md shows, as Markdown.
    pub fn table(&self) -> String {
        let mut out =
            String::from("| CRD | version | schema path / field | keyword | kapi | controller-gen | verdict |\n");
        out.push_str("| --- | --- | --- | --- | --- | --- | --- |\n");
        for (difference, explained) in &self.rows {
            let verdict = explained.as_ref().map_or("**unexplained**", |e| e.verdict.as_str());
            out.push_str(&format!(
                "| {} | {} | `{}` | `{}` | {} | {} | {} |\n",
                difference.crd.split('.').next().unwrap_or_default(),
                difference.version,
                if difference.path.is_empty() { "(version)" } else { &difference.path },
                difference.keyword,
                cell(difference.left.as_ref()),
                cell(difference.right.as_ref()),
                verdict,
            ));
        }
        out
    }
}

/// A value for a Markdown cell: compact JSON, long values cut, pipes escaped.
fn cell(value: Option<&Value>) -> String {
    let text = crd_semantic_diff::show(value);
    let text =
        if text.chars().count() > 70 { format!("{}…", text.chars().take(69).collect::<String>()) } else { text };
    format!("`{}`", text.replace('|', "\\|").replace('`', "'"))
}

/// Compares kapi's CRD with controller-gen's for every name of [`CRDS`], against the allow-list.
pub fn compare_all(peer: &BTreeMap<String, Value>) -> Result<Comparison, String> {
    let list = allow_list()?;
    let mut rows = Vec::new();
    for name in CRDS {
        let theirs = peer.get(*name).ok_or(format!("controller-gen wrote no CRD {name}"))?;
        for difference in crd_semantic_diff::compare(&kapi_crd(name)?, theirs) {
            let explained = list.iter().find(|e| e.explains(&difference)).cloned();
            rows.push((difference, explained));
        }
    }
    let stale = list.iter().filter(|e| !rows.iter().any(|(d, _)| e.explains(d))).cloned().collect();
    Ok(Comparison { rows, stale })
}
