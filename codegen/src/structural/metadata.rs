//! Rules about a resource's type and object metadata: in the root and in every embedded resource, apiVersion and
//! kind are strings and metadata is an object; the root's metadata is Kubernetes' own ObjectMeta, which a CRD may
//! only narrow for `name` and `generateName`.

use serde_json::Value;

use crate::structural::node::{Node, key};
use crate::structural::rule::StructuralRule;
use crate::structural::sites::{Level, Site};
use crate::structural::violation::{Location, Report};

/// Keys root metadata may carry: its type, the allowed properties, a default (forbidden by its own rule) and
/// documentation Kubernetes does not keep.
const ROOT_METADATA_KEYS: [&str; 5] = ["type", "properties", "default", "example", "externalDocs"];

/// The ObjectMeta fields a CRD may restrict.
const RESTRICTABLE: [&str; 2] = ["name", "generateName"];

/// Checks the type and object metadata declared by a resource node.
pub(super) fn check(site: &Site<'_>, report: &mut Report) {
    if site.structural().is_none() || !site.is_resource() {
        return;
    }
    for (field, expected) in [("apiVersion", "string"), ("kind", "string"), ("metadata", "object")] {
        let Some(property) = site.node.property(field) else { continue };
        if !property.is_type(expected) {
            let found = property.type_name().map_or("no type".to_owned(), |name| format!("type {name}"));
            let detail = format!("{field} must be of type {expected} in a resource, not {found}");
            report.push(&site.at.property(field), StructuralRule::MetaFieldType, detail);
        }
    }
    let root = site.structural().is_some_and(|context| context.level == Level::Root);
    if let Some(metadata) = site.node.property("metadata").filter(|_| root) {
        root_metadata(metadata, &site.at.property("metadata"), report);
    }
}

fn root_metadata(metadata: Node<'_>, at: &Location, report: &mut Report) {
    for (name, value) in metadata.keywords() {
        // Zero values are what Kubernetes compares against, so they say nothing.
        let says_nothing = value.is_null() || value == &Value::Bool(false);
        if !ROOT_METADATA_KEYS.contains(&name.as_str()) && !says_nothing {
            let detail =
                format!("root metadata may only say type: object and restrict name and generateName, not set `{name}`");
            report.push(at, StructuralRule::RootMetadata, detail);
        }
    }
    let Some(properties) = metadata.get(key::PROPERTIES).and_then(Value::as_object) else { return };
    for name in properties.keys().filter(|name| !RESTRICTABLE.contains(&name.as_str())) {
        let detail = format!("root metadata may only restrict name and generateName, not `{name}`");
        report.push(at, StructuralRule::RootMetadata, detail);
    }
    for (name, property) in metadata.properties() {
        if RESTRICTABLE.contains(&name) && !property.is_type("string") {
            let detail = format!("metadata.{name} is a string, so its schema must have type string");
            report.push(&at.property(name), StructuralRule::MetadataNameType, detail);
        }
    }
}
