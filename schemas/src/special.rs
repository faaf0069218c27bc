//! Hand-written schemas for the few upstream types whose OpenAPI form no derive produces (time stamps, opaque JSON,
//! int-or-string, quantities).

use kapi::model::{DefName, DefinitionInfo, SchemaNode, SchemaObject};

/// Implements [`kapi::Schema`] for a type written as the named definition `$name` of Go package `$package`, whose
/// body is the [`SchemaObject`] that `$body` returns. Such types have no zero value, so uses never get a default.
macro_rules! special_schema {
    ($ty:ty, package = $package:expr, name = $name:literal, body = $body:expr) => {
        impl kapi::Schema for $ty {
            fn definition_name() -> Option<kapi::model::DefName> {
                Some($crate::special::definition_name($package, $name))
            }

            fn schema(_: &mut kapi::Registry) -> kapi::model::SchemaNode {
                $crate::special::body($body)
            }

            fn describe_definition(info: &mut kapi::model::DefinitionInfo) {
                $crate::special::describe($package, info);
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

/// Records the package the definition belongs to.
pub(crate) fn describe(package: &str, info: &mut DefinitionInfo) {
    info.package = Some(package.to_owned());
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
