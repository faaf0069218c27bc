//! The lossless schema form: one typed node per schema position, with references as a distinct variant.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::choice::choice_enum;
use crate::extensions::KubernetesExtensions;
use crate::names::DefName;

/// A schema position: either a reference to a named definition (plus whatever sits beside it) or an inline schema.
///
/// Keeping references distinct lets each emitter decide in one place how a reference with siblings is written
/// (OpenAPI v3 wraps it in `allOf`, swagger 2.0 keeps the siblings beside `$ref`).
///
/// In the model file a reference is `{"$ref": "<definition name>", ...siblings}` and an inline schema is its keywords.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
// Both variants are common and short-lived; boxing the reference would only add an allocation per field.
#[allow(clippy::large_enum_variant)]
pub enum SchemaNode {
    /// A reference to a named definition.
    Ref(Reference),
    /// A schema written out in place.
    Inline(Box<SchemaObject>),
}

/// A reference to a definition; `siblings` holds the keywords written beside it (description, default, extensions).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reference {
    /// The referenced definition.
    #[serde(rename = "$ref")]
    pub target: DefName,
    /// Keywords beside the reference; empty means a bare reference.
    #[serde(flatten)]
    pub siblings: SchemaObject,
}

choice_enum! {
    /// The JSON types a schema can constrain to (`type`).
    InstanceType {
        String => "string",
        Integer => "integer",
        Number => "number",
        Boolean => "boolean",
        Object => "object",
        Array => "array",
    }
}

/// Every keyword an OpenAPI 3.0 / Kubernetes structural schema can carry, typed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SchemaObject {
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub instance_type: Option<InstanceType>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// An explicit default, written by every profile.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    /// The value an unset field serialises as (Go's zero value for value-typed fields).
    /// Only profiles that mirror Kubernetes' generator write it as `default`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zero_value: Option<Value>,
    #[serde(skip_serializing_if = "is_false")]
    pub nullable: bool,
    /// A closed enum: the only values the field accepts. Adding one later breaks clients that validate against
    /// today's list, so fields whose set of values grows use `known_values` instead.
    #[serde(rename = "enum", skip_serializing_if = "Vec::is_empty")]
    pub enum_values: Vec<Value>,
    /// An open enum: the values known today, documented (an extension and the description) but never enforced, so
    /// a value added later is not an error for readers of today's documents. See [`crate::open_enum`].
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub known_values: Vec<Value>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub one_of: Vec<SchemaNode>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub any_of: Vec<SchemaNode>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub all_of: Vec<SchemaNode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not: Option<Box<SchemaNode>>,
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub properties: IndexMap<String, SchemaNode>,
    /// Required property names in declaration order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub required: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub additional_properties: Option<Box<SchemaNode>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub items: Option<Box<SchemaNode>>,
    #[serde(flatten)]
    pub bounds: Bounds,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub example: Option<Value>,
    #[serde(skip_serializing_if = "is_false")]
    pub deprecated: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub read_only: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub write_only: bool,
    /// The `x-kubernetes-*` vocabulary.
    #[serde(skip_serializing_if = "KubernetesExtensions::is_empty")]
    pub kubernetes: KubernetesExtensions,
}

/// Numeric, string, array and object bounds.
/// Where a child schema sits in its parent ([`SchemaObject::map_children`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Child<'a> {
    /// The schema of the named property.
    Property(&'a str),
    Items,
    AdditionalProperties,
    OneOf,
    AnyOf,
    AllOf,
    Not,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Bounds {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimum: Option<serde_json::Number>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maximum: Option<serde_json::Number>,
    #[serde(skip_serializing_if = "is_false")]
    pub exclusive_minimum: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub exclusive_maximum: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multiple_of: Option<serde_json::Number>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_length: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_length: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pattern: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_items: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_items: Option<u64>,
    #[serde(skip_serializing_if = "is_false")]
    pub unique_items: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_properties: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_properties: Option<u64>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl SchemaObject {
    /// A schema with only a type.
    pub fn of_type(instance_type: InstanceType) -> Self {
        Self { instance_type: Some(instance_type), ..Self::default() }
    }

    /// A schema with a type and a format.
    pub fn of_format(instance_type: InstanceType, format: &str) -> Self {
        Self { format: Some(format.to_owned()), ..Self::of_type(instance_type) }
    }

    /// True when no keyword is set.
    pub fn is_empty(&self) -> bool {
        self == &Self::default()
    }
}

impl SchemaNode {
    /// An inline node.
    pub fn inline(object: SchemaObject) -> Self {
        Self::Inline(Box::new(object))
    }

    /// A bare reference.
    pub fn reference(target: DefName) -> Self {
        Self::Ref(Reference { target, siblings: SchemaObject::default() })
    }

    /// The keywords written at this position: the inline schema, or the siblings of a reference.
    pub fn keywords_mut(&mut self) -> &mut SchemaObject {
        match self {
            Self::Ref(reference) => &mut reference.siblings,
            Self::Inline(object) => object,
        }
    }

    /// Read-only view of [`Self::keywords_mut`].
    pub fn keywords(&self) -> &SchemaObject {
        match self {
            Self::Ref(reference) => &reference.siblings,
            Self::Inline(object) => object,
        }
    }

    /// The target, when this node is a reference.
    pub fn target(&self) -> Option<&DefName> {
        match self {
            Self::Ref(reference) => Some(&reference.target),
            Self::Inline(_) => None,
        }
    }

    /// Calls `visit` on this node and every node below it, depth first.
    pub fn walk<'a>(&'a self, visit: &mut dyn FnMut(&'a SchemaNode)) {
        visit(self);
        self.keywords().walk_children(visit);
    }
}

impl SchemaObject {
    /// Calls `visit` on every node directly or indirectly below this object.
    /// This schema with each child schema replaced by what `map` makes of it, in the order properties, items,
    /// additionalProperties, oneOf, anyOf, allOf, not. Unlike cloning and then replacing the children, this copies
    /// no subtree only to drop it (a transformation of every node of a deep schema cloned each node once per level
    /// above it).
    pub fn map_children(&self, mut map: impl FnMut(Child<'_>, &SchemaNode) -> SchemaNode) -> SchemaObject {
        // Exhaustive, so that a new field is not silently left out.
        let Self {
            instance_type,
            format,
            title,
            description,
            default,
            zero_value,
            nullable,
            enum_values,
            known_values,
            one_of,
            any_of,
            all_of,
            not,
            properties,
            required,
            additional_properties,
            items,
            bounds,
            example,
            deprecated,
            read_only,
            write_only,
            kubernetes,
        } = self;
        let properties =
            properties.iter().map(|(name, node)| (name.clone(), map(Child::Property(name), node))).collect();
        let items = items.as_ref().map(|node| Box::new(map(Child::Items, node)));
        let additional_properties =
            additional_properties.as_ref().map(|node| Box::new(map(Child::AdditionalProperties, node)));
        let one_of = one_of.iter().map(|node| map(Child::OneOf, node)).collect();
        let any_of = any_of.iter().map(|node| map(Child::AnyOf, node)).collect();
        let all_of = all_of.iter().map(|node| map(Child::AllOf, node)).collect();
        let not = not.as_ref().map(|node| Box::new(map(Child::Not, node)));
        SchemaObject {
            instance_type: *instance_type,
            format: format.clone(),
            title: title.clone(),
            description: description.clone(),
            default: default.clone(),
            zero_value: zero_value.clone(),
            nullable: *nullable,
            enum_values: enum_values.clone(),
            known_values: known_values.clone(),
            one_of,
            any_of,
            all_of,
            not,
            properties,
            required: required.clone(),
            additional_properties,
            items,
            bounds: bounds.clone(),
            example: example.clone(),
            deprecated: *deprecated,
            read_only: *read_only,
            write_only: *write_only,
            kubernetes: kubernetes.clone(),
        }
    }

    pub fn walk_children<'a>(&'a self, visit: &mut dyn FnMut(&'a SchemaNode)) {
        let lists = [&self.one_of, &self.any_of, &self.all_of];
        for node in lists.into_iter().flatten() {
            node.walk(visit);
        }
        for node in self.properties.values() {
            node.walk(visit);
        }
        for node in [&self.not, &self.additional_properties, &self.items].into_iter().flatten() {
            node.walk(visit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_json_round_trips_references_and_inline_schemas() {
        let mut object = SchemaObject::of_type(InstanceType::Object);
        let mut reference = SchemaNode::reference(DefName::new("a.B"));
        reference.keywords_mut().description = Some("points at B".into());
        object.properties.insert("b".into(), reference);
        object
            .properties
            .insert("n".into(), SchemaNode::inline(SchemaObject::of_format(InstanceType::Integer, "int32")));
        let node = SchemaNode::inline(object);
        let json = serde_json::to_value(&node).expect("serialises");
        assert_eq!(json["properties"]["b"], serde_json::json!({"$ref": "a.B", "description": "points at B"}));
        let back: SchemaNode = serde_json::from_value(json).expect("deserialises");
        assert_eq!(back, node);
    }
}
