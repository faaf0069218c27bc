//! The elements of one tree by the keys the rules pair them by: files by path, messages, enums and services by full
//! name (without the leading dot).

use std::collections::{BTreeMap, BTreeSet};

use prost_types::field_descriptor_proto::Label;
use prost_types::{
    DescriptorProto, EnumDescriptorProto, FieldDescriptorProto, FileDescriptorProto, ServiceDescriptorProto,
};

use super::change::Change;
use super::protos::Protos;
use crate::rule::Rule;

/// Where an element is declared: its file, and its name within the package (`Widget.LabelsEntry`).
#[derive(Debug, Clone)]
pub(super) struct Place<'a> {
    pub file: &'a FileDescriptorProto,
    pub name: String,
}

impl Place<'_> {
    pub fn package(&self) -> &str {
        self.file.package()
    }

    pub fn path(&self) -> &str {
        self.file.name()
    }

    /// proto3 files give every message and enum protobuf's JSON mapping in full (buf: `json_format` `ALLOW`);
    /// proto2 files only as far as it goes (`LEGACY_BEST_EFFORT`).
    pub fn json_format(&self) -> &'static str {
        if self.is_proto3() { "ALLOW" } else { "LEGACY_BEST_EFFORT" }
    }

    pub fn is_proto3(&self) -> bool {
        self.file.syntax() == "proto3"
    }

    /// A change found at this element.
    pub fn change(&self, rule: Rule, path: String, subject: String, what: String) -> Change {
        Change {
            rule,
            package: self.package().to_owned(),
            element: self.name.clone(),
            path,
            file: self.path().to_owned(),
            subject,
            what,
        }
    }
}

/// The elements of one tree.
pub(super) struct Index<'a> {
    pub files: BTreeMap<&'a str, &'a FileDescriptorProto>,
    pub messages: BTreeMap<String, (Place<'a>, &'a DescriptorProto)>,
    pub enums: BTreeMap<String, (Place<'a>, &'a EnumDescriptorProto)>,
    pub services: BTreeMap<String, (Place<'a>, &'a ServiceDescriptorProto)>,
    /// Extensions by extendee's full name and number, with the full name of each (its scope and name).
    pub extensions: BTreeMap<(String, i32), (Place<'a>, String, &'a FieldDescriptorProto)>,
}

impl<'a> Index<'a> {
    pub fn new(protos: &'a Protos) -> Self {
        let own: BTreeSet<&str> = protos.own.iter().map(String::as_str).collect();
        let mut index = Index {
            files: BTreeMap::new(),
            messages: BTreeMap::new(),
            enums: BTreeMap::new(),
            services: BTreeMap::new(),
            extensions: BTreeMap::new(),
        };
        for file in protos.files.file.iter().filter(|file| own.contains(file.name())) {
            index.files.insert(file.name(), file);
            for message in &file.message_type {
                index.add_message(file, "", message);
            }
            for enumeration in &file.enum_type {
                index.add_enum(file, "", enumeration);
            }
            index.add_extensions(file, "", &file.extension);
            for service in &file.service {
                let place = Place { file, name: service.name().to_owned() };
                index.services.insert(full(file.package(), service.name()), (place, service));
            }
        }
        index
    }

    fn add_message(&mut self, file: &'a FileDescriptorProto, scope: &str, message: &'a DescriptorProto) {
        let name = within(scope, message.name());
        for nested in &message.nested_type {
            self.add_message(file, &name, nested);
        }
        for enumeration in &message.enum_type {
            self.add_enum(file, &name, enumeration);
        }
        self.add_extensions(file, &name, &message.extension);
        self.messages.insert(full(file.package(), &name), (Place { file, name }, message));
    }

    fn add_enum(&mut self, file: &'a FileDescriptorProto, scope: &str, enumeration: &'a EnumDescriptorProto) {
        let name = within(scope, enumeration.name());
        self.enums.insert(full(file.package(), &name), (Place { file, name }, enumeration));
    }

    /// Extensions declared in `scope` (a message's name within the package, or empty for the file): each is
    /// reported at its extendee, named as it is within the extension's package.
    fn add_extensions(&mut self, file: &'a FileDescriptorProto, scope: &str, extensions: &'a [FieldDescriptorProto]) {
        for extension in extensions {
            let extendee = extension.extendee().trim_start_matches('.');
            let prefix = format!("{}.", file.package());
            let name = extendee.strip_prefix(&prefix).unwrap_or(extendee).to_owned();
            let full_name = full(file.package(), &within(scope, extension.name()));
            let key = (extendee.to_owned(), extension.number());
            self.extensions.insert(key, (Place { file, name }, full_name, extension));
        }
    }

    /// The message a field's type names, if it is one of this tree's.
    pub fn message(&self, type_name: &str) -> Option<&'a DescriptorProto> {
        self.messages.get(type_name.trim_start_matches('.')).map(|(_, message)| *message)
    }

    /// The enum a field's type names, if it is one of this tree's.
    pub fn enumeration(&self, type_name: &str) -> Option<&'a EnumDescriptorProto> {
        self.enums.get(type_name.trim_start_matches('.')).map(|(_, enumeration)| *enumeration)
    }

    /// Whether a field is a map: repeated, of a map-entry message.
    pub fn is_map(&self, field: &FieldDescriptorProto) -> bool {
        field.label() == Label::Repeated
            && self.message(field.type_name()).is_some_and(|m| m.options.as_ref().is_some_and(|o| o.map_entry()))
    }
}

fn within(scope: &str, name: &str) -> String {
    if scope.is_empty() { name.to_owned() } else { format!("{scope}.{name}") }
}

fn full(package: &str, name: &str) -> String {
    if package.is_empty() { name.to_owned() } else { format!("{package}.{name}") }
}

/// buf's `FILE_SAME_PACKAGE`: a file kept under its path keeps its package.
pub(super) fn compare_files(old: &Index<'_>, new: &Index<'_>, changes: &mut Vec<Change>) {
    for (path, old_file) in &old.files {
        let Some(new_file) = new.files.get(path) else { continue };
        if old_file.package() != new_file.package() {
            changes.push(Change {
                rule: Rule::PackageChanged,
                package: old_file.package().to_owned(),
                element: (*path).to_owned(),
                path: String::new(),
                file: (*path).to_owned(),
                subject: String::new(),
                what: format!("package `{}` -> `{}`", old_file.package(), new_file.package()),
            });
        }
    }
}
