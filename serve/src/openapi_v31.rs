//! OpenAPI 3.1 documents (`/openapi/v3.1` and `/openapi/v3.1/<key>`): the same group-versions as the v3 documents,
//! their schemas in JSON Schema 2020-12, beside them at a path of their own so what Kubernetes clients read at
//! `/openapi/v3` stays as it is.
//!
//! JSON only: gnostic's protobuf model is OpenAPI 3.0's, and no Kubernetes client asks for 3.1. Remote documents
//! ([`crate::RemoteDocument`]) are not listed: other servers publish 3.0 only.

use std::collections::BTreeMap;

use axum::http::HeaderValue;

use crate::error::BundleError;
use crate::files::{Files, parse_json, same_bytes};
use crate::openapi::{Document, GroupVersionDocument, index_entries};
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
    /// Reads the index and every document it lists (each must exist and match its advertised hash); documents
    /// byte-identical to `previous`'s are reused, the others are prepared in parallel and their paths pushed to
    /// `encoded_paths`. A bundle without the index has no 3.1 documents.
    pub fn build(files: &Files, previous: Option<&Self>, encoded_paths: &mut Vec<String>) -> Result<Self, BundleError> {
        let Some(index) = files.get(INDEX) else { return Ok(Self::default()) };
        let mut reused = Vec::new();
        let mut to_encode = Vec::new();
        for (key, advertised) in index_entries(INDEX, URL_PREFIX, &parse_json(INDEX, index)?)? {
            let path = format!("openapi/v3.1/{key}.json");
            let bytes = files
                .get(&path)
                .ok_or_else(|| BundleError::in_file(INDEX, format!("lists {key}, but the bundle has no {path}")))?;
            let unchanged = previous.and_then(|p| p.documents.get(&key)).map(|entry| &entry.document);
            match unchanged.filter(|document| same_bytes(document.json.body(), bytes)) {
                Some(document) => reused.push((key, advertised, document.clone())),
                None => to_encode.push((key, advertised, path, bytes)),
            }
        }
        let encoded = crate::parallel::map_by_cost(
            &to_encode,
            |(.., bytes)| bytes.len(),
            |(_, _, path, bytes)| {
                parse_json(path, bytes)?;
                let json = Representation::new((*bytes).clone(), "application/json")
                    .map_err(|e| BundleError::in_file(path, e))?;
                Ok::<_, BundleError>(Document { json, protobuf: None })
            },
        );
        let mut documents = reused;
        for ((key, advertised, path, _), document) in to_encode.into_iter().zip(encoded) {
            encoded_paths.push(path);
            documents.push((key, advertised, document?));
        }
        let mut served = Self::default();
        for (key, advertised, document) in documents {
            if document.json.hash() != advertised {
                return Err(BundleError::in_file(INDEX, format!("the hash it lists for {key} is not its document's")));
            }
            let url = format!("{URL_PREFIX}{key}?hash={advertised}");
            let location = HeaderValue::try_from(url).map_err(|e| BundleError::in_file(INDEX, e.to_string()))?;
            served.documents.insert(key, GroupVersionDocument { document, location });
        }
        encoded_paths.push(INDEX.to_owned());
        let root =
            Representation::new(index.clone(), "application/json").map_err(|e| BundleError::in_file(INDEX, e))?;
        served.root = Some(root);
        Ok(served)
    }
}
