//! What the descriptors cannot say and the model can: whether a `bytes` field holds a byte string (base64 in
//! JSON) or a value's JSON text (untyped values, embedded objects), and which message fields carry an embedded
//! struct whose properties sit inline in the JSON object.

use std::collections::{BTreeMap, BTreeSet};

use kapi_codegen::proto::message_name;
use kapi_model::{ProtoInfo, Registry, SchemaNode};

/// The model's definitions (and the messages of embedded `inline` types) by the full name of their message.
#[derive(Debug)]
pub struct Hints<'r> {
    registry: &'r Registry,
    by_message: BTreeMap<String, (&'r SchemaNode, &'r ProtoInfo)>,
    /// For each message with embedded fields: each such field's JSON name and the JSON properties it carries.
    embedded: BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
}

impl<'r> Hints<'r> {
    /// Hints from `registry`.
    pub fn new(registry: &'r Registry) -> Self {
        let mut by_message = BTreeMap::new();
        let mut embedded: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
        for (name, definition) in registry.definitions() {
            let message = message_name(name, &definition.info);
            let info = &definition.info.proto;
            let package = message.rsplit_once('.').map_or("", |(package, _)| package).to_owned();
            let properties = |schema: &SchemaNode| schema.keywords().properties.keys().cloned().collect();
            for (field, node) in &info.embedded {
                let body = node.target().and_then(|target| registry.definition(target));
                let carried = body.map(|body| properties(&body.schema)).unwrap_or_default();
                embedded.entry(message.clone()).or_default().insert(field.clone(), carried);
            }
            for (field, inline) in &info.embedded_inline {
                embedded.entry(message.clone()).or_default().insert(field.clone(), properties(&inline.schema));
                by_message.insert(format!("{package}.{}", inline.name), (&inline.schema, &inline.proto));
            }
            by_message.insert(message, (&definition.schema, info));
        }
        Self { registry, by_message, embedded }
    }

    /// True when field `field` (JSON name) of message `message` is a byte string, written in JSON as base64;
    /// otherwise a `bytes` field carries JSON text.
    pub fn is_byte_string(&self, message: &str, field: &str) -> bool {
        let Some((schema, info)) = self.by_message.get(message) else { return false };
        let node = schema.keywords().properties.get(field).or_else(|| info.wire_only.get(field));
        node.is_some_and(|node| self.has_byte_format(node, 0))
    }

    /// True when `message` is a definition's struct (its fields are JSON properties), rather than a wrapper of a
    /// list or a value's JSON text that happens to have the same shape.
    pub fn is_struct(&self, message: &str) -> bool {
        self.by_message.get(message).is_some_and(|(schema, _)| !schema.keywords().properties.is_empty())
    }

    /// The embedded fields of `message` (by JSON name), each with the JSON properties it carries: in JSON they sit
    /// in the object itself, on the wire inside the field's message.
    pub fn embedded(&self, message: &str) -> Option<&BTreeMap<String, BTreeSet<String>>> {
        self.embedded.get(message)
    }

    /// True when `message` is a JSON value of several shapes whose wire form has a field per shape (apiextensions'
    /// `JSONSchemaPropsOrBool`: a boolean or a schema in JSON, `{allows, schema}` on the wire).
    pub fn has_wire_alternatives(&self, message: &str) -> bool {
        self.by_message
            .get(message)
            .is_some_and(|(schema, info)| !info.wire_only.is_empty() && schema.keywords().properties.is_empty())
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
