//! Schemas: what `definitions`, body parameters and responses hold.

use super::values::{anys, extensions, external_docs, optional_any};
use crate::reader::{Obj, Problems, child_path, kind_of};
use crate::v2::messages::{AdditionalPropertiesItem, ItemsItem, Schema, TypeItem, Xml, additional_properties_item};
use serde_json::Value;

const SCHEMA_KEYS: &[&str] = &[
    "$ref",
    "format",
    "title",
    "description",
    "default",
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
    "additionalProperties",
    "type",
    "items",
    "allOf",
    "properties",
    "discriminator",
    "readOnly",
    "xml",
    "externalDocs",
    "example",
];

/// Converts a schema object.
pub(super) fn schema(problems: &mut Problems, value: &Value, path: String) -> Schema {
    let Some(o) = Obj::new(problems, value, path, "a schema") else { return Schema::default() };
    o.check_keys(problems, SCHEMA_KEYS, &[]);
    Schema {
        _ref: o.string(problems, "$ref"),
        format: o.string(problems, "format"),
        title: o.string(problems, "title"),
        description: o.string(problems, "description"),
        default: optional_any(&o, "default"),
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
        r#enum: anys(problems, &o, "enum"),
        additional_properties: additional_properties(problems, &o).map(Box::new),
        r#type: type_item(problems, &o),
        items: items(problems, &o),
        all_of: o.each_item(problems, "allOf", schema),
        properties: o.named(problems, "properties", schema),
        discriminator: o.string(problems, "discriminator"),
        read_only: o.boolean(problems, "readOnly"),
        xml: o.object(problems, "xml").map(|x| xml(problems, &x)),
        external_docs: o.object(problems, "externalDocs").map(|d| external_docs(problems, &d)),
        example: optional_any(&o, "example"),
        vendor_extension: extensions(&o),
    }
}

/// `additionalProperties`: a schema, or a boolean.
fn additional_properties(problems: &mut Problems, o: &Obj<'_>) -> Option<AdditionalPropertiesItem> {
    let value = o.get("additionalProperties")?;
    let path = o.path_of("additionalProperties");
    let oneof = match value {
        Value::Bool(allowed) => additional_properties_item::Oneof::Boolean(*allowed),
        Value::Object(_) => additional_properties_item::Oneof::Schema(Box::new(schema(problems, value, path))),
        other => {
            problems.add(&path, format_args!("must be a schema or a boolean, found {}", kind_of(other)));
            return None;
        }
    };
    Some(AdditionalPropertiesItem { oneof: Some(oneof) })
}

/// `type`: one type name, or a list of them.
fn type_item(problems: &mut Problems, o: &Obj<'_>) -> Option<TypeItem> {
    match o.get("type")? {
        Value::String(name) => Some(TypeItem { value: vec![name.clone()] }),
        Value::Array(_) => Some(TypeItem { value: o.strings(problems, "type") }),
        other => {
            problems.add(
                &o.path_of("type"),
                format_args!("must be a string or a list of strings, found {}", kind_of(other)),
            );
            None
        }
    }
}

/// `items`: one schema, or a list of them.
fn items(problems: &mut Problems, o: &Obj<'_>) -> Option<ItemsItem> {
    let value = o.get("items")?;
    let path = o.path_of("items");
    match value {
        Value::Object(_) => Some(ItemsItem { schema: vec![schema(problems, value, path)] }),
        Value::Array(list) => {
            let schemas =
                list.iter().enumerate().map(|(i, item)| schema(problems, item, child_path(&path, &i.to_string())));
            Some(ItemsItem { schema: schemas.collect() })
        }
        other => {
            problems.add(&path, format_args!("must be a schema or a list of schemas, found {}", kind_of(other)));
            None
        }
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
        vendor_extension: extensions(o),
    }
}
