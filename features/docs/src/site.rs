//! The API reference site, built from the bundle's `model.json` (`kapi_reference::build`) when the bundle is
//! stored, every page rendered then with its [`Representation`] (ETag, gzip), so no request renders.
//! Every page lists every group, so rendering them all costs the square of the groups: past [`RENDERED_AT_LOAD`]
//! pages (thousands of groups), a page is rendered when first asked for instead, and kept. A reload whose
//! `model.json` and options are unchanged keeps the previous site, with its rendered pages, ETags and
//! `Last-Modified`.

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

/// A built site.
pub(crate) struct Docs {
    /// The `model.json` it was built from.
    model: Bytes,
    options: DocsOptions,
    reference: Reference,
    site: Site,
    /// Every path below `/docs/` (`""` is the index), rendered once asked for (`None`: it could not be).
    files: BTreeMap<String, OnceLock<Option<Representation>>>,
    /// When it was built: what `If-Modified-Since` is compared with.
    pub last_modified: LastModified,
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

    /// The site of `model`, rendered unless it is too big to render at load.
    fn from_model(model: &Bytes, options: &DocsOptions) -> Result<Self, String> {
        let text = std::str::from_utf8(model).map_err(|e| format!("{MODEL}: {e}"))?;
        let registry =
            kapi_model::Registry::from_json(text).map_err(|e| format!("{MODEL} is not a kapi model: {e}"))?;
        let reference = kapi_reference::build(&registry);
        let site = Site { title: options.title.clone(), logo: options.logo.clone() };
        let files =
            kapi_reference::html::paths(&reference, &site).into_iter().map(|path| (path, OnceLock::new())).collect();
        let last_modified = LastModified::now().map_err(|e| e.to_string())?;
        let docs = Self { model: model.clone(), options: options.clone(), reference, site, files, last_modified };
        if docs.files.len() <= RENDERED_AT_LOAD {
            for path in docs.files.keys() {
                docs.get(path);
            }
        }
        Ok(docs)
    }

    /// The page or asset at `path` below `/docs/`.
    pub fn get(&self, path: &str) -> Option<&Representation> {
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
        f.debug_struct("Docs").field("options", &self.options).field("files", &self.files.len()).finish_non_exhaustive()
    }
}
