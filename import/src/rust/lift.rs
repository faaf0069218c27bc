//! Objects written in place (a CRD's `spec` and everything below it) become structs of their own, marked `inline`
//! so the derive writes them out in place again: a definition's inline objects are lifted into named types, and
//! the positions they held refer to those.

use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{DefName, SchemaNode};

use super::names::type_name;
use crate::ImportedDefinition;
use crate::case::upper_camel;

/// A type to render: a definition, or an object lifted out of one.
#[derive(Debug, Clone)]
pub struct Lifted {
    pub definition: ImportedDefinition,
    /// True for a lifted object: `#[kapi(inline)]`, no definition of its own.
    pub inline: bool,
    pub ident: String,
}

/// Every definition of `definitions` (with its type name), and the objects lifted out of them, by name: a lifted
/// object is named in its definition's namespace after its owner and field (`CronTabSpec`, `CronTabSpecPortsItem`).
pub fn lift(
    definitions: &BTreeMap<DefName, ImportedDefinition>,
    is_struct: impl Fn(&ImportedDefinition) -> bool,
) -> BTreeMap<DefName, Lifted> {
    let mut out: BTreeMap<DefName, Lifted> = BTreeMap::new();
    let mut taken: BTreeSet<String> = definitions.keys().map(|name| name.as_str().to_owned()).collect();
    for (name, definition) in definitions {
        let (namespace, short) = name.as_str().rsplit_once('.').unwrap_or(("", name.as_str()));
        let ident = type_name(short);
        let mut definition = definition.clone();
        let mut lifted = Vec::new();
        let kubernetes = definition.kubernetes;
        lift_children(&mut definition.schema, namespace, &ident, kubernetes, &is_struct, &mut taken, &mut lifted);
        out.insert(name.clone(), Lifted { definition, inline: false, ident });
        for (name, lifted) in lifted {
            out.insert(name, lifted);
        }
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn lift_children(
    node: &mut SchemaNode,
    namespace: &str,
    owner: &str,
    kubernetes: bool,
    is_struct: &impl Fn(&ImportedDefinition) -> bool,
    taken: &mut BTreeSet<String>,
    lifted: &mut Vec<(DefName, Lifted)>,
) {
    let object = node.keywords_mut();
    let mut positions: Vec<(String, &mut SchemaNode)> = Vec::new();
    for (field, child) in object.properties.iter_mut() {
        positions.push((format!("{owner}{}", type_name(&upper_camel(field))), child));
    }
    if let Some(items) = object.items.as_deref_mut() {
        positions.push((format!("{owner}Item"), items));
    }
    if let Some(values) = object.additional_properties.as_deref_mut() {
        positions.push((format!("{owner}Value"), values));
    }
    for (wanted, child) in positions {
        if child.target().is_some() {
            continue;
        }
        let candidate = ImportedDefinition { schema: child.clone(), kinds: Vec::new(), kubernetes };
        let keywords = candidate.schema.keywords();
        // What belongs to the position rather than the object stays there; such an object is not lifted.
        let positional = keywords.zero_value.is_some() || keywords.default.is_some() || keywords.nullable;
        if !keywords.properties.is_empty() && !positional && is_struct(&candidate) {
            let mut ident = wanted.clone();
            let mut counter = 2;
            while !taken.insert(format!("{namespace}.{ident}")) {
                ident = format!("{wanted}{counter}");
                counter += 1;
            }
            let name = DefName::new(format!("{namespace}.{ident}"));
            let mut definition = candidate;
            lift_children(&mut definition.schema, namespace, &ident, kubernetes, is_struct, taken, lifted);
            lifted.push((name.clone(), Lifted { definition, inline: true, ident }));
            *child = SchemaNode::reference(name);
        } else if child.keywords().properties.is_empty() {
            // A list or map: its items or values may be objects to lift. An object that stays in place is held
            // verbatim with everything below it.
            lift_children(child, namespace, &wanted, kubernetes, is_struct, taken, lifted);
        }
    }
}
