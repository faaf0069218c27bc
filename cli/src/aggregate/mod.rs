//! `kapi aggregate URL -o FILE`: the client-side utility that joins a server's per-group-version OpenAPI v3
//! documents into one document, for tools that still want a single file.

mod fetch;
mod merge;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;

use fetch::{Credentials, Fetcher};
use kapi_runtime::aggregator::ClientIdentity;

/// Arguments of `kapi aggregate`.
#[derive(Debug, Args)]
pub struct AggregateArgs {
    /// The server, e.g. `http://127.0.0.1:8080` (a path prefix such as a proxy's is kept).
    #[arg(value_name = "URL")]
    url: String,
    /// Where to write the aggregate document (pretty JSON); nothing is written when anything fails.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// How many documents to download at once.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u16).range(1..=256))]
    concurrency: u16,
    /// Seconds each request may take.
    #[arg(long, default_value_t = 30, value_name = "SECONDS")]
    timeout: u64,
    /// For an https:// URL: the PEM certificates the server's certificate must chain to (nothing else is trusted).
    #[arg(long, value_name = "FILE")]
    ca: Option<PathBuf>,
    /// For an https:// URL: a file holding a bearer token to send (a service account's, or a kubeconfig user's).
    #[arg(long, value_name = "FILE")]
    token_file: Option<PathBuf>,
    /// For an https:// URL: a PEM client certificate to present (with --key).
    #[arg(long, value_name = "FILE", requires = "key")]
    cert: Option<PathBuf>,
    /// The PEM private key of --cert.
    #[arg(long, value_name = "FILE", requires = "cert")]
    key: Option<PathBuf>,
}

/// Downloads, merges and writes; prints one summary line to stderr.
pub fn aggregate(args: &AggregateArgs) -> Result<ExitCode, String> {
    let started = Instant::now();
    let credentials = Credentials {
        ca_file: args.ca.as_deref(),
        token_file: args.token_file.as_deref(),
        identity: args.cert.clone().zip(args.key.clone()).map(|(cert, key)| ClientIdentity { cert, key }),
    };
    let fetcher = Fetcher::new(&args.url, Duration::from_secs(args.timeout), &credentials)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let documents = runtime.block_on(fetcher.fetch_all(usize::from(args.concurrency)))?;
    let aggregate = merge::merge(&args.url, &documents)?;
    let mut text = serde_json::to_string_pretty(&aggregate.document).map_err(|e| e.to_string())?;
    text.push('\n');
    write_atomically(&args.output, text.as_bytes())?;
    eprintln!(
        "aggregated {} documents from {} into {}: {} distinct schemas, {} paths ({:.2} s)",
        aggregate.documents,
        args.url,
        args.output.display(),
        aggregate.schemas,
        aggregate.paths,
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

/// Writes a sibling temporary file and renames it over `path`, so a reader never sees half a document.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let name = path.file_name().ok_or_else(|| format!("{} is not a file name", path.display()))?;
    let mut temporary_name = std::ffi::OsString::from(".");
    temporary_name.push(name);
    temporary_name.push(format!(".{}.tmp", std::process::id()));
    let temporary = path.with_file_name(temporary_name);
    std::fs::write(&temporary, bytes).map_err(|e| format!("cannot write {}: {e}", temporary.display()))?;
    std::fs::rename(&temporary, path).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        format!("cannot write {}: {e}", path.display())
    })
}
