//! Rule 1: one document per group-version. A path belongs to `api/<version>` or `apis/<group>/<version>`, and
//! each document carries exactly the definitions its paths reach, directly or through other definitions.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use super::error::ConversionError;
use super::refs::{V2_PREFIX, referenced_definitions};

/// The group-version a request path serves (`/apis/apps/v1/deployments` → `apis/apps/v1`), if any.
pub fn group_version_of(path: &str) -> Option<String> {
    let mut segments = path.strip_prefix('/')?.split('/');
    let root = segments.next()?;
    match root {
        "api" => nonempty(segments.next()).map(|version| format!("api/{version}")),
        "apis" => {
            let group = nonempty(segments.next())?;
            let version = nonempty(segments.next())?;
            Some(format!("apis/{group}/{version}"))
        }
        _ => None,
    }
}

fn nonempty(segment: Option<&str>) -> Option<&str> {
    segment.filter(|s| !s.is_empty())
}

/// Paths grouped by group-version (in path order), and the paths that belong to none.
pub(super) fn group_paths(paths: &Map<String, Value>) -> (BTreeMap<String, Vec<&String>>, Vec<&String>) {
    let mut grouped: BTreeMap<String, Vec<&String>> = BTreeMap::new();
    let mut ungrouped = Vec::new();
    for path in paths.keys() {
        match group_version_of(path) {
            Some(group_version) => grouped.entry(group_version).or_default().push(path),
            None => ungrouped.push(path),
        }
    }
    (grouped, ungrouped)
}

/// The names of the definitions `roots` refer to, followed through the definitions themselves.
pub fn reachable_definitions(
    roots: &[&Value],
    definitions: &Map<String, Value>,
) -> Result<BTreeSet<String>, ConversionError> {
    let mut pending = Vec::new();
    roots.iter().for_each(|root| referenced_definitions(root, &mut pending));
    let mut reached = BTreeSet::new();
    while let Some(name) = pending.pop() {
        if reached.contains(&name) {
            continue;
        }
        let definition =
            definitions.get(&name).ok_or_else(|| ConversionError::dangling_reference(format!("{V2_PREFIX}{name}")))?;
        referenced_definitions(definition, &mut pending);
        reached.insert(name);
    }
    Ok(reached)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn paths_map_to_their_group_version() {
        assert_eq!(group_version_of("/api/v1/namespaces/{namespace}/pods").as_deref(), Some("api/v1"));
        assert_eq!(group_version_of("/apis/apps/v1/deployments").as_deref(), Some("apis/apps/v1"));
        assert_eq!(group_version_of("/apis/batch/v1/").as_deref(), Some("apis/batch/v1"));
        assert_eq!(group_version_of("/apis/apps/"), None);
        assert_eq!(group_version_of("/api/"), None);
        assert_eq!(group_version_of("/version"), None);
    }

    #[test]
    fn paths_are_grouped_and_the_rest_set_aside() {
        let Value::Object(paths) = json!({"/apis/a/v1/x": {}, "/apis/a/v1/y": {}, "/api/v1/z": {}, "/healthz": {}})
        else {
            panic!("object")
        };
        let (grouped, ungrouped) = group_paths(&paths);
        assert_eq!(grouped.keys().collect::<Vec<_>>(), ["api/v1", "apis/a/v1"]);
        assert_eq!(grouped["apis/a/v1"].len(), 2);
        assert_eq!(ungrouped, ["/healthz"]);
    }

    #[test]
    fn reachable_definitions_are_the_transitive_closure() {
        let Value::Object(definitions) = json!({
            "A": {"properties": {"b": {"$ref": "#/definitions/B"}}},
            "B": {"items": {"$ref": "#/definitions/C"}},
            "C": {"properties": {"a": {"$ref": "#/definitions/A"}}},
            "Unused": {"type": "string"},
        }) else {
            panic!("object")
        };
        let root = json!({"get": {"responses": {"200": {"schema": {"$ref": "#/definitions/A"}}}}});
        let reached = reachable_definitions(&[&root], &definitions).expect("all defined");
        assert_eq!(reached.into_iter().collect::<Vec<_>>(), ["A", "B", "C"]);
    }

    #[test]
    fn a_reference_to_a_missing_definition_is_an_error() {
        let root = json!({"schema": {"$ref": "#/definitions/Missing"}});
        let error = reachable_definitions(&[&root], &Map::new()).expect_err("dangling");
        assert_eq!(error.to_string(), "reference #/definitions/Missing names nothing in the document");
    }
}
