//! Renders model schemas as JSON in one dialect: the single place that writes keyword names and forms.
//!
//! OpenAPI v3, swagger 2.0 and JSON Schema 2020-12 differ in a handful of settings ([`Dialect`]): how a reference
//! with siblings is written, how `nullable` and exclusive bounds are spelled, and which keywords cannot be said at
//! all. Keywords a dialect cannot say are dropped and recorded (with their lossless OpenAPI v3 value) so the
//! swagger 2.0 emitter can publish a loss report.

use kapi_model::{DefName, Keyword, SchemaNode, SchemaObject, Union, ValidationRule, open_enum};
use serde_json::{Map, Value, json};

mod dialect;
#[cfg(test)]
mod enum_tests;
#[cfg(test)]
mod tests;

pub use dialect::LossRule;
pub(crate) use dialect::{Dialect, ExclusiveBounds, Nullable, RefSiblings};

/// `Some(format)` when a schema without a type is written `type: string` (+ that format), see
/// [`Dialect::scalar_choice_as_string`].
type Rewrite = Option<Option<&'static str>>;

/// A keyword the dialect could not say.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Dropped {
    /// RFC 6901 pointer to the keyword, relative to the rendered root.
    pub pointer: String,
    pub keyword: Keyword,
    /// Why the dialect left it out.
    pub rule: LossRule,
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
        for keyword in Keyword::ALL {
            self.keyword(&mut out, o, *keyword, rewrite);
        }
        self.dialect.finish(&mut out);
        out
    }

    /// `Some(format)` when the dialect writes this schema as `type: string` (see [`Dialect::scalar_choice_as_string`]).
    fn scalar_choice_rewrite(&self, o: &SchemaObject) -> Rewrite {
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

    /// Writes one keyword of `o`, if it is set. The match names every keyword of the model's vocabulary, so a
    /// keyword added there does not compile until this says how each dialect writes it.
    fn keyword(&mut self, out: &mut Map<String, Value>, o: &SchemaObject, keyword: Keyword, rewrite: Rewrite) {
        let (b, k) = (&o.bounds, &o.kubernetes);
        let null_type = self.dialect.nullable == Nullable::NullType && o.nullable;
        match keyword {
            Keyword::Type => {
                if let Some(name) = o.instance_type.map(|t| t.as_str()).or(rewrite.map(|_| "string")) {
                    let value = if null_type { json!([name, "null"]) } else { json!(name) };
                    self.put(out, keyword, |_| value);
                }
            }
            Keyword::Format => self.text(out, keyword, o.format.as_deref().or(rewrite.flatten())),
            Keyword::Nullable => self.flag(out, keyword, o.nullable && self.dialect.nullable == Nullable::Keyword),
            Keyword::Enum if !o.enum_values.is_empty() => {
                let mut values = o.enum_values.clone();
                if null_type && !values.contains(&Value::Null) {
                    values.push(Value::Null);
                }
                self.put(out, keyword, |_| Value::Array(values));
            }
            Keyword::Enum => {}
            // An open enum: listed for tools that read the extension, and (below) named in the description for
            // every reader, but never enforced, so values added later stay valid.
            Keyword::KnownValues if !o.known_values.is_empty() => {
                self.put(out, keyword, |_| Value::Array(o.known_values.clone()))
            }
            Keyword::KnownValues => {}
            Keyword::Title => self.text(out, keyword, o.title.as_deref()),
            Keyword::Description => {
                let described = open_enum::describe(o.description.as_deref(), &o.known_values);
                self.text(out, keyword, described.as_deref())
            }
            Keyword::Default => self.value(out, keyword, o.default.as_ref()),
            Keyword::Example => match &o.example {
                Some(example) if self.dialect.examples_array => {
                    out.insert("examples".to_owned(), json!([example]));
                }
                example => self.value(out, keyword, example.as_ref()),
            },
            Keyword::Deprecated => self.flag(out, keyword, o.deprecated),
            Keyword::ReadOnly => self.flag(out, keyword, o.read_only),
            Keyword::WriteOnly => self.flag(out, keyword, o.write_only),
            Keyword::OneOf => self.list(out, keyword, &o.one_of),
            Keyword::AnyOf => self.list(out, keyword, &o.any_of),
            Keyword::AllOf => self.list(out, keyword, &o.all_of),
            Keyword::Not => self.node(out, keyword, o.not.as_deref()),
            Keyword::Properties if !o.properties.is_empty() => self.put(out, keyword, |r| {
                Value::Object(o.properties.iter().map(|(name, node)| (name.clone(), r.child(name, node))).collect())
            }),
            Keyword::Properties => {}
            Keyword::Required if !o.required.is_empty() => self.put(out, keyword, |_| json!(o.required)),
            Keyword::Required => {}
            Keyword::AdditionalProperties => self.node(out, keyword, o.additional_properties.as_deref()),
            Keyword::Items => self.node(out, keyword, o.items.as_deref()),
            Keyword::Minimum => {
                self.bound(out, (keyword, Keyword::ExclusiveMinimum), b.minimum.as_ref(), b.exclusive_minimum)
            }
            Keyword::Maximum => {
                self.bound(out, (keyword, Keyword::ExclusiveMaximum), b.maximum.as_ref(), b.exclusive_maximum)
            }
            // Written with their bound: dialects disagree on whether they are flags or values.
            Keyword::ExclusiveMinimum | Keyword::ExclusiveMaximum => {}
            Keyword::MultipleOf => self.value(out, keyword, b.multiple_of.as_ref().map(|n| json!(n)).as_ref()),
            Keyword::MinLength => self.count(out, keyword, b.min_length),
            Keyword::MaxLength => self.count(out, keyword, b.max_length),
            Keyword::Pattern => self.text(out, keyword, b.pattern.as_deref()),
            Keyword::MinItems => self.count(out, keyword, b.min_items),
            Keyword::MaxItems => self.count(out, keyword, b.max_items),
            Keyword::UniqueItems => self.flag(out, keyword, b.unique_items),
            Keyword::MinProperties => self.count(out, keyword, b.min_properties),
            Keyword::MaxProperties => self.count(out, keyword, b.max_properties),
            Keyword::ListType => self.text(out, keyword, k.list_type.map(|t| t.as_str())),
            Keyword::ListMapKeys if !k.list_map_keys.is_empty() => self.put(out, keyword, |_| json!(k.list_map_keys)),
            Keyword::ListMapKeys => {}
            Keyword::MapType => self.text(out, keyword, k.map_type.map(|t| t.as_str())),
            Keyword::IntOrString => self.flag(out, keyword, k.int_or_string),
            Keyword::PreserveUnknownFields => self.flag(out, keyword, k.preserve_unknown_fields),
            Keyword::EmbeddedResource => self.flag(out, keyword, k.embedded_resource),
            Keyword::Validations if !k.validations.is_empty() => {
                self.put(out, keyword, |_| Value::Array(k.validations.iter().map(validation).collect()))
            }
            Keyword::Validations => {}
            Keyword::GroupVersionKind if !k.group_version_kind.is_empty() => {
                let kinds = k.group_version_kind.iter();
                let value = kinds.map(|g| json!({"group": g.group, "kind": g.kind, "version": g.version})).collect();
                self.put(out, keyword, |_| Value::Array(value));
            }
            Keyword::GroupVersionKind => {}
            Keyword::PatchStrategy => self.text(out, keyword, k.patch_strategy.as_deref()),
            Keyword::PatchMergeKey => self.text(out, keyword, k.patch_merge_key.as_deref()),
            Keyword::Unions if !k.unions.is_empty() => {
                self.put(out, keyword, |_| Value::Array(k.unions.iter().map(union).collect()))
            }
            Keyword::Unions => {}
        }
    }

    /// An inclusive bound and its exclusive flag: draft 4 and OpenAPI write `minimum: 1, exclusiveMinimum: true`,
    /// 2020-12 writes `exclusiveMinimum: 1` and cannot flag a bound that is not there.
    fn bound(
        &mut self,
        out: &mut Map<String, Value>,
        (inclusive, exclusive): (Keyword, Keyword),
        bound: Option<&serde_json::Number>,
        is_exclusive: bool,
    ) {
        match (self.dialect.exclusive_bounds, bound, is_exclusive) {
            (ExclusiveBounds::Value, Some(bound), true) => self.put(out, exclusive, |_| json!(bound)),
            (ExclusiveBounds::Value, _, true) => {}
            (_, bound, is_exclusive) => {
                if let Some(bound) = bound {
                    self.put(out, inclusive, |_| json!(bound));
                }
                self.flag(out, exclusive, is_exclusive);
            }
        }
    }

    fn text(&mut self, out: &mut Map<String, Value>, keyword: Keyword, text: Option<&str>) {
        if let Some(text) = text {
            self.put(out, keyword, |_| json!(text));
        }
    }

    fn value(&mut self, out: &mut Map<String, Value>, keyword: Keyword, value: Option<&Value>) {
        if let Some(value) = value {
            self.put(out, keyword, |_| value.clone());
        }
    }

    fn count(&mut self, out: &mut Map<String, Value>, keyword: Keyword, count: Option<u64>) {
        if let Some(count) = count {
            self.put(out, keyword, |_| json!(count));
        }
    }

    fn flag(&mut self, out: &mut Map<String, Value>, keyword: Keyword, set: bool) {
        if set {
            self.put(out, keyword, |_| json!(true));
        }
    }

    fn list(&mut self, out: &mut Map<String, Value>, keyword: Keyword, nodes: &[SchemaNode]) {
        if !nodes.is_empty() {
            self.put(out, keyword, |r| {
                Value::Array(nodes.iter().enumerate().map(|(i, node)| r.child(&i.to_string(), node)).collect())
            });
        }
    }

    fn node(&mut self, out: &mut Map<String, Value>, keyword: Keyword, node: Option<&SchemaNode>) {
        if let Some(node) = node {
            self.put(out, keyword, |r| r.schema(node));
        }
    }

    /// Writes `keyword`, or records it as dropped (rendered losslessly) when the dialect cannot say it.
    fn put(&mut self, out: &mut Map<String, Value>, keyword: Keyword, render: impl FnOnce(&mut Renderer) -> Value) {
        self.pointer.push(keyword.as_str().to_owned());
        if let Some((_, rule)) = self.dialect.unsupported.iter().find(|(unsupported, _)| *unsupported == keyword) {
            let mut source =
                Renderer { dialect: &Dialect::OPENAPI_V3, pointer: self.pointer.clone(), dropped: Vec::new() };
            let value = render(&mut source);
            self.dropped.push(Dropped { pointer: json_pointer(&self.pointer), keyword, rule: *rule, value });
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
