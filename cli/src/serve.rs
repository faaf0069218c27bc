//! `kapi serve`: serves a bundle (a directory, or the corpus embedded at build time) to kubectl with kapi-runtime.

use std::fs::OpenOptions;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use clap::Args;
use kapi_model::Registry;
use kapi_runtime::{
    Aggregator, AggregatorSettings, AggregatorTasks, Bundle, DocsOptions, Files, Handle, LoadOptions, Logo,
    ServeLimits, Tree, UpstreamSpec,
};

use crate::group_versions::RuntimeConfig;
use crate::hangup::{self, Reloader};
use crate::identity::IdentityArgs;
use crate::serve_tls::TlsArgs;
use crate::stdout;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_corpus.rs"));
}

/// Options of `kapi serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// A bundle directory (as `kapi generate` writes it); without it, the corpus embedded at build time.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Address to listen on; port 0 picks a free port (the real address is printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The address clients are told to reach this server at (`serverAddressByClientCIDRs` in `/api` and in the
    /// `Group` objects). Defaults to the listening address; replicas behind one load balancer give its address, so
    /// they all publish the same bytes (and ETags).
    #[arg(long, value_name = "HOST:PORT")]
    advertise_address: Option<String>,
    /// Reload the directory when it changes (needs --dir); a reload that fails keeps the current bundle. With
    /// --dir, `kill -HUP` reloads at once too, watched or not (a writer that rewrites the directory often can
    /// signal after each rewrite instead of waiting for the watch to see the changes settle).
    #[arg(long, requires = "dir")]
    watch: bool,
    /// Switch a group-version off (`group/version=false`, `v1=false` for core) or on; repeatable. `api/all=false`
    /// switches every group-version off but those named `=true`, e.g. to serve only a bundle's own groups as an
    /// APIService backend.
    #[arg(long = "runtime-config", value_name = "GROUP/VERSION=false", value_delimiter = ',')]
    runtime_config: Vec<String>,
    /// Append one `METHOD /path status` line per request to this file.
    #[arg(long, value_name = "FILE")]
    request_log: Option<PathBuf>,
    /// Aggregate an upstream API server: `NAME=URL[,ca=FILE][,token-file=FILE][,cert=FILE,key=FILE]
    /// [,gv=GROUP/VERSION]...` (repeatable; https needs `ca=`; `token-file=` sends the bearer token in FILE, re-read
    /// when it changes; `cert=`/`key=` present a client certificate; `gv=` registers group-versions the way an
    /// APIService does, otherwise all it serves are taken). The bundle's own group-versions win conflicts, then
    /// upstreams in the order given.
    #[arg(long = "upstream", value_name = "NAME=URL[,OPTION]...")]
    upstreams: Vec<UpstreamSpec>,
    /// Seconds between revalidations of each upstream (an upstream kapi server's discovery watch is followed
    /// too, so its changes arrive sooner).
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    upstream_refresh: f64,
    /// Seconds one request to an upstream may take.
    #[arg(long, value_name = "SECONDS", default_value_t = 5.0)]
    upstream_timeout: f64,
    /// The group watchable discovery's `groups` resource is served in (`/apis/NAME/v1alpha1/groups`), when the
    /// bundle's discovery lists it there.
    #[arg(long, value_name = "NAME", default_value = kapi_meta::discovery::v1alpha1::DEFAULT_GROUP)]
    discovery_group: String,
    /// Seconds a client may take to send a request head, and a keep-alive connection may stay idle.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    header_read_timeout: f64,
    /// Connections served at once; more are answered 503 and closed.
    #[arg(long, value_name = "N", default_value_t = 4096)]
    max_connections: usize,
    /// The title of the API reference served at `/docs/` (built from the bundle's model.json).
    #[arg(long, value_name = "TEXT", default_value = "API reference")]
    docs_title: String,
    /// A logo for the API reference's header: an SVG or PNG file.
    #[arg(long, value_name = "FILE")]
    docs_logo: Option<PathBuf>,
    #[command(flatten)]
    identity: IdentityArgs,
    #[command(flatten)]
    tls: TlsArgs,
}

/// Where bundles come from, and how each is built: everything a reload needs, owned.
#[derive(Debug, Clone)]
struct Loader {
    dir: Option<PathBuf>,
    runtime_config: RuntimeConfig,
    options: LoadOptions,
    /// The directory as last read: a reload reads only the files changed since, and shares the others' bytes.
    last_read: Arc<Mutex<Option<Tree>>>,
    /// Large OpenAPI documents are kept open and served from their files rather than read into memory
    /// ([`Tree::read_keeping_open`]); not when composing with upstreams, which merges the files' bytes.
    keep_open: bool,
}

impl Loader {
    /// Builds the bundle, reusing what `previous` (the bundle serving now) built from the same bytes.
    fn load(&self, previous: Option<&Bundle>) -> Result<Bundle, String> {
        match &self.dir {
            Some(dir) if self.keep_open && self.runtime_config.switches_nothing_off() => {
                let last_read = self.read_tree(dir)?;
                let tree = last_read.as_ref().ok_or("the directory was not read")?;
                Bundle::from_tree_reusing(tree, &self.options, previous).map_err(|e| e.to_string())
            }
            _ => Bundle::from_files_reusing(self.files()?, &self.options, previous).map_err(|e| e.to_string()),
        }
    }

    /// The bundle's files, with switched-off group-versions regenerated away.
    fn files(&self) -> Result<Files, String> {
        let files = match &self.dir {
            Some(dir) => self.read(dir)?,
            None => embedded_files(),
        };
        if self.runtime_config.switches_nothing_off() { Ok(files) } else { self.regenerate(&files) }
    }

    /// Reads `dir`, taking the files unchanged since the last read from it (the files in memory only, when large
    /// documents are kept open).
    fn read(&self, dir: &Path) -> Result<Files, String> {
        let last_read = self.read_tree(dir)?;
        Ok(last_read.as_ref().map(|tree| tree.files().clone()).unwrap_or_default())
    }

    /// Reads `dir` into the last read, taking the files unchanged since the previous one from it.
    fn read_tree(&self, dir: &Path) -> Result<std::sync::MutexGuard<'_, Option<Tree>>, String> {
        let mut last_read = self.last_read.lock().map_err(|_| "the loader's state is poisoned".to_owned())?;
        let read = if self.keep_open { Tree::read_keeping_open } else { Tree::read_reusing };
        let tree = read(dir, last_read.as_ref()).map_err(|e| e.to_string())?;
        tracing::debug!(files = tree.files().len(), read = tree.read_from_disk(), "bundle directory read");
        *last_read = Some(tree);
        Ok(last_read)
    }

    /// `--runtime-config`: the artifacts regenerated from the bundle's model with the group-versions switched off,
    /// so they vanish from discovery and OpenAPI exactly as if they had never been generated.
    fn regenerate(&self, files: &Files) -> Result<Files, String> {
        let registry = match (files.get("model.json"), &self.dir) {
            (Some(bytes), _) => {
                let text = std::str::from_utf8(bytes).map_err(|e| format!("model.json: {e}"))?;
                Registry::from_json(text).map_err(|e| format!("model.json is not a kapi model: {e}"))?
            }
            // The embedded corpus is the schemas crate's registry; use it when the corpus predates model.json.
            (None, None) => kapi_schemas::registry(),
            (None, Some(dir)) => {
                return Err(format!("--runtime-config needs the model: {} has no model.json", dir.display()));
            }
        };
        // The bundle's own ledger keeps every protobuf field number the bundle was generated with.
        let proto_ledger = match files.get(kapi_codegen::proto::LEDGER_PATH) {
            Some(bytes) => Some(kapi_codegen::proto::Ledger::from_json(bytes).map_err(|e| e.to_string())?),
            None => None,
        };
        let disabled = self.runtime_config.disabled(&registry.served_group_versions());
        let options = kapi_codegen::Options { disabled, proto_ledger, ..kapi_codegen::Options::default() };
        let artifacts = kapi_codegen::generate(&registry, &options).map_err(|e| e.to_string())?;
        Ok(artifacts.iter().map(|(path, bytes)| (path.to_owned(), Bytes::copy_from_slice(bytes))).collect())
    }
}

/// The corpus embedded at build time, as bundle-relative paths and bytes.
pub(crate) fn embedded_files() -> Files {
    embedded::FILES.iter().map(|(path, bytes)| ((*path).to_owned(), Bytes::from_static(bytes))).collect()
}

/// `kapi serve`.
pub fn serve(args: ServeArgs) -> Result<ExitCode, String> {
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    // KAPI_LOG takes tracing's filter syntax (e.g. `warn` to stop per-request lines); the default logs requests.
    let filter = tracing_subscriber::EnvFilter::try_from_env("KAPI_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(ansi)
        .with_target(false)
        .try_init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(run(args))
}

async fn run(args: ServeArgs) -> Result<ExitCode, String> {
    let runtime_config = RuntimeConfig::parse(&args.runtime_config)?;
    // Read before listening: a bad logo is a usage error, reported before anything serves.
    let docs =
        DocsOptions { title: args.docs_title.clone(), logo: docs_logo(args.docs_logo.as_deref())?, enabled: true };
    let listener =
        tokio::net::TcpListener::bind(args.addr).await.map_err(|e| format!("cannot listen on {}: {e}", args.addr))?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    let options = LoadOptions {
        server_address: Some(args.advertise_address.clone().unwrap_or_else(|| address.to_string())),
        ..LoadOptions::default()
    };
    let keep_open = args.upstreams.is_empty();
    let loader = Loader { dir: args.dir.clone(), runtime_config, options, last_read: Arc::default(), keep_open };
    let handle = Handle::new();
    // The features with this server's settings; `serve_bundle` plugs in the others with their defaults.
    kapi_runtime::watchable::attach(&handle, &args.discovery_group);
    kapi_runtime::docs::attach(&handle, docs);
    match &args.dir {
        // The embedded corpus' example Backup has three versions and a conversion webhook: this server is it.
        None => {
            kapi_runtime::conversion::serve(&handle, kapi_schemas::example::backups::backup::converters());
        }
        // A bundle's kinds convert from the plans in its model; those that need the crate's code are refused,
        // with why, at start and to each review.
        Some(dir) => {
            let kinds = crate::serve_conversion::webhook_kinds(&loader.files()?)?;
            for kind in &kinds {
                if let Some(why) = kind.cannot_convert() {
                    tracing::warn!(group = %kind.group, kind = %kind.kind, "{} names a conversion webhook; {why}", dir.display());
                }
            }
            crate::serve_conversion::serve_conversions(&handle, &kinds);
        }
    }
    if let Some(path) = &args.request_log {
        let file = OpenOptions::new().create(true).append(true).open(path);
        let file = file.map_err(|e| format!("cannot open the request log {}: {e}", path.display()))?;
        handle.set_request_log(file).map_err(|e| format!("cannot start the request log writer: {e}"))?;
    }
    let (reloader, _aggregation) = if args.upstreams.is_empty() {
        handle.store(loader.load(None)?);
        let (handle, loader) = (handle.clone(), loader.clone());
        let build = move |handle: &Handle| loader.load(handle.current().as_deref());
        (Reloader::new(move || drop(kapi_runtime::reload(&handle, &|| build(&handle)))), None)
    } else {
        let (reloader, tasks) = aggregate(&args, &loader, &handle)?;
        (reloader, Some(tasks))
    };
    let _watch = match (&args.dir, args.watch) {
        (Some(dir), true) => {
            let reloader = reloader.clone();
            Some(kapi_runtime::watch_with(dir, move || reloader.reload())?)
        }
        _ => None,
    };
    // Only a directory can change; without one SIGHUP keeps its default meaning.
    let _hangup = match &args.dir {
        Some(_) => Some(hangup::reload_on_hangup(reloader)?),
        None => None,
    };
    // Held for as long as the server runs: dropping the tasks stops the heartbeat.
    let identity = args.identity.start(&handle).await?;
    // Ready means the lease was tried: a client that reads the line below may ask /readyz at once. A store that
    // hangs must not hold the server back for ever; /readyz then says the controller has not finished.
    let _ = tokio::time::timeout(Duration::from_secs(10), identity.first_heartbeat()).await;
    let tls = args.tls.start(address, args.advertise_address.as_deref(), &handle)?;
    let source = args.dir.as_ref().map_or_else(|| "the embedded corpus".to_owned(), |d| d.display().to_string());
    tracing::info!(%address, %source, "serving");
    // Printed (and flushed) once the bundle is loaded: a script that reads this line can send requests at once.
    stdout::line(&format!("listening on {}://{address}", if tls.is_some() { "https" } else { "http" }));
    use std::io::Write as _;
    let _ = std::io::stdout().flush();
    // What no request has needed yet is computed in the background, each document's once (`/readyz?verbose`
    // shows how far); a request for a document not computed yet computes its own.
    if let Err(error) = kapi_runtime::warm_up_in_background(&handle) {
        tracing::warn!(%error, "cannot start the warm-up thread; documents are encoded on their first request");
    }
    let watches = handle.clone();
    let shutting_down = async move {
        shutdown().await;
        // Open watches would otherwise hold the graceful shutdown until they time out.
        watches.shutdown();
    };
    let limits = ServeLimits {
        header_read_timeout: Duration::try_from_secs_f64(args.header_read_timeout)
            .ok()
            .filter(|d| !d.is_zero())
            .ok_or_else(|| {
                format!("--header-read-timeout expects positive seconds, got {}", args.header_read_timeout)
            })?,
        max_connections: args.max_connections.max(1),
        ..ServeLimits::default()
    };
    crate::serve_tls::serve(listener, handle, shutting_down, limits, tls).await;
    Ok(ExitCode::SUCCESS)
}

/// Serving as an aggregator: the bundle's own files composed with every upstream's; the reloader recomposes with
/// the directory's files as they are now.
fn aggregate(args: &ServeArgs, loader: &Loader, handle: &Handle) -> Result<(Reloader, AggregatorTasks), String> {
    let seconds = |flag: &str, value: f64| {
        Duration::try_from_secs_f64(value)
            .ok()
            .filter(|d| !d.is_zero())
            .ok_or_else(|| format!("{flag} expects a positive number of seconds, got {value}"))
    };
    let settings = AggregatorSettings {
        refresh: seconds("--upstream-refresh", args.upstream_refresh)?,
        timeout: seconds("--upstream-timeout", args.upstream_timeout)?,
        load_options: loader.options.clone(),
        discovery_group: args.discovery_group.clone(),
    };
    let aggregator = Aggregator::new(handle.clone(), loader.files()?, args.upstreams.clone(), settings)?;
    let (files, recompose, handle) = (loader.clone(), aggregator.clone(), handle.clone());
    let reloader = Reloader::new(move || {
        if let Err(error) = files.files().and_then(|files| recompose.set_local(files)) {
            handle.metrics().observe_reload_failure();
            tracing::warn!(%error, "reload failed; still serving the previous bundle");
        }
    });
    for upstream in &args.upstreams {
        tracing::info!(upstream = %upstream.name, url = %upstream.url, "aggregating");
    }
    Ok((reloader, aggregator.start()))
}

/// `--docs-logo`: the file's image, which must be SVG or PNG.
fn docs_logo(path: Option<&Path>) -> Result<Option<Logo>, String> {
    let Some(path) = path else { return Ok(None) };
    let bytes = std::fs::read(path).map_err(|e| format!("--docs-logo: cannot read {}: {e}", path.display()))?;
    Logo::from_bytes(bytes).map(Some).map_err(|reason| format!("--docs-logo: {}: {reason}", path.display()))
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
    tracing::info!("shutting down");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_corpus_is_embedded() {
        let files = embedded_files();
        assert!(files.contains_key("openapi/v3/index.json"), "{:?}", files.keys().collect::<Vec<_>>());
        assert!(!files.keys().any(|path| path.starts_with("jsonschema/")), "only served files are embedded");
    }
}
