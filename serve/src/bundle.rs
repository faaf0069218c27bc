//! A bundle: the generated artifacts of one model, with every served variant ready to be computed.
//!
//! A bundle is built from a map of relative paths to bytes (and, from a directory, files kept open), so no path
//! is ever opened while serving: a request path is only ever a key looked up in maps built here. What is computed
//! from a document's bytes (ETag, gzip, protobuf) is computed on first need ([`crate::warmup`] computes the rest
//! in the background).

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, PoisonError, RwLock};
use std::time::{Duration, Instant};

use axum::body::Bytes;

use crate::body::Body;
use crate::discovery::Discovery;
use crate::error::BundleError;
use crate::files::{Files, parse_json, shared};
use crate::last_modified::LastModified;
use crate::openapi::{OpenApi, V2Build};
use crate::openapi_v31::OpenApiV31;
use crate::options::LoadOptions;
use crate::plug::part::AnyPart;
use crate::plug::remote::RemoteDocuments;
use crate::protobuf::Codec;
use crate::sources::Sources;
use crate::tree::Tree;
use crate::variants::Representation;

/// Every document the runtime serves, in every variant, immutable once built.
#[derive(Debug)]
pub struct Bundle {
    pub(crate) discovery: Discovery,
    pub(crate) openapi: OpenApi,
    /// `/openapi/v3.1` and its documents, beside the v3 ones.
    pub(crate) openapi_v31: OpenApiV31,
    pub(crate) version: Representation,
    /// When the bundle was built: the `Last-Modified` of what it serves with `http.ServeContent`'s rules.
    pub(crate) last_modified: LastModified,
    discovery_build_time: Duration,
    warnings: Vec<String>,
    /// OpenAPI v3 documents another server answers, by key: listed in the root, answered by forwarding.
    pub(crate) remote: RemoteDocuments,
    /// The address clients reach the server at ([`LoadOptions::server_address`]), when known.
    server_address: Option<String>,
    /// The files it was built from (sharing their memory with the documents), for what features derive.
    files: Files,
    /// What the features of the handle serving it derived from it ([`crate::Derive`]), set when stored (and
    /// added to when a feature plugs in later).
    pub(crate) parts: RwLock<Vec<AnyPart>>,
    /// What the features could not derive, one line each.
    pub(crate) part_warnings: RwLock<Vec<String>>,
    /// The compiled protobuf definitions, kept for the next composed bundle to reuse.
    codec: Option<Arc<Codec>>,
    /// The documents this build encoded (the others it took from the previous bundle), sorted.
    encoded: Vec<String>,
}

impl Bundle {
    /// Builds a bundle from relative paths (`openapi/v3/index.json`, `discovery/apis.json`, …) to bytes.
    pub fn from_files<B: Into<Bytes>>(files: BTreeMap<String, B>) -> Result<Self, BundleError> {
        Self::from_files_with(files, &LoadOptions::default())
    }

    /// [`Bundle::from_files`] with options.
    pub fn from_files_with<B: Into<Bytes>>(
        files: BTreeMap<String, B>,
        options: &LoadOptions,
    ) -> Result<Self, BundleError> {
        Self::compose(shared(files), options, BTreeMap::new(), None)
    }

    /// [`Bundle::from_files_reusing`] for a directory read with [`Tree::read_keeping_open`] (or
    /// [`Tree::read_reusing`]): its large documents are served from their open files.
    pub fn from_tree_reusing(tree: &Tree, options: &LoadOptions, previous: Option<&Self>) -> Result<Self, BundleError> {
        Self::build(tree.sources(), options, BTreeMap::new(), previous, V2Build::Deferred)
    }

    /// [`Bundle::from_files_with`] for a reload: what `previous` built from the same inputs (the compiled protobuf
    /// definitions, every discovery and OpenAPI document whose bytes did not change, with its encodings) is
    /// reused, so a reload pays only for what changed.
    ///
    /// The one OpenAPI v2 document lists every group, so it changes with any of them, and for thousands of groups
    /// it is hundreds of megabytes: encoding it would be most of the reload. When it changed, the new bundle serves
    /// `previous`'s v2 document until [`Bundle::encode_deferred`] has encoded the new one (as kube-apiserver
    /// serves discovery and the v3 documents of a new CRD before its aggregated v2 document has caught up);
    /// [`crate::reload`] does that right after swapping the bundle in.
    ///
    /// Files read with [`crate::Tree::read_reusing`] share the memory of the unchanged ones with `previous`, which
    /// then recognises them without comparing their bytes.
    pub fn from_files_reusing<B: Into<Bytes>>(
        files: BTreeMap<String, B>,
        options: &LoadOptions,
        previous: Option<&Self>,
    ) -> Result<Self, BundleError> {
        Self::build(
            Sources { files: shared(files), ..Sources::default() },
            options,
            BTreeMap::new(),
            previous,
            V2Build::Deferred,
        )
    }

    /// A bundle of `files` composed by someone else (a merge of its own files and other servers'),
    /// whose OpenAPI root also lists `remote` documents: keys its `openapi/v3/index.json` lists without a file,
    /// answered by forwarding. OpenAPI documents byte-identical to `previous`'s are reused rather than encoded
    /// again: a composer recomposes on every change of a source, and most documents are unchanged.
    pub fn compose(
        files: Files,
        options: &LoadOptions,
        remote: RemoteDocuments,
        previous: Option<&Self>,
    ) -> Result<Self, BundleError> {
        Self::build(Sources { files, ..Sources::default() }, options, remote, previous, V2Build::Now)
    }

    fn build(
        mut sources: Sources,
        options: &LoadOptions,
        remote: RemoteDocuments,
        previous: Option<&Self>,
        v2_build: V2Build,
    ) -> Result<Self, BundleError> {
        let mut warnings = Vec::new();
        // Compiling the definitions is the costly part of loading; a recomposition has the same ones.
        let reusable = previous.and_then(|p| p.codec.clone()).filter(|codec| codec.compiled_from(&sources.files));
        let codec = match reusable {
            Some(codec) => Some(codec),
            None => Codec::from_files(&sources.files).map(|c| c.map(Arc::new)).unwrap_or_else(|reason| {
                warnings.push(format!("protobuf variants not offered: {reason}"));
                None
            }),
        };
        let started = Instant::now();
        // Discovery's protobuf variants depend on the codec: reused only when it is the same one.
        let same_codec = |p: &&Self| match (&p.codec, &codec) {
            (Some(before), Some(now)) => Arc::ptr_eq(before, now),
            (None, None) => true,
            _ => false,
        };
        let previous_discovery = previous.filter(same_codec).map(|p| &p.discovery);
        let previous_openapi = previous.map(|p| &p.openapi);
        let deferred_v2 = OpenApi::defer_v2(&mut sources, options, previous_openapi, v2_build);
        let last_modified = LastModified::now()?;
        let sources = &sources;
        let files = &sources.files;
        // Discovery and OpenAPI are independent: built side by side (a reload's comparisons with the serving
        // bundle, a gigabyte for thousands of groups, then overlap too).
        let (discovery, openapi) = std::thread::scope(|scope| {
            let discovery = scope.spawn(|| {
                let mut warnings = Vec::new();
                let built = Discovery::build(files, options, codec.as_deref(), previous_discovery, &mut warnings);
                built.map(|built| (built, warnings, started.elapsed()))
            });
            let openapi = OpenApi::build(sources, options, &remote, previous_openapi, &last_modified, deferred_v2);
            (joined(discovery), openapi)
        });
        let ((discovery, mut encoded), discovery_warnings, discovery_build_time) = discovery?;
        let (openapi, openapi_encoded) = openapi?;
        warnings.extend(discovery_warnings);
        encoded.extend(openapi_encoded);
        let openapi_v31 = OpenApiV31::build(sources, previous.map(|p| &p.openapi_v31), &mut encoded)?;
        encoded.sort();
        if discovery.is_empty() && openapi.is_empty() {
            return Err(BundleError::general(
                "no kapi artifacts found (expected openapi/v3/index.json or discovery/*.json)",
            ));
        }
        let version = version_document(files)?;
        Ok(Self {
            discovery,
            openapi,
            openapi_v31,
            version,
            last_modified,
            discovery_build_time,
            warnings,
            remote,
            server_address: options.server_address.clone(),
            files: files.clone(),
            parts: RwLock::default(),
            part_warnings: RwLock::default(),
            codec,
            encoded,
        })
    }

    /// Reads what a server serves from `dir` ([`crate::Tree::read`]) and builds a bundle from it.
    pub fn from_dir(dir: &Path) -> Result<Self, BundleError> {
        Self::from_dir_with(dir, &LoadOptions::default())
    }

    /// [`Bundle::from_dir`] with options.
    pub fn from_dir_with(dir: &Path, options: &LoadOptions) -> Result<Self, BundleError> {
        Self::from_files_with(Tree::read(dir)?.files().clone(), options)
    }

    /// How long building the discovery documents took (the `aggregator_discovery_aggregation_duration`).
    pub fn discovery_build_time(&self) -> Duration {
        self.discovery_build_time
    }

    /// Adds the time composing the files took (a composer's merge) to the aggregation duration.
    pub fn add_aggregation_time(&mut self, took: Duration) {
        self.discovery_build_time += took;
    }

    /// Variants the bundle could not offer (a protobuf encoding that failed, protobuf definitions that do not
    /// compile), one line each.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The OpenAPI protobuf variants found, since the bundle loaded, not to be offered (each is encoded on its
    /// first request, and its failure logged then), one line each.
    pub fn protobuf_warnings(&self) -> Vec<String> {
        let v3 = self.openapi.documents.values().map(|entry| &entry.document);
        let v2 = self.openapi.v2.as_ref().and_then(|v2| v2.served()).map(|v2| &v2.document);
        v3.chain(v2).filter_map(|document| document.protobuf.as_ref()?.failure().map(str::to_owned)).collect()
    }

    /// What the features of the handle serving the bundle could not derive from it (a reference site whose
    /// model does not parse), one line each; empty until the bundle is stored.
    pub fn part_warnings(&self) -> Vec<String> {
        self.part_warnings.read().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// The bundle files this build made representations of anew, sorted; their ETag, gzip and OpenAPI protobuf
    /// forms are computed on first need (discovery's protobuf form when they are made). A first build makes every
    /// document's; a reload only those whose bytes changed, plus the root lists (`/api`, `/apis`, the OpenAPI
    /// index), taking the rest from the bundle it replaces with whatever they computed, whose ETags they therefore
    /// keep.
    pub fn encoded_documents(&self) -> &[String] {
        &self.encoded
    }

    /// Encodes what [`Bundle::from_files_reusing`] deferred (a changed OpenAPI v2 document), on the calling
    /// thread; until it returns, the previous v2 document is served. Returns how long it took, or `None` when
    /// nothing was deferred (or another caller got to it first). A document that cannot be encoded leaves the
    /// previous one serving, and is the error.
    pub fn encode_deferred(&self) -> Result<Option<Duration>, BundleError> {
        let started = Instant::now();
        Ok(self.openapi.encode_deferred_v2()?.then(|| started.elapsed()))
    }

    /// Hashes, now and in parallel, every OpenAPI document not hashed yet and checks it is the one its index
    /// lists; the first that is not (or cannot be read) is the error. Loading leaves that to each document's first
    /// request, so a server listens at once; a reload checks before it swaps ([`crate::reload`]), so a bundle
    /// with a truncated document fails it and the previous bundle keeps serving. What a reload took over from the
    /// serving bundle is hashed already, so only what changed costs anything.
    pub fn check_listed_documents(&self) -> Result<(), BundleError> {
        let documents = self.openapi.documents.iter().map(|(key, entry)| (format!("openapi/v3/{key}.json"), entry));
        let v31 = self.openapi_v31.documents.iter().map(|(key, entry)| (format!("openapi/v3.1/{key}.json"), entry));
        let unchecked: Vec<(String, Representation)> = documents
            .chain(v31)
            .filter(|(_, entry)| !entry.document.json.is_encoded())
            .map(|(path, entry)| (path, entry.document.json.clone()))
            .collect();
        crate::openapi::check_now(&unchecked)
    }

    /// The files the bundle was built from, by relative path (what a [`crate::Derive`] reads).
    pub fn files(&self) -> &Files {
        &self.files
    }

    /// The address clients reach the server at (`host:port`), when the options gave one.
    pub fn server_address(&self) -> Option<&str> {
        self.server_address.as_deref()
    }

    /// True when `files` holds the same aggregated discovery lists (`/api`, `/apis`) as this bundle was built
    /// from: what is derived from those lists alone can be kept.
    pub fn same_discovery_lists(&self, files: &Files) -> bool {
        self.discovery.aggregated_unchanged(files)
    }

    /// The part of type `T` a feature derived from this bundle ([`crate::Derive`]), when the handle serving it
    /// has that feature and the feature derived one.
    pub fn part<T: Send + Sync + 'static>(&self) -> Option<Arc<T>> {
        let parts = self.parts.read().unwrap_or_else(PoisonError::into_inner);
        parts.iter().find_map(|part| Arc::clone(part).downcast::<T>().ok())
    }

    /// Calls `visit` with every JSON and discovery protobuf representation the bundle serves (what the warm-up
    /// computes), named by its path.
    pub(crate) fn for_each_representation(&self, visit: &mut dyn FnMut(&Name<'_>, &Representation)) {
        let discovery = &self.discovery;
        for (prefix, root) in [("/api", &discovery.api), ("/apis", &discovery.apis)] {
            for variants in root.variants() {
                variants.representations().for_each(|rep| visit(&Name(prefix, ""), rep));
            }
        }
        for (prefix, map) in
            [("/api/", &discovery.core_versions), ("/apis/", &discovery.groups), ("/apis/", &discovery.group_versions)]
        {
            for (key, variants) in map {
                variants.representations().for_each(|rep| visit(&Name(prefix, key), rep));
            }
        }
        let openapi = [("/openapi/v3", &self.openapi.root), ("/openapi/v3.1", &self.openapi_v31.root)];
        for (prefix, root) in openapi {
            root.iter().for_each(|rep| visit(&Name(prefix, ""), rep));
        }
        for (prefix, documents) in
            [("/openapi/v3/", &self.openapi.documents), ("/openapi/v3.1/", &self.openapi_v31.documents)]
        {
            for (key, entry) in documents {
                visit(&Name(prefix, key), &entry.document.json);
            }
        }
        if let Some(v2) = self.openapi.v2.as_ref().and_then(|v2| v2.served()) {
            visit(&Name("/openapi/v2", ""), &v2.document.json);
        }
        visit(&Name("/version", ""), &self.version);
    }

    /// The OpenAPI v3 group-version paths served (`apis/<group>/<version>`, `api/v1`).
    pub fn openapi_paths(&self) -> impl Iterator<Item = &str> {
        self.openapi.documents.keys().map(String::as_str)
    }
}

/// A served path, as a prefix and a key, formatted only when shown.
pub(crate) struct Name<'a>(&'static str, &'a str);

impl std::fmt::Display for Name<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.0, self.1)
    }
}

/// What a scoped thread returned; its panic, if it panicked, goes on in the caller.
fn joined<T>(handle: std::thread::ScopedJoinHandle<'_, T>) -> T {
    handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// `/version`: the bundle's `version.json` when it has one, else a kube-apiserver-shaped default naming kapi.
fn version_document(files: &Files) -> Result<Representation, BundleError> {
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
            Bytes::from(bytes)
        }
    };
    Representation::of(Body::Memory(body), "application/json", None)
        .map_err(|e| BundleError::in_file("version.json", e))
}
