//! What each subcommand does; errors are plain messages for the user.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use kapi_codegen::proto::{LEDGER_PATH, Ledger};
use kapi_codegen::{Artifacts, Options, Previous, writer};
use kapi_model::Registry;

use crate::check_model::CheckModel;
use crate::group_versions::{profiles, switched_off};
use crate::stdout;
use crate::typed_openapi::typed_openapi_problems;

/// Where the model comes from: the embedded corpus, or a model file written by `kapi model`.
#[derive(Debug, Args)]
pub struct Source {
    /// A model file to use instead of the embedded corpus.
    #[arg(long, value_name = "FILE")]
    model: Option<PathBuf>,
    /// Switch a group-version off (`group/version`, or `v1` for core); repeatable.
    #[arg(long = "disable", value_name = "GROUP/VERSION")]
    disabled: Vec<String>,
    /// Publish a group-version with `kubernetes`, `lossless` or `crd` (as the API server publishes CRDs) conventions, over the model's choice; repeatable.
    #[arg(long = "profile", value_name = "GROUP/VERSION=NAME")]
    profiles: Vec<String>,
    /// Fail, rather than warn, when a required field has a default.
    #[arg(long)]
    strict: bool,
    /// The start of JSON Schema `$id`s (the file name follows), e.g. `https://example.com/schemas/`.
    #[arg(long, value_name = "URI")]
    jsonschema_base: Option<String>,
    /// Shorten CRD schema descriptions longer than N characters (CRDs over 256 KiB need server-side apply).
    #[arg(long, value_name = "N")]
    max_description_len: Option<usize>,
}

/// Loads the model: a model file if given, else the embedded corpus.
fn load(source: &Source) -> Result<Registry, String> {
    load_model(source.model.as_deref())
}

/// Loads the model file at `path`, or the embedded corpus.
fn load_model(path: Option<&Path>) -> Result<Registry, String> {
    let registry = match path {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("cannot read model file {}: {e}", path.display()))?;
            Registry::from_json(&text).map_err(|e| format!("{} is not a kapi model: {e}", path.display()))?
        }
        None => kapi_schemas::registry(),
    };
    if !registry.errors().is_empty() {
        return Err(format!("the model has problems:\n  {}", registry.errors().join("\n  ")));
    }
    Ok(registry)
}

fn options(source: &Source) -> Result<Options, String> {
    let disabled = switched_off(&source.disabled)?;
    let conventions = profiles(&source.profiles)?;
    let json_schema_base = source.jsonschema_base.clone();
    Ok(Options {
        disabled,
        conventions,
        json_schema_base,
        strict: source.strict,
        max_description_len: source.max_description_len,
        ..Options::default()
    })
}

/// The protobuf field-number ledger the last generation left in `dir`, if there is one.
fn previous_ledger(dir: &Path) -> Result<Option<Ledger>, String> {
    let path = dir.join(LEDGER_PATH);
    match std::fs::read(&path) {
        Ok(bytes) => Ledger::from_json(&bytes).map(Some).map_err(|e| format!("{}: {e}", path.display())),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(format!("cannot read {}: {error}", path.display())),
    }
}

/// The options for generating into `dir`: numbered against the ledger already there, so no protobuf field is
/// renumbered.
fn options_for(source: &Source, dir: &Path) -> Result<Options, String> {
    Ok(Options { proto_ledger: previous_ledger(dir)?, ..options(source)? })
}

/// The artifacts for `dir` of a model already loaded.
fn artifacts_of(registry: &Registry, source: &Source, dir: &Path, previous: &Previous) -> Result<Artifacts, String> {
    kapi_codegen::generate_reusing(registry, &options_for(source, dir)?, previous).map_err(|e| generation_error(&e))
}

fn generation_error(error: &kapi_codegen::Error) -> String {
    match error.help() {
        Some(help) => format!("{error}\n  help: {help}"),
        None => error.to_string(),
    }
}

/// `kapi generate`: taking what did not change from the output already in `out`, and writing each file as soon
/// as it is rendered.
pub fn generate(out: &Path, source: &Source) -> Result<ExitCode, String> {
    let previous = kapi_codegen::reuse::manifest::previous(out);
    let (artifacts, report) = kapi_codegen::generate_into(load(source)?, &options_for(source, out)?, &previous, out)
        .map_err(|e| generation_error(&e))?;
    for warning in artifacts.warnings() {
        eprintln!("warning: {warning}");
    }
    stdout::line(&format!(
        "{} files in {}: {} written, {} unchanged; {} of {} units reused from the previous output",
        artifacts.len(),
        out.display(),
        report.written.len(),
        report.unchanged.len(),
        artifacts.reused_units().len(),
        artifacts.units().len(),
    ));
    if let Some(loss) = kapi_codegen::openapi_v2::LossReport::from_artifacts(&artifacts) {
        stdout::line(&loss.summary_line());
    }
    Ok(ExitCode::SUCCESS)
}

/// `kapi check`.
pub fn check(dir: &Path, source: &Source) -> Result<ExitCode, String> {
    // A check renders everything: it is what vouches for the output.
    let model = CheckModel::choose(dir, source.model.as_deref())?;
    let artifacts = artifacts_of(&load_model(model.file())?, source, dir, &Previous::none())?;
    let report = writer::check(dir, &artifacts);
    let unparsed = typed_openapi_problems(dir, &artifacts);
    for problem in &unparsed {
        stdout::line(&format!("invalid: {problem}"));
    }
    if report.is_clean() && !unparsed.is_empty() {
        return Ok(ExitCode::FAILURE);
    }
    if report.is_clean() {
        let against = model.file().map(|path| format!(" with {}", path.display())).unwrap_or_default();
        stdout::line(&format!("{}: {} files up to date{against}", dir.display(), artifacts.len()));
        return Ok(ExitCode::SUCCESS);
    }
    for (label, files) in [("stale", &report.stale), ("missing", &report.missing), ("extra", &report.extra)] {
        for file in files {
            stdout::line(&format!("{label}: {}", dir.join(file).display()));
        }
    }
    stdout::line(&format!("{} is out of date; {}", dir.display(), model.regenerate_hint(dir)));
    Ok(ExitCode::FAILURE)
}

/// `kapi model`: the model (after `--disable`), exactly as the bundle's `model.json` holds it.
pub fn model(source: &Source) -> Result<ExitCode, String> {
    let registry = load(source)?;
    let bytes = kapi_codegen::model_json(&registry, &options(source)?).map_err(|e| e.to_string())?;
    stdout::text(&String::from_utf8_lossy(&bytes));
    Ok(ExitCode::SUCCESS)
}
