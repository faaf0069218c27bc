//! A bundle: the generated artifacts of one model, with every served variant precomputed.
//!
//! A bundle is built from an in-memory map of relative paths to bytes, so nothing outside it is ever read while
//! serving: a request path is only ever a key looked up in maps built here.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use axum::http::HeaderValue;

use crate::aggregator::ProxyTarget;
use crate::discovery::Discovery;
use crate::error::BundleError;
use crate::files::{parse_json, read_tree};
use crate::openapi::OpenApi;
use crate::options::LoadOptions;
use crate::protobuf::Codec;
use crate::variants::Representation;
use crate::watchable::GroupContents;

/// Every document the runtime serves, in every variant, immutable once built.
#[derive(Debug)]
pub struct Bundle {
    pub(crate) discovery: Discovery,
    pub(crate) openapi: OpenApi,
    pub(crate) version: Representation,
    pub(crate) last_modified: SystemTime,
    pub(crate) last_modified_header: HeaderValue,
    /// The same as a whole `last-modified` header line.
    pub(crate) last_modified_line: Vec<u8>,
    /// The content of the `Group` object of each API group served.
    pub(crate) groups: GroupContents,
    /// The group watchable discovery's `groups` resource is served in ([`LoadOptions::discovery_group`]).
    pub(crate) discovery_group: String,
    /// Whether discovery lists that resource, which decides whether the `groups` endpoints answer.
    pub(crate) serves_groups: bool,
    discovery_build_time: Duration,
    warnings: Vec<String>,
    /// OpenAPI v3 documents an upstream serves, by key: listed in the root, answered by proxying.
    pub(crate) proxied: BTreeMap<String, ProxyTarget>,
    /// The compiled protobuf definitions, kept for the next composed bundle to reuse.
    codec: Option<Arc<Codec>>,
}

impl Bundle {
    /// Builds a bundle from relative paths (`openapi/v3/index.json`, `discovery/apis.json`, …) to bytes.
    pub fn from_files(files: BTreeMap<String, Vec<u8>>) -> Result<Self, BundleError> {
        Self::from_files_with(files, &LoadOptions::default())
    }

    /// [`Bundle::from_files`] with options.
    pub fn from_files_with(files: BTreeMap<String, Vec<u8>>, options: &LoadOptions) -> Result<Self, BundleError> {
        Self::from_composed(files, options, BTreeMap::new(), None)
    }

    /// [`Bundle::from_files_with`] for a reload: what `previous` built from the same inputs (the compiled protobuf
    /// definitions, every OpenAPI document whose bytes did not change, with its encodings) is reused, so a reload
    /// pays only for what changed.
    pub fn from_files_reusing(
        files: BTreeMap<String, Vec<u8>>,
        options: &LoadOptions,
        previous: Option<&Self>,
    ) -> Result<Self, BundleError> {
        Self::from_composed(files, options, BTreeMap::new(), previous)
    }

    /// A bundle whose OpenAPI root also lists `proxied` documents (not in `files`, fetched from upstreams).
    /// OpenAPI documents byte-identical to `previous`'s are reused rather than encoded again: an aggregator
    /// recomposes on every upstream change, and most documents are unchanged.
    pub(crate) fn from_composed(
        files: BTreeMap<String, Vec<u8>>,
        options: &LoadOptions,
        proxied: BTreeMap<String, ProxyTarget>,
        previous: Option<&Self>,
    ) -> Result<Self, BundleError> {
        let mut warnings = Vec::new();
        // Compiling the definitions is the costly part of loading; an aggregator's recomposition has the same ones.
        let reusable = previous.and_then(|p| p.codec.clone()).filter(|codec| codec.compiled_from(&files));
        let codec = match reusable {
            Some(codec) => Some(codec),
            None => Codec::from_files(&files).map(|c| c.map(Arc::new)).unwrap_or_else(|reason| {
                warnings.push(format!("protobuf variants not offered: {reason}"));
                None
            }),
        };
        let started = Instant::now();
        let discovery = Discovery::build(&files, options, codec.as_deref(), &mut warnings)?;
        let groups = GroupContents::from_files(&files, options.server_address.as_deref(), &mut warnings)?;
        let discovery_build_time = started.elapsed();
        let openapi = OpenApi::build(&files, options, &proxied, previous.map(|p| &p.openapi), &mut warnings)?;
        if discovery.is_empty() && openapi.is_empty() {
            return Err(BundleError::general(
                "no kapi artifacts found (expected openapi/v3/index.json or discovery/*.json)",
            ));
        }
        let version = version_document(&files)?;
        // Whole seconds: Last-Modified and If-Modified-Since carry no finer precision.
        let now = SystemTime::now();
        let seconds = now.duration_since(SystemTime::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or_default();
        let last_modified = SystemTime::UNIX_EPOCH + Duration::from_secs(seconds);
        let last_modified_header = HeaderValue::try_from(httpdate::fmt_http_date(last_modified))
            .map_err(|e| BundleError::general(e.to_string()))?;
        let last_modified_line = format!("last-modified: {}\r\n", httpdate::fmt_http_date(last_modified)).into_bytes();
        let serves_groups = groups.lists_groups_resource(&options.discovery_group);
        Ok(Self {
            discovery,
            openapi,
            version,
            last_modified,
            last_modified_header,
            last_modified_line,
            groups,
            discovery_group: options.discovery_group.clone(),
            serves_groups,
            discovery_build_time,
            warnings,
            proxied,
            codec,
        })
    }

    /// Reads every file under `dir` (hidden files and folders skipped) and builds a bundle from them.
    pub fn from_dir(dir: &Path) -> Result<Self, BundleError> {
        Self::from_dir_with(dir, &LoadOptions::default())
    }

    /// [`Bundle::from_dir`] with options.
    pub fn from_dir_with(dir: &Path, options: &LoadOptions) -> Result<Self, BundleError> {
        Self::from_files_with(read_tree(dir)?, options)
    }

    /// How long building the discovery documents took (the `aggregator_discovery_aggregation_duration`).
    pub fn discovery_build_time(&self) -> Duration {
        self.discovery_build_time
    }

    /// Adds the time composing the files took (an aggregator's merge) to the aggregation duration.
    pub(crate) fn add_aggregation_time(&mut self, took: Duration) {
        self.discovery_build_time += took;
    }

    /// Variants the bundle could not offer (a protobuf encoding that failed, protobuf definitions that do not
    /// compile), one line each.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The OpenAPI v3 group-version paths served (`apis/<group>/<version>`, `api/v1`).
    pub fn openapi_paths(&self) -> impl Iterator<Item = &str> {
        self.openapi.documents.keys().map(String::as_str)
    }
}

/// `/version`: the bundle's `version.json` when it has one, else a kube-apiserver-shaped default naming kapi.
fn version_document(files: &BTreeMap<String, Vec<u8>>) -> Result<Representation, BundleError> {
    let body = match files.get("version.json") {
        Some(bytes) => {
            parse_json("version.json", bytes)?;
            bytes.clone()
        }
        None => {
            let info = serde_json::json!({
                "major": "1", "minor": "32",
                "gitVersion": concat!("v1.32.0-kapi.", env!("CARGO_PKG_VERSION")),
                "gitCommit": "", "gitTreeState": "clean", "buildDate": "1970-01-01T00:00:00Z",
                "goVersion": "none", "compiler": "rustc",
                "platform": format!("{}/{}", std::env::consts::OS, std::env::consts::ARCH),
            });
            let mut bytes = serde_json::to_vec_pretty(&info).map_err(|e| BundleError::general(e.to_string()))?;
            bytes.push(b'\n');
            bytes
        }
    };
    Representation::new(body, "application/json").map_err(|e| BundleError::in_file("version.json", e))
}
