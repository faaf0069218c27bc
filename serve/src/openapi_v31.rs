//! OpenAPI 3.1 documents (`/openapi/v3.1` and `/openapi/v3.1/<key>`): the same group-versions as the v3 documents,
//! their schemas in JSON Schema 2020-12, beside them at a path of their own so what Kubernetes clients read at
//! `/openapi/v3` stays as it is.
//!
//! JSON only: gnostic's protobuf model is OpenAPI 3.0's, and no Kubernetes client asks for 3.1. Remote documents
//! ([`crate::RemoteDocument`]) are not listed: other servers publish 3.0 only.

use std::collections::BTreeMap;

use axum::http::HeaderValue;

use crate::body::Body;
use crate::error::BundleError;
use crate::files::parse_json;
use crate::negotiate::Spec;
use crate::openapi::{Document, GroupVersionDocument, check_now, index_entries};
use crate::sources::Sources;
use crate::variants::Representation;

/// Where the 3.1 index is in a bundle.
const INDEX: &str = "openapi/v3.1/index.json";

/// What the index's URLs start with: `/openapi/v3.1/<key>?hash=<hash>`.
const URL_PREFIX: &str = "/openapi/v3.1/";

/// The 3.1 index and the documents it lists.
#[derive(Debug, Default)]
pub(crate) struct OpenApiV31 {
    /// `/openapi/v3.1`: the index exactly as generated.
    pub root: Option<Representation>,
    /// `/openapi/v3.1/<key>` by key (`apis/<group>/<version>`, `api/v1`).
    pub documents: BTreeMap<String, GroupVersionDocument>,
}

impl OpenApiV31 {
    /// Reads the index and finds every document it lists (each must exist); documents byte-identical to
    /// `previous`'s are reused, the others are new representations (hashed now on a reload, as the 3.0 ones:
    /// [`crate::openapi::OpenApi::build`]) whose paths are pushed to `encoded_paths`. A bundle without the index
    /// has no 3.1 documents.
    pub fn build(
        sources: &Sources,
        previous: Option<&Self>,
        encoded_paths: &mut Vec<String>,
    ) -> Result<Self, BundleError> {
        let Some(index) = sources.bytes(INDEX) else { return Ok(Self::default()) };
        let mut served = Self::default();
        let mut fresh = Vec::new();
        for (key, advertised) in index_entries(INDEX, URL_PREFIX, &parse_json(INDEX, index)?)? {
            let path = format!("openapi/v3.1/{key}.json");
            let body = sources
                .get(&path)
                .ok_or_else(|| BundleError::in_file(INDEX, format!("lists {key}, but the bundle has no {path}")))?;
            let unchanged = previous.and_then(|p| p.documents.get(&key)).filter(|entry| entry.hash == advertised);
            let document = match unchanged.filter(|entry| entry.document.json.body().same_as(&body)) {
                Some(entry) => entry.document.clone(),
                None => {
                    let document = Document::new(&path, body, Spec::V3, None, Some(advertised.clone()))?;
                    fresh.push((path.clone(), document.json.clone()));
                    encoded_paths.push(path);
                    document
                }
            };
            let url = format!("{URL_PREFIX}{key}?hash={advertised}");
            let location = HeaderValue::try_from(url).map_err(|e| BundleError::in_file(INDEX, e.to_string()))?;
            served.documents.insert(key, GroupVersionDocument { document, hash: advertised, location });
        }
        if previous.is_some() {
            check_now(&fresh)?;
        }
        encoded_paths.push(INDEX.to_owned());
        let root = Representation::of(Body::Memory(index.clone()), "application/json", None)
            .map_err(|e| BundleError::in_file(INDEX, e))?;
        served.root = Some(root);
        Ok(served)
    }
}
