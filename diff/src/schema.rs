//! Schema rules: one walk over the old and the new schema of a kind at once, position by position.

use std::borrow::Cow;
use std::collections::HashSet;

use kapi_model::{DefName, Registry, SchemaNode, SchemaObject};
use serde_json::Value;

use crate::rule::Rule;

/// A schema change found at a field path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SchemaChange {
    pub rule: Rule,
    pub path: String,
    pub detail: String,
}

/// Compares the schemas of one kind in the old and the new registry, starting at their definitions.
pub(crate) fn compare_kind(
    old: &Registry,
    new: &Registry,
    old_root: &DefName,
    new_root: &DefName,
) -> Vec<SchemaChange> {
    let mut walk = Walk { old, new, direction: Direction::Both, pairs_seen: HashSet::new(), changes: Vec::new() };
    let old_node =
        SchemaNode::Ref(kapi_model::Reference { target: old_root.clone(), siblings: SchemaObject::default() });
    let new_node =
        SchemaNode::Ref(kapi_model::Reference { target: new_root.clone(), siblings: SchemaObject::default() });
    walk.node("", &old_node, &new_node);
    walk.changes
}

/// Which way the values of a schema travel, which decides what breaks their clients.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Direction {
    /// A kind's objects: clients write and read them (every rule but the response-only ones, as for kinds always).
    Both,
    /// What clients send (a request body, a parameter): what narrows the accepted values breaks them.
    Request,
    /// What clients receive (a response body): what they may not be ready to read breaks them.
    Response,
}

impl Direction {
    /// Whether a change that narrows or widens what a position holds (both, or neither: a change of kind)
    /// breaks clients: senders mind narrowing, readers widening, a kind's clients (both) any change.
    fn breaks(self, narrowed: bool, widened: bool) -> bool {
        match self {
            Direction::Both => true,
            Direction::Request => narrowed || !widened,
            Direction::Response => widened || !narrowed,
        }
    }

    fn reports(self, rule: Rule) -> bool {
        let response_only = matches!(rule, Rule::FieldOptional | Rule::NullableAdded);
        match self {
            Direction::Both => !response_only,
            // A sender is not hurt by more values being accepted.
            Direction::Request => !response_only && !matches!(rule, Rule::EnumValueAdded | Rule::EnumOpened),
            Direction::Response => {
                response_only
                    || matches!(
                        rule,
                        Rule::FieldRemoved
                            | Rule::TypeChanged
                            | Rule::FormatChanged
                            | Rule::EnumValueAdded
                            | Rule::EnumOpened
                    )
            }
        }
    }
}

/// Compares two schema positions (a request body, a parameter, a response) of two documents, whose references
/// resolve in `old` and `new`; the changes' paths start with `root`.
pub(crate) fn compare_nodes(
    registries: [&Registry; 2],
    nodes: [&SchemaNode; 2],
    direction: Direction,
    root: &str,
) -> Vec<SchemaChange> {
    let [old, new] = registries;
    let mut walk = Walk { old, new, direction, pairs_seen: HashSet::new(), changes: Vec::new() };
    walk.node(root, nodes[0], nodes[1]);
    walk.changes
}

struct Walk<'a> {
    old: &'a Registry,
    new: &'a Registry,
    direction: Direction,
    /// Definition pairs already walked below (recursive types, and types reached along several paths, are walked
    /// once per kind).
    pairs_seen: HashSet<(DefName, DefName)>,
    changes: Vec<SchemaChange>,
}

/// A position's keywords, with a reference's target merged under the keywords beside it.
struct Resolved<'a> {
    object: Cow<'a, SchemaObject>,
    target: Option<&'a DefName>,
}

/// Follows references (at most a few: a reference to a reference is rare, a cycle of them is an error elsewhere).
fn resolve<'a>(registry: &'a Registry, node: &'a SchemaNode) -> Resolved<'a> {
    let mut siblings: Vec<&'a SchemaObject> = Vec::new();
    let mut current = node;
    let mut first_target = None;
    for _ in 0..8 {
        match current {
            SchemaNode::Inline(object) => return Resolved { object: merge(object, &siblings), target: first_target },
            SchemaNode::Ref(reference) => {
                first_target.get_or_insert(&reference.target);
                siblings.push(&reference.siblings);
                match registry.definition(&reference.target) {
                    Some(definition) => current = &definition.schema,
                    // An unknown target: only what is written beside the reference is known.
                    None => break,
                }
            }
        }
    }
    // The target is unknown (or the chain too long): the keywords beside the innermost reference stand in for it.
    let innermost: &'a SchemaObject = siblings.pop().unwrap_or_else(|| empty_object());
    Resolved { object: merge(innermost, &siblings), target: first_target }
}

fn empty_object() -> &'static SchemaObject {
    static EMPTY: std::sync::OnceLock<SchemaObject> = std::sync::OnceLock::new();
    EMPTY.get_or_init(SchemaObject::default)
}

/// `base` with the keywords written beside references laid over it, the outermost last (it wins).
fn merge<'a>(base: &'a SchemaObject, siblings: &[&SchemaObject]) -> Cow<'a, SchemaObject> {
    if siblings.iter().all(|s| **s == SchemaObject::default()) {
        return Cow::Borrowed(base);
    }
    let mut merged = base.clone();
    for sibling in siblings.iter().rev() {
        if sibling.default.is_some() {
            merged.default.clone_from(&sibling.default);
        }
        if sibling.description.is_some() {
            merged.description.clone_from(&sibling.description);
        }
        merged.nullable |= sibling.nullable;
        let extensions = &sibling.kubernetes;
        merged.kubernetes.validations.extend(extensions.validations.iter().cloned());
        if extensions.list_type.is_some() {
            merged.kubernetes.list_type = extensions.list_type;
        }
        if !extensions.list_map_keys.is_empty() {
            merged.kubernetes.list_map_keys.clone_from(&extensions.list_map_keys);
        }
        if extensions.map_type.is_some() {
            merged.kubernetes.map_type = extensions.map_type;
        }
        merged.kubernetes.preserve_unknown_fields |= extensions.preserve_unknown_fields;
    }
    Cow::Owned(merged)
}

impl Walk<'_> {
    fn report(&mut self, rule: Rule, path: &str, detail: String) {
        if !self.direction.reports(rule) {
            return;
        }
        self.changes.push(SchemaChange { rule, path: path.to_owned(), detail });
    }

    fn node(&mut self, path: &str, old: &SchemaNode, new: &SchemaNode) {
        let (old_registry, new_registry) = (self.old, self.new);
        let old = resolve(old_registry, old);
        let new = resolve(new_registry, new);
        self.keywords(path, &old.object, &new.object);
        if let (Some(old_target), Some(new_target)) = (old.target, new.target)
            && !self.pairs_seen.insert((old_target.clone(), new_target.clone()))
        {
            return;
        }
        self.children(path, &old.object, &new.object);
    }

    /// A property that does not travel this way: `readOnly` ones are not sent, `writeOnly` ones not received.
    fn invisible(&self, property: &SchemaNode) -> bool {
        let object = resolve(self.old, property).object;
        match self.direction {
            Direction::Both => false,
            Direction::Request => object.read_only,
            Direction::Response => object.write_only,
        }
    }

    fn children(&mut self, path: &str, old: &SchemaObject, new: &SchemaObject) {
        for (name, old_property) in &old.properties {
            let field = format!("{path}.{name}");
            if self.invisible(old_property) {
                continue;
            }
            match new.properties.get(name) {
                Some(new_property) => self.node(&field, old_property, new_property),
                None => self.report(Rule::FieldRemoved, &field, format!("`{name}` removed")),
            }
        }
        for name in &new.required {
            if !old.required.contains(name) {
                let detail = if old.properties.contains_key(name) {
                    format!("`{name}` became required")
                } else {
                    format!("`{name}` added as a required field")
                };
                self.report(Rule::FieldRequired, &format!("{path}.{name}"), detail);
            }
        }
        for name in &old.required {
            if !new.required.contains(name) && new.properties.contains_key(name) {
                self.report(Rule::FieldOptional, &format!("{path}.{name}"), format!("`{name}` no longer required"));
            }
        }
        if let (Some(old_items), Some(new_items)) = (&old.items, &new.items) {
            self.node(&format!("{path}[*]"), old_items, new_items);
        }
        self.composition(path, "oneOf", &old.one_of, &new.one_of);
        self.composition(path, "anyOf", &old.any_of, &new.any_of);
        self.composition(path, "allOf", &old.all_of, &new.all_of);
        match (&old.not, &new.not) {
            (None, Some(_)) => self.report(Rule::CompositionNarrowed, path, "`not` added".into()),
            (Some(old_not), Some(new_not)) if old_not != new_not => {
                self.report(Rule::CompositionNarrowed, path, "`not` changed".into());
            }
            _ => {}
        }
        match (&old.additional_properties, &new.additional_properties) {
            (Some(old_values), Some(new_values)) => self.node(&format!("{path}.*"), old_values, new_values),
            (Some(_), None) => self.report(
                Rule::AdditionalPropertiesNarrowed,
                path,
                "additionalProperties removed: entries beside the declared properties are no longer kept".into(),
            ),
            _ => {}
        }
    }

    /// The branches of `oneOf`, `anyOf` or `allOf`: identical branches are paired first, the rest in order, and
    /// each pair is walked (at `<path>(<keyword> <old index>)`, since a branch referring to a definition may still
    /// differ inside it). An alternative left without a partner narrows `oneOf` and `anyOf`; a constraint without
    /// one narrows `allOf`.
    fn composition(&mut self, path: &str, keyword: &str, old: &[SchemaNode], new: &[SchemaNode]) {
        let mut unmatched_new: Vec<usize> = (0..new.len()).collect();
        let mut pairs = Vec::new();
        let mut unmatched_old = Vec::new();
        for (index, branch) in old.iter().enumerate() {
            match unmatched_new.iter().position(|&candidate| new[candidate] == *branch) {
                Some(position) => pairs.push((index, unmatched_new.remove(position))),
                None => unmatched_old.push(index),
            }
        }
        let paired_in_order = unmatched_old.len().min(unmatched_new.len());
        pairs.extend(unmatched_old.iter().copied().zip(unmatched_new.iter().copied()));
        let (removed, added) = (&unmatched_old[paired_in_order..], &unmatched_new[paired_in_order..]);
        if keyword == "allOf" {
            for index in added {
                self.report(Rule::CompositionNarrowed, path, format!("allOf: constraint {index} added"));
            }
        } else if old.is_empty() && !new.is_empty() {
            self.report(Rule::CompositionNarrowed, path, format!("{keyword} added"));
        } else if !new.is_empty() {
            for index in removed {
                self.report(Rule::CompositionNarrowed, path, format!("{keyword}: alternative {index} removed"));
            }
        }
        pairs.sort_unstable();
        for (old_index, new_index) in pairs {
            self.node(&format!("{path}({keyword} {old_index})"), &old[old_index], &new[new_index]);
        }
    }

    fn keywords(&mut self, path: &str, old: &SchemaObject, new: &SchemaObject) {
        // A type set or changed narrows what a position accepts; a type dropped (any value) or int-or-string
        // appearing widens what a reader may receive.
        let narrowed = old.instance_type != new.instance_type && new.instance_type.is_some()
            || old.kubernetes.int_or_string && !new.kubernetes.int_or_string;
        let widened = old.instance_type != new.instance_type && old.instance_type.is_some()
            || !old.kubernetes.int_or_string && new.kubernetes.int_or_string;
        let type_breaks = if self.direction == Direction::Response { widened } else { narrowed };
        if type_breaks {
            let name = |o: &SchemaObject| {
                if o.kubernetes.int_or_string {
                    "int-or-string".to_owned()
                } else {
                    o.instance_type.map_or("(any)".to_owned(), |t| t.as_str().to_owned())
                }
            };
            self.report(Rule::TypeChanged, path, format!("type {} -> {}", name(old), name(new)));
        }
        if old.format != new.format && self.direction.breaks(format_narrowed(old, new), format_narrowed(new, old)) {
            let show = |f: &Option<String>| f.clone().unwrap_or_else(|| "(none)".into());
            self.report(Rule::FormatChanged, path, format!("format {} -> {}", show(&old.format), show(&new.format)));
        }
        if old.nullable && !new.nullable {
            self.report(Rule::NullableRemoved, path, "no longer nullable".into());
        }
        if !old.nullable && new.nullable {
            self.report(Rule::NullableAdded, path, "became nullable".into());
        }
        self.enums(path, old, new);
        self.bounds(path, old, new);
        if old.bounds.pattern != new.bounds.pattern && new.bounds.pattern.is_some() {
            let show = |p: &Option<String>| p.as_ref().map_or("(none)".to_owned(), |p| format!("`{p}`"));
            let detail = format!("pattern {} -> {}", show(&old.bounds.pattern), show(&new.bounds.pattern));
            self.report(Rule::PatternChanged, path, detail);
        }
        if old.default != new.default {
            let show = |d: &Option<Value>| d.as_ref().map_or("(none)".to_owned(), Value::to_string);
            self.report(
                Rule::DefaultChanged,
                path,
                format!("default {} -> {}", show(&old.default), show(&new.default)),
            );
        }
        if old.kubernetes.preserve_unknown_fields && !new.kubernetes.preserve_unknown_fields {
            let detail = "x-kubernetes-preserve-unknown-fields removed: unknown fields are pruned".into();
            self.report(Rule::AdditionalPropertiesNarrowed, path, detail);
        }
        self.merge_semantics(path, old, new);
        let old_rules: HashSet<&str> = old.kubernetes.validations.iter().map(|v| v.rule.as_str()).collect();
        for rule in &new.kubernetes.validations {
            if !old_rules.contains(rule.rule.as_str()) {
                self.report(Rule::ValidationAdded, path, format!("rule `{}`", rule.rule));
            }
        }
    }

    /// Closed enums (`enum`) reject what they do not list, so removing a value breaks writers and adding one breaks
    /// readers that switch over the list. Open enums (`knownValues`) reject nothing: their list may change freely.
    fn enums(&mut self, path: &str, old_object: &SchemaObject, new_object: &SchemaObject) {
        let (old, new) = (&old_object.enum_values, &new_object.enum_values);
        if new.is_empty() {
            if !old.is_empty() && !new_object.known_values.is_empty() {
                self.report(Rule::EnumOpened, path, "closed enum made open".into());
            }
            return;
        }
        if old.is_empty() {
            let values: Vec<String> = new.iter().map(Value::to_string).collect();
            self.report(Rule::EnumValueRemoved, path, format!("restricted to {}", values.join(", ")));
            return;
        }
        for value in old.iter().filter(|v| !new.contains(v)) {
            self.report(Rule::EnumValueRemoved, path, format!("{value} removed"));
        }
        for value in new.iter().filter(|v| !old.contains(v)) {
            self.report(Rule::EnumValueAdded, path, format!("{value} added"));
        }
    }

    fn bounds(&mut self, path: &str, old: &SchemaObject, new: &SchemaObject) {
        let (o, n) = (&old.bounds, &new.bounds);
        let number = |x: &Option<serde_json::Number>| x.as_ref().and_then(serde_json::Number::as_f64);
        let mut tightened = Vec::new();
        // A lower bound tightens when it appears or rises; an upper bound when it appears or falls.
        let raised = |new: f64, old: f64| new > old;
        let lowered = |new: f64, old: f64| new < old;
        let mut check = |name: &str, old: Option<f64>, new: Option<f64>, tighter: fn(f64, f64) -> bool| {
            if let Some(new) = new
                && old.is_none_or(|old| tighter(new, old))
            {
                tightened.push(format!("{name} {} -> {new}", old.map_or("(none)".to_owned(), |old| old.to_string())));
            }
        };
        let count = |x: Option<u64>| x.map(|x| x as f64);
        check("minimum", number(&o.minimum), number(&n.minimum), raised);
        check("maximum", number(&o.maximum), number(&n.maximum), lowered);
        check("minLength", count(o.min_length), count(n.min_length), raised);
        check("maxLength", count(o.max_length), count(n.max_length), lowered);
        check("minItems", count(o.min_items), count(n.min_items), raised);
        check("maxItems", count(o.max_items), count(n.max_items), lowered);
        check("minProperties", count(o.min_properties), count(n.min_properties), raised);
        check("maxProperties", count(o.max_properties), count(n.max_properties), lowered);
        if n.exclusive_minimum && !o.exclusive_minimum && n.minimum.is_some() {
            tightened.push("exclusiveMinimum set".into());
        }
        if n.exclusive_maximum && !o.exclusive_maximum && n.maximum.is_some() {
            tightened.push("exclusiveMaximum set".into());
        }
        if n.multiple_of.is_some() && n.multiple_of != o.multiple_of {
            tightened
                .push(format!("multipleOf -> {}", n.multiple_of.as_ref().map_or(String::new(), |m| m.to_string())));
        }
        if n.unique_items && !o.unique_items {
            tightened.push("uniqueItems set".into());
        }
        for detail in tightened {
            self.report(Rule::BoundTightened, path, detail);
        }
    }

    fn merge_semantics(&mut self, path: &str, old: &SchemaObject, new: &SchemaObject) {
        let (o, n) = (&old.kubernetes, &new.kubernetes);
        let name = |t: Option<&'static str>| t.unwrap_or("(none)");
        if o.list_type != n.list_type {
            let detail = format!(
                "x-kubernetes-list-type {} -> {}",
                name(o.list_type.map(|t| t.as_str())),
                name(n.list_type.map(|t| t.as_str()))
            );
            self.report(Rule::ListTypeChanged, path, detail);
        } else if o.list_map_keys != n.list_map_keys {
            let detail = format!("x-kubernetes-list-map-keys {:?} -> {:?}", o.list_map_keys, n.list_map_keys);
            self.report(Rule::ListTypeChanged, path, detail);
        }
        if o.map_type != n.map_type {
            let detail = format!(
                "x-kubernetes-map-type {} -> {}",
                name(o.map_type.map(|t| t.as_str())),
                name(n.map_type.map(|t| t.as_str()))
            );
            self.report(Rule::ListTypeChanged, path, detail);
        }
    }
}

/// True when `new`'s format accepts no more than `old`'s, and less: a format set where there was none, a narrower
/// width of the same kind of number (`int64` -> `int32`, `double` -> `float`), an int-or-string made an integer.
fn format_narrowed(old: &SchemaObject, new: &SchemaObject) -> bool {
    let width = |format: &str| match format {
        "int32" => Some(("integer", 32)),
        "int64" => Some(("integer", 64)),
        "float" => Some(("number", 32)),
        "double" => Some(("number", 64)),
        _ => None,
    };
    match (old.format.as_deref(), new.format.as_deref()) {
        (None, Some(_)) => true,
        // Kubernetes' int-or-string documents say so by format: a number of either width narrows it.
        (Some("int-or-string"), Some(new)) => width(new).is_some_and(|(kind, _)| kind == "integer"),
        (Some(old), Some(new)) => match (width(old), width(new)) {
            (Some((old_kind, old_bits)), Some((new_kind, new_bits))) => old_kind == new_kind && new_bits < old_bits,
            _ => false,
        },
        _ => false,
    }
}
