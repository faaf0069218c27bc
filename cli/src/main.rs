//! The `kapi` command: a thin adapter over kapi-codegen and kapi-runtime, with the corpus embedded.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod aggregate;
mod check_crd;
mod check_model;
mod commands;
mod diff;
mod diff_documents;
mod group_versions;
mod hangup;
mod identity;
mod import;
mod init;
mod self_signed;
mod serve;
mod serve_conversion;
mod serve_tls;
mod stdout;
mod typed_openapi;
mod validate;
mod validate_crd;

use commands::Source;

// A reload reads a bundle and encodes its changed documents on short-lived threads while the connection workers
// serve. Under glibc's allocator every such thread may get an arena of its own, and each arena keeps its peak:
// resident memory rose in steps for minutes under back-to-back reloads (120 MB to 148 MB in 2 minutes of
// scripts/load-with-reloads.sh). mimalloc hands freed pages back to shared use, so it stays flat. Without
// transparent huge pages: with them it stayed flat too, but half as high again (docs/RELIABILITY.md).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Kubernetes-style API artifacts from annotated Rust types.
#[derive(Debug, Parser)]
#[command(name = "kapi", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Write every artifact (OpenAPI v3/v2, JSON Schema, …) for the corpus or a model file.
    Generate {
        /// Output directory.
        #[arg(long, default_value = "generated")]
        out: PathBuf,
        #[command(flatten)]
        source: Source,
    },
    /// Exit non-zero, listing the files that are stale, missing or extra, when a directory is not up to date with
    /// its model: --model, else the directory's own model.json (the embedded corpus for a bundle generated from it).
    Check {
        /// Directory to check.
        #[arg(long, default_value = "generated")]
        dir: PathBuf,
        /// Then compare it with the tree committed at this git revision, as `kapi diff --base REV` does.
        #[arg(long, value_name = "REV")]
        base: Option<String>,
        /// The allow-list of accepted breaks for --base.
        #[arg(long, value_name = "FILE", requires = "base")]
        allow: Option<PathBuf>,
        #[command(flatten)]
        source: Source,
    },
    /// Report the changes between two versions of an API that break clients (schemas, resources, versions).
    Diff(diff::DiffArgs),
    /// Check CustomResourceDefinitions (YAML or JSON) the way the API server would: structural schema and CEL rules.
    CheckCrd(check_crd::CheckCrdArgs),
    /// Print the model (definitions and resources) as JSON.
    Model {
        #[command(flatten)]
        source: Source,
    },
    /// Serve discovery and OpenAPI to kubectl as a kube-apiserver does (the embedded corpus, or --dir).
    Serve(Box<serve::ServeArgs>),
    /// Check manifests (YAML or JSON) offline as the API server checks a create: schemas, CEL rules, object metadata,
    /// built-in kinds' rules, CRDs as CRDs; `-o json` prints one metav1.Status per document.
    Validate(validate::ValidateArgs),
    /// Download a server's OpenAPI v3 documents (one per group-version) and merge them into one file.
    Aggregate(aggregate::AggregateArgs),
    /// Create a crate NAME of API types that generates its artifacts in its build script and snapshot-tests them.
    Init(init::InitArgs),
    /// Read OpenAPI v3, swagger 2.0 or CRD documents into a new crate of annotated Rust types.
    Import(import::ImportArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Generate { out, source } => commands::generate(&out, &source),
        Command::Check { dir, source, base, allow } => commands::check(&dir, &source).and_then(|code| match base {
            Some(revision) if code == ExitCode::SUCCESS => diff::gate(&dir, &revision, allow.as_deref()),
            _ => Ok(code),
        }),
        Command::Model { source } => commands::model(&source),
        Command::Diff(args) => diff::diff(&args),
        Command::CheckCrd(args) => check_crd::check_crd_files(&args),
        Command::Serve(args) => serve::serve(*args),
        Command::Init(args) => init::init(&args),
        Command::Import(args) => import::import(&args),
        Command::Validate(args) => validate::validate(&args),
        Command::Aggregate(args) => aggregate::aggregate(&args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
