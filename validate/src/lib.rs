//! Offline validation of Kubernetes manifests against the schemas a kapi bundle serves, by `apiVersion` and
//! `kind`: what the API server would reject on create (or, given the old object, on update).
//!
//! Each document is checked against its kind's schema (types, required fields, enums, bounds, patterns, formats,
//! nulls, int-or-string, undeclared fields as with kubectl's strict validation, duplicate items of sets and map
//! lists) and against its CEL rules (`x-kubernetes-validations`), which see the object with schema defaults
//! filled in, as the server's rules do. A custom resource is validated with its defaults filled in too (a
//! required field with a default is never missing); a built-in kind as written, its published defaults being
//! Go zero values the server's code may still refuse.

mod blocking;
mod catalog;
mod defaults;
mod documents;
mod inline;
mod junctors;
mod rules;
mod scalars;
mod walk;

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::sync::Arc;

use serde_json::Value;

pub use catalog::{Catalog, CatalogError, Gvk};
pub use documents::{Document, InputError, parse_documents, read_documents};
pub use walk::FieldError;

/// One problem with one document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The file, as given.
    pub file: String,
    /// The document's number in the file, from 1.
    pub document: usize,
    /// `Kind/name` of the object, as far as the document says.
    pub object: String,
    /// The field, kubectl style (`spec.ports[1].port`); empty for the document as a whole.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Problem {
    /// `FILE:DOC: Kind/name: field: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let field = if self.field.is_empty() { "<root>" } else { &self.field };
        write!(f, "{}:{}: {}: {field}: {}", self.file, self.document, self.object, self.message)
    }
}

/// Identifies an object across files: API version, kind, namespace and name.
type ObjectKey = (String, String, String, String);

/// Validates documents against a catalog, caching each kind's schema.
#[derive(Debug)]
pub struct Validator<'c> {
    catalog: &'c Catalog,
    schemas: HashMap<Gvk, Option<Arc<Value>>>,
    patterns: scalars::Patterns,
    old: BTreeMap<ObjectKey, Value>,
}

impl<'c> Validator<'c> {
    /// A validator over `catalog`, with no old objects.
    pub fn new(catalog: &'c Catalog) -> Self {
        Validator { catalog, schemas: HashMap::new(), patterns: scalars::Patterns::default(), old: BTreeMap::new() }
    }

    /// The previous versions of objects, for transition rules: matched by API version, kind, namespace and name.
    pub fn with_old(mut self, old: impl IntoIterator<Item = Document>) -> Self {
        for document in old {
            if let Some(key) = object_key(&document.value) {
                self.old.insert(key, document.value);
            }
        }
        self
    }

    /// Every problem of one document.
    pub fn validate(&mut self, document: &Document) -> Vec<Problem> {
        let value = &document.value;
        let text = |key: &str| value.get(key).and_then(Value::as_str).filter(|s| !s.is_empty());
        let problem = |field: &str, message: String| Problem {
            file: document.file.clone(),
            document: document.index,
            object: object_label(value),
            field: field.to_owned(),
            message,
        };
        let (api_version, kind) = match (text("apiVersion"), text("kind")) {
            (Some(api_version), Some(kind)) => (api_version, kind),
            (api_version, _) => {
                let missing = if api_version.is_none() { "apiVersion" } else { "kind" };
                return vec![problem(missing, "Required value: every object names its apiVersion and kind".to_owned())];
            }
        };
        let gvk = Gvk::from_api_version(api_version, kind);
        let Some(schema) = self.schema(&gvk) else {
            return vec![self.unknown_kind(&gvk, &problem)];
        };
        let without_status = self.catalog.ignores_status(&gvk).then(|| status_dropped(value));
        let value = without_status.as_ref().unwrap_or(value);
        // The server fills a custom resource's defaults in before it validates it: a defaulted field is never
        // missing. A built-in kind's published defaults are its Go zero values (`""` for a required name), which
        // the server's code still refuses where a value is required: such objects are walked as written.
        let current = defaults::with_defaults(&schema, value);
        let custom = self.catalog.is_custom(&gvk);
        let mut problems: Vec<Problem> =
            walk::validate_value(&schema, if custom { &current } else { value }, &mut self.patterns, !custom)
                .into_iter()
                .map(|error| problem(&error.field, error.message))
                .collect();
        // The server runs no rule on an object with a blocking schema problem.
        if blocking::blocks_rules(problems.iter().map(|p| p.message.as_str())) {
            return problems;
        }
        let old = object_key(value).and_then(|key| self.old.get(&key)).map(|old| defaults::with_defaults(&schema, old));
        for violation in kapi_cel::validate_object(&schema, &current, old.as_ref()) {
            problems.push(problem(&violation.field, violation.message));
        }
        problems
    }

    fn schema(&mut self, gvk: &Gvk) -> Option<Arc<Value>> {
        let catalog = self.catalog;
        self.schemas.entry(gvk.clone()).or_insert_with(|| catalog.schema(gvk).map(Arc::new)).clone()
    }

    fn unknown_kind(&self, gvk: &Gvk, problem: &impl Fn(&str, String) -> Problem) -> Problem {
        let api_version = gvk.api_version();
        let kinds = self.catalog.kinds_of(&api_version);
        if kinds.is_empty() {
            let known = self.catalog.api_versions().join(", ");
            let message =
                format!("Unsupported value: {api_version:?}: the bundle has no such API version (it has: {known})");
            return problem("apiVersion", message);
        }
        let message =
            format!("Unsupported value: {:?}: {api_version} has no such kind (it has: {})", gvk.kind, kinds.join(", "));
        problem("kind", message)
    }
}

/// The object without its `status` (which the server drops on create and update when a subresource writes it).
fn status_dropped(value: &Value) -> Value {
    let mut value = value.clone();
    if let Some(fields) = value.as_object_mut() {
        fields.remove("status");
    }
    value
}

/// `Kind/name`, or what the document has of it.
fn object_label(value: &Value) -> String {
    let kind = value.get("kind").and_then(Value::as_str).filter(|k| !k.is_empty()).unwrap_or("<no kind>");
    let metadata =
        |key: &str| value.pointer(&format!("/metadata/{key}")).and_then(Value::as_str).filter(|n| !n.is_empty());
    match (metadata("name"), metadata("generateName")) {
        (Some(name), _) => format!("{kind}/{name}"),
        (None, Some(prefix)) => format!("{kind}/{prefix}*"),
        (None, None) => format!("{kind}/<no name>"),
    }
}

fn object_key(value: &Value) -> Option<ObjectKey> {
    let text = |pointer: &str| value.pointer(pointer).and_then(Value::as_str).map(str::to_owned);
    Some((
        text("/apiVersion")?,
        text("/kind")?,
        text("/metadata/namespace").unwrap_or_default(),
        text("/metadata/name")?,
    ))
}
