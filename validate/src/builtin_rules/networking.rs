//! The rules of an Ingress (networking.k8s.io/v1).

use serde_json::Value;

use super::common::{is_empty_list, items, rule_error};
use crate::reason::Reason;
use crate::walk::FieldError;

/// An Ingress names a default backend or rules; a `Prefix` or `Exact` path is absolute.
pub(super) fn ingress_rules(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let spec = object.get("spec").unwrap_or(&Value::Null);
    if spec.get("defaultBackend").is_none_or(Value::is_null) && is_empty_list(spec.get("rules")) {
        let message = "Invalid value: either `defaultBackend` or `rules` must be specified".to_owned();
        errors.push(rule_error("spec".to_owned(), Reason::Invalid, message));
    }
    for (rule_index, rule) in items(spec.get("rules")) {
        for (path_index, path) in items(rule.pointer("/http/paths")) {
            let text = path.get("path").and_then(Value::as_str).unwrap_or_default();
            let kind = path.get("pathType").and_then(Value::as_str).unwrap_or_default();
            if matches!(kind, "Prefix" | "Exact") && !text.starts_with('/') {
                let field = format!("spec.rules[{rule_index}].http.paths[{path_index}].path");
                errors.push(rule_error(
                    field,
                    Reason::Invalid,
                    format!("Invalid value: {text:?}: must be an absolute path"),
                ));
            }
        }
    }
    errors
}
