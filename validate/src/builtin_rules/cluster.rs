//! The rules of cluster-wide kinds: a Namespace's name, which becomes a label value, and a PriorityClass's
//! ceiling.

use serde_json::Value;

use super::common::rule_error;
use crate::names;
use crate::reason::Reason;
use crate::walk::FieldError;

/// A Namespace is labelled `kubernetes.io/metadata.name: <name>` before it is validated.
pub(super) fn namespace_name_label(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if let Some(name) = object.pointer("/metadata/name").and_then(Value::as_str) {
        for problem in names::label_value(name) {
            let message = format!("Invalid value: {name:?}: {problem}");
            errors.push(rule_error("metadata.labels".to_owned(), Reason::Invalid, message));
        }
    }
    errors
}

/// Above 1 000 000 000 the priorities are the system's own.
pub(super) fn priority_ceiling(object: &Value) -> Option<FieldError> {
    object.pointer("/value").and_then(Value::as_i64).is_some_and(|value| value > 1_000_000_000).then(|| {
        let message = "Forbidden: maximum allowed value of a user defined priority is 1000000000".to_owned();
        rule_error("value".to_owned(), Reason::Forbidden, message)
    })
}
