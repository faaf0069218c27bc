//! What the descriptors cannot say and the model can: whether a `bytes` field holds a byte string (base64 in
//! JSON) or a value's JSON text (untyped values, embedded objects).

use std::collections::BTreeMap;

use kapi_codegen::proto::message_name;
use kapi_model::{Definition, Registry, SchemaNode};

/// The model's definitions by the full name of their message.
#[derive(Debug)]
pub struct Hints<'r> {
    registry: &'r Registry,
    by_message: BTreeMap<String, &'r Definition>,
}

impl<'r> Hints<'r> {
    /// Hints from `registry`.
    pub fn new(registry: &'r Registry) -> Self {
        let by_message = registry.definitions().iter().map(|(name, d)| (message_name(name, &d.info), d)).collect();
        Self { registry, by_message }
    }

    /// True when field `field` (JSON name) of message `message` is a byte string, written in JSON as base64;
    /// otherwise a `bytes` field carries JSON text.
    pub fn is_byte_string(&self, message: &str, field: &str) -> bool {
        let Some(definition) = self.by_message.get(message) else { return false };
        let info = &definition.info.proto;
        let node = definition.schema.keywords().properties.get(field).or_else(|| info.wire_only.get(field));
        node.is_some_and(|node| self.has_byte_format(node, 0))
    }

    /// True when `message` is a definition's struct (its fields are JSON properties), rather than a wrapper of a
    /// list or a value's JSON text that happens to have the same shape.
    pub fn is_struct(&self, message: &str) -> bool {
        self.by_message.get(message).is_some_and(|d| !d.schema.keywords().properties.is_empty())
    }

    /// True when `message` is a JSON value of several shapes whose wire form has a field per shape (apiextensions'
    /// `JSONSchemaPropsOrBool`: a boolean or a schema in JSON, `{allows, schema}` on the wire).
    pub fn has_wire_alternatives(&self, message: &str) -> bool {
        self.by_message
            .get(message)
            .is_some_and(|d| !d.info.proto.wire_only.is_empty() && d.schema.keywords().properties.is_empty())
    }

    fn has_byte_format(&self, node: &SchemaNode, depth: usize) -> bool {
        if let Some(target) = node.target() {
            let body = self.registry.definition(target).map(|d| &d.schema);
            return depth < 8 && body.is_some_and(|body| self.has_byte_format(body, depth + 1));
        }
        let object = node.keywords();
        let inner = object.items.as_deref().or(object.additional_properties.as_deref());
        object.format.as_deref() == Some("byte") || inner.is_some_and(|inner| self.has_byte_format(inner, depth + 1))
    }
}
