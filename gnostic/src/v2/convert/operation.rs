//! Path items, operations and responses.

use super::parameters::{header, parameters_item};
use super::schema::schema;
use super::security::security_requirement;
use super::values::{extensions, external_docs, json_reference, named_any};
use crate::reader::{Obj, Problems, is_extension};
use crate::v2::messages::{
    Examples, NamedResponseValue, Operation, PathItem, Response, ResponseValue, Responses, SchemaItem, response_value,
    schema_item,
};
use serde_json::Value;

const PATH_ITEM_KEYS: &[&str] = &["$ref", "get", "put", "post", "delete", "options", "head", "patch", "parameters"];

const OPERATION_KEYS: &[&str] = &[
    "tags",
    "summary",
    "description",
    "externalDocs",
    "operationId",
    "produces",
    "consumes",
    "parameters",
    "responses",
    "schemes",
    "deprecated",
    "security",
];

/// Converts one entry of `paths`.
pub(super) fn path_item(problems: &mut Problems, value: &Value, path: String) -> PathItem {
    let Some(o) = Obj::new(problems, value, path, "a path item") else { return PathItem::default() };
    o.check_keys(problems, PATH_ITEM_KEYS, &[]);
    PathItem {
        _ref: o.string(problems, "$ref"),
        get: method(problems, &o, "get"),
        put: method(problems, &o, "put"),
        post: method(problems, &o, "post"),
        delete: method(problems, &o, "delete"),
        options: method(problems, &o, "options"),
        head: method(problems, &o, "head"),
        patch: method(problems, &o, "patch"),
        parameters: o.each_item(problems, "parameters", parameters_item),
        vendor_extension: extensions(&o),
    }
}

/// The operation a path item declares for `method`, if any.
fn method(problems: &mut Problems, o: &Obj<'_>, method: &str) -> Option<Operation> {
    o.object(problems, method).map(|op| operation(problems, &op))
}

fn operation(problems: &mut Problems, o: &Obj<'_>) -> Operation {
    o.check_keys(problems, OPERATION_KEYS, &["responses"]);
    Operation {
        tags: o.strings(problems, "tags"),
        summary: o.string(problems, "summary"),
        description: o.string(problems, "description"),
        external_docs: o.object(problems, "externalDocs").map(|d| external_docs(problems, &d)),
        operation_id: o.string(problems, "operationId"),
        produces: o.strings(problems, "produces"),
        consumes: o.strings(problems, "consumes"),
        parameters: o.each_item(problems, "parameters", parameters_item),
        responses: o.object(problems, "responses").map(|r| responses(problems, &r)),
        schemes: o.strings(problems, "schemes"),
        deprecated: o.boolean(problems, "deprecated"),
        security: o.each_item(problems, "security", security_requirement),
        vendor_extension: extensions(o),
    }
}

/// `responses`: three-digit status codes and `default` are responses, `x-` keys are extensions.
fn responses(problems: &mut Problems, o: &Obj<'_>) -> Responses {
    let mut response_code = Vec::new();
    for (name, value) in o.entries() {
        if is_status_code(name) || name == "default" {
            let value = Some(response_value(problems, value, o.path_of(name)));
            response_code.push(NamedResponseValue { name: name.to_owned(), value });
        } else if !is_extension(name) {
            problems.add(o.path(), format_args!("response key {name:?} is neither a status code nor \"default\""));
        }
    }
    Responses { response_code, vendor_extension: extensions(o) }
}

fn is_status_code(key: &str) -> bool {
    key.len() == 3 && key.bytes().all(|b| b.is_ascii_digit())
}

/// A response, or (with `$ref`) a reference to one, as gnostic tells them apart.
fn response_value(problems: &mut Problems, value: &Value, path: String) -> ResponseValue {
    let oneof = if value.get("$ref").is_some() {
        response_value::Oneof::JsonReference(json_reference(problems, value, path))
    } else {
        response_value::Oneof::Response(Box::new(response(problems, value, path)))
    };
    ResponseValue { oneof: Some(oneof) }
}

/// Converts a response object.
pub(super) fn response(problems: &mut Problems, value: &Value, path: String) -> Response {
    let Some(o) = Obj::new(problems, value, path, "a response") else { return Response::default() };
    o.check_keys(problems, &["description", "schema", "headers", "examples"], &["description"]);
    Response {
        description: o.string(problems, "description"),
        // gnostic tries `Schema` before `FileSchema`, and every file schema is also a valid schema.
        schema: o.get("schema").map(|s| SchemaItem {
            oneof: Some(schema_item::Oneof::Schema(Box::new(schema(problems, s, o.path_of("schema"))))),
        }),
        headers: o.named(problems, "headers", header),
        examples: o.object(problems, "examples").map(|e| Examples {
            additional_properties: e.entries().into_iter().map(|(k, v)| named_any(k.to_owned(), v)).collect(),
        }),
        vendor_extension: extensions(&o),
    }
}
