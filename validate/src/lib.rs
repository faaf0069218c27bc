//! Offline validation of Kubernetes manifests against the schemas a kapi bundle serves, by `apiVersion` and
//! `kind`: what the API server would reject on create (or, given the old object, on update), in its words.
//!
//! Each document is checked as the server checks it, in its order: decoding (a known kind, `metadata` fields of
//! the right JSON types, no undeclared fields, as with kubectl's strict validation); the metadata rules of every
//! object (names in the format the kind requires, labels, annotations, finalizers, owner references: see
//! [`NAME_RULES_1_32`]); the kind's schema (types, required fields, enums, bounds, patterns, formats, nulls,
//! int-or-string, junctors, duplicate items of sets and map lists); for built-in kinds, the rules the server has in
//! code that the published schema lacks ([`RULES_1_32`]); for a CustomResourceDefinition, the CRD checks a caller
//! plugs in ([`CrdChecker`]); and the CEL rules (`x-kubernetes-validations`), which see the object with schema
//! defaults filled in, as the server's rules do. A custom resource is walked with its defaults filled in too (a
//! required field with a default is never missing; unions see defaulted fields), and without its `status` when a
//! status subresource writes it (the server drops it on create and update); a built-in kind is walked as written,
//! its published defaults being Go zero values the server's code may still refuse. No CEL rule runs on an object
//! with a blocking problem (missing, unsupported, too long, too many, wrong type), as on the server.
//!
//! Every [`Problem`] carries the server's field-error [`Reason`] and the [`Origin`] of the check that found it;
//! [`document_status`] turns a document's problems into the `metav1.Status` the server would answer.
//!
//! kapi-validate depends on kapi-cel only. The structural-schema checker a CRD manifest needs lives in
//! kapi-codegen, with the generator around it; rather than depend on all of that, kapi-validate takes the checker
//! as a function ([`Validator::with_crd_checker`]), which `kapi validate` supplies.

mod blocking;
mod builtin_required;
mod builtin_rules;
mod builtin_schema;
mod catalog;
mod cel_errors;
mod defaults;
mod documents;
mod inline;
mod junctors;
mod metadata;
mod names;
mod problem;
mod reason;
mod rules;
mod scalars;
mod status;
mod walk;

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use serde_json::Value;

pub use builtin_required::REQUIRED_IN_CODE_1_32;
pub use builtin_rules::{POD_SPECS_1_32, RULES_1_32};
pub use builtin_schema::{NOT_REQUIRED_1_32, UNVALIDATED_1_32};
pub use catalog::{Catalog, CatalogError, Gvk};
pub use documents::{Document, InputError, Piece, parse_documents, read_documents, split_documents};
pub use metadata::{ANNOTATIONS_SIZE_LIMIT, NAME_RULES_1_32, NameRule, name_rule};
pub use problem::Problem;
pub use reason::{Origin, Reason};
pub use status::{bad_request_status, document_status, success_status};
pub use walk::FieldError;

/// Checks a CustomResourceDefinition object as the API server does beyond its OpenAPI schema (its version
/// schemas' structural rules and CEL rules), returning the server's field errors. kapi-validate has no CRD
/// checker of its own: the structural checker lives in kapi-codegen, which is far heavier than this crate needs
/// to be, so the caller plugs one in ([`Validator::with_crd_checker`]); `kapi validate` plugs in kapi-codegen's.
pub type CrdChecker = fn(&Value) -> Vec<FieldError>;

/// Identifies an object across files: API version, kind, namespace and name.
type ObjectKey = (String, String, String, String);

/// Validates documents against a catalog, caching each kind's schema.
#[derive(Debug)]
pub struct Validator<'c> {
    catalog: &'c Catalog,
    schemas: HashMap<Gvk, Option<Arc<Value>>>,
    patterns: scalars::Patterns,
    old: BTreeMap<ObjectKey, Value>,
    crd_checker: Option<CrdChecker>,
}

impl<'c> Validator<'c> {
    /// A validator over `catalog`, with no old objects.
    pub fn new(catalog: &'c Catalog) -> Self {
        Validator {
            catalog,
            schemas: HashMap::new(),
            patterns: scalars::Patterns::default(),
            old: BTreeMap::new(),
            crd_checker: None,
        }
    }

    /// Checks CustomResourceDefinition objects with `checker` too, beyond their schema.
    pub fn with_crd_checker(mut self, checker: CrdChecker) -> Self {
        self.crd_checker = Some(checker);
        self
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

    /// Every problem of one document, in the order the server finds them: decoding (including undeclared
    /// fields), object metadata, the schema, the built-in kinds' rules in code, a CRD's own checks, CEL rules.
    pub fn validate(&mut self, document: &Document) -> Vec<Problem> {
        let value = &document.value;
        let text = |key: &str| value.get(key).and_then(Value::as_str).filter(|s| !s.is_empty());
        let problem = |error: FieldError| Problem {
            file: document.file.clone(),
            document: document.index,
            object: object_label(value),
            field: error.field,
            reason: error.reason,
            origin: error.origin,
            message: error.message,
        };
        let (api_version, kind) = match (text("apiVersion"), text("kind")) {
            (Some(api_version), Some(kind)) => (api_version, kind),
            (api_version, _) => {
                let missing = if api_version.is_none() { "apiVersion" } else { "kind" };
                let message = "Required value: every object names its apiVersion and kind".to_owned();
                return vec![problem(decode_error(missing, message))];
            }
        };
        let gvk = Gvk::from_api_version(api_version, kind);
        let Some(schema) = self.schema(&gvk) else {
            return vec![problem(self.unknown_kind(&gvk))];
        };
        if let Some(error) = metadata::metadata_decode_error(value) {
            return vec![problem(error)];
        }
        let built_in = !self.catalog.is_custom(&gvk);
        let without_status = self.catalog.ignores_status(&gvk).then(|| status_dropped(value));
        let value = without_status.as_ref().unwrap_or(value);
        let mut errors = metadata::metadata_problems(&gvk, value, built_in);
        // The server fills a custom resource's defaults in before it validates it: a defaulted field is never
        // missing. A built-in kind's published defaults are its Go zero values (`""` for a required name), which
        // the server's code still refuses where a value is required: such objects are walked as written.
        let current = defaults::with_defaults(&schema, value);
        let walked = if built_in { value } else { &current };
        // The server decodes metadata into its Go type and checks it in code (above), never against ObjectMeta's
        // schema, whose `required` (an owner reference's uid) it reports in its own words.
        let schema_errors = walk::validate_value(&schema, walked, &mut self.patterns, built_in);
        errors.extend(schema_errors.into_iter().filter(|e| {
            !(e.field.starts_with("metadata.") && e.reason == Reason::Required)
                && (!built_in || builtin_schema::enforced(&gvk, value, e))
        }));
        if built_in {
            // A rule may restate what the schema found (a required name): each field's reason once.
            let in_code = builtin_rules::builtin_problems(&gvk, value);
            for error in in_code.into_iter().chain(builtin_required::required_problems(&gvk, value)) {
                if !errors.iter().any(|e| e.field == error.field && e.reason == error.reason) {
                    errors.push(error);
                }
            }
        }
        if let Some(checker) = self.crd_checker
            && gvk.group == "apiextensions.k8s.io"
            && gvk.kind == "CustomResourceDefinition"
        {
            errors.extend(checker(value));
        }
        // The server runs no rule on an object with a blocking problem.
        if blocking::blocks_rules(&errors) {
            return errors.into_iter().map(problem).collect();
        }
        let old = object_key(value).and_then(|key| self.old.get(&key)).map(|old| defaults::with_defaults(&schema, old));
        for violation in kapi_cel::validate_object(&schema, &current, old.as_ref()) {
            errors.push(cel_errors::cel_field_error(&current, violation));
        }
        errors.into_iter().map(problem).collect()
    }

    fn schema(&mut self, gvk: &Gvk) -> Option<Arc<Value>> {
        let catalog = self.catalog;
        self.schemas.entry(gvk.clone()).or_insert_with(|| catalog.schema(gvk).map(Arc::new)).clone()
    }

    /// The server cannot even look up a validator for an unknown kind: a decoding failure, not a field error.
    fn unknown_kind(&self, gvk: &Gvk) -> FieldError {
        let api_version = gvk.api_version();
        let kinds = self.catalog.kinds_of(&api_version);
        if kinds.is_empty() {
            let known = self.catalog.api_versions().join(", ");
            let message =
                format!("Unsupported value: {api_version:?}: the bundle has no such API version (it has: {known})");
            return decode_error("apiVersion", message);
        }
        let message =
            format!("Unsupported value: {:?}: {api_version} has no such kind (it has: {})", gvk.kind, kinds.join(", "));
        decode_error("kind", message)
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

fn decode_error(field: &str, message: String) -> FieldError {
    FieldError { field: field.to_owned(), reason: Reason::Internal, origin: Origin::Decode, message }
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
