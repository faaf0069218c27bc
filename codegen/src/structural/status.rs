//! The rule that depends on the CRD version's subresources: with the status subresource, the API server validates
//! `status` on its own with the schema under `properties.status`, so the root may only say what is not lost when
//! that part is cut out (its type, properties, required fields, validation rules and plain value validations).

use serde_json::Value;

use crate::structural::node::Node;
use crate::structural::rule::StructuralRule;
use crate::structural::violation::{Location, Report};

/// The keywords the root may hold when the status subresource is enabled.
const ALLOWED_AT_ROOT: [&str; 22] = [
    "description",
    "type",
    "format",
    "title",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "uniqueItems",
    "multipleOf",
    "required",
    "items",
    "properties",
    "externalDocs",
    "example",
    "x-kubernetes-preserve-unknown-fields",
    "x-kubernetes-validations",
];

/// Checks the root's keywords for a version with the status subresource.
pub(super) fn check_root(root: Node<'_>, report: &mut Report) {
    for (name, value) in root.keywords() {
        // Zero values are what Kubernetes compares against, so they say nothing.
        let says_nothing = matches!(value, Value::Null | Value::Bool(false)) || value == &Value::from("");
        if !ALLOWED_AT_ROOT.contains(&name.as_str()) && !says_nothing {
            let detail = format!("`{name}` may not be used at the root when the status subresource is enabled");
            report.push(&Location::default(), StructuralRule::StatusSubresourceRoot, detail);
        }
    }
}
