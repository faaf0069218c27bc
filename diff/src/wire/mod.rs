//! Protobuf wire rules: the `.proto` trees of the old and the new API, compiled with protox (no protoc), compared
//! as buf's `WIRE_JSON` category compares them (docs/peers/buf.md maps each rule): files by path, messages and enums
//! by full name, fields by number (extensions by extendee and number), enum values by number, services' methods
//! by name. A type renamed is a change of type, not a new pair to follow: clients that name the type (`Any`,
//! reflection) see it change.

mod default;
mod enums;
mod field;
mod index;
mod message;
mod ranges;
mod service;

use std::collections::{BTreeMap, HashMap};

use kapi_model::{GroupVersion, Registry};
use prost_types::FileDescriptorSet;
use protox::Compiler;
use protox::file::{ChainFileResolver, File, FileResolver, GoogleFileResolver};

use crate::rule::Rule;
use index::Index;

/// The compiled protobuf definitions of one tree.
#[derive(Debug, Clone)]
pub struct Protos {
    files: FileDescriptorSet,
    /// The files given to [`Protos::compile`], by import name: the others (google/protobuf/*) are imports only.
    own: Vec<String>,
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
        Ok(Self { files: compiler.file_descriptor_set(), own: names })
    }
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

/// A change as the rules find it, before it is placed in a group-version: the package and the element, the file it
/// is reported in, what it is about (`field 5`, `value 2`, `reserved range [5,9]`; empty for the element itself),
/// and what changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Change {
    pub rule: Rule,
    pub package: String,
    pub element: String,
    pub path: String,
    pub file: String,
    pub subject: String,
    pub what: String,
}

impl Change {
    /// The detail as findings print it: `<file> <subject>: <what>`, buf's coordinates (its file and the number it
    /// names) first, so that the two tools' reports can be laid side by side.
    fn detail(&self) -> String {
        match self.subject.as_str() {
            "" => format!("{}: {}", self.file, self.what),
            subject => format!("{} {subject}: {}", self.file, self.what),
        }
    }
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
