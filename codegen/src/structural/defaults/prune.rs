//! Pruning as the API server does it, to find the fields of a default it would drop: object fields are kept when a
//! property declares them, an additionalProperties (schema or `true`) covers them, or
//! `x-kubernetes-preserve-unknown-fields` keeps them; a resource's apiVersion, kind and metadata are left alone
//! (they are checked as metadata instead).

use serde_json::{Map, Value};

use crate::structural::node::{Additional, META_FIELDS, Node};

/// The fields of `value` pruning under `node` would drop, as paths from the value: `.a.b`, `.list[0].c`.
/// `resource` says whether `node` is a resource (the root or an embedded resource).
pub(super) fn pruned_fields(value: &Value, node: Node<'_>, resource: bool) -> Vec<String> {
    let mut dropped = Vec::new();
    prune(value, Some(node), resource, "", &mut dropped);
    dropped
}

fn prune(value: &Value, node: Option<Node<'_>>, resource: bool, path: &str, dropped: &mut Vec<String>) {
    if let Some(node) = node.filter(|node| node.preserves_unknown_fields()) {
        return keep_unknown(value, node, resource, path, dropped);
    }
    match value {
        Value::Object(fields) => match node {
            Some(node) => prune_fields(fields, node, resource, false, path, dropped),
            None => dropped.extend(fields.keys().map(|name| format!("{path}.{name}"))),
        },
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                let schema = node.and_then(Node::items);
                prune(item, schema, is_embedded(schema), &format!("{path}[{index}]"), dropped);
            }
        }
        _ => {}
    }
}

/// Prunes the fields of an object under `node`; `keep_undeclared` when `node` preserves unknown fields.
fn prune_fields(
    fields: &Map<String, Value>,
    node: Node<'_>,
    resource: bool,
    keep_undeclared: bool,
    path: &str,
    dropped: &mut Vec<String>,
) {
    for (name, value) in fields {
        let at = format!("{path}.{name}");
        if resource && META_FIELDS.contains(&name.as_str()) {
            continue;
        }
        match (node.property(name), node.additional()) {
            (Some(property), _) => prune(value, Some(property), property.embedded_resource(), &at, dropped),
            (None, Additional::Schema(values)) => prune(value, Some(values), values.embedded_resource(), &at, dropped),
            // `additionalProperties: true` (or false) keeps the key but knows nothing about its content.
            (None, Additional::Allowed(_)) => prune(value, None, false, &at, dropped),
            (None, Additional::Absent) if !keep_undeclared => dropped.push(at),
            (None, Additional::Absent) => {}
        }
    }
}

/// Below a node that preserves unknown fields, undeclared fields stay; declared ones are pruned as usual.
fn keep_unknown(value: &Value, node: Node<'_>, resource: bool, path: &str, dropped: &mut Vec<String>) {
    match value {
        Value::Object(fields) => prune_fields(fields, node, resource, true, path, dropped),
        Value::Array(items) => {
            let Some(schema) = node.items() else { return };
            for (index, item) in items.iter().enumerate() {
                keep_unknown(item, schema, schema.embedded_resource(), &format!("{path}[{index}]"), dropped);
            }
        }
        _ => {}
    }
}

fn is_embedded(node: Option<Node<'_>>) -> bool {
    node.is_some_and(Node::embedded_resource)
}
