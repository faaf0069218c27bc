//! A read-only, typed view of one schema node (a JSON object), so rules ask questions instead of matching JSON.
//! Accessors answer only for well-formed values; malformed ones are the vocabulary rules' business.

use serde_json::{Map, Value};

/// The keywords a structural node is built from, and the extensions rules read.
pub(super) mod key {
    pub const TYPE: &str = "type";
    pub const PROPERTIES: &str = "properties";
    pub const ITEMS: &str = "items";
    pub const ADDITIONAL_PROPERTIES: &str = "additionalProperties";
    pub const REQUIRED: &str = "required";
    pub const NULLABLE: &str = "nullable";
    pub const DEFAULT: &str = "default";
    pub const ALL_OF: &str = "allOf";
    pub const ANY_OF: &str = "anyOf";
    pub const ONE_OF: &str = "oneOf";
    pub const NOT: &str = "not";
    pub const PRESERVE_UNKNOWN_FIELDS: &str = "x-kubernetes-preserve-unknown-fields";
    pub const EMBEDDED_RESOURCE: &str = "x-kubernetes-embedded-resource";
    pub const INT_OR_STRING: &str = "x-kubernetes-int-or-string";
    pub const LIST_TYPE: &str = "x-kubernetes-list-type";
    pub const LIST_MAP_KEYS: &str = "x-kubernetes-list-map-keys";
    pub const MAP_TYPE: &str = "x-kubernetes-map-type";
    pub const VALIDATIONS: &str = "x-kubernetes-validations";
}

/// The junctors, whose branches hold value validations only.
pub(super) const JUNCTOR_LISTS: [&str; 3] = [key::ALL_OF, key::ANY_OF, key::ONE_OF];

/// The fields of a resource that carry its type and object metadata.
pub(super) const META_FIELDS: [&str; 3] = ["apiVersion", "kind", "metadata"];

/// What `additionalProperties` says.
#[derive(Debug, Clone, Copy)]
pub(super) enum Additional<'a> {
    /// Not given (or malformed).
    Absent,
    /// `true` or `false`.
    Allowed(bool),
    /// A schema for the values.
    Schema(Node<'a>),
}

/// One schema node.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node<'a> {
    map: &'a Map<String, Value>,
}

impl<'a> Node<'a> {
    /// The node `value` is, if it is a JSON object.
    pub fn of(value: &'a Value) -> Option<Self> {
        value.as_object().map(|map| Self { map })
    }

    /// The node's raw keywords.
    pub fn keywords(self) -> &'a Map<String, Value> {
        self.map
    }

    /// The raw value of `key`.
    pub fn get(self, key: &str) -> Option<&'a Value> {
        self.map.get(key)
    }

    /// Whether `key` is the boolean `true`.
    pub fn flag(self, key: &str) -> bool {
        self.get(key) == Some(&Value::Bool(true))
    }

    /// The string value of `key`.
    pub fn str(self, key: &str) -> Option<&'a str> {
        self.get(key).and_then(Value::as_str)
    }

    /// The non-empty `type`, when it is a string.
    pub fn type_name(self) -> Option<&'a str> {
        self.str(key::TYPE).filter(|name| !name.is_empty())
    }

    /// Whether `type` is `name`.
    pub fn is_type(self, name: &str) -> bool {
        self.type_name() == Some(name)
    }

    /// `nullable: true`.
    pub fn nullable(self) -> bool {
        self.flag(key::NULLABLE)
    }

    /// `x-kubernetes-preserve-unknown-fields: true`.
    pub fn preserves_unknown_fields(self) -> bool {
        self.flag(key::PRESERVE_UNKNOWN_FIELDS)
    }

    /// `x-kubernetes-embedded-resource: true`.
    pub fn embedded_resource(self) -> bool {
        self.flag(key::EMBEDDED_RESOURCE)
    }

    /// `x-kubernetes-int-or-string: true`.
    pub fn int_or_string(self) -> bool {
        self.flag(key::INT_OR_STRING)
    }

    /// The declared properties that are schema objects, in key order.
    pub fn properties(self) -> Vec<(&'a str, Node<'a>)> {
        let Some(properties) = self.get(key::PROPERTIES).and_then(Value::as_object) else { return Vec::new() };
        properties.iter().filter_map(|(name, value)| Some((name.as_str(), Node::of(value)?))).collect()
    }

    /// Whether `properties` declares at least one property.
    pub fn has_properties(self) -> bool {
        self.get(key::PROPERTIES).and_then(Value::as_object).is_some_and(|properties| !properties.is_empty())
    }

    /// Property `name`'s schema.
    pub fn property(self, name: &str) -> Option<Node<'a>> {
        self.get(key::PROPERTIES)?.get(name).and_then(Node::of)
    }

    /// The single `items` schema.
    pub fn items(self) -> Option<Node<'a>> {
        self.get(key::ITEMS).and_then(Node::of)
    }

    /// What `additionalProperties` says.
    pub fn additional(self) -> Additional<'a> {
        match self.get(key::ADDITIONAL_PROPERTIES) {
            Some(Value::Bool(allowed)) => Additional::Allowed(*allowed),
            Some(value) => Node::of(value).map_or(Additional::Absent, Additional::Schema),
            None => Additional::Absent,
        }
    }

    /// The string entries of a list keyword (`required`, `x-kubernetes-list-map-keys`).
    pub fn strings(self, key: &str) -> Vec<&'a str> {
        let Some(list) = self.get(key).and_then(Value::as_array) else { return Vec::new() };
        list.iter().filter_map(Value::as_str).collect()
    }

    /// The schema branches of a junctor list (`allOf`, `anyOf`, `oneOf`) with their indexes.
    pub fn branches(self, junctor: &str) -> Vec<(usize, Node<'a>)> {
        let Some(list) = self.get(junctor).and_then(Value::as_array) else { return Vec::new() };
        list.iter().enumerate().filter_map(|(index, value)| Some((index, Node::of(value)?))).collect()
    }

    /// The `not` schema.
    pub fn not(self) -> Option<Node<'a>> {
        self.get(key::NOT).and_then(Node::of)
    }

    /// The `default` value, if one is given (`null` included).
    pub fn default(self) -> Option<&'a Value> {
        self.get(key::DEFAULT)
    }

    /// Whether this node's `anyOf` is exactly `[{type: integer}, {type: string}]`, the shape Kubernetes itself
    /// writes for int-or-string, whose branches may therefore carry a type.
    pub fn has_int_or_string_any_of(self) -> bool {
        let Some(list) = self.get(key::ANY_OF).and_then(Value::as_array) else { return false };
        let only_type = |value: &Value, name: &str| {
            value.as_object().is_some_and(|map| map.len() == 1 && map.get(key::TYPE) == Some(&Value::from(name)))
        };
        list.len() == 2 && only_type(&list[0], "integer") && only_type(&list[1], "string")
    }
}
