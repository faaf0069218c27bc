//! What the API server does not enforce of a built-in kind's published schema (Kubernetes 1.32). The server
//! validates built-in kinds in code (`pkg/apis/*/validation`), never against their OpenAPI schema, so some of the
//! schema's constraints have no counterpart there. Each entry was observed against a real server by the
//! differential test (`tests/tests/kube_validate.rs`) and read in the server's code.
//!
//! - `x-kubernetes-list-type` (`map`, `set`) is a merge strategy for server-side apply on built-in kinds, not a
//!   validation: two `env` items of one name are accepted (the code checks its own duplicates, such as container
//!   names, where it cares).
//! - A `null` list item decodes as the item type's zero value, not a type error.
//! - [`NOT_REQUIRED_1_32`]: fields the schema marks required that the code accepts absent.
//! - [`UNVALIDATED_1_32`]: parts of an object the code does not validate at all (but decodes: wrong types and
//!   undeclared fields are still refused).

use serde_json::Value;

use crate::catalog::Gvk;
use crate::reason::{Origin, Reason};
use crate::walk::FieldError;

/// Fields the published schema requires that the server accepts absent: (group, kind, field with `[*]` for list
/// indices).
pub const NOT_REQUIRED_1_32: &[(&str, &str, &str)] = &[
    ("", "LimitRange", "spec.limits"),
    ("apps", "StatefulSet", "spec.serviceName"),
    ("networking.k8s.io", "NetworkPolicy", "spec.podSelector"),
    ("rbac.authorization.k8s.io", "RoleBinding", "roleRef.apiGroup"),
];

/// Parts of an object the server's code does not validate: a StatefulSet's pod template spec (its validation is
/// left out of `ValidatePodTemplateSpecForStatefulSet`; only the template's labels and annotations are checked).
pub const UNVALIDATED_1_32: &[(&str, &str, &str)] = &[("apps", "StatefulSet", "spec.template.spec")];

/// Whether the server's code enforces what a schema error of a built-in kind reports.
pub fn enforced(gvk: &Gvk, object: &Value, error: &FieldError) -> bool {
    let field = without_indices(&error.field);
    let matches = |table: &[(&str, &str, &str)], under: bool| {
        table.iter().any(|(group, kind, path)| {
            *group == gvk.group
                && *kind == gvk.kind
                && (field == *path
                    || (under && field.strip_prefix(path).is_some_and(|rest| rest.starts_with(['.', '[']))))
        })
    };
    // Decoding still applies there: a value of the wrong type, an undeclared field or a number wider than its
    // int32 field is refused.
    let decoding = error.reason == Reason::TypeInvalid
        || value_at(object, &error.field).and_then(Value::as_i64).is_some_and(|n| i32::try_from(n).is_err());
    if matches(UNVALIDATED_1_32, true) && error.origin == Origin::Schema && !decoding {
        return false;
    }
    match error.reason {
        Reason::Duplicate => false,
        Reason::Required => !matches(NOT_REQUIRED_1_32, false),
        Reason::TypeInvalid => {
            !(error.field.ends_with(']') && value_at(object, &error.field).is_some_and(Value::is_null))
        }
        _ => true,
    }
}

/// `spec.ports[3].port` as `spec.ports[*].port`; map keys in brackets are kept.
fn without_indices(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut rest = field;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']').map(|c| open + c) else { break };
        out.push_str(&rest[..open]);
        let inside = &rest[open + 1..close];
        if !inside.is_empty() && inside.bytes().all(|b| b.is_ascii_digit()) {
            out.push_str("[*]");
        } else {
            out.push_str(&rest[open..=close]);
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The value at a field path (`spec.rules[0]`, `data[key]`), if the object has it.
fn value_at<'v>(object: &'v Value, field: &str) -> Option<&'v Value> {
    let mut current = object;
    for part in field.split('.') {
        let (name, mut brackets) = part.split_once('[').map_or((part, ""), |(name, rest)| (name, rest));
        if !name.is_empty() {
            current = current.get(name)?;
        }
        while !brackets.is_empty() {
            let (inside, after) = brackets.split_once(']')?;
            current = match current {
                Value::Array(items) => items.get(inside.parse::<usize>().ok()?)?,
                other => other.get(inside)?,
            };
            brackets = after.strip_prefix('[').unwrap_or(after);
        }
    }
    Some(current)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn error(field: &str, reason: Reason) -> FieldError {
        FieldError::schema(field, reason, "")
    }

    #[test]
    fn the_servers_code_leaves_some_schema_constraints_out() {
        let sts = Gvk::from_api_version("apps/v1", "StatefulSet");
        let object = json!({"spec": {"rules": [null, {}]}});
        assert!(!enforced(&sts, &object, &error("spec.template.spec.containers[0].image", Reason::Required)));
        assert!(enforced(&sts, &object, &error("spec.template.spec.containers[0].image", Reason::TypeInvalid)));
        assert!(!enforced(&sts, &object, &error("spec.serviceName", Reason::Required)));
        assert!(enforced(&sts, &object, &error("spec.selector", Reason::Required)));
        assert!(!enforced(&sts, &object, &error("spec.ports[1]", Reason::Duplicate)));
        assert!(!enforced(&sts, &object, &error("spec.rules[0]", Reason::TypeInvalid)));
        assert!(enforced(&sts, &object, &error("spec.rules[1]", Reason::TypeInvalid)));
        assert_eq!(without_indices("a[1].b[key].c[22]"), "a[*].b[key].c[*]");
    }
}
