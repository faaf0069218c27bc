//! The Kubernetes protobuf framing: the magic `k8s\0`, then one `runtime.Unknown` whose `raw` is the object.
//!
//! The envelope is built from the bundle's own `k8s.io.apimachinery.pkg.runtime.Unknown`, like the object inside.
//! As Go's encoder does, it always carries both `TypeMeta` strings and the (empty) `contentEncoding` and
//! `contentType`, so an envelope ends with `1a 00 22 00`.

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

fn field(desc: &MessageDescriptor, number: u32) -> Result<prost_reflect::FieldDescriptor, String> {
    desc.get_field(number).ok_or_else(|| format!("{} has no field {number}", desc.full_name()))
}
