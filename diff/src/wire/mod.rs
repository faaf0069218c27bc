//! Protobuf wire rules: the `.proto` trees of the old and the new API, compiled with protox (no protoc), compared
//! as buf's `WIRE_JSON` category compares them (docs/peers/buf.md maps each rule): files by path, messages and enums
//! by full name, fields by number (extensions by extendee and number), enum values by number, services' methods
//! by name. A type renamed is a change of type, not a new pair to follow: clients that name the type (`Any`,
//! reflection) see it change.

mod change;
mod default;
mod enums;
mod field;
mod index;
mod message;
mod protos;
mod ranges;
mod service;

use std::collections::HashMap;

use kapi_model::{GroupVersion, Registry};

use crate::rule::Rule;
use index::Index;
pub use protos::Protos;

/// A wire change, at an element (a message's, an enum's or a service's name within its package, or a file's path)
/// and a path below it (`.field`, `.VALUE`, `.Method`, empty for the element itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WireChange {
    pub rule: Rule,
    pub group_version: GroupVersion,
    pub element: String,
    pub path: String,
    pub detail: String,
}

/// Every wire change between the old and the new definitions. `models` name the group-version of the packages
/// holding a resource's message.
pub(crate) fn compare(old: &Protos, new: &Protos, models: [&Registry; 2]) -> Vec<WireChange> {
    let (old, new) = (Index::new(old), Index::new(new));
    let mut changes = Vec::new();
    index::compare_files(&old, &new, &mut changes);
    message::compare_all(&old, &new, &mut changes);
    enums::compare_all(&old, &new, &mut changes);
    service::compare_all(&old, &new, &mut changes);
    let group_versions = group_versions_by_package(models);
    changes
        .into_iter()
        .map(|change| WireChange {
            rule: change.rule,
            group_version: group_versions
                .get(&change.package)
                .cloned()
                .unwrap_or_else(|| package_group_version(&change.package)),
            detail: change.detail(),
            element: change.element,
            path: change.path,
        })
        .collect()
}

/// The group-version of every package holding a resource's message, from both models.
fn group_versions_by_package(models: [&Registry; 2]) -> HashMap<String, GroupVersion> {
    let mut packages = HashMap::new();
    for model in models {
        for resource in model.resources() {
            if let Some(definition) = model.definition(&resource.definition) {
                let message = kapi_codegen::proto::message_name(&resource.definition, &definition.info);
                if let Some((package, _)) = message.rsplit_once('.') {
                    packages.entry(package.to_owned()).or_insert_with(|| resource.group_version.clone());
                }
            }
        }
    }
    packages
}

/// A package no resource names (meta/v1's, runtime's, any package of a tree without a model): its last segment
/// stands for the version, so that a versioned package still gets its stability level.
fn package_group_version(package: &str) -> GroupVersion {
    match package.rsplit_once('.') {
        Some((prefix, last)) => GroupVersion::new(prefix, last),
        None => GroupVersion::new("", package),
    }
}
