//! What rendering one definition needs to know: its module, its conventions, and every type it may refer to.

use std::collections::BTreeMap;

use kapi_model::{DefName, SchemaNode};
use serde_json::Value;

/// A type's zero value as the derive gives it (`kapi_model::ZeroValue`, with the scalar's value).
#[derive(Debug, Clone, PartialEq)]
pub enum Zero {
    None,
    EmptyObject,
    Scalar(Value),
}

/// Where a definition's Rust type is.
#[derive(Debug, Clone, PartialEq)]
pub enum Location {
    /// An imported type: its module and name.
    Imported { module: String, name: String },
    /// A type kapi-meta provides: its full path.
    Provided(String),
}

/// A definition's Rust type and zero value.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeEntry {
    pub location: Location,
    pub zero: Zero,
    /// The property names of a struct (for `list_map_keys`, which must name fields of the item type).
    pub properties: std::collections::BTreeSet<String>,
}

/// Every definition's Rust type.
pub type TypeIndex = BTreeMap<DefName, TypeEntry>;

/// Rendering one definition.
#[derive(Debug)]
pub struct Context<'a> {
    pub module: &'a str,
    /// Published with Kubernetes' conventions: zero values are written, so fields must carry the right ones.
    pub kubernetes: bool,
    pub types: &'a TypeIndex,
    /// The schemas of objects lifted into inline types, by the names their positions now refer to.
    pub inline: &'a BTreeMap<DefName, SchemaNode>,
}

impl Context<'_> {
    /// The path of `name`'s type from this module, and its zero value.
    pub fn type_of(&self, name: &DefName) -> Option<(String, Zero)> {
        let entry = self.types.get(name)?;
        let path = match &entry.location {
            Location::Imported { module, name } if module == self.module => name.clone(),
            Location::Imported { module, name } => format!("super::{module}::{name}"),
            Location::Provided(path) => path.clone(),
        };
        Some((path, entry.zero.clone()))
    }

    /// `node` with every reference to a lifted inline type replaced by that type's schema, as it was written.
    pub fn unlifted(&self, node: &SchemaNode) -> SchemaNode {
        if let Some(schema) = node.target().and_then(|target| self.inline.get(target)) {
            // The keywords written beside the reference (a property's, around a lifted enum) go back in place.
            let mut out = self.unlifted(schema);
            if let SchemaNode::Ref(reference) = node {
                out.keywords_mut().apply(reference.siblings.clone());
            }
            return out;
        }
        let mut node = node.clone();
        let object = node.keywords_mut();
        let lists = object.one_of.iter_mut().chain(object.any_of.iter_mut()).chain(object.all_of.iter_mut());
        let singles = object.not.as_deref_mut().into_iter().chain(object.additional_properties.as_deref_mut());
        for child in lists.chain(object.properties.values_mut()).chain(singles).chain(object.items.as_deref_mut()) {
            *child = self.unlifted(child);
        }
        node
    }

    /// True when `name` is a struct with a field for each of `keys`.
    pub fn has_fields(&self, name: &DefName, keys: &[String]) -> bool {
        self.types.get(name).is_some_and(|entry| keys.iter().all(|key| entry.properties.contains(key)))
    }
}
