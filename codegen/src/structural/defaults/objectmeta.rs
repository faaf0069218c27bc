//! What the API server checks of a resource's type and object metadata, applied to resources a default produces:
//! apiVersion and kind are present and well-formed, and metadata decodes as ObjectMeta with valid names, labels,
//! annotations and finalizers.

use serde_json::{Map, Value};

use crate::structural::keywords::json_kind;
use crate::structural::node::{Additional, Node};
use kapi_model::name_syntax::{is_dns1035_label, is_dns1123_label, is_label_value, is_qualified_name};

/// ObjectMeta's fields by the JSON kind they decode from (other fields are ignored when decoding).
const STRING_FIELDS: [&str; 8] = [
    "name",
    "generateName",
    "namespace",
    "selfLink",
    "uid",
    "resourceVersion",
    "creationTimestamp",
    "deletionTimestamp",
];
const INTEGER_FIELDS: [&str; 2] = ["generation", "deletionGracePeriodSeconds"];
const STRING_MAP_FIELDS: [&str; 2] = ["labels", "annotations"];
const LIST_FIELDS: [(&str, &str); 3] = [
    ("finalizers", "an array of strings"),
    ("ownerReferences", "an array of objects"),
    ("managedFields", "an array of objects"),
];

/// Problems with the embedded resources in `value` under `node`; `resource` says whether `node` itself is one.
pub(super) fn embedded_problems(value: &Value, node: Node<'_>, resource: bool) -> Vec<String> {
    let mut problems = Vec::new();
    visit(value, node, resource, "", &mut problems);
    problems
}

fn visit(value: &Value, node: Node<'_>, resource: bool, path: &str, problems: &mut Vec<String>) {
    match value {
        Value::Object(fields) => {
            if resource {
                let prefix = if path.is_empty() { String::new() } else { format!("{path}: ") };
                problems.extend(resource_problems(value).into_iter().map(|problem| format!("{prefix}{problem}")));
            }
            for (name, child) in fields {
                let schema = node.property(name).or(match node.additional() {
                    Additional::Schema(values) => Some(values),
                    _ => None,
                });
                if let Some(schema) = schema {
                    visit(child, schema, schema.embedded_resource(), &format!("{path}.{name}"), problems);
                }
            }
        }
        Value::Array(items) => {
            let Some(schema) = node.items() else { return };
            for (index, item) in items.iter().enumerate() {
                visit(item, schema, schema.embedded_resource(), &format!("{path}[{index}]"), problems);
            }
        }
        _ => {}
    }
}

/// Problems with one resource object's apiVersion, kind and metadata.
pub(super) fn resource_problems(resource: &Value) -> Vec<String> {
    let Some(fields) = resource.as_object() else { return Vec::new() };
    let mut problems = Vec::new();
    match fields.get("apiVersion") {
        None => problems.push("apiVersion is required".to_owned()),
        Some(Value::String(version)) if version.is_empty() => problems.push("apiVersion is empty".to_owned()),
        Some(Value::String(version)) if version.matches('/').count() > 1 => {
            problems.push(format!("apiVersion `{version}` is not group/version or version"));
        }
        Some(Value::String(_)) => {}
        Some(other) => problems.push(format!("apiVersion must be a string, not {}", json_kind(other))),
    }
    match fields.get("kind") {
        None => problems.push("kind is required".to_owned()),
        Some(Value::String(kind)) if kind.is_empty() => problems.push("kind is empty".to_owned()),
        Some(Value::String(kind)) if !is_dns1035_label(&kind.to_lowercase()) => {
            problems.push(format!("kind `{kind}` must be letters, digits and '-', starting with a letter"));
        }
        Some(Value::String(_)) => {}
        Some(other) => problems.push(format!("kind must be a string, not {}", json_kind(other))),
    }
    if let Some(metadata) = fields.get("metadata") {
        problems.extend(object_meta_problems(metadata));
    }
    problems
}

fn object_meta_problems(metadata: &Value) -> Vec<String> {
    let fields = match metadata {
        Value::Null => return Vec::new(),
        Value::Object(fields) => fields,
        other => return vec![format!("metadata must be an object, not {}", json_kind(other))],
    };
    let decoding = decoding_problems(fields);
    if !decoding.is_empty() {
        return decoding;
    }
    validation_problems(fields)
}

/// Fields that would not decode into ObjectMeta.
fn decoding_problems(fields: &Map<String, Value>) -> Vec<String> {
    let mut problems = Vec::new();
    let mut expect = |name: &str, fits: bool, expected: &str| {
        if !fits {
            problems.push(format!("metadata.{name} must be {expected}"));
        }
    };
    for (name, value) in fields.iter().filter(|(_, value)| !value.is_null()) {
        let name = name.as_str();
        if STRING_FIELDS.contains(&name) {
            expect(name, value.is_string(), "a string");
        } else if INTEGER_FIELDS.contains(&name) {
            expect(name, value.is_i64(), "an integer");
        } else if STRING_MAP_FIELDS.contains(&name) {
            let fits = value.as_object().is_some_and(|map| map.values().all(Value::is_string));
            expect(name, fits, "an object of strings");
        } else if let Some((_, expected)) = LIST_FIELDS.iter().find(|(field, _)| *field == name) {
            let element: fn(&Value) -> bool = if name == "finalizers" { Value::is_string } else { Value::is_object };
            expect(name, value.as_array().is_some_and(|list| list.iter().all(element)), expected);
        }
    }
    problems
}

/// The checks Kubernetes makes of decoded ObjectMeta that a default can break.
fn validation_problems(fields: &Map<String, Value>) -> Vec<String> {
    let mut problems = Vec::new();
    let text = |name: &str| fields.get(name).and_then(Value::as_str).unwrap_or_default();
    let (name, generate_name, namespace) = (text("name"), text("generateName"), text("namespace"));
    if matches!(name, "." | "..") || name.contains(['/', '%']) {
        problems.push(format!("metadata.name `{name}` may not be '.' or '..' nor contain '/' or '%'"));
    }
    if generate_name.contains(['/', '%']) {
        problems.push(format!("metadata.generateName `{generate_name}` may not contain '/' or '%'"));
    }
    if !namespace.is_empty() && !is_dns1123_label(namespace) {
        problems.push(format!("metadata.namespace `{namespace}` must be a DNS-1123 label"));
    }
    let map = |name: &str| fields.get(name).and_then(Value::as_object).into_iter().flatten();
    for (key, value) in map("labels") {
        if !is_qualified_name(key) {
            problems.push(format!("metadata.labels key `{key}` must be a qualified name"));
        }
        if !value.as_str().is_some_and(is_label_value) {
            problems.push(format!("metadata.labels value {value} of `{key}` must be a valid label value"));
        }
    }
    for (key, _) in map("annotations").filter(|(key, _)| !is_qualified_name(&key.to_lowercase())) {
        problems.push(format!("metadata.annotations key `{key}` must be a qualified name"));
    }
    let finalizers = fields.get("finalizers").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str);
    for finalizer in finalizers.filter(|finalizer| !is_qualified_name(finalizer)) {
        problems.push(format!("metadata.finalizers entry `{finalizer}` must be a qualified name"));
    }
    problems
}
