//! Protobuf wire rules: the `.proto` trees generated from the old and the new model, compiled with protox (no
//! protoc) and compared message by message, each field by its number, as binary and protobuf-JSON clients read them.

mod field;
mod message;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use kapi_model::{GroupVersion, Registry};
use prost_types::{DescriptorProto, FileDescriptorSet};
use protox::Compiler;
use protox::file::{ChainFileResolver, File, FileResolver, GoogleFileResolver};

use crate::rule::Rule;

/// The compiled protobuf definitions of one generated tree.
#[derive(Debug, Clone)]
pub struct Protos {
    files: FileDescriptorSet,
}

impl Protos {
    /// Compiles `.proto` sources, by import name (their path under the tree's `proto/`).
    pub fn compile(sources: BTreeMap<String, String>) -> Result<Self, String> {
        let names: Vec<String> = sources.keys().cloned().collect();
        let mut resolver = ChainFileResolver::new();
        resolver.add(Sources(sources));
        resolver.add(GoogleFileResolver::new());
        let mut compiler = Compiler::with_file_resolver(resolver);
        compiler.include_imports(true);
        compiler.open_files(&names).map_err(|e| e.to_string())?;
        Ok(Self { files: compiler.file_descriptor_set() })
    }

    /// Every message, nested ones included, by full name without the leading dot.
    fn messages(&self) -> HashMap<String, Located<'_>> {
        let mut messages = HashMap::new();
        for file in &self.files.file {
            let package = file.package();
            for message in &file.message_type {
                index(package, package, message, &mut messages);
            }
        }
        messages
    }
}

/// A message and the package it is declared in.
#[derive(Debug, Clone, Copy)]
struct Located<'a> {
    package: &'a str,
    message: &'a DescriptorProto,
}

fn index<'a>(package: &'a str, scope: &str, message: &'a DescriptorProto, out: &mut HashMap<String, Located<'a>>) {
    let name = if scope.is_empty() { message.name().to_owned() } else { format!("{scope}.{}", message.name()) };
    for nested in &message.nested_type {
        index(package, &name, nested, out);
    }
    out.insert(name, Located { package, message });
}

/// Serves the sources given to [`Protos::compile`] to protox by import name.
struct Sources(BTreeMap<String, String>);

impl FileResolver for Sources {
    fn open_file(&self, name: &str) -> Result<File, protox::Error> {
        match self.0.get(name) {
            Some(text) => File::from_source(name, text),
            None => Err(protox::Error::file_not_found(name)),
        }
    }
}

/// A wire change, at a message (its name within its package) and a field path (`.name`, empty for the message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WireChange {
    pub rule: Rule,
    pub group_version: GroupVersion,
    pub message: String,
    pub path: String,
    pub detail: String,
}

/// Compares every message the old tree has with the new message of the same name, and message-typed fields whose
/// type was renamed with the new type, field by field. `models` name the group-version of each package.
pub(crate) fn compare(old: &Protos, new: &Protos, models: [&Registry; 2]) -> Vec<WireChange> {
    let (old_messages, new_messages) = (old.messages(), new.messages());
    let group_versions = group_versions_by_package(models);
    let mut pending: Vec<(String, String)> =
        old_messages.keys().filter(|name| new_messages.contains_key(*name)).map(|n| (n.clone(), n.clone())).collect();
    pending.sort();
    let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
    let mut changes = Vec::new();
    while let Some((old_name, new_name)) = pending.pop() {
        if !seen.insert((old_name.clone(), new_name.clone())) {
            continue;
        }
        let (Some(old_message), Some(new_message)) = (old_messages.get(&old_name), new_messages.get(&new_name)) else {
            continue;
        };
        let message = old_name.strip_prefix(old_message.package).unwrap_or(&old_name).trim_start_matches('.');
        let group_version = group_versions
            .get(old_message.package)
            .cloned()
            .unwrap_or_else(|| package_group_version(old_message.package));
        let found = message::compare(old_message.message, new_message.message);
        pending.extend(found.renamed_types);
        changes.extend(found.changes.into_iter().map(|(rule, path, detail)| WireChange {
            rule,
            group_version: group_version.clone(),
            message: message.to_owned(),
            path,
            detail,
        }));
    }
    changes
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

/// A package no resource names (meta/v1's, runtime's): its last segment stands for the version, so that a
/// versioned package still gets its stability level.
fn package_group_version(package: &str) -> GroupVersion {
    match package.rsplit_once('.') {
        Some((prefix, last)) => GroupVersion::new(prefix, last),
        None => GroupVersion::new("", package),
    }
}
