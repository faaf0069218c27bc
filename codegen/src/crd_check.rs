//! What the API server would say about a CRD: the structural-schema rules and the CEL rule checks, per version.
//! The CRD emitter runs it on what it writes; `kapi check-crd` runs it on CRDs from anywhere.

use kapi_cel::{Severity, check_schema_rules};
use serde_json::Value;

use crate::structural::{StructuralOptions, check_structural_with};

/// One finding about one field of a version's schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The field path (`spec.ports[*].name`); empty for the root.
    pub field: String,
    /// The name of the rule broken: a structural rule's name, or `cel`.
    pub rule: String,
    /// What is wrong, starting with the field path, and the rule's name in brackets.
    pub message: String,
}

/// Everything found in one version's schema.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VersionFindings {
    /// What the API server rejects.
    pub errors: Vec<Finding>,
    /// What it accepts but mishandles (the structural rules kapi is stricter about, which kapi's own CRDs may
    /// not break), or may reject (CEL rules over the cost limits, rule `cel`).
    pub warnings: Vec<Finding>,
}

/// Checks one version's `openAPIV3Schema`; `status_subresource` when the version has one.
pub fn check_version(schema: &Value, status_subresource: bool) -> VersionFindings {
    let mut out = VersionFindings::default();
    for violation in check_structural_with(schema, &StructuralOptions { status_subresource }) {
        let (rule, message) = (violation.rule.name(), violation.message);
        let (target, note) = match violation.rule.accepted_by_server() {
            true => (&mut out.warnings, "; the API server accepts it"),
            false => (&mut out.errors, ""),
        };
        target.push(Finding {
            field: violation.field,
            rule: rule.to_owned(),
            message: format!("{message}{note} [{rule}]"),
        });
    }
    for finding in check_schema_rules(schema).findings {
        let field = if finding.field.is_empty() { "<root>" } else { &finding.field };
        let message = format!("{field}: rule `{}`: {} [cel]", finding.rule, finding.message);
        let target = if finding.severity == Severity::Error { &mut out.errors } else { &mut out.warnings };
        target.push(Finding { field: finding.field, rule: "cel".to_owned(), message });
    }
    out
}

/// Checks every version of a CustomResourceDefinition object; findings are prefixed with the version's name.
pub fn check_crd(crd: &Value) -> Result<VersionFindings, String> {
    if crd.get("kind").and_then(Value::as_str) != Some("CustomResourceDefinition") {
        return Err("not a CustomResourceDefinition (its `kind` says otherwise)".to_owned());
    }
    let versions = crd.pointer("/spec/versions").and_then(Value::as_array).ok_or("the CRD has no spec.versions")?;
    let mut out = VersionFindings::default();
    out.errors.extend(api_approval_problem(crd));
    for version in versions {
        let name = version.get("name").and_then(Value::as_str).unwrap_or("<unnamed>");
        let Some(schema) = version.pointer("/schema/openAPIV3Schema") else {
            let message = format!("version {name}: no schema.openAPIV3Schema; apiextensions.k8s.io/v1 requires one");
            out.errors.push(Finding { field: String::new(), rule: "schema-required".to_owned(), message });
            continue;
        };
        let status = version.pointer("/subresources/status").is_some();
        let found = check_version(schema, status);
        let prefix = |f: Finding| Finding { message: format!("version {name}: {}", f.message), ..f };
        out.errors.extend(found.errors.into_iter().map(prefix));
        out.warnings.extend(found.warnings.into_iter().map(prefix));
    }
    Ok(out)
}

/// The API server's group protection: a CRD in a group under `k8s.io` or `kubernetes.io` needs the
/// `api-approved.kubernetes.io` annotation, a URL or a reason starting `unapproved`.
fn api_approval_problem(crd: &Value) -> Option<Finding> {
    let group = crd.pointer("/spec/group").and_then(Value::as_str).unwrap_or_default();
    if !kapi_model::is_protected_group(group) {
        return None;
    }
    let key = format!("/metadata/annotations/{}", kapi_model::API_APPROVED_ANNOTATION.replace('/', "~1"));
    let problem = match crd.pointer(&key).and_then(Value::as_str) {
        None => "is required",
        Some(text) if text.starts_with("unapproved") => return None,
        Some(text) if is_url_with_host(text) => return None,
        Some(_) => "must be a URL or a reason starting \"unapproved\"",
    };
    let message = format!(
        "metadata.annotations[{}] {problem}: group {group} is protected by API review [api-approval]",
        kapi_model::API_APPROVED_ANNOTATION
    );
    Some(Finding { field: String::new(), rule: "api-approval".to_owned(), message })
}

/// A URL as Go's `url.Parse` reads one with a host: `scheme://host...`.
fn is_url_with_host(text: &str) -> bool {
    text.split_once("://").is_some_and(|(scheme, rest)| {
        let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
        !scheme.is_empty() && scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)) && !host.is_empty()
    })
}
