//! Parameters, response headers and primitive items.

use super::schema::schema;
use super::values::{anys, extensions, json_reference, optional_any};
use crate::reader::{Obj, Problems};
use crate::v2::messages::{
    Any, BodyParameter, FormDataParameterSubSchema, Header, HeaderParameterSubSchema, NamedAny, NonBodyParameter,
    Parameter, ParametersItem, PathParameterSubSchema, PrimitivesItems, QueryParameterSubSchema, non_body_parameter,
    parameter, parameters_item,
};
use serde_json::Value;

/// The keys of the validation fields shared by non-body parameters, headers and primitive items.
const PRIMITIVE_KEYS: &[&str] = &[
    "type",
    "format",
    "items",
    "collectionFormat",
    "default",
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
    "enum",
    "multipleOf",
];

/// The keys every non-body parameter has besides the shared ones.
const NON_BODY_KEYS: &[&str] = &["required", "in", "description", "name"];

/// The validation fields shared by non-body parameters, headers and primitive items, read once.
struct Primitive {
    r#type: String,
    format: String,
    items: Option<Box<PrimitivesItems>>,
    collection_format: String,
    default: Option<Any>,
    maximum: f64,
    exclusive_maximum: bool,
    minimum: f64,
    exclusive_minimum: bool,
    max_length: i64,
    min_length: i64,
    pattern: String,
    max_items: i64,
    min_items: i64,
    unique_items: bool,
    r#enum: Vec<Any>,
    multiple_of: f64,
    vendor_extension: Vec<NamedAny>,
}

/// Builds `$message` from a [`Primitive`] plus the message's own fields (given as local variables).
macro_rules! from_primitive {
    ($message:ident, $primitive:expr $(, $own:ident)*) => {{
        let p: Primitive = $primitive;
        $message {
            $($own,)*
            r#type: p.r#type,
            format: p.format,
            items: p.items,
            collection_format: p.collection_format,
            default: p.default,
            maximum: p.maximum,
            exclusive_maximum: p.exclusive_maximum,
            minimum: p.minimum,
            exclusive_minimum: p.exclusive_minimum,
            max_length: p.max_length,
            min_length: p.min_length,
            pattern: p.pattern,
            max_items: p.max_items,
            min_items: p.min_items,
            unique_items: p.unique_items,
            r#enum: p.r#enum,
            multiple_of: p.multiple_of,
            vendor_extension: p.vendor_extension,
        }
    }};
}

fn primitive(problems: &mut Problems, o: &Obj<'_>) -> Primitive {
    Primitive {
        r#type: o.string(problems, "type"),
        format: o.string(problems, "format"),
        items: o.object(problems, "items").map(|items| Box::new(primitives_items(problems, &items))),
        collection_format: o.string(problems, "collectionFormat"),
        default: optional_any(o, "default"),
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
        r#enum: anys(problems, o, "enum"),
        multiple_of: o.number(problems, "multipleOf"),
        vendor_extension: extensions(o),
    }
}

fn primitives_items(problems: &mut Problems, o: &Obj<'_>) -> PrimitivesItems {
    o.check_keys(problems, PRIMITIVE_KEYS, &[]);
    from_primitive!(PrimitivesItems, primitive(problems, o))
}

/// Converts one response header.
pub(super) fn header(problems: &mut Problems, value: &Value, path: String) -> Header {
    let Some(o) = Obj::new(problems, value, path, "a header") else { return Header::default() };
    o.check_keys(problems, &[PRIMITIVE_KEYS, &["description"]].concat(), &["type"]);
    let description = o.string(problems, "description");
    from_primitive!(Header, primitive(problems, &o), description)
}

/// A parameter, or (with `$ref`) a reference to one, as gnostic tells them apart.
pub(super) fn parameters_item(problems: &mut Problems, value: &Value, path: String) -> ParametersItem {
    let oneof = if value.get("$ref").is_some() {
        parameters_item::Oneof::JsonReference(json_reference(problems, value, path))
    } else {
        parameters_item::Oneof::Parameter(Box::new(parameter(problems, value, path)))
    };
    ParametersItem { oneof: Some(oneof) }
}

/// Converts a parameter object; its `in` decides which message it becomes.
pub(super) fn parameter(problems: &mut Problems, value: &Value, path: String) -> Parameter {
    let Some(o) = Obj::new(problems, value, path, "a parameter") else { return Parameter::default() };
    let location = o.string(problems, "in");
    let oneof = match location.as_str() {
        "body" => parameter::Oneof::BodyParameter(Box::new(body_parameter(problems, &o))),
        "header" | "formData" | "query" | "path" => {
            parameter::Oneof::NonBodyParameter(Box::new(non_body_parameter(problems, &o, &location)))
        }
        _ => {
            let message =
                format!("must be one of \"body\", \"header\", \"formData\", \"query\", \"path\", found {location:?}");
            problems.add(&o.path_of("in"), message);
            return Parameter::default();
        }
    };
    Parameter { oneof: Some(oneof) }
}

fn body_parameter(problems: &mut Problems, o: &Obj<'_>) -> BodyParameter {
    o.check_keys(problems, &["description", "name", "in", "required", "schema"], &["in", "name", "schema"]);
    BodyParameter {
        description: o.string(problems, "description"),
        name: o.string(problems, "name"),
        r#in: o.string(problems, "in"),
        required: o.boolean(problems, "required"),
        schema: o.get("schema").map(|s| schema(problems, s, o.path_of("schema"))),
        vendor_extension: extensions(o),
    }
}

fn non_body_parameter(problems: &mut Problems, o: &Obj<'_>, location: &str) -> NonBodyParameter {
    // Only query and form-data parameters may be sent empty; only path parameters must say they are required.
    let may_be_empty = matches!(location, "query" | "formData");
    let own_keys: &[&str] = if may_be_empty { &["allowEmptyValue"] } else { &[] };
    let required_keys: &[&str] = if location == "path" { &["in", "name", "required"] } else { &["in", "name"] };
    o.check_keys(problems, &[PRIMITIVE_KEYS, NON_BODY_KEYS, own_keys].concat(), required_keys);
    let required = o.boolean(problems, "required");
    let r#in = o.string(problems, "in");
    let description = o.string(problems, "description");
    let name = o.string(problems, "name");
    let allow_empty_value = o.boolean(problems, "allowEmptyValue");
    let p = primitive(problems, o);
    use non_body_parameter::Oneof;
    let oneof = match location {
        "header" => Oneof::HeaderParameterSubSchema(from_primitive!(
            HeaderParameterSubSchema,
            p,
            required,
            r#in,
            description,
            name
        )),
        "formData" => Oneof::FormDataParameterSubSchema(from_primitive!(
            FormDataParameterSubSchema,
            p,
            required,
            r#in,
            description,
            name,
            allow_empty_value
        )),
        "query" => Oneof::QueryParameterSubSchema(from_primitive!(
            QueryParameterSubSchema,
            p,
            required,
            r#in,
            description,
            name,
            allow_empty_value
        )),
        _ => {
            Oneof::PathParameterSubSchema(from_primitive!(PathParameterSubSchema, p, required, r#in, description, name))
        }
    };
    NonBodyParameter { oneof: Some(oneof) }
}
