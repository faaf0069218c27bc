//! The API reference site, built from the bundle's `model.json` (`kapi_reference::build`) when the bundle is
//! stored, every page rendered then with its [`Representation`] (ETag, gzip), so no request renders.
//! Every page lists every group, so rendering them all costs the square of the groups: past [`RENDERED_AT_LOAD`]
//! pages (thousands of groups), a page is rendered when first asked for instead, and kept. A reload whose
//! `model.json` and options are unchanged keeps the previous site, with its rendered pages, ETags and
//! `Last-Modified`.
//!
//! A model past [`BUILT_AT_LOAD_BYTES`] (thousands of groups: tens of megabytes, seconds to parse and build, and
//! hundreds of megabytes while it is) is built when the site is first asked for, so a server listens without
//! waiting for it and holds it only once someone reads the site; a model that cannot be built is then logged.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use axum::body::Bytes;
use kapi_reference::{Reference, Site};
use kapi_serve::{Files, LastModified, Representation, same_bytes};

use crate::options::DocsOptions;

/// The bundle file the site is built from.
const MODEL: &str = "model.json";

/// Sites with at most this many files are rendered whole at load: every real API (Kubernetes itself is about 50
/// pages), with room to spare.
const RENDERED_AT_LOAD: usize = 512;

/// Models up to this size are built when the bundle is stored (every real API: Kubernetes' is about 1 MB), so a
/// broken one is a warning of the bundle; larger ones when the site is first asked for.
const BUILT_AT_LOAD_BYTES: usize = 8 << 20;

/// The site of one model.
pub(crate) struct Docs {
    /// The `model.json` it is built from.
    model: Bytes,
    options: DocsOptions,
    /// The built site, or `None` when the model cannot be built.
    built: OnceLock<Option<Built>>,
    /// When it was made: what `If-Modified-Since` is compared with.
    pub last_modified: LastModified,
}

/// A built site.
struct Built {
    reference: Reference,
    site: Site,
    /// Every path below `/docs/` (`""` is the index), rendered once asked for (`None`: it could not be).
    files: BTreeMap<String, OnceLock<Option<Representation>>>,
}

impl Docs {
    /// The site of `files`' model, `previous` itself when it was built from the same model and options; `None`
    /// when the bundle has no model, the site is switched off, or it cannot be built (a warning says why).
    pub fn build(
        files: &Files,
        options: &DocsOptions,
        previous: Option<&Arc<Self>>,
        warnings: &mut Vec<String>,
    ) -> Option<Arc<Self>> {
        let model = files.get(MODEL).filter(|_| options.enabled)?;
        if let Some(previous) = previous.filter(|p| p.options == *options && same_bytes(&p.model, model)) {
            return Some(previous.clone());
        }
        match Self::from_model(model, options) {
            Ok(docs) => Some(Arc::new(docs)),
            Err(reason) => {
                warnings.push(format!("the API reference at /docs/ is not served: {reason}"));
                None
            }
        }
    }

    /// The site of `model`: built now when the model is small enough (the error when it cannot be), else when
    /// first asked for.
    fn from_model(model: &Bytes, options: &DocsOptions) -> Result<Self, String> {
        let last_modified = LastModified::now().map_err(|e| e.to_string())?;
        let docs = Self { model: model.clone(), options: options.clone(), built: OnceLock::new(), last_modified };
        if model.len() <= BUILT_AT_LOAD_BYTES {
            let built = Built::from_model(model, options)?;
            if built.files.len() <= RENDERED_AT_LOAD {
                for path in built.files.keys() {
                    built.get(path);
                }
            }
            let _ = docs.built.set(Some(built));
        }
        Ok(docs)
    }

    /// True once the site is built (or found not to build).
    pub fn is_built(&self) -> bool {
        self.built.get().is_some()
    }

    /// Builds the site, if no one has yet.
    pub fn build_now(&self) {
        let _ = self.built();
    }

    /// The built site, building it now if this is the first need.
    fn built(&self) -> Option<&Built> {
        self.built
            .get_or_init(|| {
                Built::from_model(&self.model, &self.options)
                    .map_err(|reason| tracing::warn!(%reason, "the API reference at /docs/ is not served"))
                    .ok()
            })
            .as_ref()
    }

    /// The page or asset at `path` below `/docs/`.
    pub fn get(&self, path: &str) -> Option<&Representation> {
        self.built()?.get(path)
    }
}

impl Built {
    fn from_model(model: &Bytes, options: &DocsOptions) -> Result<Self, String> {
        let text = std::str::from_utf8(model).map_err(|e| format!("{MODEL}: {e}"))?;
        let registry =
            kapi_model::Registry::from_json(text).map_err(|e| format!("{MODEL} is not a kapi model: {e}"))?;
        let reference = kapi_reference::build(&registry);
        let site = Site { title: options.title.clone(), logo: options.logo.clone() };
        let files =
            kapi_reference::html::paths(&reference, &site).into_iter().map(|path| (path, OnceLock::new())).collect();
        Ok(Self { reference, site, files })
    }

    /// The page or asset at `path` below `/docs/`.
    fn get(&self, path: &str) -> Option<&Representation> {
        let cell = self.files.get(path)?;
        cell.get_or_init(|| {
            let asset = kapi_reference::html::file(&self.reference, &self.site, path)?;
            Representation::new(asset.bytes, &asset.media_type)
                .map_err(|error| tracing::warn!(path, %error, "a page of the API reference cannot be served"))
                .ok()
        })
        .as_ref()
    }
}

impl std::fmt::Debug for Docs {
    /// Not the whole reference: a bundle's debug output would be mostly that.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let files = self.built.get().and_then(Option::as_ref).map(|built| built.files.len());
        f.debug_struct("Docs").field("options", &self.options).field("files", &files).finish_non_exhaustive()
    }
}
