//! `kapi validate`: checks manifests offline against a bundle's schemas and CEL rules (kapi-validate), with
//! CustomResourceDefinition manifests also checked as CRDs (kapi-codegen's structural checker, plugged in).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::stdout;
use clap::{Args, ValueEnum};
use kapi_validate::{
    Catalog, Document, Problem, Validator, bad_request_status, document_status, read_documents, split_documents,
    success_status,
};
use serde_json::{Map, Value};

/// How `kapi validate` prints its findings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Output {
    /// One `FILE:DOC: Kind/name: field: message` line per problem.
    Text,
    /// `{"<file>": [Status, …]}`: one metav1.Status per YAML document, as the API server answers a create.
    Json,
}

/// Options of `kapi validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// A bundle directory (`openapi/v3/…`, `crds/*.json`); without it, the corpus embedded at build time.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// CustomResourceDefinition manifests to check custom resources against: a YAML/JSON file (several
    /// documents allowed) or a directory of them; other objects in them are skipped. Repeatable.
    #[arg(long, value_name = "PATH")]
    crds: Vec<PathBuf>,
    /// The objects as they are now, for transition rules (`oldSelf`): matched by apiVersion, kind, namespace, name.
    #[arg(long, value_name = "FILE")]
    old: Option<PathBuf>,
    /// `text`, or `json`: one metav1.Status per document (`{"<file>": [Status, …]}`), as the API server answers.
    #[arg(short = 'o', long, value_enum, default_value_t = Output::Text)]
    output: Output,
    /// Manifests to check: YAML (several documents separated by `---`) or JSON.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// `kapi validate`: exit code 1 when a document has a problem, 2 when a file cannot be read (or, in text form,
/// parsed). An empty file, or one of comments only, is valid.
pub fn validate(args: &ValidateArgs) -> Result<ExitCode, String> {
    let mut catalog = match &args.dir {
        Some(dir) => Catalog::from_dir(dir).map_err(|e| e.to_string())?,
        None => Catalog::from_files(&crate::serve::embedded_files()).map_err(|e| e.to_string())?,
    };
    for path in &args.crds {
        load_crds(&mut catalog, path)?;
    }
    let old = match &args.old {
        Some(path) => read_documents(path).map_err(|e| e.to_string())?,
        None => Vec::new(),
    };
    let mut validator =
        Validator::new(&catalog).with_old(old).with_crd_checker(crate::validate_crd::check_crd_manifest);
    match args.output {
        Output::Text => text_report(&mut validator, &args.files),
        Output::Json => json_report(&mut validator, &args.files),
    }
}

fn text_report(validator: &mut Validator<'_>, files: &[PathBuf]) -> Result<ExitCode, String> {
    let (mut unusable, mut problems, mut checked) = (false, 0usize, 0usize);
    for path in files {
        let documents = match read_documents(path) {
            Ok(documents) => documents,
            Err(error) => {
                eprintln!("error: {error}");
                unusable = true;
                continue;
            }
        };
        for document in &documents {
            checked += 1;
            let found: Vec<Problem> = validator.validate(document);
            problems += found.len();
            for problem in found {
                stdout::line(&format!("{problem}"));
            }
        }
    }
    eprintln!("{checked} objects checked, {problems} problems");
    Ok(match (unusable, problems) {
        (true, _) => ExitCode::from(2),
        (false, 0) => ExitCode::SUCCESS,
        (false, _) => ExitCode::FAILURE,
    })
}

fn json_report(validator: &mut Validator<'_>, files: &[PathBuf]) -> Result<ExitCode, String> {
    let (mut unusable, mut failed) = (false, false);
    let mut report = Map::new();
    for path in files {
        let file = path.display().to_string();
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("error: {file}: cannot read: {error}");
                unusable = true;
                continue;
            }
        };
        let mut statuses = Vec::new();
        for (position, piece) in split_documents(&text).iter().enumerate() {
            if piece.is_empty_document() {
                statuses.push(success_status());
                continue;
            }
            match piece.parse(&file) {
                Err(message) => {
                    failed = true;
                    statuses.push(bad_request_status(&message));
                }
                Ok(objects) => {
                    for Document { value, .. } in objects {
                        let document = Document { file: file.clone(), index: position + 1, value };
                        let problems = validator.validate(&document);
                        failed |= !problems.is_empty();
                        statuses.push(document_status(&document.value, &problems));
                    }
                }
            }
        }
        report.insert(file, Value::Array(statuses));
    }
    let shown = serde_json::to_string_pretty(&Value::Object(report)).map_err(|e| e.to_string())?;
    stdout::line(&shown);
    Ok(match (unusable, failed) {
        (true, _) => ExitCode::from(2),
        (false, false) => ExitCode::SUCCESS,
        (false, true) => ExitCode::FAILURE,
    })
}

/// Adds the CRDs of a file, or of every `.yaml`, `.yml` and `.json` file of a directory (in name order).
fn load_crds(catalog: &mut Catalog, path: &Path) -> Result<(), String> {
    let files: Vec<PathBuf> = if path.is_dir() {
        let entries = std::fs::read_dir(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mut files: Vec<PathBuf> = entries
            .flatten()
            .map(|entry| entry.path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "yaml" || e == "yml" || e == "json"))
            .collect();
        files.sort();
        files
    } else if path.is_file() {
        vec![path.to_owned()]
    } else {
        return Err(format!("--crds {}: no such file or directory", path.display()));
    };
    for file in files {
        let shown = file.display().to_string();
        let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {shown}: {e}"))?;
        let mut values = Vec::new();
        for piece in split_documents(&text) {
            let documents = piece.parse(&shown).map_err(|e| format!("{shown}: {e}"))?;
            values.extend(documents.into_iter().map(|d| d.value));
        }
        catalog.add_crd_manifests(&shown, &values).map_err(|e| e.to_string())?;
    }
    Ok(())
}
