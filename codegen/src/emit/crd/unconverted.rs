//! A warning for a CRD whose versions' schemas differ while no conversion webhook is configured. Under the `None`
//! strategy the API server converts an object by changing its `apiVersion` only, so a field one version names and
//! another does not (a renamed field, say) is pruned on the way, and its data is lost.

use std::collections::BTreeMap;

use serde_json::Value;

use super::document::BuiltVersion;
use super::plan::CrdPlan;

/// The warning for `plan` when it has no conversion webhook and some version's fields differ from the storage
/// version's: names the kind, each such version and its first differing field.
pub(crate) fn warning(plan: &CrdPlan<'_>, versions: &[BuiltVersion<'_>]) -> Option<String> {
    if versions.iter().any(|v| v.settings.conversion_webhook.is_some()) {
        return None;
    }
    let storage = versions.iter().find(|v| v.storage)?;
    let stored = fields(&storage.schema);
    let differences: Vec<String> = versions
        .iter()
        .filter(|v| !v.storage)
        .filter_map(|v| first_difference(&fields(&v.schema), &stored, &v.name, &storage.name))
        .collect();
    if differences.is_empty() {
        return None;
    }
    Some(format!(
        "CRD {} (kind {}): the schemas of its versions differ and no conversion webhook is configured, so the API \
         server converts by changing apiVersion alone and drops what the other version has no field for: {}; add \
         crd(conversion_webhook(...)) to the kind",
        plan.name(),
        plan.names.kind,
        differences.join("; ")
    ))
}

/// Every field's path (`.spec.replicas`, `.spec.ports[*].name`) with its type, sorted by path.
fn fields(schema: &Value) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    collect(schema, "", &mut out);
    out
}

fn collect(schema: &Value, path: &str, out: &mut BTreeMap<String, String>) {
    if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
        for (name, property) in properties {
            let here = format!("{path}.{name}");
            out.insert(here.clone(), type_of(property));
            collect(property, &here, out);
        }
    }
    if let Some(items) = schema.get("items") {
        collect(items, &format!("{path}[*]"), out);
    }
    if let Some(values) = schema.get("additionalProperties").filter(|v| v.is_object()) {
        collect(values, &format!("{path}[*]"), out);
    }
}

fn type_of(schema: &Value) -> String {
    schema.get("type").and_then(Value::as_str).unwrap_or("any").to_owned()
}

/// The first field (by path) that `version` and `storage` do not have alike, described.
fn first_difference(
    version: &BTreeMap<String, String>,
    storage: &BTreeMap<String, String>,
    version_name: &str,
    storage_name: &str,
) -> Option<String> {
    let mut paths: Vec<&String> = version.keys().chain(storage.keys()).collect();
    paths.sort();
    paths.dedup();
    paths.into_iter().find_map(|path| match (version.get(path), storage.get(path)) {
        (Some(_), None) => {
            Some(format!("`{path}` is in {version_name} and not in {storage_name} (the storage version)"))
        }
        (None, Some(_)) => {
            Some(format!("`{path}` is in {storage_name} (the storage version) and not in {version_name}"))
        }
        (Some(a), Some(b)) if a != b => Some(format!(
            "`{path}` is of type {a} in {version_name} and of type {b} in {storage_name} (the storage version)"
        )),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_first_differing_field_is_named_with_both_versions() {
        let old =
            fields(&json!({"properties": {"spec": {"type": "object", "properties": {"count": {"type": "integer"}}}}}));
        let new = fields(
            &json!({"properties": {"spec": {"type": "object", "properties": {"replicas": {"type": "integer"}}}}}),
        );
        let found = first_difference(&old, &new, "v1beta1", "v1").expect("a difference");
        assert_eq!(found, "`.spec.count` is in v1beta1 and not in v1 (the storage version)");
        assert_eq!(first_difference(&new, &new, "v1beta1", "v1"), None);
        let retyped = fields(
            &json!({"properties": {"spec": {"type": "object", "properties": {"replicas": {"type": "string"}}}}}),
        );
        let found = first_difference(&retyped, &new, "v1beta1", "v1").expect("a difference");
        assert!(found.contains("of type string in v1beta1 and of type integer in v1"), "{found}");
    }
}
