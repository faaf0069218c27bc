//! Path items, operations, responses, links and callbacks.

use super::bodies::{header_or_reference, media_type, parameter_or_reference, request_body_or_reference};
use super::security::security_requirement;
use super::servers::server;
use super::values::{extensions, external_docs, named_any, or_reference_converter};
use crate::reader::{Obj, Problems, is_extension, kind_of};
use crate::v3::messages::{
    AnyOrExpression, Callback, CallbackOrReference, Expression, Link, LinkOrReference, NamedPathItem,
    NamedResponseOrReference, Operation, PathItem, Response, ResponseOrReference, Responses, any_or_expression,
    callback_or_reference, link_or_reference, response_or_reference,
};
use serde_json::Value;

const PATH_ITEM_KEYS: &[&str] = &[
    "$ref",
    "summary",
    "description",
    "get",
    "put",
    "post",
    "delete",
    "options",
    "head",
    "patch",
    "trace",
    "servers",
    "parameters",
];

const OPERATION_KEYS: &[&str] = &[
    "tags",
    "summary",
    "description",
    "externalDocs",
    "operationId",
    "parameters",
    "requestBody",
    "responses",
    "callbacks",
    "deprecated",
    "security",
    "servers",
];

or_reference_converter!(
    /// A response, or a reference to one.
    response_or_reference -> ResponseOrReference, response_or_reference::Response, response
);
or_reference_converter!(
    /// A link, or a reference to one.
    link_or_reference -> LinkOrReference, link_or_reference::Link, link
);
or_reference_converter!(
    /// A callback, or a reference to one.
    callback_or_reference -> CallbackOrReference, callback_or_reference::Callback, callback
);

/// Converts one entry of `paths` (or of a callback).
pub(super) fn path_item(problems: &mut Problems, value: &Value, path: String) -> PathItem {
    let Some(o) = Obj::new(problems, value, path, "a path item") else { return PathItem::default() };
    o.check_keys(problems, PATH_ITEM_KEYS, &[]);
    PathItem {
        _ref: o.string(problems, "$ref"),
        summary: o.string(problems, "summary"),
        description: o.string(problems, "description"),
        get: method(problems, &o, "get"),
        put: method(problems, &o, "put"),
        post: method(problems, &o, "post"),
        delete: method(problems, &o, "delete"),
        options: method(problems, &o, "options"),
        head: method(problems, &o, "head"),
        patch: method(problems, &o, "patch"),
        trace: method(problems, &o, "trace"),
        servers: o.each_item(problems, "servers", server),
        parameters: o.each_item(problems, "parameters", parameter_or_reference),
        specification_extension: extensions(&o),
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
        parameters: o.each_item(problems, "parameters", parameter_or_reference),
        request_body: o.get("requestBody").map(|b| request_body_or_reference(problems, b, o.path_of("requestBody"))),
        responses: o.object(problems, "responses").map(|r| responses(problems, &r)),
        callbacks: o.named(problems, "callbacks", callback_or_reference),
        deprecated: o.boolean(problems, "deprecated"),
        security: o.each_item(problems, "security", security_requirement),
        servers: o.each_item(problems, "servers", server),
        specification_extension: extensions(o),
    }
}

/// `responses`: `default`, status codes (`200`, `4XX`) and extensions.
fn responses(problems: &mut Problems, o: &Obj<'_>) -> Responses {
    let mut response_or_reference = Vec::new();
    for (name, value) in o.entries() {
        if is_status_code(name) {
            let value = Some(self::response_or_reference(problems, value, o.path_of(name)));
            response_or_reference.push(NamedResponseOrReference { name: name.to_owned(), value });
        } else if name != "default" && !is_extension(name) {
            problems.add(o.path(), format_args!("response key {name:?} is neither a status code nor \"default\""));
        }
    }
    Responses {
        default: o.get("default").map(|d| self::response_or_reference(problems, d, o.path_of("default"))),
        response_or_reference,
        specification_extension: extensions(o),
    }
}

/// Three characters, each a digit or `X` (OpenAPI 3's status-code ranges such as `4XX`).
fn is_status_code(key: &str) -> bool {
    key.len() == 3 && key.bytes().all(|b| b.is_ascii_digit() || b == b'X')
}

fn response(problems: &mut Problems, value: &Value, path: String) -> Response {
    let Some(o) = Obj::new(problems, value, path, "a response") else { return Response::default() };
    o.check_keys(problems, &["description", "headers", "content", "links"], &["description"]);
    Response {
        description: o.string(problems, "description"),
        headers: o.named(problems, "headers", header_or_reference),
        content: o.named(problems, "content", media_type),
        links: o.named(problems, "links", link_or_reference),
        specification_extension: extensions(&o),
    }
}

fn link(problems: &mut Problems, value: &Value, path: String) -> Link {
    let Some(o) = Obj::new(problems, value, path, "a link") else { return Link::default() };
    o.check_keys(problems, &["operationRef", "operationId", "parameters", "requestBody", "description", "server"], &[]);
    Link {
        operation_ref: o.string(problems, "operationRef"),
        operation_id: o.string(problems, "operationId"),
        parameters: o.get("parameters").map(|p| any_or_expression(problems, p, o.path_of("parameters"))),
        request_body: o.get("requestBody").map(|b| any_or_expression(problems, b, o.path_of("requestBody"))),
        description: o.string(problems, "description"),
        server: o.get("server").map(|s| server(problems, s, o.path_of("server"))),
        specification_extension: extensions(&o),
    }
}

/// A link's parameters or request body. gnostic tries `Any` and then `Expression` on objects only, and the later
/// match wins, so an object becomes an expression map and anything else is refused.
fn any_or_expression(problems: &mut Problems, value: &Value, path: String) -> AnyOrExpression {
    let Value::Object(map) = value else {
        problems.add(&path, format_args!("must be an object, found {}", kind_of(value)));
        return AnyOrExpression::default();
    };
    let mut entries: Vec<_> = map.iter().collect();
    entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
    let additional_properties = entries.into_iter().map(|(name, value)| named_any(name.clone(), value)).collect();
    AnyOrExpression { oneof: Some(any_or_expression::Oneof::Expression(Expression { additional_properties })) }
}

/// A callback: path items keyed by runtime expression, and extensions.
fn callback(problems: &mut Problems, value: &Value, path: String) -> Callback {
    let Some(o) = Obj::new(problems, value, path, "a callback") else { return Callback::default() };
    let items = o.entries().into_iter().filter(|(name, _)| !is_extension(name));
    let path = items
        .map(|(name, value)| NamedPathItem {
            name: name.to_owned(),
            value: Some(path_item(problems, value, o.path_of(name))),
        })
        .collect();
    Callback { path, specification_extension: extensions(&o) }
}
