//! The field paths of a definition (`spec.retention.days`), to tell what changed between versions of a kind.

use std::collections::BTreeSet;

use kapi_model::{DefName, Registry, SchemaNode};

/// How deep paths go: deep enough for any change a person reviews, bounded for recursive schemas.
const MAX_DEPTH: usize = 8;

/// Every property path under definition `name`, through references and lists (`spec.ports.name`), sorted.
pub fn field_paths(registry: &Registry, name: &DefName) -> BTreeSet<String> {
    let mut paths = BTreeSet::new();
    let mut visiting = vec![name];
    if let Some(definition) = registry.definition(name) {
        collect(registry, &definition.schema, "", &mut visiting, &mut paths);
    }
    paths
}

fn collect<'a>(
    registry: &'a Registry,
    node: &'a SchemaNode,
    prefix: &str,
    visiting: &mut Vec<&'a DefName>,
    paths: &mut BTreeSet<String>,
) {
    if visiting.len() > MAX_DEPTH {
        return;
    }
    if let Some(target) = node.target() {
        // A type that contains itself (JSONSchemaProps) is followed once.
        if visiting.contains(&target) {
            return;
        }
        let Some(definition) = registry.definition(target) else { return };
        visiting.push(target);
        collect(registry, &definition.schema, prefix, visiting, paths);
        visiting.pop();
        return;
    }
    let object = node.keywords();
    for (property, child) in &object.properties {
        let path = if prefix.is_empty() { property.clone() } else { format!("{prefix}.{property}") };
        paths.insert(path.clone());
        collect(registry, child, &path, visiting, paths);
    }
    for child in [&object.items, &object.additional_properties].into_iter().flatten() {
        collect(registry, child, prefix, visiting, paths);
    }
    for child in object.all_of.iter().chain(&object.one_of).chain(&object.any_of) {
        collect(registry, child, prefix, visiting, paths);
    }
}
