//! A failed CEL rule as the API server reports it: the rule's `reason` picks the field error's type, and an
//! `Invalid value` names the node's type (`Invalid value: "integer": must be positive`), as the 1.32 server does.

use kapi_cel::RuleViolation;
use serde_json::Value;

use crate::reason::{Origin, Reason};
use crate::walk::{FieldError, type_of};

/// The field error of one violation found in `object`.
pub fn cel_field_error(object: &Value, violation: RuleViolation) -> FieldError {
    let node = value_at(object, &violation.field);
    let (reason, message) = match violation.reason.as_deref() {
        Some("FieldValueForbidden") => (Reason::Forbidden, format!("Forbidden: {}", violation.message)),
        Some("FieldValueRequired") => (Reason::Required, format!("Required value: {}", violation.message)),
        Some("FieldValueDuplicate") => (Reason::Duplicate, format!("Duplicate value: {:?}", node.map_or("", type_of))),
        _ => (Reason::Invalid, format!("Invalid value: {:?}: {}", node.map_or("", type_of), violation.message)),
    };
    FieldError { field: violation.field, reason, origin: Origin::Cel, message }
}

/// The value at a kubectl-style path: `spec.ports[1]`, `spec.labels[app]`; the object itself for `""`.
fn value_at<'v>(object: &'v Value, path: &str) -> Option<&'v Value> {
    let mut node = object;
    let mut rest = path;
    while !rest.is_empty() {
        rest = rest.strip_prefix('.').unwrap_or(rest);
        if let Some(inner) = rest.strip_prefix('[') {
            let (key, after) = inner.split_once(']')?;
            node = match node {
                Value::Array(items) => items.get(key.parse::<usize>().ok()?)?,
                other => other.get(key)?,
            };
            rest = after;
        } else {
            let end = rest.find(['.', '[']).unwrap_or(rest.len());
            node = node.get(&rest[..end])?;
            rest = &rest[end..];
        }
    }
    Some(node)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn paths() {
        let object = json!({"spec": {"ports": [{"port": 1}], "labels": {"a.b": "x"}}});
        assert_eq!(value_at(&object, "spec.ports[0].port"), Some(&json!(1)));
        assert_eq!(value_at(&object, "spec.labels[a.b]"), Some(&json!("x")));
        assert_eq!(value_at(&object, ""), Some(&object));
    }
}
