//! `kapi init NAME`: a new crate of API types that generates its artifacts from its build script and
//! snapshot-tests them, ready for `cargo test` and `kapi serve --dir generated`.
//!
//! `kapi init` writes the snapshots too, with what the crate's tests will produce: it compiles the template's
//! `src/lib.rs` itself and generates from its model, renamed (see `api`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

mod api;
mod files;
mod name;
pub(crate) mod source;
pub(crate) mod write;

use crate::stdout;
use name::ScaffoldName;
use source::KapiSource;

/// Options of `kapi init`.
#[derive(Debug, Args)]
pub struct InitArgs {
    /// The crate: its name, its directory, and its API group `<NAME>.example.com` (a crate name that is a DNS label).
    name: String,
    /// Depend on the kapi checkout at DIR by path (written relative to the new crate unless the two share no directory below the root), rather
    /// than on kapi's crates by version from the registry.
    #[arg(long, value_name = "DIR")]
    kapi_path: Option<PathBuf>,
}

/// `kapi init`.
pub fn init(args: &InitArgs) -> Result<ExitCode, String> {
    let name = ScaffoldName::parse(&args.name)?;
    let target = PathBuf::from(&args.name);
    write::check_free(&target)?;
    let kapi = KapiSource::choose(args.kapi_path.as_deref(), &target)?;

    let artifacts = api::artifacts(&name)?;
    let mut files = files::render(&name, &kapi);
    let snapshots = api::snapshots(&name, &artifacts)?;
    files.extend(snapshots.into_iter().map(|(file, bytes)| (format!("tests/snapshots/{file}"), bytes)));
    files.extend(artifacts.iter().map(|(path, bytes)| (format!("generated/{path}"), bytes.to_vec())));
    // The versions kapi is built and tested with; the first build then needs no registry lookup.
    if let Some(lock) = kapi.lock_file()? {
        files.push(("Cargo.lock".to_owned(), lock));
    }
    write::write_new_directory(&target, &files)?;

    stdout::line(&format!(
        "created {name}/: the kind Widget of {name}.example.com/v1 in src/lib.rs, on {}",
        kapi.describe()
    ));
    stdout::line(&format!(
        "  cd {name} && cargo test       # builds, writes generated/, compares the API with its snapshots"
    ));
    stdout::line("  kapi serve --dir generated    # then: kubectl --server http://127.0.0.1:8080 api-resources");
    if let KapiSource::Checkout { root, .. } = &kapi
        && built_from().canonicalize().ok().as_ref() != Some(root)
    {
        stdout::line(&format!(
            "note: this kapi binary wrote the snapshots; if {} is another kapi version they may differ",
            root.display()
        ));
    }
    Ok(ExitCode::SUCCESS)
}

/// The checkout this binary was built from.
fn built_from() -> PathBuf {
    let cli = Path::new(env!("CARGO_MANIFEST_DIR"));
    cli.parent().unwrap_or(cli).to_path_buf()
}
