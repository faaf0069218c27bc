//! Objects written in place (a CRD's `spec` and everything below it) become structs of their own, marked `inline`
//! so the derive writes them out in place again: a definition's inline objects are lifted into named types, and
//! the positions they held refer to those.

use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{DefName, InstanceType, SchemaNode, SchemaObject};

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
    // A position is a property (a field, which carries its own keywords) or an element (list items, map values).
    let mut positions: Vec<(String, bool, &mut SchemaNode)> = Vec::new();
    for (field, child) in object.properties.iter_mut() {
        positions.push((format!("{owner}{}", type_name(&upper_camel(field))), false, child));
    }
    if let Some(items) = object.items.as_deref_mut() {
        positions.push((format!("{owner}Item"), true, items));
    }
    if let Some(values) = object.additional_properties.as_deref_mut() {
        positions.push((format!("{owner}Value"), true, values));
    }
    for (wanted, element, child) in positions {
        let lift_as = |schema: SchemaNode, taken: &mut BTreeSet<String>, lifted: &mut Vec<(DefName, Lifted)>| {
            let mut ident = wanted.clone();
            let mut counter = 2;
            while !taken.insert(format!("{namespace}.{ident}")) {
                ident = format!("{wanted}{counter}");
                counter += 1;
            }
            let name = DefName::new(format!("{namespace}.{ident}"));
            let mut definition = ImportedDefinition { schema, kinds: Vec::new(), kubernetes };
            lift_children(&mut definition.schema, namespace, &ident, kubernetes, is_struct, taken, lifted);
            lifted.push((name.clone(), Lifted { definition, inline: true, ident }));
            name
        };
        if element && needs_own_type(child) {
            // Items or values with keywords of their own (a pattern, a format, an enum, a description): only a type
            // of their own can carry those, a newtype or an enum written in place.
            let name = lift_as(child.clone(), taken, lifted);
            *child = SchemaNode::reference(name);
            continue;
        }
        if !element && let Some((values, siblings)) = string_enum(child) {
            // A property's closed list of strings: a Rust enum, the property's other keywords on the field.
            let name = lift_as(values, taken, lifted);
            *child = SchemaNode::Ref(kapi_model::Reference { target: name, siblings });
            continue;
        }
        if child.target().is_some() {
            continue;
        }
        // What belongs to the position rather than the object (a default, `nullable`) stays there, beside the
        // reference to the lifted type; a zero value (Kubernetes' conventions) keeps the object in place.
        let mut object = child.clone();
        let mut siblings = SchemaObject::default();
        if !element {
            siblings.default = object.keywords_mut().default.take();
            siblings.nullable = std::mem::take(&mut object.keywords_mut().nullable);
        }
        let candidate = ImportedDefinition { schema: object, kinds: Vec::new(), kubernetes };
        let keywords = candidate.schema.keywords();
        let positional = keywords.zero_value.is_some() || keywords.default.is_some() || keywords.nullable;
        if !keywords.properties.is_empty() && !positional && is_struct(&candidate) {
            let name = lift_as(candidate.schema, taken, lifted);
            *child = SchemaNode::Ref(kapi_model::Reference { target: name, siblings });
        } else if child.keywords().properties.is_empty() {
            // A list or map: its items or values may be objects to lift. An object that stays in place is held
            // verbatim with everything below it.
            lift_children(child, namespace, &wanted, kubernetes, is_struct, taken, lifted);
        }
    }
}

/// True when an element (list items, map values) has keywords beyond what its Rust type gives: its type, the
/// numeric formats, and the items or values of a list or map (which are positions of their own). An object with
/// properties is lifted as a struct instead; a zero value stays at its position (Kubernetes' conventions).
fn needs_own_type(node: &SchemaNode) -> bool {
    match node {
        SchemaNode::Ref(reference) => {
            let mut siblings = reference.siblings.clone();
            siblings.zero_value = None;
            siblings != SchemaObject::default() && reference.siblings.zero_value.is_none()
        }
        SchemaNode::Inline(object) => {
            if !object.properties.is_empty() || object.zero_value.is_some() {
                return false;
            }
            let mut left = (**object).clone();
            left.instance_type = None;
            left.items = None;
            left.additional_properties = None;
            // An integer of no stated width is a JSON number with `type = "integer"`, which only a field carries.
            if object.instance_type == Some(InstanceType::Integer) && object.format.is_none() {
                return true;
            }
            let numeric = matches!(
                (object.instance_type, object.format.as_deref()),
                (Some(InstanceType::Integer), Some("int32" | "int64"))
                    | (Some(InstanceType::Number), Some("double" | "float"))
            );
            if numeric {
                left.format = None;
            }
            // An object keeping unknown fields (and nothing else) is `serde_json::Value` already.
            if object.instance_type.is_none()
                && object.kubernetes.preserve_unknown_fields
                && object.properties.is_empty()
            {
                left.kubernetes.preserve_unknown_fields = false;
            }
            left != SchemaObject::default()
        }
    }
}

/// A property holding one of a closed list of distinct strings, split into the enum's schema (its type and values)
/// and the keywords the property keeps (description, default, bounds, rules).
fn string_enum(node: &SchemaNode) -> Option<(SchemaNode, SchemaObject)> {
    let SchemaNode::Inline(object) = node else { return None };
    if object.instance_type != Some(InstanceType::String) || object.enum_values.is_empty() || object.nullable {
        return None;
    }
    let values: Vec<&str> = object.enum_values.iter().map(|value| value.as_str()).collect::<Option<_>>()?;
    let distinct: BTreeSet<&str> = values.iter().copied().collect();
    if distinct.len() != values.len() || object.zero_value.is_some() {
        return None;
    }
    let mut siblings = (**object).clone();
    let schema = SchemaObject {
        enum_values: std::mem::take(&mut siblings.enum_values),
        ..SchemaObject::of_type(InstanceType::String)
    };
    siblings.instance_type = None;
    Some((SchemaNode::inline(schema), siblings))
}
