//! Schemas and schema references: what `components.schemas` and every `schema` key hold.

use super::values::{any, extensions, external_docs, is_reference, optional_any, reference, strings};
use crate::reader::{Obj, Problems, child_path, kind_of};
use crate::v3::messages::{
    AdditionalPropertiesItem, DefaultType, Discriminator, ItemsItem, Schema, SchemaOrReference, Xml,
    additional_properties_item, default_type, schema_or_reference,
};
use serde_json::Value;

const SCHEMA_KEYS: &[&str] = &[
    "nullable",
    "discriminator",
    "readOnly",
    "writeOnly",
    "xml",
    "externalDocs",
    "example",
    "deprecated",
    "title",
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "uniqueItems",
    "maxProperties",
    "minProperties",
    "required",
    "enum",
    "type",
    "allOf",
    "oneOf",
    "anyOf",
    "not",
    "items",
    "properties",
    "additionalProperties",
    "default",
    "description",
    "format",
];

/// A schema, or (with `$ref`) a reference to one. Boxed by hand, unlike the other `...OrReference` converters,
/// because the schema choice is boxed.
pub(super) fn schema_or_reference(problems: &mut Problems, value: &Value, path: String) -> SchemaOrReference {
    let oneof = if is_reference(value) {
        schema_or_reference::Oneof::Reference(reference(problems, value, path))
    } else {
        schema_or_reference::Oneof::Schema(Box::new(schema(problems, value, path)))
    };
    SchemaOrReference { oneof: Some(oneof) }
}

fn schema(problems: &mut Problems, value: &Value, path: String) -> Schema {
    let Some(o) = Obj::new(problems, value, path, "a schema") else { return Schema::default() };
    o.check_keys(problems, SCHEMA_KEYS, &[]);
    Schema {
        nullable: o.boolean(problems, "nullable"),
        discriminator: o.object(problems, "discriminator").map(|d| discriminator(problems, &d)),
        read_only: o.boolean(problems, "readOnly"),
        write_only: o.boolean(problems, "writeOnly"),
        xml: o.object(problems, "xml").map(|x| xml(problems, &x)),
        external_docs: o.object(problems, "externalDocs").map(|d| external_docs(problems, &d)),
        example: optional_any(&o, "example"),
        deprecated: o.boolean(problems, "deprecated"),
        title: o.string(problems, "title"),
        multiple_of: o.number(problems, "multipleOf"),
        maximum: o.number(problems, "maximum"),
        exclusive_maximum: o.boolean(problems, "exclusiveMaximum"),
        minimum: o.number(problems, "minimum"),
        exclusive_minimum: o.boolean(problems, "exclusiveMinimum"),
        max_length: o.integer(problems, "maxLength"),
        min_length: o.integer(problems, "minLength"),
        pattern: o.string(problems, "pattern"),
        max_items: o.integer(problems, "maxItems"),
        min_items: o.integer(problems, "minItems"),
        unique_items: o.boolean(problems, "uniqueItems"),
        max_properties: o.integer(problems, "maxProperties"),
        min_properties: o.integer(problems, "minProperties"),
        required: o.strings(problems, "required"),
        r#enum: o.list(problems, "enum").iter().map(any).collect(),
        r#type: o.string(problems, "type"),
        all_of: o.each_item(problems, "allOf", schema_or_reference),
        one_of: o.each_item(problems, "oneOf", schema_or_reference),
        any_of: o.each_item(problems, "anyOf", schema_or_reference),
        not: o.get("not").map(|n| Box::new(schema(problems, n, o.path_of("not")))),
        items: items(problems, &o),
        properties: o.named(problems, "properties", schema_or_reference),
        additional_properties: additional_properties(problems, &o),
        default: o.get("default").map(default),
        description: o.string(problems, "description"),
        format: o.string(problems, "format"),
        specification_extension: extensions(&o),
    }
}

/// `items`: one schema, or a list of them.
fn items(problems: &mut Problems, o: &Obj<'_>) -> Option<ItemsItem> {
    let value = o.get("items")?;
    let path = o.path_of("items");
    let schema_or_reference = match value {
        Value::Object(_) => vec![schema_or_reference(problems, value, path)],
        Value::Array(list) => {
            let each =
                |(i, item): (usize, &Value)| schema_or_reference(problems, item, child_path(&path, &i.to_string()));
            list.iter().enumerate().map(each).collect()
        }
        other => {
            problems.add(&path, format_args!("must be a schema or a list of schemas, found {}", kind_of(other)));
            return None;
        }
    };
    Some(ItemsItem { schema_or_reference })
}

/// `additionalProperties`: a schema (or reference), or a boolean.
fn additional_properties(problems: &mut Problems, o: &Obj<'_>) -> Option<AdditionalPropertiesItem> {
    let value = o.get("additionalProperties")?;
    let path = o.path_of("additionalProperties");
    let oneof = match value {
        Value::Bool(allowed) => additional_properties_item::Oneof::Boolean(*allowed),
        Value::Object(_) => {
            additional_properties_item::Oneof::SchemaOrReference(schema_or_reference(problems, value, path))
        }
        other => {
            problems.add(&path, format_args!("must be a schema or a boolean, found {}", kind_of(other)));
            return None;
        }
    };
    Some(AdditionalPropertiesItem { oneof: Some(oneof) })
}

/// `default`: gnostic has a slot for numbers, booleans and strings only; any other value (the `{}` Kubernetes
/// puts on embedded objects, a list, null) becomes an empty `DefaultType`, which is what gnostic writes too.
fn default(value: &Value) -> DefaultType {
    let oneof = match value {
        Value::Number(n) => n.as_f64().map(default_type::Oneof::Number),
        Value::Bool(b) => Some(default_type::Oneof::Boolean(*b)),
        Value::String(s) => Some(default_type::Oneof::String(s.clone())),
        Value::Null | Value::Array(_) | Value::Object(_) => None,
    };
    DefaultType { oneof }
}

fn discriminator(problems: &mut Problems, o: &Obj<'_>) -> Discriminator {
    o.check_keys(problems, &["propertyName", "mapping"], &["propertyName"]);
    Discriminator {
        property_name: o.string(problems, "propertyName"),
        mapping: o.object(problems, "mapping").map(|m| strings(problems, &m)),
        specification_extension: extensions(o),
    }
}

fn xml(problems: &mut Problems, o: &Obj<'_>) -> Xml {
    o.check_keys(problems, &["name", "namespace", "prefix", "attribute", "wrapped"], &[]);
    Xml {
        name: o.string(problems, "name"),
        namespace: o.string(problems, "namespace"),
        prefix: o.string(problems, "prefix"),
        attribute: o.boolean(problems, "attribute"),
        wrapped: o.boolean(problems, "wrapped"),
        specification_extension: extensions(o),
    }
}
