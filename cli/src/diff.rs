//! `kapi diff`: the compatibility gate between two versions of an API (kapi-diff), from directories, model files
//! or the generated tree committed at a git revision.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use clap::{Args, ValueEnum};
use kapi_diff::{AllowList, Policy, Report, Severity};
use kapi_model::Registry;

/// Options of `kapi diff`.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The old and the new API: generated directories (their `model.json`) or model files. With --base, only the
    /// new one (default: --dir).
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
    let (old, new) = match (&args.base, args.trees.as_slice()) {
        (Some(revision), []) => (model_at_revision(&args.dir, revision)?, read_model(&args.dir)?),
        (Some(revision), [new]) => (model_at_revision(new, revision)?, read_model(new)?),
        (None, [old, new]) => (read_model(old)?, read_model(new)?),
        (Some(_), _) => return Err("with --base, give at most the new tree".into()),
        (None, _) => return Err("give OLD and NEW, or --base REV".into()),
    };
    let allow = read_allow_list(args.allow.as_deref())?;
    let policy = Policy { alpha: args.alpha.cap(), beta: args.beta.cap(), generally_available: args.ga.cap() };
    let report = Report::new(kapi_diff::compare(&old, &new, &policy), &allow);
    match args.output {
        Output::Text => print!("{}", report.to_text()),
        Output::Json => println!("{}", serde_json::to_string_pretty(&report.to_json()).map_err(|e| e.to_string())?),
    }
    Ok(if report.fails() { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// `kapi check --base REV`: the tree in `dir` against the one committed at `revision`, with the default stability
/// levels, after the freshness check passed. Exit code 1 when an error is not accepted.
pub fn gate(dir: &Path, revision: &str, allow: Option<&Path>) -> Result<ExitCode, String> {
    let (old, new) = (model_at_revision(dir, revision)?, read_model(dir)?);
    let report = Report::new(kapi_diff::compare(&old, &new, &Policy::default()), &read_allow_list(allow)?);
    println!("compatibility with {revision}:");
    print!("{}", report.to_text());
    Ok(if report.fails() { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

fn read_allow_list(path: Option<&Path>) -> Result<AllowList, String> {
    let Some(path) = path else { return Ok(AllowList::default()) };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    AllowList::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The model of a generated directory (its `model.json`) or a model file.
fn read_model(path: &Path) -> Result<Registry, String> {
    let file = if path.is_dir() { path.join("model.json") } else { path.to_owned() };
    let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    Registry::from_json(&text).map_err(|e| format!("{} is not a kapi model: {e}", file.display()))
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
