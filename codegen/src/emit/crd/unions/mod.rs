//! Enums and unions in structural form.
//!
//! Kubernetes requires every field's type and properties to be declared outside `oneOf`/`anyOf`/`allOf` (the
//! "structural part"); the junctors may only narrow values down. kapi's model writes a Rust enum as a junctor over
//! its variants, so this module rewrites each junctor with one rule, whatever the serde representation:
//!
//! - branches that are all objects (external, internal and adjacent tagging, untagged struct variants): their
//!   properties are merged into the node (a field two variants share must have one shape, nested objects merge
//!   the same way, an integer in one variant and a string in another becomes int-or-string), properties every
//!   variant requires become required, and each branch keeps only what tells it apart — its `required` list and
//!   narrowed values such as the tag's `enum`;
//! - branches that are integers and strings: `x-kubernetes-int-or-string`;
//! - branches of one other type: that type, with each branch keeping its value checks;
//! - a `null` branch (an untagged unit variant) makes the field `nullable`;
//! - anything else (a string or an object, say) has no structural form and is an error naming the type.
//!
//! `allOf` over objects (an internally tagged newtype variant) is merged into its node first.

use kapi_model::{InstanceType, SchemaNode, SchemaObject};

use super::origin::{FieldPath, Origins};
use super::special::int_or_string;

/// Rewrites junctors into structural form, bottom-up, collecting what cannot be expressed.
pub(crate) struct Structurer<'a> {
    pub origins: &'a Origins,
    pub problems: Vec<String>,
}

impl Structurer<'_> {
    pub fn node(&mut self, mut object: SchemaObject, path: &FieldPath) -> SchemaObject {
        for (name, child) in &mut object.properties {
            *child = SchemaNode::inline(self.node(take(child), &path.property(name)));
        }
        for child in [&mut object.items, &mut object.additional_properties].into_iter().flatten() {
            **child = SchemaNode::inline(self.node(take(child), &path.element()));
        }
        let junctors = || object.one_of.iter().chain(&object.any_of).chain(&object.all_of);
        if junctors().next().is_some() && junctors().all(|branch| checks_values_only(branch.keywords(), &object)) {
            // Already structural (a CRD written by hand, imported): the junctors only narrow values of fields
            // declared outside them, as Gateway API's address checks do; rewriting them would drop those checks.
            return object;
        }
        for child in object.one_of.iter_mut().chain(&mut object.any_of).chain(&mut object.all_of) {
            *child = SchemaNode::inline(self.node(take(child), path));
        }
        self.merge_all_of(&mut object, path);
        for one_of in [true, false] {
            let branches = std::mem::take(if one_of { &mut object.one_of } else { &mut object.any_of });
            if !branches.is_empty() {
                object = self.alternatives(object, branches, one_of, path);
            }
        }
        object
    }

    fn problem(&mut self, path: &FieldPath, message: String) {
        let at = if path.is_root() { "the kind".to_owned() } else { self.origins.describe(path.as_str()) };
        self.problems.push(format!("{at}: {message}"));
    }

    /// Folds `allOf` branches that declare object structure into the node.
    fn merge_all_of(&mut self, object: &mut SchemaObject, path: &FieldPath) {
        if object.all_of.is_empty() || !object.all_of.iter().all(|b| is_object(b.keywords())) {
            return;
        }
        for branch in std::mem::take(&mut object.all_of) {
            let mut branch = take_node(branch);
            let description = branch.description.take();
            match merge(object, &branch, true) {
                Ok(merged) => *object = merged,
                Err(conflict) => self.problem(path, conflict),
            }
            object.description = object.description.take().or(description);
        }
    }

    fn alternatives(
        &mut self,
        mut object: SchemaObject,
        branches: Vec<SchemaNode>,
        one_of: bool,
        path: &FieldPath,
    ) -> SchemaObject {
        let mut shapes: Vec<SchemaObject> = branches.into_iter().map(take_node).collect();
        if shapes.iter().any(is_null) {
            object.nullable = true;
            shapes.retain(|shape| !is_null(shape));
        }
        let types: Vec<Option<InstanceType>> = shapes.iter().map(shape_type).collect();
        if shapes.is_empty() {
            return object;
        }
        if types.iter().all(|t| *t == Some(InstanceType::Object)) {
            return self.hoist(object, shapes, one_of, path);
        }
        if types.iter().all(Option::is_none) {
            // Value checks alone, under a property typed elsewhere (Gateway API's `value: {anyOf: [{format: ipv4},
            // {format: ipv6}]}`): structural as they are, since a junctor's branches set no type.
            *(if one_of { &mut object.one_of } else { &mut object.any_of }) =
                shapes.into_iter().map(SchemaNode::inline).collect();
            return object;
        }
        let is = |wanted: InstanceType| types.contains(&Some(wanted));
        let only_int_and_string = types.iter().all(|t| matches!(t, Some(InstanceType::Integer | InstanceType::String)));
        if only_int_and_string && is(InstanceType::Integer) && is(InstanceType::String) {
            let either = int_or_string();
            object.kubernetes.int_or_string = true;
            object.any_of = either.any_of;
            return object;
        }
        match types.first().copied().flatten() {
            Some(first) if types.iter().all(|t| *t == Some(first)) && first != InstanceType::Array => {
                object.instance_type = Some(first);
                let kept: Vec<SchemaNode> =
                    shapes.iter().map(|s| SchemaNode::inline(value_checks(s, &object))).collect();
                // A branch that checks nothing accepts every value of the type: the junctor says nothing then.
                if !kept.iter().any(|k| k.keywords().is_empty()) {
                    *(if one_of { &mut object.one_of } else { &mut object.any_of }) = kept;
                }
                object
            }
            _ => {
                let names: Vec<&str> = types.iter().map(|t| t.map_or("untyped", |t| t.as_str())).collect();
                self.problem(
                    path,
                    format!(
                        "its variants serialize as different JSON types ({}), and a CRD schema gives each field one \
                     type (Kubernetes' structural schemas); tag the enum (#[serde(tag = \"...\")]) or make every \
                     variant an object",
                        names.join(", ")
                    ),
                );
                object
            }
        }
    }

    /// Object branches: properties move into the node, each branch keeps what tells it apart.
    fn hoist(
        &mut self,
        mut object: SchemaObject,
        shapes: Vec<SchemaObject>,
        one_of: bool,
        path: &FieldPath,
    ) -> SchemaObject {
        let mut hoisted = SchemaObject::of_type(InstanceType::Object);
        for (index, shape) in shapes.iter().enumerate() {
            let mut shape = shape.clone();
            carry_variant_description(&mut shape);
            hoisted = if index == 0 {
                structure_of(&shape)
            } else {
                match merge(&hoisted, &structure_of(&shape), false) {
                    Ok(merged) => merged,
                    Err(conflict) => {
                        self.problem(path, conflict);
                        return object;
                    }
                }
            };
        }
        let mut kept: Vec<SchemaObject> = shapes.iter().map(|s| value_checks(s, &hoisted)).collect();
        let declared: Vec<String> = hoisted.properties.keys().cloned().collect();
        let mut one_rule_for_all = false;
        match tagging(&shapes) {
            Tagging::Tag(tag) => {
                // Without the tag no variant is chosen: every branch needs it, or variants without required
                // fields of their own would all match an object that lacks it.
                for branch in &mut kept {
                    if !branch.required.contains(&tag) {
                        branch.required.insert(0, tag.clone());
                    }
                }
                if let Some(rules) = foreign_field_rules(&tag, &shapes, &declared) {
                    object.kubernetes.validations.extend(rules);
                }
            }
            Tagging::External(variants) => {
                let only_required = kept.iter().zip(&variants).all(|(k, v)| {
                    let mut bare = k.clone();
                    bare.required.retain(|r| r != v);
                    bare.is_empty()
                });
                if one_of
                    && only_required
                    && let Some(rule) = exactly_one_rule(&variants)
                {
                    object.kubernetes.validations.push(rule);
                    one_rule_for_all = true;
                }
            }
            Tagging::Other => {}
        }
        for (name, node) in hoisted.properties {
            object.properties.entry(name).or_insert(node);
        }
        for name in hoisted.required {
            if !object.required.contains(&name) {
                object.required.push(name);
            }
        }
        object.instance_type = Some(InstanceType::Object);
        // A branch that checks nothing accepts every object: the junctor says nothing then; nor when one rule
        // says which variant is set.
        if one_rule_for_all || kept.iter().any(SchemaObject::is_empty) {
            return object;
        }
        let distinct = kept.iter().enumerate().all(|(i, k)| !kept[..i].contains(k));
        // Two branches that check the same thing would both match, which `oneOf` forbids; `anyOf` then says it.
        let as_one_of = one_of && distinct;
        let nodes = kept.into_iter().map(SchemaNode::inline).collect();
        *(if as_one_of { &mut object.one_of } else { &mut object.any_of }) = nodes;
        object
    }
}

fn take(node: &mut SchemaNode) -> SchemaObject {
    take_node(std::mem::replace(node, SchemaNode::inline(SchemaObject::default())))
}

fn take_node(node: SchemaNode) -> SchemaObject {
    match node {
        SchemaNode::Inline(object) => *object,
        // Inlining left no references; one here would be kept as its siblings.
        SchemaNode::Ref(reference) => reference.siblings,
    }
}

/// An externally tagged variant is an object with one required property: its description belongs to that property.
fn carry_variant_description(shape: &mut SchemaObject) {
    if let (Some(text), [only]) = (&shape.description, shape.required.as_slice())
        && shape.properties.len() == 1
        && let Some(property) = shape.properties.get_mut(only)
    {
        property.keywords_mut().description.get_or_insert_with(|| text.clone());
    }
}

/// The structural part of a branch: everything but its narrowing checks is declared by the node.
fn structure_of(shape: &SchemaObject) -> SchemaObject {
    let mut out = shape.clone();
    out.instance_type = Some(InstanceType::Object);
    out.description = None;
    out
}

mod merge;
mod shape;
mod variants;

use merge::{merge, value_checks};
use shape::{is_null, is_object, shape_type};
use variants::{Tagging, exactly_one_rule, foreign_field_rules, tagging};

/// Whether `branch` of a junctor on `outer` only checks values: it declares no type, description, default,
/// `additionalProperties` or `nullable` anywhere, and names only properties `outer` declares (Kubernetes' rules
/// for what may stand inside `oneOf`, `anyOf`, `allOf` and `not`).
fn checks_values_only(branch: &SchemaObject, outer: &SchemaObject) -> bool {
    let declares = branch.instance_type.is_some()
        || branch.description.is_some()
        || branch.default.is_some()
        || branch.nullable
        || branch.additional_properties.is_some();
    if declares {
        return false;
    }
    let properties = branch.properties.iter().all(|(name, property)| {
        outer.properties.get(name).is_some_and(|declared| checks_values_only(property.keywords(), declared.keywords()))
    });
    let items = match (&branch.items, &outer.items) {
        (None, _) => true,
        (Some(item), Some(declared)) => checks_values_only(item.keywords(), declared.keywords()),
        (Some(_), None) => false,
    };
    let nested = branch.one_of.iter().chain(&branch.any_of).chain(&branch.all_of).chain(branch.not.as_deref());
    properties && items && nested.into_iter().all(|inner| checks_values_only(inner.keywords(), outer))
}
