//! `kapi diff`: the compatibility gate between two versions of an API (kapi-diff), from directories, model files,
//! OpenAPI documents (see diff_documents.rs) or the generated tree committed at a git revision.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::stdout;
use clap::{Args, ValueEnum};
use kapi_diff::{AllowList, Api, Policy, Protos, Report, Severity};
use kapi_model::Registry;

/// Options of `kapi diff`.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The old and the new API: generated directories (their `model.json` and `proto/`), model files, or OpenAPI v3
    /// or swagger 2.0 documents (JSON or YAML, told apart by content). With --base, only the new tree (default: --dir).
    #[arg(value_name = "OLD NEW", num_args = 0..=2)]
    trees: Vec<PathBuf>,
    /// Compare the generated tree with the one committed at this git revision (`origin/main`, a tag, a commit).
    #[arg(long, value_name = "REV")]
    base: Option<String>,
    /// The generated tree, for --base: compared as it is on disk, and read at REV by the same path.
    #[arg(long, default_value = "generated", value_name = "DIR")]
    dir: PathBuf,
    /// A JSON allow-list of accepted breaks (`{"allowed": [{"rule", "location", "reason"}]}`).
    #[arg(long, value_name = "FILE")]
    allow: Option<PathBuf>,
    /// Text (a line per finding) or the JSON document described in docs/DIFF.md.
    #[arg(long, value_enum, default_value_t = Output::Text)]
    output: Output,
    /// The most a finding in an alpha version weighs (exempt: not reported).
    #[arg(long, value_enum, default_value_t = Level::Exempt)]
    alpha: Level,
    /// The most a finding in a beta version weighs.
    #[arg(long, value_enum, default_value_t = Level::Warning)]
    beta: Level,
    /// The most a finding in a GA version (or one whose name declares no level) weighs.
    #[arg(long, value_enum, default_value_t = Level::Error)]
    ga: Level,
}

/// A stability level's cap, as `--alpha`, `--beta` and `--ga` take it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Level {
    Exempt,
    Info,
    Warning,
    Error,
}

impl Level {
    fn cap(self) -> Option<Severity> {
        match self {
            Level::Exempt => None,
            Level::Info => Some(Severity::Info),
            Level::Warning => Some(Severity::Warning),
            Level::Error => Some(Severity::Error),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Output {
    Text,
    Json,
}

/// `kapi diff`: prints the report; exit code 1 when an error is not accepted, 2 when an input cannot be read.
pub fn diff(args: &DiffArgs) -> Result<ExitCode, String> {
    let policy = Policy { alpha: args.alpha.cap(), beta: args.beta.cap(), generally_available: args.ga.cap() };
    if let (None, [old, new]) = (&args.base, args.trees.as_slice())
        && let Some(findings) = crate::diff_documents::compare_if_documents(old, new, &policy)?
    {
        return print_report(args, Report::new(findings, &read_allow_list(args.allow.as_deref())?));
    }
    let (old, new) = match (&args.base, args.trees.as_slice()) {
        (Some(revision), []) => (api_at_revision(&args.dir, revision)?, read_api(&args.dir)?),
        (Some(revision), [new]) => (api_at_revision(new, revision)?, read_api(new)?),
        (None, [old, new]) => (read_api(old)?, read_api(new)?),
        (Some(_), _) => return Err("with --base, give at most the new tree".into()),
        (None, _) => return Err("give OLD and NEW, or --base REV".into()),
    };
    let allow = read_allow_list(args.allow.as_deref())?;
    print_report(args, Report::new(kapi_diff::compare(&old, &new, &policy), &allow))
}

/// Prints `report` as `--output` asks; exit code 1 when an error is not accepted.
fn print_report(args: &DiffArgs, report: Report) -> Result<ExitCode, String> {
    match args.output {
        Output::Text => stdout::text(&report.to_text()),
        Output::Json => stdout::line(&serde_json::to_string_pretty(&report.to_json()).map_err(|e| e.to_string())?),
    }
    Ok(if report.fails() { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// `kapi check --base REV`: the tree in `dir` against the one committed at `revision`, with the default stability
/// levels, after the freshness check passed. Exit code 1 when an error is not accepted.
pub fn gate(dir: &Path, revision: &str, allow: Option<&Path>) -> Result<ExitCode, String> {
    let (old, new) = (api_at_revision(dir, revision)?, read_api(dir)?);
    let report = Report::new(kapi_diff::compare(&old, &new, &Policy::default()), &read_allow_list(allow)?);
    stdout::line(&format!("compatibility with {revision}:"));
    stdout::text(&report.to_text());
    Ok(if report.fails() { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

fn read_allow_list(path: Option<&Path>) -> Result<AllowList, String> {
    let Some(path) = path else { return Ok(AllowList::default()) };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    AllowList::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The API of a generated directory (its `model.json` and `proto/**/*.proto`) or of a model file (no protobuf).
fn read_api(path: &Path) -> Result<Api, String> {
    if let Some(api) = read_protos_only(path)? {
        return Ok(api);
    }
    let file = if path.is_dir() { path.join("model.json") } else { path.to_owned() };
    let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let model = Registry::from_json(&text).map_err(|e| format!("{} is not a kapi model: {e}", file.display()))?;
    let mut sources = BTreeMap::new();
    let proto_dir = path.join(PROTO_DIR);
    if path.is_dir() && proto_dir.is_dir() {
        read_protos(&proto_dir, &proto_dir, &mut sources)?;
    }
    Ok(Api { model, protos: compile(sources, &proto_dir.display().to_string())? })
}

/// A directory of `.proto` files without a model (written by another producer, or laid out as a buf module), its
/// files under `proto/` or at its top: compared by the wire rules alone. `None` when the directory has a model or
/// no `.proto` file.
fn read_protos_only(path: &Path) -> Result<Option<Api>, String> {
    if !path.is_dir() || path.join("model.json").exists() {
        return Ok(None);
    }
    let root = if path.join(PROTO_DIR).is_dir() { path.join(PROTO_DIR) } else { path.to_owned() };
    let mut sources = BTreeMap::new();
    read_protos(&root, &root, &mut sources)?;
    if sources.is_empty() {
        return Ok(None);
    }
    Ok(Some(Api { model: Registry::new(), protos: compile(sources, &root.display().to_string())? }))
}

/// Where a generated tree keeps its protobuf definitions.
const PROTO_DIR: &str = "proto";

/// Every `.proto` file under `dir`, by its path below `root` (its import name).
fn read_protos(root: &Path, dir: &Path, sources: &mut BTreeMap<String, String>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?.path();
        if path.is_dir() {
            read_protos(root, &path, sources)?;
        } else if path.extension().is_some_and(|e| e == "proto") {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let name = path.strip_prefix(root).map_err(|e| e.to_string())?;
            sources.insert(name.to_string_lossy().replace('\\', "/"), text);
        }
    }
    Ok(())
}

/// The compiled definitions, or `None` when the tree has none.
fn compile(sources: BTreeMap<String, String>, origin: &str) -> Result<Option<Protos>, String> {
    if sources.is_empty() {
        return Ok(None);
    }
    Protos::compile(sources).map(Some).map_err(|e| format!("{origin}: the .proto files do not compile: {e}"))
}

/// The API committed at `revision` under the same path as `tree` has on disk: a directory's model and protobuf
/// definitions, or a model file.
fn api_at_revision(tree: &Path, revision: &str) -> Result<Api, String> {
    let model = model_at_revision(tree, revision)?;
    if !tree.is_dir() {
        return Ok(Api::from_model(model));
    }
    // Paths are relative to the directory git runs in, in what ls-tree prints and in `REV:./PATH`.
    let listing = git(tree, &["ls-tree", "-r", "--name-only", revision, "--", PROTO_DIR])?;
    let mut sources = BTreeMap::new();
    for path in listing.lines().filter(|path| path.ends_with(".proto")) {
        let text = git(tree, &["show", &format!("{revision}:./{path}")])?;
        let name = path.strip_prefix(PROTO_DIR).unwrap_or(path).trim_start_matches('/');
        sources.insert(name.to_owned(), text);
    }
    Ok(Api { model, protos: compile(sources, &format!("{PROTO_DIR}/ at {revision}"))? })
}

/// The standard output of `git ARGS` run in `directory`.
fn git(directory: &Path, args: &[&str]) -> Result<String, String> {
    let output =
        Command::new("git").arg("-C").arg(directory).args(args).output().map_err(|e| format!("cannot run git: {e}"))?;
    if !output.status.success() {
        let message = String::from_utf8_lossy(&output.stderr);
        return Err(format!("git {} in {}: {}", args.join(" "), directory.display(), message.trim()));
    }
    String::from_utf8(output.stdout).map_err(|_| format!("git {} gave text that is not UTF-8", args.join(" ")))
}

/// The model committed at `revision` under the same path as `tree` (a directory or a model file) has on disk.
fn model_at_revision(tree: &Path, revision: &str) -> Result<Registry, String> {
    let (directory, file) = if tree.is_dir() {
        (tree.to_owned(), "model.json".to_owned())
    } else {
        let name = tree.file_name().ok_or_else(|| format!("{} names no file", tree.display()))?;
        let parent = tree.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        (parent.to_owned(), name.to_string_lossy().into_owned())
    };
    // `REV:./PATH` is PATH relative to the directory git runs in, wherever that is in the repository.
    let output = Command::new("git")
        .arg("-C")
        .arg(&directory)
        .args(["show", &format!("{revision}:./{file}")])
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !output.status.success() {
        let message = String::from_utf8_lossy(&output.stderr);
        return Err(format!("cannot read {file} in {} at {revision}: {}", directory.display(), message.trim()));
    }
    let text = String::from_utf8(output.stdout).map_err(|_| format!("{file} at {revision} is not UTF-8"))?;
    Registry::from_json(&text).map_err(|e| format!("{file} at {revision} is not a kapi model: {e}"))
}
