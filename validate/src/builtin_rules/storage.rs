//! The rules of a PersistentVolumeClaim.

use serde_json::Value;

use super::common::{items, rule_error};
use crate::reason::Reason;
use crate::walk::FieldError;

/// Each access mode is one the server knows.
pub(super) fn claim_access_modes(object: &Value) -> Vec<FieldError> {
    const MODES: &str = "\"ReadOnlyMany\", \"ReadWriteMany\", \"ReadWriteOnce\", \"ReadWriteOncePod\"";
    let mut errors = Vec::new();
    for (_, mode) in items(object.pointer("/spec/accessModes")) {
        let text = mode.as_str().unwrap_or_default();
        if !matches!(text, "ReadOnlyMany" | "ReadWriteMany" | "ReadWriteOnce" | "ReadWriteOncePod") {
            let message = format!("Unsupported value: {text:?}: supported values: {MODES}");
            errors.push(rule_error("spec.accessModes".to_owned(), Reason::NotSupported, message));
        }
    }
    errors
}
