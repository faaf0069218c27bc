//! The CRD schema vocabulary, declared once: every keyword a `JSONSchemaProps` node may hold, the JSON shape of
//! its value, whether Kubernetes supports it at all, and whether it may appear inside a junctor branch.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde_json::Value;

/// The JSON shape a keyword's value must have (`null` always passes: Kubernetes reads it as absent).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Shape {
    /// A schema object.
    Schema,
    /// A schema object or a boolean.
    SchemaOrBool,
    /// A schema object or an array of them (the array form is its own rule).
    SchemaOrSchemas,
    /// An object of schema objects.
    SchemaMap,
    /// An array of schema objects.
    SchemaList,
    /// A string.
    String,
    /// A number.
    Number,
    /// An integer.
    Integer,
    /// A boolean.
    Bool,
    /// An array of strings.
    StringList,
    /// An array of anything.
    Array,
    /// Any JSON value.
    Any,
    /// An object.
    Object,
    /// An array of objects.
    ObjectList,
}

impl Shape {
    /// Whether `value` has this shape.
    pub fn accepts(self, value: &Value) -> bool {
        let all = |value: &Value, each: fn(&Value) -> bool| value.as_array().is_some_and(|list| list.iter().all(each));
        value.is_null()
            || match self {
                Self::Schema | Self::Object => value.is_object(),
                Self::SchemaOrBool => value.is_object() || value.is_boolean(),
                Self::SchemaOrSchemas => value.is_object() || all(value, Value::is_object),
                Self::SchemaMap => value.as_object().is_some_and(|map| map.values().all(Value::is_object)),
                Self::SchemaList | Self::ObjectList => all(value, Value::is_object),
                Self::String => value.is_string(),
                Self::Number => value.is_number(),
                Self::Integer => value.is_i64(),
                Self::Bool => value.is_boolean(),
                Self::StringList => all(value, Value::is_string),
                Self::Array => value.is_array(),
                Self::Any => true,
            }
    }

    /// What the value should have been, for messages.
    pub fn expected(self) -> &'static str {
        match self {
            Self::Schema => "a schema object",
            Self::SchemaOrBool => "a schema object or a boolean",
            Self::SchemaOrSchemas => "a schema object",
            Self::SchemaMap => "an object of schema objects",
            Self::SchemaList => "an array of schema objects",
            Self::String => "a string",
            Self::Number => "a number",
            Self::Integer => "an integer",
            Self::Bool => "a boolean",
            Self::StringList => "an array of strings",
            Self::Array => "an array",
            Self::Any => "any value",
            Self::Object => "an object",
            Self::ObjectList => "an array of objects",
        }
    }
}

/// Whether a keyword may appear inside allOf, anyOf, oneOf or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum InJunctor {
    /// Always (value validations).
    Allowed,
    /// Not at all.
    ForbiddenWhenSet,
    /// Not when `true`.
    ForbiddenWhenTrue,
    /// Not when a non-empty string or list.
    ForbiddenWhenNonEmpty,
}

impl InJunctor {
    /// Whether `value` breaks the policy.
    pub fn forbids(self, value: &Value) -> bool {
        match self {
            Self::Allowed => false,
            Self::ForbiddenWhenSet => !value.is_null(),
            Self::ForbiddenWhenTrue => value == &Value::Bool(true),
            Self::ForbiddenWhenNonEmpty => match value {
                Value::String(text) => !text.is_empty(),
                Value::Array(list) => !list.is_empty(),
                Value::Null => false,
                _ => true,
            },
        }
    }
}

/// One keyword of the vocabulary.
#[derive(Debug, Clone, Copy)]
pub(super) struct Keyword {
    /// As written in a schema.
    pub name: &'static str,
    /// The shape of its value.
    pub shape: Shape,
    /// Whether Kubernetes accepts it in a CRD schema at all.
    pub supported: bool,
    /// Whether it may appear inside a junctor.
    pub in_junctor: InJunctor,
}

const fn supported(name: &'static str, shape: Shape, in_junctor: InJunctor) -> Keyword {
    Keyword { name, shape, supported: true, in_junctor }
}

const fn value_validation(name: &'static str, shape: Shape) -> Keyword {
    supported(name, shape, InJunctor::Allowed)
}

const fn unsupported(name: &'static str, shape: Shape) -> Keyword {
    Keyword { name, shape, supported: false, in_junctor: InJunctor::Allowed }
}

/// Every keyword a CRD schema node may hold.
const KEYWORDS: &[Keyword] = &[
    supported("type", Shape::String, InJunctor::ForbiddenWhenNonEmpty),
    supported("description", Shape::String, InJunctor::ForbiddenWhenNonEmpty),
    supported("title", Shape::String, InJunctor::ForbiddenWhenNonEmpty),
    supported("default", Shape::Any, InJunctor::ForbiddenWhenSet),
    supported("nullable", Shape::Bool, InJunctor::ForbiddenWhenTrue),
    supported("additionalProperties", Shape::SchemaOrBool, InJunctor::ForbiddenWhenSet),
    value_validation("properties", Shape::SchemaMap),
    value_validation("items", Shape::SchemaOrSchemas),
    value_validation("allOf", Shape::SchemaList),
    value_validation("anyOf", Shape::SchemaList),
    value_validation("oneOf", Shape::SchemaList),
    value_validation("not", Shape::Schema),
    value_validation("format", Shape::String),
    value_validation("maximum", Shape::Number),
    value_validation("exclusiveMaximum", Shape::Bool),
    value_validation("minimum", Shape::Number),
    value_validation("exclusiveMinimum", Shape::Bool),
    value_validation("maxLength", Shape::Integer),
    value_validation("minLength", Shape::Integer),
    value_validation("pattern", Shape::String),
    value_validation("maxItems", Shape::Integer),
    value_validation("minItems", Shape::Integer),
    value_validation("uniqueItems", Shape::Bool),
    value_validation("multipleOf", Shape::Number),
    value_validation("enum", Shape::Array),
    value_validation("maxProperties", Shape::Integer),
    value_validation("minProperties", Shape::Integer),
    value_validation("required", Shape::StringList),
    // Documentation only: Kubernetes keeps neither in the structural schema, so both are harmless anywhere.
    value_validation("example", Shape::Any),
    value_validation("externalDocs", Shape::Object),
    supported("x-kubernetes-preserve-unknown-fields", Shape::Bool, InJunctor::ForbiddenWhenTrue),
    supported("x-kubernetes-embedded-resource", Shape::Bool, InJunctor::ForbiddenWhenTrue),
    supported("x-kubernetes-int-or-string", Shape::Bool, InJunctor::ForbiddenWhenTrue),
    supported("x-kubernetes-list-map-keys", Shape::StringList, InJunctor::ForbiddenWhenNonEmpty),
    supported("x-kubernetes-list-type", Shape::String, InJunctor::ForbiddenWhenSet),
    supported("x-kubernetes-map-type", Shape::String, InJunctor::ForbiddenWhenSet),
    supported("x-kubernetes-validations", Shape::ObjectList, InJunctor::ForbiddenWhenNonEmpty),
    unsupported("$ref", Shape::String),
    unsupported("$schema", Shape::String),
    unsupported("id", Shape::String),
    unsupported("definitions", Shape::SchemaMap),
    unsupported("dependencies", Shape::Object),
    unsupported("additionalItems", Shape::SchemaOrBool),
    unsupported("patternProperties", Shape::SchemaMap),
];

/// The keyword called `name`, if the vocabulary has one: looked up for every keyword of every node of every CRD.
pub(super) fn keyword(name: &str) -> Option<&'static Keyword> {
    static BY_NAME: OnceLock<HashMap<&'static str, &'static Keyword>> = OnceLock::new();
    BY_NAME.get_or_init(|| KEYWORDS.iter().map(|keyword| (keyword.name, keyword)).collect()).get(name).copied()
}
