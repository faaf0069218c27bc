//! The transitive closure of `$ref`s: which definitions a document must carry.

use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{DefName, SchemaNode};

use crate::error::Error;

/// Every definition reachable from `roots` (roots included), following references through `definitions`.
///
/// A reference to a name that `definitions` lacks is an error naming the definition that holds it.
pub(crate) fn closure(
    definitions: &BTreeMap<DefName, SchemaNode>,
    roots: impl IntoIterator<Item = (DefName, String)>,
) -> Result<BTreeSet<DefName>, Error> {
    let mut reached = BTreeSet::new();
    let mut pending: Vec<(DefName, String)> = roots.into_iter().collect();
    while let Some((name, referenced_from)) = pending.pop() {
        if reached.contains(&name) {
            continue;
        }
        let Some(schema) = definitions.get(&name) else {
            return Err(Error::missing_definition(name.as_str(), referenced_from));
        };
        for target in references(schema) {
            if !reached.contains(&target) {
                pending.push((target, format!("definition `{name}`")));
            }
        }
        reached.insert(name);
    }
    Ok(reached)
}

/// The targets of every reference in `schema`, sorted.
pub(crate) fn references(schema: &SchemaNode) -> BTreeSet<DefName> {
    let mut found = BTreeSet::new();
    schema.walk(&mut |node| {
        if let Some(target) = node.target() {
            found.insert(target.clone());
        }
    });
    found
}

#[cfg(test)]
mod tests {
    use kapi_model::{InstanceType, SchemaObject};

    use super::*;

    fn object_with(references: &[&str]) -> SchemaNode {
        let mut object = SchemaObject::of_type(InstanceType::Object);
        for name in references {
            object.properties.insert((*name).to_owned(), SchemaNode::reference(DefName::new(*name)));
        }
        SchemaNode::inline(object)
    }

    #[test]
    fn follows_references_through_cycles_and_reports_dangling_ones() {
        let mut definitions = BTreeMap::new();
        definitions.insert(DefName::new("A"), object_with(&["B"]));
        definitions.insert(DefName::new("B"), object_with(&["A", "C"]));
        definitions.insert(DefName::new("C"), object_with(&[]));
        definitions.insert(DefName::new("Unused"), object_with(&[]));
        let reached = closure(&definitions, [(DefName::new("A"), "test".to_owned())]).expect("closure");
        let names: Vec<_> = reached.iter().map(DefName::as_str).collect();
        assert_eq!(names, ["A", "B", "C"]);

        definitions.insert(DefName::new("C"), object_with(&["Gone"]));
        let error = closure(&definitions, [(DefName::new("A"), "test".to_owned())]).expect_err("dangling");
        assert!(error.to_string().contains("`Gone` (referenced from definition `C`)"), "{error}");
    }
}
