//! OpenAPI documents of a bundle: the v3 root index, the v3 group-version documents and the v2 swagger document,
//! each as JSON and (when there is an encoder and it succeeds) gnostic protobuf.

use std::collections::BTreeMap;

use axum::http::HeaderValue;
use serde_json::Value;

use crate::aggregator::ProxyTarget;
use crate::error::BundleError;
use crate::files::parse_json;
use crate::negotiate::Spec;
use crate::options::{LoadOptions, ProtobufEncoder};
use crate::variants::Representation;

const INDEX: &str = "openapi/v3/index.json";
const SWAGGER: &str = "openapi/v2/swagger.json";

/// One document: JSON always, protobuf when it could be encoded.
#[derive(Debug, Clone)]
pub(crate) struct Document {
    pub json: Representation,
    pub protobuf: Option<Representation>,
}

/// A v3 group-version document and where its current version lives.
#[derive(Debug)]
pub(crate) struct GroupVersionDocument {
    pub document: Document,
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
    pub v2: Option<Document>,
}

impl OpenApi {
    /// Reads the index and every document it lists (each must exist and match its advertised hash), and swagger.
    pub fn build(
        files: &BTreeMap<String, Vec<u8>>,
        options: &LoadOptions,
        proxied: &BTreeMap<String, ProxyTarget>,
        previous: Option<&Self>,
        warnings: &mut Vec<String>,
    ) -> Result<Self, BundleError> {
        let mut openapi = Self::default();
        if let Some(index) = files.get(INDEX) {
            for (key, advertised) in index_entries(&parse_json(INDEX, index)?)? {
                // An upstream's document: its hash is the upstream's to keep, and the proxy answers for it.
                if proxied.contains_key(&key) {
                    continue;
                }
                let path = format!("openapi/v3/{key}.json");
                let bytes = files
                    .get(&path)
                    .ok_or_else(|| BundleError::in_file(INDEX, format!("lists {key}, but the bundle has no {path}")))?;
                let reusable = previous.and_then(|p| p.documents.get(&key)).map(|entry| &entry.document);
                let document = match reusable.filter(|document| document.json.body() == bytes.as_slice()) {
                    Some(unchanged) => unchanged.clone(),
                    None => document(&path, bytes, Spec::V3, options.openapi_v3_protobuf, warnings)?,
                };
                if document.json.hash() != advertised {
                    return Err(BundleError::in_file(INDEX, format!("the hash it lists for {key} is not {path}'s")));
                }
                let url = format!("/openapi/v3/{key}?hash={advertised}");
                let location = HeaderValue::try_from(url).map_err(|e| BundleError::in_file(INDEX, e.to_string()))?;
                openapi.documents.insert(key, GroupVersionDocument { document, location });
            }
            openapi.root = Some(
                Representation::new(index.clone(), "application/json").map_err(|e| BundleError::in_file(INDEX, e))?,
            );
        }
        if let Some(bytes) = files.get(SWAGGER) {
            let reusable = previous.and_then(|p| p.v2.as_ref()).filter(|v2| v2.json.body() == bytes.as_slice());
            openapi.v2 = Some(match reusable {
                Some(unchanged) => unchanged.clone(),
                None => document(SWAGGER, bytes, Spec::V2, options.openapi_v2_protobuf, warnings)?,
            });
        }
        Ok(openapi)
    }

    /// True when the bundle has no OpenAPI document.
    pub fn is_empty(&self) -> bool {
        self.root.is_none() && self.v2.is_none()
    }
}

/// `(key, hash)` for each `paths` entry of the index; keys must be plain relative paths.
fn index_entries(index: &Value) -> Result<Vec<(String, String)>, BundleError> {
    let paths = index
        .get("paths")
        .and_then(Value::as_object)
        .ok_or_else(|| BundleError::in_file(INDEX, "has no `paths` object"))?;
    let mut entries = Vec::with_capacity(paths.len());
    for (key, entry) in paths {
        let url = entry.get("serverRelativeURL").and_then(Value::as_str).unwrap_or_default();
        let expected_prefix = format!("/openapi/v3/{key}?hash=");
        let hash = url
            .strip_prefix(&expected_prefix)
            .filter(|hash| !hash.is_empty() && hash.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| {
                BundleError::in_file(INDEX, format!("{key}: serverRelativeURL {url:?} is not {expected_prefix}<hash>"))
            })?;
        if key.is_empty() || key.split('/').any(|segment| segment.is_empty() || segment == "." || segment == "..") {
            return Err(BundleError::in_file(INDEX, format!("{key:?} is not a group-version path")));
        }
        entries.push((key.clone(), hash.to_owned()));
    }
    Ok(entries)
}

/// JSON as generated; protobuf when there is an encoder and it succeeds. No encoder is a choice (an aggregated
/// server leaves protobuf to kube-apiserver), so it is silent; a failure is a warning, though JSON alone still
/// serves kubectl's default paths.
fn document(
    path: &str,
    bytes: &[u8],
    spec: Spec,
    encode: Option<ProtobufEncoder>,
    warnings: &mut Vec<String>,
) -> Result<Document, BundleError> {
    let value = parse_json(path, bytes)?;
    let json = Representation::new(bytes.to_vec(), "application/json").map_err(|e| BundleError::in_file(path, e))?;
    let Some(encode) = encode else { return Ok(Document { json, protobuf: None }) };
    let protobuf = match encode(&value) {
        Ok(encoded) => {
            let (_, dot_spelling) = spec.protobuf_subtypes();
            let media_type = format!("application/{dot_spelling}");
            Some(Representation::new(encoded, &media_type).map_err(|e| BundleError::in_file(path, e))?)
        }
        Err(reason) => {
            warnings.push(format!("{path}: protobuf variant not offered: {reason}"));
            None
        }
    };
    Ok(Document { json, protobuf })
}
