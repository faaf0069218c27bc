//! `kapi validate`: checks manifests offline against a bundle's schemas and CEL rules (kapi-validate).

use std::path::PathBuf;
use std::process::ExitCode;

use crate::stdout;
use clap::Args;
use kapi_validate::{Catalog, Problem, Validator, read_documents};

/// Options of `kapi validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// A bundle directory (`openapi/v3/…`, `crds/*.json`); without it, the corpus embedded at build time.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// The objects as they are now, for transition rules (`oldSelf`): matched by apiVersion, kind, namespace, name.
    #[arg(long, value_name = "FILE")]
    old: Option<PathBuf>,
    /// Manifests to check: YAML (several documents separated by `---`) or JSON.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// `kapi validate`: one `FILE:DOC: Kind/name: field: message` line per problem; exit code 1 when there is one,
/// 2 when a file cannot be read or parsed.
pub fn validate(args: &ValidateArgs) -> Result<ExitCode, String> {
    let catalog = match &args.dir {
        Some(dir) => Catalog::from_dir(dir).map_err(|e| e.to_string())?,
        None => Catalog::from_files(&crate::serve::embedded_files()).map_err(|e| e.to_string())?,
    };
    let old = match &args.old {
        Some(path) => read_documents(path).map_err(|e| e.to_string())?,
        None => Vec::new(),
    };
    let mut validator = Validator::new(&catalog).with_old(old);
    let (mut unusable, mut problems, mut checked) = (false, 0usize, 0usize);
    for path in &args.files {
        let documents = match read_documents(path) {
            Ok(documents) => documents,
            Err(error) => {
                eprintln!("error: {error}");
                unusable = true;
                continue;
            }
        };
        if documents.is_empty() {
            stdout::line(&format!("{}: the file holds no object", path.display()));
            problems += 1;
        }
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
