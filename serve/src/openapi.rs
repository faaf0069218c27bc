//! OpenAPI documents of a bundle: the v3 root index, the v3 group-version documents and the v2 swagger document,
//! each as JSON and (when there is an encoder and it succeeds) gnostic protobuf. The OpenAPI 3.1 documents have a
//! module of their own, which shares this one's index reading.
//!
//! Only the index is read when a bundle loads; a document's ETag, gzip copy and protobuf form are computed on first
//! need ([`Representation`], [`LazyProtobuf`]), and its bytes stay in their file when they are large.

use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

use axum::http::HeaderValue;
use serde_json::Value;

use crate::body::Body;
use crate::error::BundleError;
use crate::files::parse_json;
use crate::last_modified::LastModified;
use crate::negotiate::Spec;
use crate::openapi_protobuf::LazyProtobuf;
use crate::options::{LoadOptions, ProtobufEncoder};
use crate::plug::remote::RemoteDocuments;
use crate::sources::Sources;
use crate::variants::Representation;

const INDEX: &str = "openapi/v3/index.json";
pub(crate) const SWAGGER: &str = "openapi/v2/swagger.json";

/// One document: JSON always, protobuf when there is an encoder (and, once tried, it succeeded).
#[derive(Debug, Clone)]
pub(crate) struct Document {
    pub json: Representation,
    pub protobuf: Option<LazyProtobuf>,
}

impl Document {
    /// `body` as JSON, with its protobuf form from `encoder` when there is one; `expected_hash` is what the index
    /// lists for it.
    pub fn new(
        path: &str,
        body: Body,
        spec: Spec,
        encoder: Option<ProtobufEncoder>,
        expected_hash: Option<String>,
    ) -> Result<Self, BundleError> {
        let protobuf = encoder.map(|encoder| LazyProtobuf::new(path, body.clone(), spec, encoder));
        let json =
            Representation::of(body, "application/json", expected_hash).map_err(|e| BundleError::in_file(path, e))?;
        Ok(Self { json, protobuf })
    }

    /// The protobuf representation, encoded now if this is the first need; `None` when not offered.
    pub fn protobuf(&self) -> Option<&Representation> {
        self.protobuf.as_ref()?.get()
    }

    /// Computes what is not computed yet (the warm-up's work, or a reload's check); the reason the JSON cannot be
    /// served, if it cannot.
    pub fn encode_now(&self, path: &str) -> Result<(), BundleError> {
        self.json.encoded().map_err(|reason| BundleError::in_file(path, reason))?;
        if let Some(protobuf) = self.protobuf() {
            protobuf.encoded().map_err(|reason| BundleError::in_file(path, reason))?;
        }
        Ok(())
    }
}

/// A v3 group-version document and where its current version lives.
#[derive(Debug)]
pub(crate) struct GroupVersionDocument {
    pub document: Document,
    /// The hash the index lists for it: what `?hash=` is compared with (the document's own hash is checked to be
    /// it when first computed).
    pub hash: String,
    /// `/openapi/v3/<key>?hash=<hash of the JSON>`: the `Location` of a stale-hash redirect.
    pub location: HeaderValue,
}

/// Every OpenAPI document of a bundle.
#[derive(Debug, Default)]
pub(crate) struct OpenApi {
    /// `/openapi/v3`: the index exactly as generated.
    pub root: Option<Representation>,
    /// `/openapi/v3/<key>` by key (`apis/<group>/<version>`, `api/v1`).
    pub documents: BTreeMap<String, GroupVersionDocument>,
    /// `/openapi/v2`.
    pub v2: Option<V2>,
}

/// Whether a changed OpenAPI v2 document is encoded while the bundle is built, or after it is serving.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum V2Build {
    Now,
    /// When there is a previous document to serve meanwhile ([`crate::Bundle::from_files_reusing`]).
    Deferred,
}

/// A document with the time it was built, its `Last-Modified`.
#[derive(Debug, Clone)]
pub(crate) struct Stamped {
    pub document: Document,
    pub last_modified: LastModified,
}

/// `/openapi/v2`: its document, or until a deferred one is encoded, the previous bundle's.
#[derive(Debug)]
pub(crate) struct V2 {
    current: OnceLock<Stamped>,
    /// Served while `current` is unset.
    previous: Option<Stamped>,
    /// The bytes still to encode, and the protobuf encoder to encode them with.
    deferred: Mutex<Option<(Body, Option<ProtobufEncoder>)>>,
}

impl V2 {
    fn ready(stamped: Stamped) -> Self {
        Self { current: OnceLock::from(stamped), previous: None, deferred: Mutex::new(None) }
    }

    /// The document served now.
    pub fn served(&self) -> Option<&Stamped> {
        self.current.get().or(self.previous.as_ref())
    }
}

impl OpenApi {
    /// With [`V2Build::Deferred`], takes a changed v2 document out of `sources` to be encoded after the swap
    /// ([`OpenApi::encode_deferred_v2`]), while the previous bundle's keeps serving: its first request would
    /// otherwise wait seconds for the hash and gzip copy of hundreds of megabytes.
    pub fn defer_v2(
        sources: &mut Sources,
        options: &LoadOptions,
        previous: Option<&Self>,
        v2_build: V2Build,
    ) -> Option<V2> {
        let serving_v2 = previous.and_then(|p| p.v2.as_ref()).and_then(V2::served);
        match (v2_build, serving_v2, sources.get(SWAGGER)) {
            (V2Build::Deferred, Some(serving), Some(body)) if !serving.document.json.body().same_as(&body) => {
                sources.remove(SWAGGER);
                Some(V2 {
                    current: OnceLock::new(),
                    previous: Some(serving.clone()),
                    deferred: Mutex::new(Some((body, options.openapi_v2_protobuf))),
                })
            }
            _ => None,
        }
    }

    /// Reads the index and finds every document it lists (each must exist), and swagger unless `deferred_v2` holds
    /// it ([`OpenApi::defer_v2`]). Documents byte-identical to `previous`'s are reused with what they computed; the
    /// others are new representations, whose encodings are computed on first need, except on a reload (`previous`
    /// given): then the few that changed are hashed now, so a document that is not the one its index lists fails
    /// the reload and the previous bundle keeps serving. Returns the paths of the new ones (or deferred).
    pub fn build(
        sources: &Sources,
        options: &LoadOptions,
        remote: &RemoteDocuments,
        previous: Option<&Self>,
        last_modified: &LastModified,
        deferred_v2: Option<V2>,
    ) -> Result<(Self, Vec<String>), BundleError> {
        let mut encoded_paths = Vec::new();
        if deferred_v2.is_some() {
            encoded_paths.push(SWAGGER.to_owned());
        }
        let serving_v2 = previous.and_then(|p| p.v2.as_ref()).and_then(V2::served);
        let mut openapi = Self::default();
        let mut fresh = Vec::new();
        if let Some(index) = sources.bytes(INDEX) {
            for (key, advertised) in index_entries(INDEX, "/openapi/v3/", &parse_json(INDEX, index)?)? {
                // Another server's document: its hash is that server's to keep, and it answers for it.
                if remote.contains_key(&key) {
                    continue;
                }
                let path = format!("openapi/v3/{key}.json");
                let body = sources
                    .get(&path)
                    .ok_or_else(|| BundleError::in_file(INDEX, format!("lists {key}, but the bundle has no {path}")))?;
                let reusable = previous.and_then(|p| p.documents.get(&key)).filter(|entry| entry.hash == advertised);
                let document = match reusable.filter(|entry| entry.document.json.body().same_as(&body)) {
                    Some(unchanged) => unchanged.document.clone(),
                    None => {
                        let document = Document::new(
                            &path,
                            body,
                            Spec::V3,
                            options.openapi_v3_protobuf,
                            Some(advertised.clone()),
                        )?;
                        fresh.push((path.clone(), document.json.clone()));
                        encoded_paths.push(path);
                        document
                    }
                };
                let url = format!("/openapi/v3/{key}?hash={advertised}");
                let location = HeaderValue::try_from(url).map_err(|e| BundleError::in_file(INDEX, e.to_string()))?;
                openapi.documents.insert(key, GroupVersionDocument { document, hash: advertised, location });
            }
            encoded_paths.push(INDEX.to_owned());
            openapi.root = Some(
                Representation::of(Body::Memory(index.clone()), "application/json", None)
                    .map_err(|e| BundleError::in_file(INDEX, e))?,
            );
        }
        if previous.is_some() {
            check_now(&fresh)?;
        }
        // (A deferred document is no longer in `sources`.)
        let stamp = |document| Stamped { document, last_modified: last_modified.clone() };
        openapi.v2 = match sources.get(SWAGGER) {
            None => deferred_v2,
            Some(body) => match serving_v2.filter(|v2| v2.document.json.body().same_as(&body)) {
                Some(unchanged) => Some(V2::ready(stamp(unchanged.document.clone()))),
                None => {
                    encoded_paths.push(SWAGGER.to_owned());
                    let document = Document::new(SWAGGER, body, Spec::V2, options.openapi_v2_protobuf, None)?;
                    Some(V2::ready(stamp(document)))
                }
            },
        };
        Ok((openapi, encoded_paths))
    }

    /// Encodes the deferred v2 document, if there is one still to encode; true when this call encoded it.
    pub fn encode_deferred_v2(&self) -> Result<bool, BundleError> {
        let Some(v2) = &self.v2 else { return Ok(false) };
        // Held while encoding, so a second caller waits and then finds nothing left to do.
        let mut deferred = v2.deferred.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let Some((body, encoder)) = deferred.take() else { return Ok(false) };
        let document = Document::new(SWAGGER, body, Spec::V2, encoder, None)?;
        // Everything a request could ask for, so none waits once it serves.
        document.encode_now(SWAGGER)?;
        let stamped = Stamped { document, last_modified: LastModified::now()? };
        let _ = v2.current.set(stamped);
        Ok(true)
    }

    /// True when the bundle has no OpenAPI document.
    pub fn is_empty(&self) -> bool {
        self.root.is_none() && self.v2.is_none()
    }
}

/// Hashes the `(path, representation)`s now, in parallel; the first that cannot be served is the error.
pub(crate) fn check_now(fresh: &[(String, Representation)]) -> Result<(), BundleError> {
    let checked = crate::parallel::map_by_cost(
        fresh,
        |(_, rep)| rep.body().len(),
        |(path, rep)| rep.encoded().map(drop).map_err(|reason| BundleError::in_file(path, reason)),
    );
    checked.into_iter().collect()
}

/// `(key, hash)` for each `paths` entry of the index at `index_path`, whose URLs are `<url_prefix><key>?hash=<hash>`;
/// keys must be plain relative paths.
pub(crate) fn index_entries(
    index_path: &str,
    url_prefix: &str,
    index: &Value,
) -> Result<Vec<(String, String)>, BundleError> {
    let paths = index
        .get("paths")
        .and_then(Value::as_object)
        .ok_or_else(|| BundleError::in_file(index_path, "has no `paths` object"))?;
    let mut entries = Vec::with_capacity(paths.len());
    for (key, entry) in paths {
        let url = entry.get("serverRelativeURL").and_then(Value::as_str).unwrap_or_default();
        let expected_prefix = format!("{url_prefix}{key}?hash=");
        let hash = url
            .strip_prefix(&expected_prefix)
            .filter(|hash| !hash.is_empty() && hash.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| {
                let message = format!("{key}: serverRelativeURL {url:?} is not {expected_prefix}<hash>");
                BundleError::in_file(index_path, message)
            })?;
        if key.is_empty() || key.split('/').any(|segment| segment.is_empty() || segment == "." || segment == "..") {
            return Err(BundleError::in_file(index_path, format!("{key:?} is not a group-version path")));
        }
        entries.push((key.clone(), hash.to_owned()));
    }
    Ok(entries)
}
