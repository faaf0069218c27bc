//! The rules of a Role or ClusterRole (rbac.authorization.k8s.io/v1).

use serde_json::Value;

use super::common::{is_empty_list, items, rule_error};
use crate::reason::Reason;
use crate::walk::FieldError;

/// A rule about resources (no non-resource URLs) names its API groups and resources.
pub(super) fn role_rules(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    for (index, rule) in items(object.get("rules")) {
        if !is_empty_list(rule.get("nonResourceURLs")) {
            continue;
        }
        for (field, what) in [("apiGroups", "api group"), ("resources", "resource")] {
            if is_empty_list(rule.get(field)) {
                let message = format!("Required value: resource rules must supply at least one {what}");
                errors.push(rule_error(format!("rules[{index}].{field}"), Reason::Required, message));
            }
        }
    }
    errors
}
