//! Messages whose JSON form is not an object of their fields: the hand-written ones (time stamps, int-or-string,
//! quantities), values carried as JSON text, and wrappers of lists.

use prost_reflect::{FieldDescriptor, Kind, MessageDescriptor};

use crate::hints::Hints;

/// How a message is written in JSON.
#[derive(Debug)]
pub enum Form {
    /// meta/v1 `Time`: an RFC 3339 string with whole seconds.
    Time,
    /// meta/v1 `MicroTime`: an RFC 3339 string with microseconds.
    MicroTime,
    /// `IntOrString`: a JSON number (`type` 0, `intVal`) or string (`type` 1, `strVal`).
    IntOrString,
    /// `Quantity`: its `string` field.
    Quantity,
    /// A single `bytes` field holding the value's JSON text (`RawExtension`, `FieldsV1`, untyped definitions).
    JsonText(FieldDescriptor),
    /// A single `repeated items` field written as a JSON array (meta/v1 `Verbs`, named list types).
    Wrapper(FieldDescriptor),
    /// One JSON value of several shapes, a field per shape on the wire: a list, a message, a boolean.
    Alternatives,
    /// An object of its fields.
    Object,
}

/// The JSON form of `message`.
pub fn form(message: &MessageDescriptor, hints: &Hints) -> Form {
    match message.full_name() {
        "k8s.io.apimachinery.pkg.apis.meta.v1.Time" => return Form::Time,
        "k8s.io.apimachinery.pkg.apis.meta.v1.MicroTime" => return Form::MicroTime,
        "k8s.io.apimachinery.pkg.util.intstr.IntOrString" => return Form::IntOrString,
        "k8s.io.apimachinery.pkg.api.resource.Quantity" => return Form::Quantity,
        _ => {}
    }
    if hints.has_wire_alternatives(message.full_name()) {
        return Form::Alternatives;
    }
    let mut fields = message.fields();
    let (Some(only), None) = (fields.next(), fields.next()) else { return Form::Object };
    if hints.is_struct(message.full_name()) {
        return Form::Object;
    }
    match (only.name(), only.kind(), only.is_list()) {
        ("raw" | "Raw", Kind::Bytes, false) => Form::JsonText(only),
        ("items", _, true) => Form::Wrapper(only),
        _ => Form::Object,
    }
}
