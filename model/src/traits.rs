//! The traits the derives implement, and the field and element rules they share.

use serde_json::Value;

use crate::names::DefName;
use crate::registry::{DefinitionInfo, Registry};
use crate::resource::ResourceMeta;
use crate::schema::SchemaNode;

/// What an unset value of a type serialises as when the type is used by value (Go's zero value).
///
/// Kubernetes' generator writes it as the `default` of value-typed fields: `{}` for every struct field,
/// and `""` / `0` / `false` for scalar fields that are always serialised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ZeroValue {
    /// The type has no zero value worth writing (references, lists, maps, special types).
    None,
    /// A struct: `{}`, written whether or not the field is omitted when empty.
    EmptyObject,
    /// A scalar zero, written only for fields that are always serialised.
    Scalar(Value),
}

/// A Rust type with a schema.
pub trait Schema {
    /// The definition this type is written as; `None` inlines the schema at each use.
    fn definition_name() -> Option<DefName> {
        None
    }

    /// The name of the protobuf message an `inline` type (one without a definition) has when another type embeds
    /// it (a `#[serde(flatten)]` field with `proto = N`); `None` when it has none. The derive gives the Rust
    /// type's name.
    fn inline_message_name() -> Option<&'static str> {
        None
    }

    /// The schema: for named types, the body the registry stores as the definition.
    fn schema(registry: &mut Registry) -> SchemaNode;

    /// The type's zero value; see [`ZeroValue`].
    fn zero_value() -> ZeroValue {
        ZeroValue::None
    }

    /// True for `Option<T>`: the value may be absent, so the field is never required and has no zero value.
    fn is_option() -> bool {
        false
    }

    /// Records facts about the definition beyond its schema (package, kinds it is registered as).
    fn describe_definition(_info: &mut DefinitionInfo) {}
}

impl Registry {
    /// The schema of `T` at a use site: a reference for named types (registering the definition once), else inline.
    pub fn schema_for<T: Schema + ?Sized>(&mut self) -> SchemaNode {
        let Some(name) = T::definition_name() else {
            return T::schema(self);
        };
        if self.claim(&name, std::any::type_name::<T>()) {
            let schema = T::schema(self);
            self.fill(&name, schema, T::describe_definition);
        }
        SchemaNode::reference(name)
    }

    /// Registers `T` (and everything it references) as a definition.
    pub fn register<T: Schema + ?Sized>(&mut self) -> &mut Self {
        self.schema_for::<T>();
        self
    }

    /// Registers a resource kind, its list kind and everything they reference.
    pub fn register_resource<R: Resource>(&mut self) -> &mut Self {
        let meta = R::resource_meta(self);
        self.add_resource(meta);
        self
    }
}

/// A top-level kind served by an API server.
pub trait Resource: Schema {
    /// The resource's metadata; registers the kind and its list type in `registry`.
    fn resource_meta(registry: &mut Registry) -> ResourceMeta;

    /// Registers every version of this kind: itself, or, for a `#[kapi::versioned]` kind, each version's, so the
    /// kind's CRD can be generated from any one of them.
    fn register_versions(registry: &mut Registry)
    where
        Self: Sized,
    {
        registry.register_resource::<Self>();
    }
}

/// What the derive knows about a struct field that decides whether it is required and gets a zero default.
#[derive(Debug, Clone, Copy, Default)]
pub struct FieldFacts {
    /// No `skip_serializing_if`: the field is written even when empty.
    pub always_serialized: bool,
    /// `#[serde(default)]` or `#[kapi(optional)]`: input may leave it out.
    pub may_be_absent: bool,
    /// `#[kapi(required)]`: required whatever the type says.
    pub forced_required: bool,
}

/// The schema of a struct field of type `T`, and whether the field is required.
pub fn field_schema<T: Schema>(registry: &mut Registry, facts: FieldFacts) -> (SchemaNode, bool) {
    let mut node = registry.schema_for::<T>();
    let zero = match T::zero_value() {
        ZeroValue::EmptyObject if !T::is_option() => Some(Value::Object(Default::default())),
        ZeroValue::Scalar(value) if !T::is_option() && facts.always_serialized => Some(value),
        _ => None,
    };
    if zero.is_some() {
        node.keywords_mut().zero_value = zero;
    }
    let required = facts.forced_required || (!T::is_option() && facts.always_serialized && !facts.may_be_absent);
    (node, required)
}

/// The schema of a list item or map value of type `T`: elements are always serialised, so they carry their zero value.
pub fn element_schema<T: Schema>(registry: &mut Registry) -> SchemaNode {
    let mut node = registry.schema_for::<T>();
    let zero = match T::zero_value() {
        ZeroValue::EmptyObject => Some(Value::Object(Default::default())),
        ZeroValue::Scalar(value) => Some(value),
        ZeroValue::None => None,
    };
    if zero.is_some() && !T::is_option() {
        node.keywords_mut().zero_value = zero;
    }
    node
}
