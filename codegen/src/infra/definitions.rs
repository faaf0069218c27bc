//! The definitions a generation publishes: the registry's schemas, with the ones the passes changed replaced.
//!
//! Most passes change few definitions (for CRD groups only the kinds get their group-version-kinds), so keeping a
//! full copy of every schema after the passes doubled the memory of a large model (330 MB at 3 000 groups).

use std::collections::BTreeMap;
use std::iter::Peekable;

use kapi_model::{DefName, Definition, SchemaNode};

/// Every published definition's schema, after the passes, sorted by name.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Definitions<'c> {
    registry: &'c BTreeMap<DefName, Definition>,
    /// The schemas the passes changed; a subset of the registry's names.
    passed: &'c BTreeMap<DefName, SchemaNode>,
}

impl<'c> Definitions<'c> {
    /// The registry's definitions, with `passed` standing for the ones with the same names (every name in `passed`
    /// must be the registry's: the view lists the registry's names). Made for every lookup, so it checks nothing.
    pub fn new(registry: &'c BTreeMap<DefName, Definition>, passed: &'c BTreeMap<DefName, SchemaNode>) -> Self {
        Self { registry, passed }
    }

    /// `name`'s schema after the passes.
    pub fn get(self, name: &DefName) -> Option<&'c SchemaNode> {
        self.passed.get(name).or_else(|| Some(&self.registry.get(name)?.schema))
    }

    pub fn contains_key(self, name: &DefName) -> bool {
        self.registry.contains_key(name)
    }

    pub fn keys(self) -> impl Iterator<Item = &'c DefName> + Clone {
        self.registry.keys()
    }

    /// Names and schemas, sorted by name.
    pub fn iter(self) -> Iter<'c> {
        Iter { registry: self.registry.iter(), passed: self.passed.iter().peekable() }
    }
}

/// [`Definitions::iter`]: one walk of both maps, which share their order.
#[derive(Clone)]
pub(crate) struct Iter<'c> {
    registry: std::collections::btree_map::Iter<'c, DefName, Definition>,
    passed: Peekable<std::collections::btree_map::Iter<'c, DefName, SchemaNode>>,
}

impl<'c> Iterator for Iter<'c> {
    type Item = (&'c DefName, &'c SchemaNode);

    fn next(&mut self) -> Option<Self::Item> {
        let (name, definition) = self.registry.next()?;
        let passed = self.passed.next_if(|(passed_name, _)| *passed_name == name);
        Some((name, passed.map_or(&definition.schema, |(_, schema)| schema)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.registry.size_hint()
    }
}

impl ExactSizeIterator for Iter<'_> {}

#[cfg(test)]
mod tests {
    use kapi_model::{Registry, SchemaObject};

    use super::*;

    #[test]
    fn passed_schemas_stand_for_the_registered_ones_in_order() {
        let string = SchemaNode::inline(SchemaObject { format: Some("string".into()), ..Default::default() });
        let changed = SchemaNode::inline(SchemaObject { format: Some("changed".into()), ..Default::default() });
        let mut registry = Registry::new();
        for name in ["a", "b", "c"] {
            registry.import_definition(DefName::new(name), string.clone(), "test");
        }
        let passed = BTreeMap::from([(DefName::new("b"), changed.clone())]);
        let definitions = Definitions::new(registry.definitions(), &passed);
        let iterated: Vec<_> = definitions.iter().map(|(name, schema)| (name.as_str(), schema.clone())).collect();
        assert_eq!(iterated, vec![("a", string.clone()), ("b", changed.clone()), ("c", string.clone())]);
        assert_eq!(definitions.get(&DefName::new("b")), Some(&changed));
        assert_eq!(definitions.get(&DefName::new("c")), Some(&string.clone()));
        assert_eq!(definitions.get(&DefName::new("d")), None);
    }
}
