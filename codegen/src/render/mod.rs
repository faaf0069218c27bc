//! Renders model schemas as JSON in one dialect: the single place that writes keyword names and forms.
//!
//! OpenAPI v3, swagger 2.0 and JSON Schema 2020-12 differ in a handful of settings ([`Dialect`]): how a reference
//! with siblings is written, how `nullable` and exclusive bounds are spelled, and which keywords cannot be said at
//! all. Keywords a dialect cannot say are dropped and recorded (with their lossless OpenAPI v3 value) so the
//! swagger 2.0 emitter can publish a loss report.

use kapi_model::{DefName, SchemaNode, SchemaObject, Union, ValidationRule};
use serde_json::{Map, Value, json};

use crate::keyword::Keyword;

mod dialect;
#[cfg(test)]
mod tests;

pub(crate) use dialect::{Dialect, ExclusiveBounds, Nullable, RefSiblings};

/// A keyword the dialect could not say.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Dropped {
    /// RFC 6901 pointer to the keyword, relative to the rendered root.
    pub pointer: String,
    pub keyword: Keyword,
    /// The keyword's value in lossless OpenAPI v3 form.
    pub value: Value,
}

/// Renders schemas in one dialect, collecting what it drops.
#[derive(Debug)]
pub(crate) struct Renderer {
    dialect: &'static Dialect,
    pointer: Vec<String>,
    dropped: Vec<Dropped>,
}

impl Renderer {
    /// A renderer for `dialect`.
    pub fn new(dialect: &'static Dialect) -> Self {
        Self { dialect, pointer: Vec::new(), dropped: Vec::new() }
    }

    /// A bare reference to `target`.
    pub fn reference(&self, target: &DefName) -> Value {
        json!({ "$ref": format!("{}{}", self.dialect.ref_prefix, target) })
    }

    /// Renders one schema; pointers of dropped keywords are relative to it.
    pub fn schema(&mut self, node: &SchemaNode) -> Value {
        match node {
            SchemaNode::Inline(object) => Value::Object(self.object(object)),
            SchemaNode::Ref(reference) => {
                // The referenced definition carries the type; a type beside `$ref` is an error for v2 readers.
                let mut siblings = self.object_with(&reference.siblings, false);
                let target = self.reference(&reference.target);
                let null_type = self.dialect.nullable == Nullable::NullType;
                if null_type && reference.siblings.nullable && reference.siblings.instance_type.is_none() {
                    let either = vec![target, json!({"type": "null"})];
                    if siblings.contains_key("anyOf") {
                        push_all_of(&mut siblings, json!({ "anyOf": either }));
                    } else {
                        siblings.insert("anyOf".to_owned(), Value::Array(either));
                    }
                    return Value::Object(siblings);
                }
                self.wrap_reference(target, siblings)
            }
        }
    }

    /// Everything dropped so far, leaving none behind.
    pub fn take_dropped(&mut self) -> Vec<Dropped> {
        std::mem::take(&mut self.dropped)
    }

    fn wrap_reference(&self, target: Value, mut siblings: Map<String, Value>) -> Value {
        // Bareness is decided after rendering, so a reference whose only siblings were dropped stays bare.
        if siblings.is_empty() {
            return target;
        }
        match self.dialect.ref_siblings {
            RefSiblings::WrapInAllOf => {
                let existing = match siblings.remove("allOf") {
                    Some(Value::Array(items)) => items,
                    _ => Vec::new(),
                };
                let all_of = std::iter::once(target).chain(existing).collect();
                siblings.insert("allOf".to_owned(), Value::Array(all_of));
            }
            RefSiblings::Beside => {
                if let Value::Object(reference) = target {
                    siblings.extend(reference);
                }
            }
        }
        Value::Object(siblings)
    }

    fn object(&mut self, o: &SchemaObject) -> Map<String, Value> {
        self.object_with(o, true)
    }

    fn object_with(&mut self, o: &SchemaObject, may_rewrite_type: bool) -> Map<String, Value> {
        let mut out = Map::new();
        let rewrite = if may_rewrite_type { self.scalar_choice_rewrite(o) } else { None };
        self.types(&mut out, o, rewrite);
        self.annotations(&mut out, o);
        self.composition(&mut out, o);
        self.structure(&mut out, o);
        self.bounds(&mut out, o);
        self.extensions(&mut out, o);
        out
    }

    /// `Some(format)` when the dialect writes this schema as `type: string` (see [`Dialect::scalar_choice_as_string`]).
    fn scalar_choice_rewrite(&self, o: &SchemaObject) -> Option<Option<&'static str>> {
        if !self.dialect.scalar_choice_as_string || o.instance_type.is_some() {
            return None;
        }
        let int_or_string =
            o.kubernetes.int_or_string || (o.format.as_deref() == Some("int-or-string") && !o.one_of.is_empty());
        let scalar_choice = !o.one_of.is_empty()
            && o.one_of.iter().all(|node| scalar_type(node).is_some())
            && o.one_of.iter().any(|node| scalar_type(node) == Some(kapi_model::InstanceType::String));
        match (int_or_string, scalar_choice) {
            (true, _) => Some(Some("int-or-string")),
            (false, true) => Some(None),
            (false, false) => None,
        }
    }

    fn types(&mut self, out: &mut Map<String, Value>, o: &SchemaObject, rewrite: Option<Option<&'static str>>) {
        let null_type = self.dialect.nullable == Nullable::NullType && o.nullable;
        let instance_type = o.instance_type.map(|t| t.as_str()).or(rewrite.map(|_| "string"));
        if let Some(name) = instance_type {
            let value = if null_type { json!([name, "null"]) } else { json!(name) };
            self.put(out, Keyword::Type, |_| value);
        }
        if let Some(format) = o.format.as_deref().or(rewrite.flatten()) {
            self.put(out, Keyword::Format, |_| json!(format));
        }
        if o.nullable && self.dialect.nullable == Nullable::Keyword {
            self.put(out, Keyword::Nullable, |_| json!(true));
        }
        if !o.enum_values.is_empty() {
            let mut values = o.enum_values.clone();
            if null_type && !values.contains(&Value::Null) {
                values.push(Value::Null);
            }
            self.put(out, Keyword::Enum, |_| Value::Array(values));
        }
    }

    fn annotations(&mut self, out: &mut Map<String, Value>, o: &SchemaObject) {
        let texts = [(Keyword::Title, &o.title), (Keyword::Description, &o.description)];
        for (keyword, text) in texts {
            if let Some(text) = text {
                self.put(out, keyword, |_| json!(text));
            }
        }
        if let Some(default) = &o.default {
            self.put(out, Keyword::Default, |_| default.clone());
        }
        if let Some(example) = &o.example {
            if self.dialect.examples_array {
                out.insert("examples".to_owned(), json!([example]));
            } else {
                self.put(out, Keyword::Example, |_| example.clone());
            }
        }
        let flags =
            [(Keyword::Deprecated, o.deprecated), (Keyword::ReadOnly, o.read_only), (Keyword::WriteOnly, o.write_only)];
        for (keyword, set) in flags {
            if set {
                self.put(out, keyword, |_| json!(true));
            }
        }
    }

    fn composition(&mut self, out: &mut Map<String, Value>, o: &SchemaObject) {
        for (keyword, nodes) in [(Keyword::OneOf, &o.one_of), (Keyword::AnyOf, &o.any_of), (Keyword::AllOf, &o.all_of)]
        {
            if !nodes.is_empty() {
                self.put(out, keyword, |r| {
                    Value::Array(nodes.iter().enumerate().map(|(i, node)| r.child(&i.to_string(), node)).collect())
                });
            }
        }
        if let Some(not) = &o.not {
            self.put(out, Keyword::Not, |r| r.schema(not));
        }
    }

    fn structure(&mut self, out: &mut Map<String, Value>, o: &SchemaObject) {
        if !o.properties.is_empty() {
            self.put(out, Keyword::Properties, |r| {
                Value::Object(o.properties.iter().map(|(name, node)| (name.clone(), r.child(name, node))).collect())
            });
        }
        if !o.required.is_empty() {
            self.put(out, Keyword::Required, |_| json!(o.required));
        }
        if let Some(values) = &o.additional_properties {
            self.put(out, Keyword::AdditionalProperties, |r| r.schema(values));
        }
        if let Some(items) = &o.items {
            self.put(out, Keyword::Items, |r| r.schema(items));
        }
    }

    fn bounds(&mut self, out: &mut Map<String, Value>, o: &SchemaObject) {
        let b = &o.bounds;
        let lower = (Keyword::Minimum, Keyword::ExclusiveMinimum, &b.minimum, b.exclusive_minimum);
        let upper = (Keyword::Maximum, Keyword::ExclusiveMaximum, &b.maximum, b.exclusive_maximum);
        for (inclusive, exclusive, bound, is_exclusive) in [lower, upper] {
            match (self.dialect.exclusive_bounds, bound, is_exclusive) {
                (ExclusiveBounds::Value, Some(bound), true) => self.put(out, exclusive, |_| json!(bound)),
                (ExclusiveBounds::Value, _, true) => {} // 2020-12 cannot flag a bound that is not there
                (_, bound, is_exclusive) => {
                    if let Some(bound) = bound {
                        self.put(out, inclusive, |_| json!(bound));
                    }
                    if is_exclusive {
                        self.put(out, exclusive, |_| json!(true));
                    }
                }
            }
        }
        if let Some(multiple) = &b.multiple_of {
            self.put(out, Keyword::MultipleOf, |_| json!(multiple));
        }
        let counts = [
            (Keyword::MinLength, b.min_length),
            (Keyword::MaxLength, b.max_length),
            (Keyword::MinItems, b.min_items),
            (Keyword::MaxItems, b.max_items),
            (Keyword::MinProperties, b.min_properties),
            (Keyword::MaxProperties, b.max_properties),
        ];
        for (keyword, count) in counts {
            if let Some(count) = count {
                self.put(out, keyword, |_| json!(count));
            }
        }
        if let Some(pattern) = &b.pattern {
            self.put(out, Keyword::Pattern, |_| json!(pattern));
        }
        if b.unique_items {
            self.put(out, Keyword::UniqueItems, |_| json!(true));
        }
    }

    fn extensions(&mut self, out: &mut Map<String, Value>, o: &SchemaObject) {
        let k = &o.kubernetes;
        if let Some(list_type) = k.list_type {
            self.put(out, Keyword::ListType, |_| json!(list_type.as_str()));
        }
        if !k.list_map_keys.is_empty() {
            self.put(out, Keyword::ListMapKeys, |_| json!(k.list_map_keys));
        }
        if let Some(map_type) = k.map_type {
            self.put(out, Keyword::MapType, |_| json!(map_type.as_str()));
        }
        let flags = [
            (Keyword::IntOrString, k.int_or_string),
            (Keyword::PreserveUnknownFields, k.preserve_unknown_fields),
            (Keyword::EmbeddedResource, k.embedded_resource),
        ];
        for (keyword, set) in flags {
            if set {
                self.put(out, keyword, |_| json!(true));
            }
        }
        if !k.validations.is_empty() {
            self.put(out, Keyword::Validations, |_| Value::Array(k.validations.iter().map(validation).collect()));
        }
        if !k.group_version_kind.is_empty() {
            let kinds = k.group_version_kind.iter();
            let value = kinds.map(|g| json!({"group": g.group, "kind": g.kind, "version": g.version})).collect();
            self.put(out, Keyword::GroupVersionKind, |_| Value::Array(value));
        }
        for (keyword, text) in
            [(Keyword::PatchStrategy, &k.patch_strategy), (Keyword::PatchMergeKey, &k.patch_merge_key)]
        {
            if let Some(text) = text {
                self.put(out, keyword, |_| json!(text));
            }
        }
        if !k.unions.is_empty() {
            self.put(out, Keyword::Unions, |_| Value::Array(k.unions.iter().map(union).collect()));
        }
    }

    /// Writes `keyword`, or records it as dropped (rendered losslessly) when the dialect cannot say it.
    fn put(&mut self, out: &mut Map<String, Value>, keyword: Keyword, render: impl FnOnce(&mut Renderer) -> Value) {
        self.pointer.push(keyword.as_str().to_owned());
        if self.dialect.unsupported.contains(&keyword) {
            let mut source =
                Renderer { dialect: &Dialect::OPENAPI_V3, pointer: self.pointer.clone(), dropped: Vec::new() };
            let value = render(&mut source);
            self.dropped.push(Dropped { pointer: json_pointer(&self.pointer), keyword, value });
        } else {
            let value = render(self);
            out.insert(keyword.as_str().to_owned(), value);
        }
        self.pointer.pop();
    }

    fn child(&mut self, token: &str, node: &SchemaNode) -> Value {
        self.pointer.push(token.to_owned());
        let value = self.schema(node);
        self.pointer.pop();
        value
    }
}

/// The type of a node that is nothing but a scalar `type` (the alternatives of IntOrString and Quantity).
fn scalar_type(node: &SchemaNode) -> Option<kapi_model::InstanceType> {
    use kapi_model::InstanceType::{Array, Object};
    let SchemaNode::Inline(object) = node else { return None };
    let instance_type = object.instance_type.filter(|t| !matches!(t, Array | Object))?;
    (**object == SchemaObject::of_type(instance_type)).then_some(instance_type)
}

fn push_all_of(map: &mut Map<String, Value>, schema: Value) {
    match map.get_mut("allOf") {
        Some(Value::Array(items)) => items.push(schema),
        _ => {
            map.insert("allOf".to_owned(), json!([schema]));
        }
    }
}

fn validation(rule: &ValidationRule) -> Value {
    let mut out = Map::new();
    out.insert("rule".to_owned(), json!(rule.rule));
    let texts = [
        ("message", &rule.message),
        ("messageExpression", &rule.message_expression),
        ("reason", &rule.reason),
        ("fieldPath", &rule.field_path),
    ];
    for (key, text) in texts {
        if let Some(text) = text {
            out.insert(key.to_owned(), json!(text));
        }
    }
    if let Some(flag) = rule.optional_old_self {
        out.insert("optionalOldSelf".to_owned(), json!(flag));
    }
    Value::Object(out)
}

fn union(union: &Union) -> Value {
    let mut out = Map::new();
    if let Some(discriminator) = &union.discriminator {
        out.insert("discriminator".to_owned(), json!(discriminator));
    }
    out.insert("fields-to-discriminateBy".to_owned(), json!(union.fields_to_discriminate_by));
    Value::Object(out)
}

/// RFC 6901: `~` becomes `~0` and `/` becomes `~1` in each token.
pub(crate) fn json_pointer(tokens: &[String]) -> String {
    tokens.iter().map(|token| format!("/{}", token.replace('~', "~0").replace('/', "~1"))).collect()
}
