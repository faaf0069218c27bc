//! The JSON paths a CRD names for selectable fields and the scale subresource's replica counters must lead to
//! fields of the version's schema, of a type the API server accepts there. (Printer columns are judged apart, in
//! [`crate::printer_columns`]: the server reads them as JSONPath templates, not against the schema.)

use serde_json::Value;

/// The schema node `path` (`.spec.replicas`, `.spec.ports[0].name`) leads to, if every step names a field.
pub(crate) fn resolve<'s>(schema: &'s Value, path: &str) -> Option<&'s Value> {
    let rest = path.strip_prefix('.')?;
    let mut node = schema;
    for step in rest.split('.') {
        let (field, indexes) = match step.find('[') {
            Some(at) => (&step[..at], &step[at..]),
            None => (step, ""),
        };
        node = node.get("properties")?.get(field)?;
        for _ in indexes.split('[').skip(1) {
            node = node.get("items")?;
        }
    }
    Some(node)
}

/// The schema's `type`, `int-or-string` for the integer-or-string union, or `untyped`.
pub(crate) fn type_of(node: &Value) -> &str {
    if node.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true)) {
        return "int-or-string";
    }
    node.get("type").and_then(Value::as_str).unwrap_or("untyped")
}

/// Checks a path that must lead to a field whose type is one of `types`; `what` introduces the message.
pub(crate) fn check(schema: &Value, path: &str, types: &[&str], what: &str) -> Option<String> {
    let Some(node) = resolve(schema, path) else {
        return Some(format!("{what}: `{path}` names no field of the schema"));
    };
    let found = type_of(node);
    if types.is_empty() || types.contains(&found) {
        return None;
    }
    Some(format!("{what}: `{path}` is of type {found}; the API server needs {}", types.join(" or ")))
}

/// Checks that `path` starts with one of the `prefixes` the API server allows for it.
pub(crate) fn check_prefix(path: &str, prefixes: &[&str], what: &str) -> Option<String> {
    if prefixes.iter().any(|p| path.starts_with(p)) {
        return None;
    }
    Some(format!("{what}: `{path}` must start with {}", prefixes.join(" or ")))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{check, resolve};

    #[test]
    fn paths_follow_properties_and_list_items() {
        let schema = json!({"type": "object", "properties": {"spec": {"type": "object", "properties": {
            "replicas": {"type": "integer"},
            "ports": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}}
        }}}});
        assert_eq!(resolve(&schema, ".spec.replicas"), Some(&json!({"type": "integer"})));
        assert_eq!(resolve(&schema, ".spec.ports[0].name"), Some(&json!({"type": "string"})));
        assert_eq!(resolve(&schema, "spec.replicas"), None);
        assert_eq!(check(&schema, ".spec.replicas", &["integer"], "scale"), None);
        let wrong = check(&schema, ".spec.ports[0].name", &["integer"], "scale").expect("a string is no count");
        assert!(wrong.contains("is of type string"), "{wrong}");
        let missing = check(&schema, ".spec.image", &[], "column `Image`").expect("no such field");
        assert!(missing.contains("`.spec.image` names no field"), "{missing}");
    }
}
