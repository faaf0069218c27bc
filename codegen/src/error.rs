//! The library's error: an opaque struct over a private kind enum, with lowercase messages.

use std::fmt;
use std::io;
use std::path::PathBuf;

use kapi_model::{Conventions, DefName, Registry};

use crate::emit::proto::conflict::NumberingConflict;

/// Why generating or writing artifacts failed.
#[derive(Debug)]
pub struct Error {
    kind: Box<ErrorKind>,
}

#[derive(Debug)]
enum ErrorKind {
    /// The registry recorded problems while types were registered.
    InvalidRegistry(Vec<String>),
    /// A definition the profile relies on (DeleteOptions, Status, ...) is not registered; `from_kapi_meta` when
    /// `kapi_meta::register` registers it (the usual cause: a fresh registry that never called it).
    MissingMetaDefinition { role: &'static str, name: String, from_kapi_meta: bool },
    /// A `$ref` or a resource names a definition that is not registered.
    MissingDefinition { name: String, referenced_from: String },
    /// A resource serves `list` but names no list kind.
    MissingListDefinition { resource: String, group_version: String },
    /// Two resources produce the same operation.
    DuplicateOperation { path: String, method: &'static str },
    /// An artifact path is absolute or climbs out of the output directory.
    InvalidArtifactPath(String),
    /// A document built from typed values could not be turned into JSON.
    Serialize { document: String, source: serde_json::Error },
    /// Reading or writing a file failed.
    Io { path: PathBuf, source: io::Error },
    /// The protobuf definitions cannot be written (a wrapper around a non-list, two messages with one name).
    ProtoShape(Vec<String>),
    /// The source asks for protobuf field numbers that would change or reuse numbers the ledger has handed out.
    ProtoNumbering(Vec<NumberingConflict>),
    /// The field-number ledger cannot be read.
    InvalidLedger(String),
    /// Two group-versions with different conventions have kinds in one package.
    ConflictingConventions { package: String, claims: [(String, Conventions); 2] },
    /// Defaults or examples that their own schema rejects (and, under `strict`, required fields with defaults).
    InvalidDefaults(Vec<String>),
    /// Kinds marked as CRDs whose definitions the API server would reject, each problem naming the Rust type and
    /// field.
    InvalidCrd(Vec<String>),
    /// A document could not be written as YAML.
    Yaml { document: String, message: String },
    /// A group-version published with `crd` conventions has a resource no generated CRD serves.
    MissingCrd { group_version: String, resource: String },
}

impl Error {
    pub(crate) fn invalid_registry(problems: &[String]) -> Self {
        Self::from_kind(ErrorKind::InvalidRegistry(problems.to_vec()))
    }

    pub(crate) fn missing_meta_definition(role: &'static str, name: &str) -> Self {
        let mut meta = Registry::new();
        kapi_meta::register(&mut meta);
        let from_kapi_meta = meta.definition(&DefName::new(name)).is_some();
        Self::from_kind(ErrorKind::MissingMetaDefinition { role, name: name.to_owned(), from_kapi_meta })
    }

    pub(crate) fn conflicting_conventions(package: &str, claims: [(String, Conventions); 2]) -> Self {
        Self::from_kind(ErrorKind::ConflictingConventions { package: package.to_owned(), claims })
    }

    pub(crate) fn invalid_defaults(problems: Vec<String>) -> Self {
        Self::from_kind(ErrorKind::InvalidDefaults(problems))
    }

    pub(crate) fn invalid_crd(problems: Vec<String>) -> Self {
        Self::from_kind(ErrorKind::InvalidCrd(problems))
    }

    pub(crate) fn yaml(document: &str, message: String) -> Self {
        Self::from_kind(ErrorKind::Yaml { document: document.to_owned(), message })
    }

    pub(crate) fn missing_definition(name: &str, referenced_from: impl Into<String>) -> Self {
        Self::from_kind(ErrorKind::MissingDefinition { name: name.to_owned(), referenced_from: referenced_from.into() })
    }

    pub(crate) fn missing_crd(group_version: &str, resource: &str) -> Self {
        Self::from_kind(ErrorKind::MissingCrd {
            group_version: group_version.to_owned(),
            resource: resource.to_owned(),
        })
    }

    pub(crate) fn missing_list_definition(resource: &str, group_version: &str) -> Self {
        Self::from_kind(ErrorKind::MissingListDefinition {
            resource: resource.to_owned(),
            group_version: group_version.to_owned(),
        })
    }

    pub(crate) fn duplicate_operation(path: &str, method: &'static str) -> Self {
        Self::from_kind(ErrorKind::DuplicateOperation { path: path.to_owned(), method })
    }

    pub(crate) fn invalid_artifact_path(path: &str) -> Self {
        Self::from_kind(ErrorKind::InvalidArtifactPath(path.to_owned()))
    }

    pub(crate) fn serialize(document: impl Into<String>, source: serde_json::Error) -> Self {
        Self::from_kind(ErrorKind::Serialize { document: document.into(), source })
    }

    pub(crate) fn io(path: impl Into<PathBuf>, source: io::Error) -> Self {
        Self::from_kind(ErrorKind::Io { path: path.into(), source })
    }

    pub(crate) fn proto_shape(problems: Vec<String>) -> Self {
        Self::from_kind(ErrorKind::ProtoShape(problems))
    }

    pub(crate) fn proto_numbering(conflicts: Vec<NumberingConflict>) -> Self {
        Self::from_kind(ErrorKind::ProtoNumbering(conflicts))
    }

    pub(crate) fn invalid_ledger(problem: impl Into<String>) -> Self {
        Self::from_kind(ErrorKind::InvalidLedger(problem.into()))
    }

    /// The field numbers generation refused to change, when that is why it failed.
    pub fn numbering_conflicts(&self) -> &[NumberingConflict] {
        match &*self.kind {
            ErrorKind::ProtoNumbering(conflicts) => conflicts,
            _ => &[],
        }
    }

    fn from_kind(kind: ErrorKind) -> Self {
        Self { kind: Box::new(kind) }
    }

    /// A hint on how to fix the problem, when there is one.
    pub fn help(&self) -> Option<&'static str> {
        match *self.kind {
            ErrorKind::MissingMetaDefinition { from_kapi_meta: true, .. } => Some(
                "`kapi_meta::register(&mut registry)` registers the bodies and discovery types every API server speaks \
                 (Status, DeleteOptions, WatchEvent, Patch, APIResourceList, ...)",
            ),
            ErrorKind::MissingMetaDefinition { .. } => {
                Some("register the type, or set another name in the profile's meta definitions")
            }
            ErrorKind::MissingDefinition { .. } => Some("register the referenced type in the registry"),
            ErrorKind::ConflictingConventions { .. } => {
                Some("choose the package's conventions with `Registry::set_package_conventions`")
            }
            ErrorKind::MissingListDefinition { .. } => Some("give the resource a list kind, or drop the `list` verb"),
            ErrorKind::MissingCrd { .. } => {
                Some("mark the kind's version `#[kapi(crd)]`, or publish the group-version with other conventions")
            }
            ErrorKind::ProtoNumbering(_) => Some(
                "a field keeps its number forever: give `proto = N` the number proto/field-numbers.json records, or \
                 drop the attribute; a removed field's number is never reused",
            ),
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &*self.kind {
            ErrorKind::InvalidRegistry(problems) => {
                write!(f, "the registry has {} problem(s): {}", problems.len(), problems.join("; "))
            }
            ErrorKind::MissingMetaDefinition { role, name, from_kapi_meta } => {
                write!(f, "the {role} definition `{name}` is not in the registry")?;
                if *from_kapi_meta {
                    f.write_str("; call `kapi_meta::register(&mut registry)` before generating")?;
                }
                Ok(())
            }
            ErrorKind::MissingDefinition { name, referenced_from } => {
                write!(f, "definition `{name}` (referenced from {referenced_from}) is not in the registry")
            }
            ErrorKind::MissingListDefinition { resource, group_version } => {
                write!(f, "resource `{resource}` in {group_version} supports `list` but has no list definition")
            }
            ErrorKind::DuplicateOperation { path, method } => {
                write!(f, "two resources produce the {method} operation on `{path}`")
            }
            ErrorKind::InvalidArtifactPath(path) => {
                write!(f, "artifact path `{path}` must be relative and stay inside the output directory")
            }
            ErrorKind::Serialize { document, source } => write!(f, "cannot serialise `{document}`: {source}"),
            ErrorKind::Io { path, source } => write!(f, "cannot access `{}`: {source}", path.display()),
            ErrorKind::ProtoShape(problems) => {
                write!(
                    f,
                    "the protobuf definitions cannot be written ({} problem(s)): {}",
                    problems.len(),
                    problems.join("; ")
                )
            }
            ErrorKind::ProtoNumbering(conflicts) => {
                let listed: Vec<String> = conflicts.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "protobuf field numbers would change ({} conflict(s)): {}",
                    conflicts.len(),
                    listed.join("; ")
                )
            }
            ErrorKind::InvalidLedger(problem) => write!(f, "the protobuf field-number ledger is invalid: {problem}"),
            ErrorKind::MissingCrd { group_version, resource } => write!(
                f,
                "{group_version} is published with `crd` conventions, but no CRD serves its resource `{resource}` there"
            ),
            ErrorKind::ConflictingConventions { package, claims: [(a, a_conventions), (b, b_conventions)] } => write!(
                f,
                "package `{package}` holds kinds of {a} ({} conventions) and of {b} ({})",
                a_conventions.as_str(),
                b_conventions.as_str(),
            ),
            ErrorKind::InvalidDefaults(problems) => {
                write!(f, "{} default(s) or example(s) contradict their schema:", problems.len())?;
                problems.iter().try_for_each(|problem| write!(f, "\n  {problem}"))
            }
            ErrorKind::Yaml { document, message } => write!(f, "cannot write `{document}` as YAML: {message}"),
            ErrorKind::InvalidCrd(problems) => {
                write!(f, "{} problem(s) in custom resource definitions:", problems.len())?;
                problems.iter().try_for_each(|problem| write!(f, "\n  {problem}"))
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &*self.kind {
            ErrorKind::Io { source, .. } => Some(source),
            ErrorKind::Serialize { source, .. } => Some(source),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_lowercase_and_name_the_culprit() {
        let error = Error::missing_meta_definition("delete options", "io.k8s.x.DeleteOptions");
        let text = error.to_string();
        assert_eq!(text, "the delete options definition `io.k8s.x.DeleteOptions` is not in the registry");
        assert!(error.help().is_some_and(|help| help.contains("profile")));
        let io = Error::io("out/x.json", io::Error::other("boom"));
        assert!(std::error::Error::source(&io).is_some());
    }

    #[test]
    fn a_missing_kapi_meta_definition_names_the_call_that_registers_it() {
        let name = "io.k8s.apimachinery.pkg.apis.meta.v1.APIResourceList";
        let error = Error::missing_meta_definition("api resource list", name);
        assert_eq!(
            error.to_string(),
            format!(
                "the api resource list definition `{name}` is not in the registry; call \
                 `kapi_meta::register(&mut registry)` before generating"
            )
        );
        assert!(error.help().is_some_and(|help| help.starts_with("`kapi_meta::register(&mut registry)`")));
    }

    #[test]
    fn errors_cross_threads() {
        fn assert_send_sync<T: Send + Sync + 'static>() {}
        assert_send_sync::<Error>();
    }
}
