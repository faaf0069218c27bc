//! Hand-written schemas for the few upstream types whose OpenAPI form no derive produces (time stamps, opaque JSON,
//! int-or-string, quantities), with the protobuf messages go-to-protobuf writes for them.

use kapi::model::{DefName, DefinitionInfo, ProtoField, ProtoMessage, ProtoScalar, SchemaNode, SchemaObject};

/// Implements [`kapi::Schema`] for a type written as the named definition `$name` of Go package `$package`, whose
/// body is the [`SchemaObject`] that `$body` returns and whose protobuf message is `$proto` (a [`ProtoMessage`]):
/// their JSON form says nothing about their wire form. Such types have no zero value, so uses never get a default.
macro_rules! special_schema {
    ($ty:ty, package = $package:expr, name = $name:literal, body = $body:expr, proto = $proto:expr) => {
        impl kapi::Schema for $ty {
            fn definition_name() -> Option<kapi::model::DefName> {
                Some($crate::special::definition_name($package, $name))
            }

            fn schema(_: &mut kapi::Registry) -> kapi::model::SchemaNode {
                $crate::special::body($body)
            }

            fn describe_definition(info: &mut kapi::model::DefinitionInfo) {
                $crate::special::describe($package, $proto, info);
            }
        }
    };
}

pub(crate) use special_schema;

/// The definition name of `type_name` in `package`.
pub(crate) fn definition_name(package: &str, type_name: &str) -> DefName {
    DefName::from_package(package, type_name)
}

/// The definition body.
pub(crate) fn body(object: SchemaObject) -> SchemaNode {
    SchemaNode::inline(object)
}

/// Records the package the definition belongs to and its hand-written protobuf message.
pub(crate) fn describe(package: &str, proto: ProtoMessage, info: &mut DefinitionInfo) {
    info.package = Some(package.to_owned());
    info.proto.message = Some(proto);
}

/// A time stamp as go-to-protobuf writes meta/v1 `Time` and `MicroTime`: `google.protobuf.Timestamp`'s shape.
pub(crate) fn timestamp_message() -> ProtoMessage {
    ProtoMessage::new(vec![
        ProtoField::optional("seconds", 1, ProtoScalar::Int64),
        ProtoField::optional("nanos", 2, ProtoScalar::Int32),
    ])
}

/// A message holding one value of one scalar type (`Quantity { string string = 1; }`,
/// `RawExtension { bytes raw = 1; }`).
pub(crate) fn single_field_message(name: &str, scalar: ProtoScalar) -> ProtoMessage {
    ProtoMessage::new(vec![ProtoField::optional(name, 1, scalar)])
}

/// A schema with only a description; the caller adds the rest.
pub(crate) fn described(description: &str) -> SchemaObject {
    SchemaObject { description: Some(description.to_owned()), ..SchemaObject::default() }
}

#[cfg(test)]
pub(crate) fn definition_body<T: kapi::Schema>() -> SchemaObject {
    let mut registry = kapi::Registry::new();
    T::schema(&mut registry).keywords().clone()
}
