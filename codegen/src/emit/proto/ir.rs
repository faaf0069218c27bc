//! The protobuf form of the model before it is written: files of messages of fields, with field numbers still
//! to be settled by the ledger.

use std::collections::{BTreeMap, BTreeSet};

use kapi_model::ProtoScalar;

/// One `generated.proto`: the messages of one Go-style package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct File {
    pub package: Package,
    /// Messages sorted by name, as go-to-protobuf sorts them.
    pub messages: Vec<Message>,
}

/// A package: its Go-style path (the file's folder and `go_package`) and its protobuf name.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Package {
    /// `k8s.io/api/coordination/v1`
    pub path: String,
    /// `k8s.io.api.coordination.v1`
    pub name: String,
}

impl Package {
    /// Where the package's file sits, relative to the proto root (also the path other files import).
    pub fn file_path(&self) -> String {
        format!("{}/generated.proto", self.path)
    }
}

/// A message, possibly with messages nested in it (inline objects, wrappers of nested lists).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Message {
    pub name: String,
    pub comment: Option<String>,
    pub fields: Vec<Field>,
    pub nested: Vec<Message>,
    /// Numbers and names of removed fields, by name; filled from the ledger.
    pub reserved: BTreeMap<String, u32>,
}

impl Message {
    /// A message with no fields yet.
    pub fn new(name: impl Into<String>, comment: Option<String>) -> Self {
        Self { name: name.into(), comment, fields: Vec::new(), nested: Vec::new(), reserved: BTreeMap::new() }
    }
}

/// A field of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Field {
    /// The protobuf name: the one the source gives (`proto_name`), else the JSON name made a valid identifier.
    pub name: String,
    /// The JSON name when it differs from `name` (written as the `json_name` option).
    pub json_name: Option<String>,
    /// The name the field had before the source gave it another one, when they differ: the ledger carries the
    /// field's number over from it (a rename changes no number).
    pub renamed_from: Option<String>,
    pub comment: Option<String>,
    pub kind: FieldKind,
    /// The number fixed in the source, if any.
    pub fixed: Option<u32>,
    /// The number the field is written with, once settled.
    pub number: u32,
}

/// How a field holds its values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum FieldKind {
    /// `optional T`
    Optional(TypeRef),
    /// `repeated T`
    Repeated(TypeRef),
    /// `map<string, T>`
    Map(TypeRef),
}

/// A value type: a scalar or a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TypeRef {
    Scalar(ProtoScalar),
    /// A message by package and path (`["Notification", "Webhook"]` for a nested one).
    Message {
        package: Package,
        path: Vec<String>,
    },
}

impl TypeRef {
    /// The packages this type lives in, other than `home`.
    pub fn foreign_package(&self, home: &Package) -> Option<&Package> {
        match self {
            Self::Message { package, .. } if package != home => Some(package),
            _ => None,
        }
    }
}

impl FieldKind {
    /// The value type.
    pub fn value(&self) -> &TypeRef {
        match self {
            Self::Optional(value) | Self::Repeated(value) | Self::Map(value) => value,
        }
    }
}

impl File {
    /// The packages this file must import, sorted.
    pub fn imports(&self) -> BTreeSet<&Package> {
        let mut found = BTreeSet::new();
        for message in &self.messages {
            collect_imports(message, &self.package, &mut found);
        }
        found
    }
}

fn collect_imports<'a>(message: &'a Message, home: &Package, found: &mut BTreeSet<&'a Package>) {
    found.extend(message.fields.iter().filter_map(|field| field.kind.value().foreign_package(home)));
    for nested in &message.nested {
        collect_imports(nested, home, found);
    }
}
