//! JSON Schema, as schemars writes it, to kapi's typed schema. Keywords that depend on their neighbours wait in
//! [`Pending`] until the whole object is read; whatever the model cannot hold becomes a problem, never a silent drop.

use std::collections::BTreeMap;

use kapi_model::{DefName, InstanceType, Keyword, Reference, SchemaNode, SchemaObject};
use serde_json::{Map, Number, Value};

use super::naming;

/// JSON Schema keywords OpenAPI 3.0 has no form for; each is reported (docs/SCHEMARS.md says what to do instead).
const INEXPRESSIBLE: &[&str] = &[
    "$id",
    "$schema",
    "$anchor",
    "$dynamicRef",
    "$dynamicAnchor",
    "$vocabulary",
    "$comment",
    "$defs",
    "definitions",
    "patternProperties",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
    "if",
    "then",
    "else",
    "contains",
    "minContains",
    "maxContains",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
];

/// Converts schemas, resolving `$ref`s through the names definitions are stored under, and collects problems.
#[derive(Debug)]
pub(super) struct Converter<'a> {
    names: &'a BTreeMap<String, DefName>,
    problems: Vec<String>,
}

/// Keywords of one schema object that land only once their neighbours are known.
#[derive(Debug, Default)]
pub(super) struct Pending<'v> {
    pub reference: Option<&'v Value>,
    pub types: Option<&'v Value>,
    pub constant: Option<&'v Value>,
    pub examples: Option<&'v Value>,
    pub exclusive_minimum: Option<&'v Value>,
    pub exclusive_maximum: Option<&'v Value>,
    pub prefix_items: Option<&'v Value>,
    pub kubernetes: Vec<(Keyword, &'v Value)>,
}

impl<'a> Converter<'a> {
    /// A converter resolving `#/$defs/<key>` through `names`.
    pub fn new(names: &'a BTreeMap<String, DefName>) -> Self {
        Self { names, problems: Vec::new() }
    }

    /// The problems found so far, in the order met, each located by a JSON pointer.
    pub fn into_problems(self) -> Vec<String> {
        self.problems
    }

    /// Records a problem at `at`.
    pub fn problem(&mut self, at: &str, message: impl AsRef<str>) {
        self.problems.push(format!("at `{at}`: {}", message.as_ref()));
    }

    /// One schema: `true` admits anything (`{}`), `false` nothing (`{not: {}}`), an object is converted.
    pub fn node(&mut self, schema: &Value, at: &str) -> SchemaNode {
        match schema {
            Value::Bool(true) => SchemaNode::inline(SchemaObject::default()),
            Value::Bool(false) => nothing(),
            Value::Object(map) => self.nullable_choice(map, at).unwrap_or_else(|| self.object(map, at)),
            other => {
                self.problem(at, format!("a schema is an object or a boolean, not `{other}`"));
                SchemaNode::inline(SchemaObject::default())
            }
        }
    }

    fn object(&mut self, map: &Map<String, Value>, at: &str) -> SchemaNode {
        let mut object = SchemaObject::default();
        let mut pending = Pending::default();
        for (key, value) in map {
            let here = child(at, key);
            match Keyword::from_name(key) {
                Some(keyword) => self.keyword(keyword, value, &mut object, &mut pending, &here),
                None => self.json_schema_keyword(key, value, &mut pending, &here),
            }
        }
        self.finish(object, pending, at)
    }

    /// Keywords of JSON Schema 2020-12 outside OpenAPI's vocabulary: stashed for [`Self::finish`], or reported.
    fn json_schema_keyword<'v>(&mut self, key: &str, value: &'v Value, pending: &mut Pending<'v>, at: &str) {
        match key {
            "$ref" => pending.reference = Some(value),
            "const" => pending.constant = Some(value),
            "examples" => pending.examples = Some(value),
            "prefixItems" => pending.prefix_items = Some(value),
            _ if INEXPRESSIBLE.contains(&key) => {
                self.problem(at, format!("`{key}` has no OpenAPI 3.0 form, so kapi's model cannot hold it"))
            }
            _ if key.starts_with("x-") => {
                self.problem(at, format!("extension `{key}` is not one kapi's model holds (x-kubernetes-* ones are)"))
            }
            _ => self.problem(at, format!("`{key}` is not a keyword kapi knows")),
        }
    }

    /// Lands the keywords that needed their neighbours, in an order where each sees the ones it depends on.
    fn finish(&mut self, mut object: SchemaObject, pending: Pending<'_>, at: &str) -> SchemaNode {
        let only_null = pending.types.is_some_and(|types| self.types(types, &mut object, &child(at, "type")));
        if let Some(value) = pending.constant {
            if object.enum_values.is_empty() {
                object.enum_values = vec![value.clone()];
            } else {
                self.problem(&child(at, "const"), "`const` beside `enum` is not supported; keep one");
            }
        }
        if only_null && object.enum_values.is_empty() {
            object.enum_values = vec![Value::Null];
        }
        // OpenAPI 3.0 admits null only where `nullable` says so; an untyped enum listing null admits it.
        if pending.types.is_none() && object.enum_values.contains(&Value::Null) {
            object.nullable = true;
        }
        if let Some(examples) = pending.examples {
            self.examples(examples, &mut object, &child(at, "examples"));
        }
        let bounds = &mut object.bounds;
        if let Some(value) = pending.exclusive_minimum
            && !exclusive_bound(value, &mut bounds.minimum, &mut bounds.exclusive_minimum, true)
        {
            self.problem(
                &child(at, "exclusiveMinimum"),
                "`exclusiveMinimum` is a number (or, in OpenAPI 3.0, a boolean)",
            );
        }
        if let Some(value) = pending.exclusive_maximum
            && !exclusive_bound(value, &mut bounds.maximum, &mut bounds.exclusive_maximum, false)
        {
            self.problem(
                &child(at, "exclusiveMaximum"),
                "`exclusiveMaximum` is a number (or, in OpenAPI 3.0, a boolean)",
            );
        }
        if let Some(prefix) = pending.prefix_items {
            self.prefix_items(prefix, &mut object, &child(at, "prefixItems"));
        }
        for (keyword, value) in pending.kubernetes {
            self.kubernetes(keyword, value, &mut object, &child(at, keyword.as_str()));
        }
        match pending.reference.and_then(|value| self.reference(value, &child(at, "$ref"))) {
            Some(target) => SchemaNode::Ref(Reference { target, siblings: object }),
            None => SchemaNode::inline(object),
        }
    }

    /// `type`: one type, a type and `"null"` (`nullable`), `"null"` alone (`nullable`; true is returned, so the
    /// caller adds `enum: [null]` when no enum says more), or several types (`anyOf` of one schema per type).
    fn types(&mut self, value: &Value, object: &mut SchemaObject, at: &str) -> bool {
        let names: Vec<&Value> = match value {
            Value::Array(names) => names.iter().collect(),
            one => vec![one],
        };
        let mut types = Vec::new();
        let listed = names.len();
        for name in names {
            match name.as_str() {
                Some("null") => object.nullable = true,
                Some(text) => match InstanceType::from_name(text) {
                    Some(instance_type) if !types.contains(&instance_type) => types.push(instance_type),
                    Some(_) => {}
                    None => self.problem(at, format!("`{text}` is not a JSON type")),
                },
                None => self.problem(at, format!("a type is a string, not `{name}`")),
            }
        }
        match types.as_slice() {
            [] if object.nullable => return true,
            [] if listed == 0 => self.problem(at, "`type` names no type"),
            [] => {}
            [one] => object.instance_type = Some(*one),
            several => {
                let choices = several.iter().map(|t| SchemaNode::inline(SchemaObject::of_type(*t))).collect();
                if object.any_of.is_empty() {
                    object.any_of = choices;
                } else {
                    object.all_of.push(SchemaNode::inline(SchemaObject { any_of: choices, ..Default::default() }));
                }
            }
        }
        false
    }

    /// `examples`: the first value becomes OpenAPI's single `example`; more are reported.
    fn examples(&mut self, value: &Value, object: &mut SchemaObject, at: &str) {
        let Value::Array(examples) = value else {
            return self.problem(at, "`examples` is an array");
        };
        if let Some(first) = examples.first() {
            if object.example.is_some() {
                return self.problem(at, "both `example` and `examples` are set; keep one");
            }
            object.example = Some(first.clone());
        }
        if examples.len() > 1 {
            let count = examples.len();
            self.problem(
                at,
                format!("{count} examples, but OpenAPI 3.0 holds one (`example`); only the first is kept"),
            );
        }
    }

    /// `prefixItems` (a tuple): OpenAPI 3.0 has no positional items, so `items` becomes the choice of the members
    /// (and of what `items` allows after them); the length bounds schemars writes beside it stay.
    fn prefix_items(&mut self, value: &Value, object: &mut SchemaObject, at: &str) {
        let Value::Array(members) = value else {
            return self.problem(at, "`prefixItems` is an array of schemas");
        };
        let mut choices: Vec<SchemaNode> = Vec::new();
        for (index, member) in members.iter().enumerate() {
            let node = self.node(member, &format!("{at}/{index}"));
            if !choices.contains(&node) {
                choices.push(node);
            }
        }
        let length = members.len() as u64;
        let rest = object.items.take().map(|rest| *rest);
        match rest {
            Some(rest) if rest == nothing() => {
                object.bounds.max_items = Some(object.bounds.max_items.map_or(length, |max| max.min(length)));
            }
            Some(rest) if !choices.contains(&rest) => choices.push(rest),
            Some(_) => {}
            // Without `items`, anything may follow the prefix unless `maxItems` ends the array there.
            None if object.bounds.max_items.is_none_or(|max| max > length) => return,
            None => {}
        }
        object.items = match choices.len() {
            0 => None,
            1 => choices.pop().map(Box::new),
            _ => Some(Box::new(SchemaNode::inline(SchemaObject { any_of: choices, ..Default::default() }))),
        };
    }

    /// `$ref` to `#/$defs/<key>`: the definition that key is stored as.
    fn reference(&mut self, value: &Value, at: &str) -> Option<DefName> {
        let Some(text) = value.as_str() else {
            self.problem(at, format!("`$ref` is a string, not `{value}`"));
            return None;
        };
        let found = naming::defs_key(text).and_then(|key| self.names.get(&key)).cloned();
        if found.is_none() {
            self.problem(at, format!("`$ref` to `{text}`, which is not among the definitions schemars produced"));
        }
        found
    }

    /// `anyOf`/`oneOf` of one schema and `{"type": "null"}`, schemars' form of `Option<T>`: that schema with
    /// `nullable`, unless its keywords and the outer ones overlap (then the choice stays, with a null schema).
    fn nullable_choice(&mut self, map: &Map<String, Value>, at: &str) -> Option<SchemaNode> {
        if map.contains_key("$ref") {
            return None;
        }
        let (key, members) = ["anyOf", "oneOf"].into_iter().find_map(|key| match map.get(key) {
            Some(Value::Array(members)) if members.len() == 2 && members.iter().any(is_null_schema) => {
                Some((key, members))
            }
            _ => None,
        })?;
        let null_first = is_null_schema(&members[0]);
        let (index, other) = if null_first { (1, &members[1]) } else { (0, &members[0]) };
        let rest: Map<String, Value> =
            map.iter().filter(|(k, _)| *k != key).map(|(k, v)| (k.clone(), v.clone())).collect();
        let mut outer = self.object(&rest, at);
        let mut node = self.node(other, &format!("{at}/{key}/{index}"));
        let overlap = Keyword::ALL.iter().any(|k| k.is_set(outer.keywords()) && k.is_set(node.keywords()));
        if overlap {
            let choices = if null_first { vec![null_schema(), node] } else { vec![node, null_schema()] };
            let keywords = outer.keywords_mut();
            if key == "anyOf" {
                keywords.any_of = choices
            } else {
                keywords.one_of = choices
            }
            return Some(outer);
        }
        node.keywords_mut().apply(std::mem::take(outer.keywords_mut()));
        node.keywords_mut().nullable = true;
        Some(node)
    }
}

/// Applies a 2020-12 `exclusiveMinimum: n` (the stricter of it and an inclusive bound wins) or OpenAPI 3.0's
/// `exclusiveMinimum: true`; false when the value is neither.
fn exclusive_bound(value: &Value, bound: &mut Option<Number>, flag: &mut bool, lower: bool) -> bool {
    match value {
        Value::Bool(exclusive) => *flag = *exclusive,
        Value::Number(limit) => {
            let current = bound.as_ref().and_then(Number::as_f64);
            let limit_f = limit.as_f64().unwrap_or_default();
            let inclusive_is_stricter = current.is_some_and(|c| if lower { c > limit_f } else { c < limit_f });
            if !inclusive_is_stricter {
                *bound = Some(limit.clone());
                *flag = true;
            }
        }
        _ => return false,
    }
    true
}

/// `{"type": "null"}`, exactly.
fn is_null_schema(value: &Value) -> bool {
    value.as_object().is_some_and(|map| map.len() == 1 && map.get("type") == Some(&Value::from("null")))
}

/// The model's form of `{"type": "null"}`, as kapi's derive writes an untagged unit variant.
pub(super) fn null_schema() -> SchemaNode {
    SchemaNode::inline(SchemaObject { nullable: true, enum_values: vec![Value::Null], ..Default::default() })
}

/// The schema nothing matches (`false`): `{not: {}}`.
pub(super) fn nothing() -> SchemaNode {
    let anything = SchemaNode::inline(SchemaObject::default());
    SchemaNode::inline(SchemaObject { not: Some(Box::new(anything)), ..Default::default() })
}

/// The JSON pointer of `key` below `at`.
pub(super) fn child(at: &str, key: &str) -> String {
    format!("{at}/{}", naming::escape_pointer(key))
}
