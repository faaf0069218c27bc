//! The aggregator's `/openapi/v2`: its own swagger with every Current upstream's paths for the group-versions it
//! owns, and the definitions, parameters and responses those paths reach, merged in (kube-aggregator merges v2
//! the same way, since v2 has no per-group-version documents to proxy). On a name both define differently, the
//! aggregator's own (or the earlier upstream's) is kept and the clash is logged.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use kapi_swagger::split::{group_version_of, reachable_definitions};

/// Merges `(upstream name, swagger, owned group-version keys)` into `local`, in order. Returns how many names
/// clashed.
pub(crate) fn merge_swagger(local: &mut Value, upstreams: &[(&str, &Value, Vec<String>)]) -> usize {
    let mut clashes = 0;
    for (name, swagger, owned) in upstreams {
        let paths: Map<String, Value> = section(swagger, "paths")
            .iter()
            .filter(|(path, _)| group_version_of(path).is_some_and(|key| owned.contains(&key)))
            .map(|(path, item)| (path.clone(), item.clone()))
            .collect();
        let definitions = section(swagger, "definitions");
        // Kinds of owned group-versions count even without paths: kubectl finds a kind by its GVK extension.
        let kinds: Vec<Value> = definitions
            .iter()
            .filter(|(_, schema)| kind_keys(schema).iter().any(|key| owned.contains(key)))
            .map(|(name, _)| serde_json::json!({"$ref": format!("#/definitions/{name}")}))
            .collect();
        if paths.is_empty() && kinds.is_empty() {
            continue;
        }
        let roots = [Value::Object(paths.clone()), Value::Array(kinds)];
        let reached = match reachable_definitions(&[&roots[0], &roots[1]], &definitions) {
            Ok(reached) => reached,
            Err(error) => {
                tracing::warn!(upstream = %name, %error, "upstream OpenAPI v2 not merged");
                continue;
            }
        };
        let mut added = BTreeMap::new();
        added.insert("paths", paths);
        added.insert("definitions", reached.iter().map(|d| (d.clone(), definitions[d.as_str()].clone())).collect());
        // Shared parameters and responses are few; taking them all keeps every `#/parameters/…` resolvable.
        added.insert("parameters", section(swagger, "parameters"));
        added.insert("responses", section(swagger, "responses"));
        for (key, entries) in added {
            let Some(target) =
                local.as_object_mut().map(|root| root.entry(key).or_insert_with(|| Value::Object(Map::new())))
            else {
                return clashes;
            };
            let Some(target) = target.as_object_mut() else { continue };
            for (entry, value) in entries {
                match target.get(&entry) {
                    Some(existing) if *existing != value => {
                        clashes += 1;
                        tracing::debug!(upstream = %name, section = key, %entry, "kept the existing OpenAPI v2 entry");
                    }
                    Some(_) => {}
                    None => {
                        target.insert(entry, value);
                    }
                }
            }
        }
    }
    clashes
}

/// The group-version keys (`apis/<group>/<version>`, `api/<version>`) of a schema's
/// `x-kubernetes-group-version-kind` entries.
fn kind_keys(schema: &Value) -> Vec<String> {
    let entries = schema.get("x-kubernetes-group-version-kind").and_then(Value::as_array);
    let text = |entry: &Value, field| entry.get(field).and_then(Value::as_str).unwrap_or_default().to_owned();
    entries
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .map(|entry| match (text(entry, "group"), text(entry, "version")) {
            (group, version) if group.is_empty() => format!("api/{version}"),
            (group, version) => format!("apis/{group}/{version}"),
        })
        .collect()
}

fn section(document: &Value, key: &str) -> Map<String, Value> {
    document.get(key).and_then(Value::as_object).cloned().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn owned_paths_and_what_they_reach_are_merged_and_the_local_definition_wins() {
        let mut local =
            json!({"swagger": "2.0", "paths": {"/apis/apps/v1/": {}}, "definitions": {"Shared": {"type": "string"}}});
        let upstream = json!({"swagger": "2.0",
        "paths": {
            "/apis/x.io/v1/widgets": {"get": {"responses": {"200": {"schema": {"$ref": "#/definitions/Widget"}}}}},
            "/apis/y.io/v1/gadgets": {"get": {"responses": {"200": {"schema": {"$ref": "#/definitions/Gadget"}}}}}
        },
        "definitions": {
            "Widget": {"properties": {"s": {"$ref": "#/definitions/Shared"}}},
            "Shared": {"type": "integer"},
            "Gadget": {"type": "object"},
            "Sprocket": {"x-kubernetes-group-version-kind": [{"group": "x.io", "version": "v1", "kind": "Sprocket"}]}
        }});
        let clashes = merge_swagger(&mut local, &[("up", &upstream, vec!["apis/x.io/v1".to_owned()])]);
        assert_eq!(clashes, 1);
        assert!(local["paths"].get("/apis/x.io/v1/widgets").is_some());
        assert!(local["paths"].get("/apis/y.io/v1/gadgets").is_none(), "not owned");
        assert!(local["definitions"].get("Widget").is_some());
        assert!(local["definitions"].get("Gadget").is_none(), "not reached");
        assert!(local["definitions"].get("Sprocket").is_some(), "a kind of an owned group-version, without paths");
        assert_eq!(local["definitions"]["Shared"], json!({"type": "string"}));
    }
}
