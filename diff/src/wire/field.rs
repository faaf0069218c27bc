//! What a field is on the wire, and whether a field's old and new declarations read each other's bytes.

use prost_types::FieldDescriptorProto;
use prost_types::field_descriptor_proto::{Label, Type};

/// How a field's values are decoded: fields of one class read each other's bytes, and their JSON forms agree
/// closely enough (protobuf JSON parsers take any integer as a number or a string).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    /// int32, int64, uint32, uint64: varints read as integers.
    Integer,
    /// sint32, sint64: zigzag varints.
    SignedInteger,
    /// fixed32, sfixed32.
    Fixed32,
    /// fixed64, sfixed64.
    Fixed64,
    Bool,
    Float,
    Double,
    /// An enum: a varint on the wire, a name in JSON.
    Enum,
    /// UTF-8 text; on the wire like bytes, but base64 in JSON.
    String,
    Bytes,
    /// A message: compared field by field.
    Message,
}

fn class(field: &FieldDescriptorProto) -> Class {
    match field.r#type() {
        Type::Int32 | Type::Int64 | Type::Uint32 | Type::Uint64 => Class::Integer,
        Type::Sint32 | Type::Sint64 => Class::SignedInteger,
        Type::Fixed32 | Type::Sfixed32 => Class::Fixed32,
        Type::Fixed64 | Type::Sfixed64 => Class::Fixed64,
        Type::Bool => Class::Bool,
        Type::Float => Class::Float,
        Type::Double => Class::Double,
        Type::Enum => Class::Enum,
        Type::String => Class::String,
        Type::Bytes => Class::Bytes,
        Type::Message | Type::Group => Class::Message,
    }
}

/// A field's declaration as the .proto text would read: `optional int64`, `repeated Widget`, `map entry
/// SpecLabelsEntry`.
pub(super) fn describe(field: &FieldDescriptorProto, is_map: bool) -> String {
    let label = if is_map {
        "map"
    } else if field.label() == Label::Repeated {
        "repeated"
    } else {
        "optional"
    };
    let type_name = match field.r#type() {
        Type::Message | Type::Group | Type::Enum => short(field.type_name()).to_owned(),
        scalar => scalar.as_str_name().trim_start_matches("TYPE_").to_ascii_lowercase(),
    };
    format!("{label} {type_name}")
}

/// The last segment of a full type name.
fn short(type_name: &str) -> &str {
    type_name.rsplit('.').next().unwrap_or(type_name)
}

/// Whether the new declaration of a field reads the old one's bytes and JSON. `Ok(Some(pair))` when both are
/// messages of different names, which are then compared in turn; `Err` when they are incompatible.
pub(super) fn compatible(
    old: (&FieldDescriptorProto, bool),
    new: (&FieldDescriptorProto, bool),
) -> Result<Option<(String, String)>, ()> {
    let ((old, old_map), (new, new_map)) = (old, new);
    // A list and a single value share bytes for length-delimited types, but never JSON (array or not); a map is a
    // list of entries on the wire and an object in JSON.
    if (old.label() == Label::Repeated) != (new.label() == Label::Repeated) || old_map != new_map {
        return Err(());
    }
    let (old_class, new_class) = (class(old), class(new));
    if old_class != new_class {
        return Err(());
    }
    let (old_type, new_type) = (full(old.type_name()), full(new.type_name()));
    match old_class {
        Class::Message if old_type != new_type => Ok(Some((old_type.to_owned(), new_type.to_owned()))),
        // Enum values are compared by the message walk only as far as the names go.
        Class::Enum if short(old_type) != short(new_type) => Err(()),
        _ => Ok(None),
    }
}

/// A type name without the leading dot protox writes.
pub(super) fn full(type_name: &str) -> &str {
    type_name.strip_prefix('.').unwrap_or(type_name)
}
