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
    /// Documents byte-identical to `previous`'s are reused; the others are encoded in parallel.
    pub fn build(
        files: &BTreeMap<String, Vec<u8>>,
        options: &LoadOptions,
        proxied: &BTreeMap<String, ProxyTarget>,
        previous: Option<&Self>,
        warnings: &mut Vec<String>,
    ) -> Result<Self, BundleError> {
        let mut v3 = Vec::new();
        let mut to_encode = Vec::new();
        let index = files.get(INDEX);
        if let Some(index) = index {
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
                let source = match reusable.filter(|document| document.json.body() == bytes.as_slice()) {
                    Some(unchanged) => Source::Reused(unchanged),
                    None => Source::encoded(&mut to_encode, path, bytes, Spec::V3, options.openapi_v3_protobuf),
                };
                v3.push((key, advertised, source));
            }
        }
        let v2 = files.get(SWAGGER).map(|bytes| {
            let reusable = previous.and_then(|p| p.v2.as_ref()).filter(|v2| v2.json.body() == bytes.as_slice());
            match reusable {
                Some(unchanged) => Source::Reused(unchanged),
                None => {
                    Source::encoded(&mut to_encode, SWAGGER.to_owned(), bytes, Spec::V2, options.openapi_v2_protobuf)
                }
            }
        });

        let mut encoded = encode_all(&to_encode).into_iter().map(Some).collect::<Vec<_>>();
        let mut take = |source: Source, warnings: &mut Vec<String>| match source {
            Source::Reused(document) => Ok(document.clone()),
            Source::Encoded { json, protobuf } => {
                let json = encoded[json].take().expect("each piece is taken once")?.json();
                let protobuf = match protobuf.map(|i| encoded[i].take().expect("each piece is taken once")) {
                    None => None,
                    Some(piece) => piece?.protobuf(warnings),
                };
                Ok::<_, BundleError>(Document { json, protobuf })
            }
        };
        let mut openapi = Self::default();
        for (key, advertised, source) in v3 {
            let document = take(source, warnings)?;
            let path = format!("openapi/v3/{key}.json");
            if document.json.hash() != advertised {
                return Err(BundleError::in_file(INDEX, format!("the hash it lists for {key} is not {path}'s")));
            }
            let url = format!("/openapi/v3/{key}?hash={advertised}");
            let location = HeaderValue::try_from(url).map_err(|e| BundleError::in_file(INDEX, e.to_string()))?;
            openapi.documents.insert(key, GroupVersionDocument { document, location });
        }
        if let Some(index) = index {
            openapi.root = Some(
                Representation::new(index.clone(), "application/json").map_err(|e| BundleError::in_file(INDEX, e))?,
            );
        }
        openapi.v2 = v2.map(|source| take(source, warnings)).transpose()?;
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

/// Where a document comes from: the previous bundle, or pieces encoded now (indexes into the encoded pieces).
enum Source<'a> {
    Reused(&'a Document),
    Encoded { json: usize, protobuf: Option<usize> },
}

impl<'a> Source<'a> {
    /// Queues the pieces of a document to encode: its JSON representation, and its protobuf one when there is an
    /// encoder.
    fn encoded(
        queue: &mut Vec<Piece<'a>>,
        path: String,
        bytes: &'a [u8],
        spec: Spec,
        encoder: Option<ProtobufEncoder>,
    ) -> Self {
        let json = queue.len();
        // Without a protobuf piece to parse it, the JSON piece checks that the document is JSON.
        queue.push(Piece { path: path.clone(), bytes, spec, encoder: None, parse: encoder.is_none() });
        let protobuf = encoder.map(|encoder| {
            queue.push(Piece { path, bytes, spec, encoder: Some(encoder), parse: true });
            queue.len() - 1
        });
        Self::Encoded { json, protobuf }
    }
}

/// One representation of one document to build.
struct Piece<'a> {
    path: String,
    bytes: &'a [u8],
    spec: Spec,
    /// `None`: the JSON representation; `Some`: the protobuf one, encoded with this.
    encoder: Option<ProtobufEncoder>,
    /// Whether to parse the bytes as JSON (every document is checked once).
    parse: bool,
}

/// What building a piece gave.
enum Built {
    Json(Representation),
    /// The protobuf representation, or why the document has none.
    Protobuf(Result<Representation, String>),
}

impl Built {
    fn json(self) -> Representation {
        match self {
            Self::Json(representation) => representation,
            Self::Protobuf(_) => unreachable!("a JSON piece builds JSON"),
        }
    }

    /// No encoder is a choice (an aggregated server leaves protobuf to kube-apiserver), so it is silent; a failure
    /// is a warning, though JSON alone still serves kubectl's default paths.
    fn protobuf(self, warnings: &mut Vec<String>) -> Option<Representation> {
        match self {
            Self::Protobuf(Ok(representation)) => Some(representation),
            Self::Protobuf(Err(warning)) => {
                warnings.push(warning);
                None
            }
            Self::Json(_) => unreachable!("a protobuf piece builds protobuf"),
        }
    }
}

/// Builds every piece, in parallel; results in the order of `pieces`.
fn encode_all(pieces: &[Piece<'_>]) -> Vec<Result<Built, BundleError>> {
    crate::parallel::map_by_cost(pieces, |piece| piece.bytes.len(), build_piece)
}

fn build_piece(piece: &Piece<'_>) -> Result<Built, BundleError> {
    let path = piece.path.as_str();
    let value = if piece.parse { Some(parse_json(path, piece.bytes)?) } else { None };
    let Some(encode) = piece.encoder else {
        let json =
            Representation::new(piece.bytes.to_vec(), "application/json").map_err(|e| BundleError::in_file(path, e))?;
        return Ok(Built::Json(json));
    };
    let value = value.expect("a protobuf piece parses its document");
    Ok(Built::Protobuf(match encode(&value) {
        Ok(encoded) => {
            let (_, dot_spelling) = piece.spec.protobuf_subtypes();
            let media_type = format!("application/{dot_spelling}");
            Ok(Representation::new(encoded, &media_type).map_err(|e| BundleError::in_file(path, e))?)
        }
        Err(reason) => Err(format!("{path}: protobuf variant not offered: {reason}")),
    }))
}
