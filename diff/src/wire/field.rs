//! One field's old and new declarations at the same number: type, cardinality, name, JSON name, oneof and default.

use prost_types::field_descriptor_proto::{Label, Type};
use prost_types::{DescriptorProto, FieldDescriptorProto};

use super::change::Change;
use super::default::{self, Default};
use super::enums;
use super::index::{Index, Place};
use crate::rule::Rule;

/// Which field types read each other's bytes and JSON. Protobuf's JSON mapping writes 64-bit integers as strings
/// and 32-bit ones as numbers, so int32 and int64 share their varint bytes but not their JSON; sint32 and sint64
/// differ in JSON the same way, string and bytes (base64) differ, and so do an enum (a name) and an integer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    /// int32, uint32: varints, JSON numbers.
    Varint32,
    /// int64, uint64: varints, JSON strings.
    Varint64,
    /// fixed32, sfixed32.
    Fixed32,
    /// fixed64, sfixed64.
    Fixed64,
    Bool,
    Sint32,
    Sint64,
    String,
    Bytes,
    Double,
    Float,
    Group,
    Message,
    Enum,
}

fn class(field: &FieldDescriptorProto) -> Class {
    match field.r#type() {
        Type::Int32 | Type::Uint32 => Class::Varint32,
        Type::Int64 | Type::Uint64 => Class::Varint64,
        Type::Fixed32 | Type::Sfixed32 => Class::Fixed32,
        Type::Fixed64 | Type::Sfixed64 => Class::Fixed64,
        Type::Bool => Class::Bool,
        Type::Sint32 => Class::Sint32,
        Type::Sint64 => Class::Sint64,
        Type::String => Class::String,
        Type::Bytes => Class::Bytes,
        Type::Double => Class::Double,
        Type::Float => Class::Float,
        Type::Group => Class::Group,
        Type::Message => Class::Message,
        Type::Enum => Class::Enum,
    }
}

/// The field's type as the .proto text names it: `int64`, `message`, `enum`.
fn kind(field: &FieldDescriptorProto) -> String {
    field.r#type().as_str_name().trim_start_matches("TYPE_").to_ascii_lowercase()
}

/// How many values a field holds, and how JSON writes them. Fields with and without presence read each other;
/// a list is a JSON array and a map a JSON object, so neither reads the other nor a single value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cardinality {
    OptionalExplicit,
    OptionalImplicit,
    Required,
    Repeated,
    Map,
}

impl Cardinality {
    fn of(index: &Index<'_>, place: &Place<'_>, field: &FieldDescriptorProto) -> Self {
        if index.is_map(field) {
            Cardinality::Map
        } else if field.label() == Label::Repeated {
            Cardinality::Repeated
        } else if field.label() == Label::Required {
            Cardinality::Required
        } else if !place.is_proto3()
            || field.proto3_optional()
            || field.oneof_index.is_some()
            || matches!(field.r#type(), Type::Message | Type::Group)
        {
            Cardinality::OptionalExplicit
        } else {
            Cardinality::OptionalImplicit
        }
    }

    fn group(self) -> u8 {
        match self {
            Cardinality::OptionalExplicit | Cardinality::OptionalImplicit => 1,
            Cardinality::Required => 2,
            Cardinality::Repeated => 3,
            Cardinality::Map => 4,
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Cardinality::OptionalExplicit => "optional with explicit presence",
            Cardinality::OptionalImplicit => "optional with implicit presence",
            Cardinality::Required => "required",
            Cardinality::Repeated => "repeated",
            Cardinality::Map => "map",
        }
    }
}

/// A field and where it is declared, in one tree: in a message, or an extension of one.
pub(super) struct Side<'s, 'a> {
    pub index: &'s Index<'a>,
    pub place: &'s Place<'a>,
    /// The message declaring the field; `None` for an extension.
    pub message: Option<&'a DescriptorProto>,
    /// An extension's full name (its package, scope and name): what its name is compared as.
    pub extension: Option<&'s str>,
    pub field: &'a FieldDescriptorProto,
}

/// The JSON name protobuf gives a field: its `json_name`, or its name in lowerCamelCase (underscores dropped, the
/// letter after each raised).
pub(super) fn json_name(field: &FieldDescriptorProto) -> String {
    if let Some(name) = &field.json_name {
        return name.clone();
    }
    let mut out = String::new();
    let mut raise = false;
    for c in field.name().chars() {
        if c == '_' {
            raise = true;
        } else if raise {
            out.extend(c.to_uppercase());
            raise = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// Compares the old and the new declaration of the field at one number.
pub(super) fn compare(old: &Side<'_, '_>, new: &Side<'_, '_>, changes: &mut Vec<Change>) {
    let number = new.field.number();
    let member = if new.extension.is_some() { "extension" } else { "field" };
    let at = |rule, what: String| {
        new.place.change(rule, format!(".{}", new.field.name()), format!("{member} {number}"), what)
    };
    if let Some(what) = type_change(old, new) {
        changes.push(at(Rule::FieldTypeChanged, what));
    }
    let both_map_entries =
        [old.message, new.message].iter().all(|m| m.is_some_and(|m| m.options.as_ref().is_some_and(|o| o.map_entry())));
    if !both_map_entries {
        let (was, is) =
            (Cardinality::of(old.index, old.place, old.field), Cardinality::of(new.index, new.place, new.field));
        if was.group() != is.group() {
            changes.push(at(Rule::FieldCardinalityChanged, format!("{} -> {}", was.describe(), is.describe())));
        }
    }
    let (old_name, new_name) = (old.extension.unwrap_or(old.field.name()), new.extension.unwrap_or(new.field.name()));
    if old_name != new_name {
        changes.push(at(Rule::FieldNameChanged, format!("name `{old_name}` -> `{new_name}`")));
    }
    // Extensions have no JSON name of their own (JSON writes them by full name), nor oneofs.
    let (old_json, new_json) = (json_name(old.field), json_name(new.field));
    if old.extension.is_none() && old_json != new_json {
        changes.push(at(Rule::JsonNameChanged, format!("JSON name `{old_json}` -> `{new_json}`")));
    }
    if let Some(what) = oneof_change(old, new) {
        changes.push(at(Rule::FieldOneofChanged, what));
    }
    if let (Some(was), Some(is)) = (default_of(old), default_of(new))
        && !(was.is_zero() && is.is_zero())
        && !default::equal(&was, &is)
    {
        changes.push(at(Rule::FieldDefaultChanged, format!("default {} -> {}", was.printable, is.printable)));
    }
}

/// What makes the new type read the old one's values differently, if anything does.
fn type_change(old: &Side<'_, '_>, new: &Side<'_, '_>) -> Option<String> {
    let (old_type, new_type) =
        (old.field.type_name().trim_start_matches('.'), new.field.type_name().trim_start_matches('.'));
    if class(old.field) != class(new.field) {
        let describe = |field: &FieldDescriptorProto, name: &str| match field.r#type() {
            Type::Message | Type::Group | Type::Enum => format!("{} {name}", kind(field)),
            _ => kind(field),
        };
        return Some(format!("{} -> {}", describe(old.field, old_type), describe(new.field, new_type)));
    }
    if old_type == new_type {
        return None;
    }
    match class(new.field) {
        // An enum of the same short name that keeps every old value (by name, at its number) is the same enum.
        Class::Enum => {
            let same_short = old_type.rsplit('.').next() == new_type.rsplit('.').next();
            let keeps_values = match (old.index.enumeration(old_type), new.index.enumeration(new_type)) {
                (Some(was), Some(is)) => enums::is_subset(was, is),
                _ => false,
            };
            (!(same_short && keeps_values)).then(|| format!("type `{old_type}` -> `{new_type}`"))
        }
        Class::Message | Class::Group => Some(format!("type `{old_type}` -> `{new_type}`")),
        _ => None,
    }
}

/// The real oneof a field is in (not the one proto3 makes for an `optional` field).
fn oneof<'a>(side: &Side<'_, 'a>) -> Option<&'a str> {
    let index = usize::try_from(side.field.oneof_index?).ok()?;
    if side.field.proto3_optional() {
        return None;
    }
    side.message?.oneof_decl.get(index).map(|oneof| oneof.name())
}

fn oneof_change(old: &Side<'_, '_>, new: &Side<'_, '_>) -> Option<String> {
    match (oneof(old), oneof(new)) {
        (None, None) => None,
        (Some(was), Some(is)) if was == is => None,
        (Some(was), Some(is)) => Some(format!("oneof `{was}` -> `{is}`")),
        (None, Some(is)) => Some(format!("moved into oneof `{is}`")),
        (Some(was), None) => Some(format!("moved out of oneof `{was}`")),
    }
}

/// The field's default, when a field of its kind can have one: a single value of a scalar or enum type.
fn default_of(side: &Side<'_, '_>) -> Option<Default> {
    let field = side.field;
    if field.label() == Label::Repeated || matches!(field.r#type(), Type::Message | Type::Group) {
        return None;
    }
    let enumeration = (field.r#type() == Type::Enum).then(|| side.index.enumeration(field.type_name())).flatten();
    Some(default::of(field, enumeration))
}
