//! OpenAPI v3 and swagger 2.0 documents: their named schemas become definitions, their paths resources.

use std::collections::BTreeMap;

use kapi_model::{DefName, GroupVersionKind, SchemaNode};
use serde_json::Value;

use crate::operation::{Operation, operations};
use crate::schema::{RefStyle, escape, read};

/// What one document holds.
#[derive(Debug, Default)]
pub struct Read {
    pub definitions: BTreeMap<DefName, SchemaNode>,
    pub operations: Vec<Operation>,
}

/// Reads an OpenAPI v3 (`v3`) or swagger 2.0 document.
pub fn read_document(origin: &str, document: &Value, v3: bool) -> Result<Read, String> {
    let (schemas, style, pointer) = if v3 {
        (document.pointer("/components/schemas"), RefStyle::Components, "#/components/schemas")
    } else {
        (document.get("definitions"), RefStyle::Definitions, "#/definitions")
    };
    let mut read_in = Read::default();
    let mut problems = Vec::new();
    if let Some(schemas) = schemas.and_then(Value::as_object) {
        for (name, schema) in schemas {
            match read(schema, style, &format!("{pointer}/{}", escape(name))) {
                Ok(node) => {
                    read_in.definitions.insert(DefName::new(name.clone()), node);
                }
                Err(problem) => problems.push(problem),
            }
        }
    }
    if !problems.is_empty() {
        return Err(format!("{origin}: {}", problems.join("; ")));
    }
    let produces: Vec<String> = document
        .get("produces")
        .and_then(Value::as_array)
        .map(|list| list.iter().filter_map(Value::as_str).map(str::to_owned).collect())
        .unwrap_or_default();
    if let Some(paths) = document.get("paths").and_then(Value::as_object) {
        read_in.operations = operations(paths, v3, &produces);
    }
    Ok(read_in)
}

/// The definition of every group-version-kind definitions declare (`x-kubernetes-group-version-kind`); a kind
/// several definitions claim (DeleteOptions and WatchEvent are in every group-version) is left to the first.
pub fn kinds(definitions: &BTreeMap<DefName, SchemaNode>) -> BTreeMap<GroupVersionKind, DefName> {
    let mut kinds = BTreeMap::new();
    for (name, node) in definitions {
        if let SchemaNode::Inline(object) = node {
            for kind in &object.kubernetes.group_version_kind {
                kinds.entry(kind.clone()).or_insert_with(|| name.clone());
            }
        }
    }
    kinds
}
