//! The transitive closure of `$ref`s: which definitions a document must carry.

use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{DefName, SchemaNode};

use crate::error::Error;

/// Every definition reachable from `roots` (roots included), following references through `definitions`.
///
/// A reference to a name that `definitions` lacks is an error naming the definition that holds it. For many
/// closures over the same definitions, build a [`ReferenceGraph`] once.
pub(crate) fn closure(
    definitions: &BTreeMap<DefName, SchemaNode>,
    roots: impl IntoIterator<Item = (DefName, String)>,
) -> Result<BTreeSet<DefName>, Error> {
    let graph = ReferenceGraph::new(definitions);
    Ok(graph.closure(roots)?.into_iter().cloned().collect())
}

/// The references between definitions, found once: every document's closure walked the schemas it reached and
/// compared their names again (a tenth of generating 3 000 groups); here each definition is a position.
#[derive(Debug)]
pub(crate) struct ReferenceGraph {
    /// The definitions' names, sorted: a definition's position.
    names: Vec<DefName>,
    /// Each definition's references, sorted by name.
    targets: Vec<Vec<Target>>,
}

#[derive(Debug)]
enum Target {
    Known(usize),
    Missing(DefName),
}

/// Who referred to a definition being visited.
enum Origin {
    Root(String),
    Definition(usize),
}

impl ReferenceGraph {
    pub fn new(definitions: &BTreeMap<DefName, SchemaNode>) -> Self {
        Self::of_sorted(definitions.iter())
    }

    /// The graph of `definitions`, given sorted by name.
    pub fn of_sorted<'d>(definitions: impl Iterator<Item = (&'d DefName, &'d SchemaNode)> + Clone) -> Self {
        let names: Vec<DefName> = definitions.clone().map(|(name, _)| name.clone()).collect();
        debug_assert!(names.is_sorted(), "definitions sorted by name");
        let position = |name: &DefName| names.binary_search(name).ok();
        let targets = definitions
            .map(|(_, schema)| {
                let found = references(schema).into_iter();
                found.map(|target| position(&target).map_or(Target::Missing(target), Target::Known)).collect()
            })
            .collect();
        Self { names, targets }
    }

    /// Every definition reachable from `roots` (roots included), sorted by name; a missing root, or a missing
    /// definition a reached one refers to, is an error naming who referred to it.
    pub fn closure(&self, roots: impl IntoIterator<Item = (DefName, String)>) -> Result<Vec<&DefName>, Error> {
        // Positions, sorted as names are; a set, not a flag per definition: most closures reach a few of thousands.
        let mut reached = BTreeSet::new();
        let mut pending: Vec<(Target, Origin)> = Vec::new();
        for (root, referenced_from) in roots {
            let target = match self.names.binary_search(&root) {
                Ok(position) => Target::Known(position),
                Err(_) => Target::Missing(root),
            };
            pending.push((target, Origin::Root(referenced_from)));
        }
        while let Some((target, origin)) = pending.pop() {
            let position = match target {
                Target::Known(position) => position,
                Target::Missing(name) => {
                    let referenced_from = match origin {
                        Origin::Root(referenced_from) => referenced_from,
                        Origin::Definition(from) => format!("definition `{}`", self.names[from]),
                    };
                    return Err(Error::missing_definition(name.as_str(), referenced_from));
                }
            };
            if reached.contains(&position) {
                continue;
            }
            for target in &self.targets[position] {
                let target = match target {
                    Target::Known(next) if reached.contains(next) => continue,
                    Target::Known(next) => Target::Known(*next),
                    Target::Missing(name) => Target::Missing(name.clone()),
                };
                pending.push((target, Origin::Definition(position)));
            }
            reached.insert(position);
        }
        Ok(reached.into_iter().map(|position| &self.names[position]).collect())
    }
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
