//! OpenAPI documents of a bundle: the v3 root index, the v3 group-version documents and the v2 swagger document,
//! each as JSON and (when there is an encoder and it succeeds) gnostic protobuf. The OpenAPI 3.1 documents have a
//! module of their own, which shares this one's index reading.

use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

use axum::body::Bytes;
use axum::http::HeaderValue;
use serde_json::Value;

use crate::error::BundleError;
use crate::files::{Files, parse_json, same_bytes};
use crate::last_modified::LastModified;
use crate::negotiate::Spec;
use crate::options::{LoadOptions, ProtobufEncoder};
use crate::plug::remote::RemoteDocuments;
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
    deferred: Mutex<Option<(Bytes, Option<ProtobufEncoder>)>>,
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
    /// With [`V2Build::Deferred`], takes a changed v2 document out of `files` (hundreds of megabytes for thousands
    /// of groups: not worth a copy) to be encoded after the swap ([`OpenApi::encode_deferred_v2`]), while the
    /// previous bundle's keeps serving.
    pub fn defer_v2(
        files: &mut Files,
        options: &LoadOptions,
        previous: Option<&Self>,
        v2_build: V2Build,
    ) -> Option<V2> {
        let serving_v2 = previous.and_then(|p| p.v2.as_ref()).and_then(V2::served);
        match (v2_build, serving_v2, files.get(SWAGGER)) {
            (V2Build::Deferred, Some(serving), Some(bytes)) if !same_bytes(serving.document.json.body(), bytes) => {
                let bytes = files.remove(SWAGGER).unwrap_or_default();
                Some(V2 {
                    current: OnceLock::new(),
                    previous: Some(serving.clone()),
                    deferred: Mutex::new(Some((bytes, options.openapi_v2_protobuf))),
                })
            }
            _ => None,
        }
    }

    /// Reads the index and every document it lists (each must exist and match its advertised hash), and swagger
    /// unless `deferred_v2` holds it ([`OpenApi::defer_v2`]). Documents byte-identical to `previous`'s are reused;
    /// the others are encoded in parallel. Returns the paths encoded anew (or deferred).
    pub fn build(
        files: &Files,
        options: &LoadOptions,
        remote: &RemoteDocuments,
        previous: Option<&Self>,
        last_modified: &LastModified,
        deferred_v2: Option<V2>,
        warnings: &mut Vec<String>,
    ) -> Result<(Self, Vec<String>), BundleError> {
        let mut encoded_paths = Vec::new();
        if deferred_v2.is_some() {
            encoded_paths.push(SWAGGER.to_owned());
        }
        let serving_v2 = previous.and_then(|p| p.v2.as_ref()).and_then(V2::served);
        let mut v3 = Vec::new();
        let mut to_encode = Vec::new();
        let index = files.get(INDEX);
        if let Some(index) = index {
            for (key, advertised) in index_entries(INDEX, "/openapi/v3/", &parse_json(INDEX, index)?)? {
                // Another server's document: its hash is that server's to keep, and it answers for it.
                if remote.contains_key(&key) {
                    continue;
                }
                let path = format!("openapi/v3/{key}.json");
                let bytes = files
                    .get(&path)
                    .ok_or_else(|| BundleError::in_file(INDEX, format!("lists {key}, but the bundle has no {path}")))?;
                let reusable = previous.and_then(|p| p.documents.get(&key)).map(|entry| &entry.document);
                let source = match reusable.filter(|document| same_bytes(document.json.body(), bytes)) {
                    Some(unchanged) => Source::Reused(unchanged),
                    None => {
                        encoded_paths.push(path.clone());
                        Source::encoded(&mut to_encode, path, bytes, Spec::V3, options.openapi_v3_protobuf)
                    }
                };
                v3.push((key, advertised, source));
            }
        }
        // (A deferred document is no longer in `files`.)
        let v2 = match files.get(SWAGGER) {
            None => None,
            Some(bytes) if serving_v2.is_some_and(|v2| same_bytes(v2.document.json.body(), bytes)) => {
                serving_v2.map(|v2| Source::Reused(&v2.document))
            }
            Some(bytes) => {
                encoded_paths.push(SWAGGER.to_owned());
                Some(Source::encoded(&mut to_encode, SWAGGER.to_owned(), bytes, Spec::V2, options.openapi_v2_protobuf))
            }
        };

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
            encoded_paths.push(INDEX.to_owned());
            openapi.root = Some(
                Representation::new(index.clone(), "application/json").map_err(|e| BundleError::in_file(INDEX, e))?,
            );
        }
        let stamp = |document| Stamped { document, last_modified: last_modified.clone() };
        openapi.v2 = match v2 {
            Some(source) => Some(V2::ready(stamp(take(source, warnings)?))),
            None => deferred_v2,
        };
        Ok((openapi, encoded_paths))
    }

    /// Encodes the deferred v2 document, if there is one still to encode; true when this call encoded it.
    pub fn encode_deferred_v2(&self) -> Result<bool, BundleError> {
        let Some(v2) = &self.v2 else { return Ok(false) };
        // Held while encoding, so a second caller waits and then finds nothing left to do.
        let mut deferred = v2.deferred.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let Some((bytes, encoder)) = deferred.take() else { return Ok(false) };
        let mut warnings = Vec::new();
        let document = encode_one(SWAGGER, &bytes, Spec::V2, encoder, &mut warnings)?;
        for warning in warnings {
            tracing::warn!(%warning, "OpenAPI v2 document");
        }
        let stamped = Stamped { document, last_modified: LastModified::now()? };
        let _ = v2.current.set(stamped);
        Ok(true)
    }

    /// True when the bundle has no OpenAPI document.
    pub fn is_empty(&self) -> bool {
        self.root.is_none() && self.v2.is_none()
    }
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
        bytes: &'a Bytes,
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
    bytes: &'a Bytes,
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

/// One document's representations, its JSON and protobuf pieces encoded in parallel.
fn encode_one(
    path: &str,
    bytes: &Bytes,
    spec: Spec,
    encoder: Option<ProtobufEncoder>,
    warnings: &mut Vec<String>,
) -> Result<Document, BundleError> {
    let mut pieces = vec![Piece { path: path.to_owned(), bytes, spec, encoder: None, parse: encoder.is_none() }];
    pieces.extend(encoder.map(|encoder| Piece {
        path: path.to_owned(),
        bytes,
        spec,
        encoder: Some(encoder),
        parse: true,
    }));
    let mut built = encode_all(&pieces).into_iter();
    let json = built.next().expect("the JSON piece was queued")?.json();
    let protobuf = match built.next() {
        None => None,
        Some(piece) => piece?.protobuf(warnings),
    };
    Ok(Document { json, protobuf })
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
            Representation::new(piece.bytes.clone(), "application/json").map_err(|e| BundleError::in_file(path, e))?;
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
