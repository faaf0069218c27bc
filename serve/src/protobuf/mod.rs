//! Kubernetes protobuf on the wire (`application/vnd.kubernetes.protobuf`), from the bundle's own definitions.
//!
//! A bundle that carries `proto/<go package path>/generated.proto` files (what kapi's `.proto` emitter writes for
//! the corpus) gets them compiled once at load ([`descriptors`]); each JSON document is then turned into a message
//! of its generated type ([`encode`], [`well_known`]) and framed as kube-apiserver frames objects ([`envelope`]).
//! Nothing here runs per request.

pub(crate) mod descriptors;
mod encode;
pub(crate) mod envelope;
mod field;
pub(crate) mod held;
mod list;
#[cfg(test)]
pub(crate) mod test_files;
mod well_known;

use std::collections::BTreeMap;

use prost::Message;
use prost_reflect::DescriptorPool;
use serde_json::Value;

pub(crate) use list::ElementCache;

/// The bundle's protobuf definitions, compiled.
#[derive(Debug)]
pub(crate) struct Codec {
    pool: DescriptorPool,
    /// The `.proto` sources compiled, so a later bundle with the same ones can reuse the pool.
    sources: BTreeMap<String, String>,
}

impl Codec {
    /// Compiles the bundle's `proto/**/*.proto` that the runtime encodes with
    /// ([`descriptors::encoded_closure`]); `Ok(None)` when it has none (no protobuf variants then).
    pub fn from_files<B: AsRef<[u8]>>(files: &BTreeMap<String, B>) -> Result<Option<Self>, String> {
        let sources = descriptors::borrowed_sources(files)?;
        let sources = descriptors::encoded_names(&sources)
            .into_iter()
            .map(|name| (name.to_owned(), sources[name].to_owned()))
            .collect();
        Ok(descriptors::compile(&sources)?.map(|pool| Self { pool, sources }))
    }

    /// True when compiling `files` would compile exactly the sources this codec was compiled from.
    pub fn compiled_from<B: AsRef<[u8]>>(&self, files: &BTreeMap<String, B>) -> bool {
        let Ok(sources) = descriptors::borrowed_sources(files) else { return false };
        let names = descriptors::encoded_names(&sources);
        names.len() == self.sources.len()
            && names.iter().all(|name| self.sources.get(*name).is_some_and(|text| text == sources[name]))
    }

    /// `document` (a Kubernetes JSON object) encoded as the message `message` (a full name such as
    /// `k8s.io.api.apidiscovery.v2.APIGroupDiscoveryList`), framed with the magic and a `runtime.Unknown` that
    /// carries the document's own `apiVersion` and `kind` (empty when it states none, as the JSON does).
    pub fn encode(&self, message: &str, document: &Value) -> Result<Vec<u8>, String> {
        let desc = self.message(message)?;
        let object = encode::message(&desc, document, "$")?;
        self.frame(document, object.encode_to_vec())
    }

    /// [`Codec::encode`] for a document with a long list in its field `list` (an aggregated discovery list's
    /// `items`): elements found in `cache` (a previous encoding's) are copied, not encoded again. Returns the same
    /// bytes as `encode`, and the cache for the next encoding (none when the message's shape does not allow it).
    pub fn encode_reusing(
        &self,
        message: &str,
        document: &Value,
        list: &str,
        cache: Option<&ElementCache>,
    ) -> Result<(Vec<u8>, Option<ElementCache>), String> {
        let desc = self.message(message)?;
        match list::encode_list(&desc, document, list, cache) {
            Some(encoded) => {
                let (object, cache) = encoded?;
                Ok((self.frame(document, object)?, Some(cache)))
            }
            None => Ok((self.encode(message, document)?, None)),
        }
    }

    fn message(&self, message: &str) -> Result<prost_reflect::MessageDescriptor, String> {
        self.pool
            .get_message_by_name(message)
            .ok_or_else(|| format!("the bundle's protobuf definitions have no message {message}"))
    }

    /// The encoded object framed with the magic and an envelope carrying the document's own type meta.
    fn frame(&self, document: &Value, object: Vec<u8>) -> Result<Vec<u8>, String> {
        let type_meta = |key: &str| document.get(key).and_then(Value::as_str).unwrap_or_default();
        envelope::wrap(&self.pool, type_meta("apiVersion"), type_meta("kind"), object)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use test_files::upstream_files;

    #[test]
    fn encodes_a_document_framed_with_its_own_type_meta() {
        let codec = Codec::from_files(&upstream_files()).expect("compiles").expect("has protos");
        let document = serde_json::json!({"kind": "APIGroupList", "apiVersion": "v1", "groups": [{"name": "apps"}]});
        let bytes = codec.encode("k8s.io.apimachinery.pkg.apis.meta.v1.APIGroupList", &document).expect("encodes");
        // magic | typeMeta{"v1", "APIGroupList"} | raw{groups{name "apps"}} | "" | ""
        let mut expected = b"k8s\0\x0a\x12\x0a\x02v1\x12\x0cAPIGroupList\x12\x08\x0a\x06\x0a\x04apps".to_vec();
        expected.extend_from_slice(b"\x1a\x00\x22\x00");
        assert_eq!(bytes, expected);
        let missing = codec.encode("k8s.io.nope.Thing", &document).expect_err("no such message");
        assert!(missing.contains("k8s.io.nope.Thing"), "{missing}");
    }

    #[test]
    fn without_runtime_unknown_nothing_is_encoded() {
        let mut files = upstream_files();
        files.retain(|path, _| !path.ends_with("pkg/runtime/generated.proto") && !path.contains("apidiscovery"));
        files.retain(|path, _| !path.contains("coordination") && !path.contains("meta/v1"));
        files.insert("proto/x.proto".into(), b"syntax = \"proto2\";\nmessage X { optional string a = 1; }\n".to_vec());
        let codec = Codec::from_files(&files).expect("compiles").expect("has protos");
        let error = codec.encode("X", &serde_json::json!({"a": "b"})).expect_err("no envelope type");
        assert!(error.contains("runtime.Unknown"), "{error}");
    }

    const LIST: &str = "k8s.io.api.apidiscovery.v2.APIGroupDiscoveryList";

    fn golden() -> Value {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../shared/upstream/k8s-head/discovery/aggregated_v2.json");
        serde_json::from_slice(&std::fs::read(path).expect("the upstream aggregated list")).expect("JSON")
    }

    #[test]
    fn element_by_element_gives_the_bytes_of_the_whole_message() {
        let codec = Codec::from_files(&upstream_files()).expect("compiles").expect("has protos");
        let mut document = golden();
        let whole = codec.encode(LIST, &document).expect("encodes");
        let (fresh, cache) = codec.encode_reusing(LIST, &document, "items", None).expect("encodes");
        assert_eq!(fresh, whole);
        let cache = cache.expect("the list message fits");
        let elements = document["items"].as_array().expect("items").len();
        assert!(elements > 10 && cache.len() <= elements);

        // One element changed and one added: the same bytes as encoding the edited list whole.
        let items = document["items"].as_array_mut().expect("items");
        items[0]["metadata"]["name"] = Value::from("changed.example.com");
        let mut added = items[1].clone();
        added["metadata"]["name"] = Value::from("added.example.com");
        items.push(added);
        let (reused, next) = codec.encode_reusing(LIST, &document, "items", Some(&cache)).expect("encodes");
        assert_eq!(reused, codec.encode(LIST, &document).expect("encodes"));
        assert_eq!(next.expect("a cache").len(), cache.len() + 1, "the changed element replaced its old entry");
    }

    #[test]
    fn cached_elements_are_copied_not_encoded_again() {
        let codec = Codec::from_files(&upstream_files()).expect("compiles").expect("has protos");
        let document = golden();
        let (_, cache) = codec.encode_reusing(LIST, &document, "items", None).expect("encodes");
        let mut cache = std::sync::Arc::unwrap_or_clone(cache.expect("a cache"));
        let first = serde_json::to_vec(&document["items"][0]).expect("JSON");
        cache.insert(first, b"\x0a\x06marker".to_vec());
        let (bytes, _) =
            codec.encode_reusing(LIST, &document, "items", Some(&std::sync::Arc::new(cache))).expect("encodes");
        assert!(bytes.windows(6).any(|window| window == b"marker"), "the cached bytes were not used");
    }
}
