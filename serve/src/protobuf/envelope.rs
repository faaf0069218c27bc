//! The Kubernetes protobuf framing: the magic `k8s\0`, then one `runtime.Unknown` whose `raw` is the object.
//!
//! The envelope is built from the bundle's own `k8s.io.apimachinery.pkg.runtime.Unknown`, like the object inside.
//! As Go's encoder does, it always carries both `TypeMeta` strings and the (empty) `contentEncoding` and
//! `contentType`, so an envelope ends with `1a 00 22 00`.
//!
//! [`decode`] reads an envelope back without any definitions: `runtime.Unknown`'s field numbers are fixed by the
//! wire format Kubernetes clients speak, so it needs no bundle (a client of another server's protobuf bodies can
//! use it, and the fuzz targets exercise it on arbitrary bytes).

use prost::Message;
use prost_reflect::{DescriptorPool, DynamicMessage, Kind, MessageDescriptor, Value as Field};

use super::field::set;

/// `k8s` and the encoding-style byte 0 ("a runtime.Unknown follows"), the only style defined.
pub(crate) const MAGIC: [u8; 4] = *b"k8s\0";

const UNKNOWN: &str = "k8s.io.apimachinery.pkg.runtime.Unknown";

/// `raw` (an encoded object of kind `kind` in `api_version`) with the magic prefix and the envelope.
pub(crate) fn wrap(pool: &DescriptorPool, api_version: &str, kind: &str, raw: Vec<u8>) -> Result<Vec<u8>, String> {
    let unknown_desc = pool
        .get_message_by_name(UNKNOWN)
        .ok_or_else(|| format!("the bundle's protobuf definitions have no {UNKNOWN}"))?;
    let type_meta_field = field(&unknown_desc, 1)?;
    let Kind::Message(type_meta_desc) = type_meta_field.kind() else {
        return Err(format!("{UNKNOWN}.typeMeta is not a message"));
    };
    let mut type_meta = DynamicMessage::new(type_meta_desc.clone());
    set(&mut type_meta, &field(&type_meta_desc, 1)?, Field::String(api_version.to_owned()), "typeMeta.apiVersion")?;
    set(&mut type_meta, &field(&type_meta_desc, 2)?, Field::String(kind.to_owned()), "typeMeta.kind")?;
    let mut unknown = DynamicMessage::new(unknown_desc.clone());
    set(&mut unknown, &type_meta_field, Field::Message(type_meta), "typeMeta")?;
    set(&mut unknown, &field(&unknown_desc, 2)?, Field::Bytes(raw.into()), "raw")?;
    set(&mut unknown, &field(&unknown_desc, 3)?, Field::String(String::new()), "contentEncoding")?;
    set(&mut unknown, &field(&unknown_desc, 4)?, Field::String(String::new()), "contentType")?;
    let mut out = Vec::with_capacity(MAGIC.len() + unknown.encoded_len());
    out.extend_from_slice(&MAGIC);
    unknown.encode(&mut out).map_err(|e| format!("{UNKNOWN}: {e}"))?;
    Ok(out)
}

/// A decoded envelope: the `TypeMeta` of the object, the object's own bytes, and how they are encoded.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Envelope {
    /// `typeMeta.apiVersion` (empty when absent).
    pub api_version: String,
    /// `typeMeta.kind` (empty when absent).
    pub kind: String,
    /// The object, serialised as `content_type` says.
    pub raw: Vec<u8>,
    /// How `raw` is compressed; empty when it is not.
    pub content_encoding: String,
    /// The media type of `raw`; empty for protobuf, as the API server writes it.
    pub content_type: String,
}

/// `runtime.Unknown` on the wire; absent fields read as empty, as Go's decoder leaves them.
#[derive(Clone, PartialEq, prost::Message)]
struct WireUnknown {
    #[prost(message, optional, tag = "1")]
    type_meta: Option<WireTypeMeta>,
    #[prost(bytes = "vec", optional, tag = "2")]
    raw: Option<Vec<u8>>,
    #[prost(string, optional, tag = "3")]
    content_encoding: Option<String>,
    #[prost(string, optional, tag = "4")]
    content_type: Option<String>,
}

/// `runtime.TypeMeta` on the wire.
#[derive(Clone, PartialEq, prost::Message)]
struct WireTypeMeta {
    #[prost(string, optional, tag = "1")]
    api_version: Option<String>,
    #[prost(string, optional, tag = "2")]
    kind: Option<String>,
}

/// Reads a Kubernetes protobuf body: the magic, then a `runtime.Unknown` that must span the rest of the bytes.
pub fn decode(bytes: &[u8]) -> Result<Envelope, String> {
    let Some(message) = bytes.strip_prefix(&MAGIC) else {
        return Err("not a kubernetes protobuf body: it does not start with the k8s\\0 magic".to_owned());
    };
    let unknown = WireUnknown::decode(message).map_err(|e| format!("the runtime.Unknown envelope is invalid: {e}"))?;
    let type_meta = unknown.type_meta.unwrap_or_default();
    Ok(Envelope {
        api_version: type_meta.api_version.unwrap_or_default(),
        kind: type_meta.kind.unwrap_or_default(),
        raw: unknown.raw.unwrap_or_default(),
        content_encoding: unknown.content_encoding.unwrap_or_default(),
        content_type: unknown.content_type.unwrap_or_default(),
    })
}

fn field(desc: &MessageDescriptor, number: u32) -> Result<prost_reflect::FieldDescriptor, String> {
    desc.get_field(number).ok_or_else(|| format!("{} has no field {number}", desc.full_name()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protobuf::descriptors::{compile, sources};

    fn upstream_pool() -> DescriptorPool {
        let files = crate::protobuf::test_files::upstream_files();
        compile(&sources(&files).expect("UTF-8")).expect("compiles").expect("a pool")
    }

    #[test]
    fn decodes_what_wrap_encodes() {
        let pool = upstream_pool();
        for (api_version, kind, raw) in [
            ("v1", "APIGroupList", b"\x0a\x06\x0a\x04apps".to_vec()),
            ("apidiscovery.k8s.io/v2", "APIGroupDiscoveryList", Vec::new()),
            ("", "", vec![0, 0xff, 0x80]),
        ] {
            let bytes = wrap(&pool, api_version, kind, raw.clone()).expect("encodes");
            let envelope = decode(&bytes).expect("decodes");
            let expected =
                Envelope { api_version: api_version.to_owned(), kind: kind.to_owned(), raw, ..Envelope::default() };
            assert_eq!(envelope, expected);
        }
    }

    #[test]
    fn reads_content_encoding_and_type() {
        // typeMeta{kind "K"} | raw "xy" | contentEncoding "gzip" | contentType "application/json"
        let mut bytes = b"k8s\0\x0a\x03\x12\x01K\x12\x02xy\x1a\x04gzip\x22\x10application/json".to_vec();
        let envelope = decode(&bytes).expect("decodes");
        assert_eq!(envelope.kind, "K");
        assert_eq!(envelope.api_version, "");
        assert_eq!(envelope.raw, b"xy");
        assert_eq!(envelope.content_encoding, "gzip");
        assert_eq!(envelope.content_type, "application/json");
        // Nothing after the magic is an envelope with every field empty.
        bytes.truncate(MAGIC.len());
        assert_eq!(decode(&bytes).expect("decodes"), Envelope::default());
    }

    #[test]
    fn refuses_bodies_that_are_not_envelopes() {
        let no_magic = decode(b"{\"kind\":\"Status\"}").expect_err("JSON is not protobuf");
        assert!(no_magic.contains("magic"), "{no_magic}");
        assert!(decode(b"k8s").is_err(), "a truncated magic");
        // raw claims 16 bytes but 2 follow.
        let truncated = decode(b"k8s\0\x12\x10xy").expect_err("truncated");
        assert!(truncated.contains("runtime.Unknown"), "{truncated}");
        // A kind that is not UTF-8.
        assert!(decode(b"k8s\0\x0a\x03\x12\x01\xff").is_err());
        // A wire type field 1 cannot have (a varint where a message belongs).
        assert!(decode(b"k8s\0\x08\x01").is_err());
    }
}
