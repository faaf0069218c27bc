//! `kapi check-crd FILE…`: what the API server would say about CustomResourceDefinitions from anywhere (kapi's,
//! kube-derive's, controller-gen's): the structural-schema rules and the CEL rule checks, per version.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::stdout;
use clap::Args;
use kapi_codegen::crd_check::check_crd;
use serde_json::Value;

/// Arguments of `kapi check-crd`.
#[derive(Debug, Args)]
pub struct CheckCrdArgs {
    /// CRD manifests, YAML or JSON; a file may hold several documents separated by `---`.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// Prints one line per finding; exit code 1 when any CRD has errors, 2 when a file cannot be read.
pub fn check_crd_files(args: &CheckCrdArgs) -> Result<ExitCode, String> {
    let (mut errors, mut warnings, mut crds) = (0, 0, 0);
    for file in &args.files {
        let shown = file.display();
        let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {shown}: {e}"))?;
        let documents: Vec<Value> =
            serde_saphyr::from_multiple(&text).map_err(|e| format!("{shown} is not YAML or JSON: {e}"))?;
        for (index, document) in documents.iter().enumerate() {
            if document.is_null() {
                continue;
            }
            let name = document.pointer("/metadata/name").and_then(Value::as_str).unwrap_or("<unnamed>");
            let at = format!("{shown}:{index}: CRD {name}");
            let found = check_crd(document).map_err(|problem| format!("{shown}:{index}: {problem}"))?;
            crds += 1;
            for finding in &found.errors {
                stdout::line(&format!("{at}: error: {}", finding.message));
            }
            for finding in &found.warnings {
                stdout::line(&format!("{at}: warning: {}", finding.message));
            }
            errors += found.errors.len();
            warnings += found.warnings.len();
        }
    }
    stdout::line(&format!("{crds} CRD(s) checked: {errors} error(s), {warnings} warning(s)"));
    Ok(if errors == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
