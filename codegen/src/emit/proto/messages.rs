//! Definitions to messages: one message per definition that has one, grouped into one file per package, with
//! nested messages for inline objects and wrapper messages for lists that need them.

use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{
    Conventions, DefName, Definition, InlineMessage, InstanceType, ProtoInfo, ProtoMessage, ProtoScalar, Registry,
    SchemaNode, SchemaObject,
};

use super::enums::field_comment;
use super::ir::{Field, FieldKind, File, Message, Package, TypeRef};
use super::names::{identifier, package_of, upper_camel};
use super::shape::{Form, Shape, form, is_raw_json, members, shape};

/// How deep named scalar and map types may refer to each other before kapi gives up (a cycle of them).
const MAX_ALIAS_DEPTH: usize = 32;

/// Turns the definitions of a registry into files; problems are collected, not returned at the first one.
#[derive(Debug)]
pub(crate) struct Builder<'a> {
    registry: &'a Registry,
    /// The conventions of each definition: Kubernetes' own packages are written as go-to-protobuf writes them,
    /// others name their enum's values in their fields' comments (see [`super::enums`]).
    conventions: &'a BTreeMap<DefName, Conventions>,
    /// Whether the definition being built does.
    documenting_enums: bool,
    files: BTreeMap<Package, Vec<Message>>,
    /// Wrapper messages declared by `proto_wrapper`, with their item type and who declared them.
    wrappers: BTreeMap<(Package, String), (TypeRef, String)>,
    /// Messages of embedded `inline` types built so far, as the first embedding described them.
    inline_messages: BTreeMap<(Package, String), InlineMessage>,
    pub problems: Vec<String>,
}

/// Where a message being built sits: its package and its path from the file's top level.
#[derive(Debug, Clone)]
struct Scope {
    package: Package,
    path: Vec<String>,
}

impl Scope {
    fn child(&self, name: &str) -> Self {
        let mut path = self.path.clone();
        path.push(name.to_owned());
        Self { package: self.package.clone(), path }
    }

    fn type_ref(&self) -> TypeRef {
        TypeRef::Message { package: self.package.clone(), path: self.path.clone() }
    }

    fn describe(&self) -> String {
        format!("{}.{}", self.package.name, self.path.join("."))
    }
}

impl<'a> Builder<'a> {
    /// A builder over `registry`.
    pub fn new(registry: &'a Registry, conventions: &'a BTreeMap<DefName, Conventions>) -> Self {
        let (files, wrappers, problems) = (BTreeMap::new(), BTreeMap::new(), Vec::new());
        let inline_messages = BTreeMap::new();
        Self { registry, conventions, documenting_enums: false, files, wrappers, inline_messages, problems }
    }

    /// Every file, messages sorted by name.
    pub fn build(mut self) -> (Vec<File>, Vec<String>) {
        for (name, definition) in self.registry.definitions() {
            if let Form::Message = form(definition) {
                let message = self.definition_message(name, definition);
                let package = package_of(name, &definition.info);
                self.files.entry(package).or_default().push(message);
            }
        }
        for ((package, name), (item, _)) in std::mem::take(&mut self.wrappers) {
            let mut wrapper = Message::new(name, None);
            wrapper.fields.push(fixed_field("items", FieldKind::Repeated(item), 1));
            self.files.entry(package).or_default().push(wrapper);
        }
        let mut files = Vec::new();
        for (package, mut messages) in std::mem::take(&mut self.files) {
            messages.sort_by(|a, b| a.name.cmp(&b.name));
            for pair in messages.windows(2) {
                if pair[0].name == pair[1].name {
                    self.problems.push(format!("two messages are named `{}.{}`", package.name, pair[0].name));
                }
            }
            files.push(File { package, messages });
        }
        (files, self.problems)
    }

    fn definition_message(&mut self, name: &DefName, definition: &Definition) -> Message {
        let body = definition.schema.keywords();
        let scope = Scope { package: package_of(name, &definition.info), path: vec![name.short_name().to_owned()] };
        let mut message = Message::new(name.short_name(), body.description.clone());
        let conventions = self.conventions.get(name).copied().unwrap_or_default();
        self.documenting_enums = conventions != Conventions::Kubernetes;
        let info = &definition.info.proto;
        if let Some(fixed) = &info.message {
            message.fields = hand_written(fixed);
            return message;
        }
        let type_meta = !self.registry.kinds_of(name).is_empty();
        self.fill(&mut message, &scope, body, info, type_meta);
        message
    }

    /// Adds the fields of `body` to `message`: its properties, a union's alternatives, a named list's items, or
    /// its JSON text.
    fn fill(&mut self, message: &mut Message, scope: &Scope, body: &SchemaObject, info: &ProtoInfo, type_meta: bool) {
        if let (Some(InstanceType::Array), Some(items)) = (body.instance_type, &body.items) {
            // A named list type (Go's `type Verbs []string`): go-to-protobuf wraps it as `repeated T items = 1`.
            let kind = self.field_kind(Shape::List(items), "items", message, scope);
            message.fields.push(fixed_field("items", kind, 1));
            return;
        }
        // An open JSON value travels as its text, unless its definition declares its wire form field by field
        // (apiextensions' JSONSchemaPropsOrBool: a boolean or a schema in JSON, `{allows, schema}` on the wire).
        if is_raw_json(body) && info.wire_only.is_empty() {
            message.fields.push(fixed_field("raw", FieldKind::Optional(TypeRef::Scalar(ProtoScalar::Bytes)), 1));
            return;
        }
        // Properties an embedded message brings travel inside it, not as fields of their own.
        let carried = self.embedded_properties(info);
        let direct = members(body).into_iter().filter(|(json_name, _)| !carried.contains(json_name.as_str()));
        for (json_name, node) in direct.chain(&info.wire_only).chain(&info.embedded) {
            let fixed = info.numbers.get(json_name).copied();
            // A kind's apiVersion and kind travel in the runtime.Unknown envelope, not in the message.
            if type_meta && fixed.is_none() && (json_name == "apiVersion" || json_name == "kind") {
                continue;
            }
            let kind = match info.wrappers.get(json_name) {
                Some(wrapper) => self.wrapped(wrapper, node, scope),
                None => {
                    let resolved = self.resolve(node, scope);
                    self.field_kind(resolved, json_name, message, scope)
                }
            };
            let (name, renamed_from) = self.field_name(json_name, info, scope);
            let json = (&name != json_name).then(|| json_name.clone());
            let comment = if self.documenting_enums {
                field_comment(self.registry, node)
            } else {
                node.keywords().description.clone()
            };
            if message.fields.iter().any(|field| field.name == name) {
                self.problems.push(format!("`{}` has two fields named `{name}`", scope.describe()));
            }
            message.fields.push(Field { name, json_name: json, renamed_from, comment, kind, fixed, number: 0 });
        }
        for (json_name, inline) in &info.embedded_inline {
            let kind = FieldKind::Optional(self.inline_message(inline, scope));
            let (name, renamed_from) = self.field_name(json_name, info, scope);
            let json = (&name != json_name).then(|| json_name.clone());
            let fixed = info.numbers.get(json_name).copied();
            if message.fields.iter().any(|field| field.name == name) {
                self.problems.push(format!("`{}` has two fields named `{name}`", scope.describe()));
            }
            let comment = inline.field_description.clone();
            message.fields.push(Field { name, json_name: json, renamed_from, comment, kind, fixed, number: 0 });
        }
    }

    /// A field's protobuf name: the one `proto_name` gives, else its JSON name made an identifier. With the former,
    /// also the latter, under which an earlier ledger may know the field.
    fn field_name(&mut self, json_name: &str, info: &ProtoInfo, scope: &Scope) -> (String, Option<String>) {
        let default = identifier(json_name);
        let Some(given) = info.names.get(json_name) else { return (default, None) };
        if identifier(given) != *given {
            self.problems.push(format!(
                "`{}` names field `{json_name}` `{given}` in protobuf, which is not an identifier (letters, digits \
                 and `_`, not a digit first)",
                scope.describe()
            ));
            return (default, None);
        }
        let renamed_from = (default != *given).then_some(default);
        (given.clone(), renamed_from)
    }

    /// The message of an embedded `inline` type, in the embedding message's package: built the first time a type
    /// embeds it; a second embedding with another shape under the same name is a problem.
    fn inline_message(&mut self, inline: &InlineMessage, owner: &Scope) -> TypeRef {
        let scope = Scope { package: owner.package.clone(), path: vec![inline.name.clone()] };
        let key = (scope.package.clone(), inline.name.clone());
        match self.inline_messages.get(&key) {
            Some(first) if first != inline => {
                self.problems.push(format!("two embedded types write different messages named `{}`", scope.describe()))
            }
            Some(_) => {}
            None => {
                self.inline_messages.insert(key, inline.clone());
                let mut message = Message::new(&inline.name, inline.schema.keywords().description.clone());
                self.fill(&mut message, &scope, inline.schema.keywords(), &inline.proto, false);
                self.files.entry(scope.package.clone()).or_default().push(message);
            }
        }
        scope.type_ref()
    }

    /// The JSON properties the embedded messages of `info` carry: those of each embedded type's definition, or
    /// of its schema for an `inline` type.
    fn embedded_properties<'i>(&self, info: &'i ProtoInfo) -> BTreeSet<&'i str>
    where
        'a: 'i,
    {
        let registry = self.registry;
        let targets = info.embedded.values().filter_map(SchemaNode::target);
        let bodies = targets.filter_map(|target| registry.definition(target)).map(|d| d.schema.keywords());
        let inline = info.embedded_inline.values().map(|inline| inline.schema.keywords());
        bodies.chain(inline).flat_map(|body| body.properties.keys().map(String::as_str)).collect()
    }

    /// A field's kind from its shape; inline objects and nested lists or maps get nested messages in `parent`.
    fn field_kind(&mut self, shape: Shape<'_>, field: &str, parent: &mut Message, scope: &Scope) -> FieldKind {
        match shape {
            Shape::List(items) => {
                let items = self.resolve(items, scope);
                FieldKind::Repeated(self.element(items, &format!("{}Item", upper_camel(field)), parent, scope))
            }
            Shape::Map(values) => {
                let values = self.resolve(values, scope);
                FieldKind::Map(self.element(values, &format!("{}Value", upper_camel(field)), parent, scope))
            }
            other => FieldKind::Optional(self.element(other, &upper_camel(field), parent, scope)),
        }
    }

    /// The type of one value; a value that is itself a list, a map or an inline object gets a nested message.
    fn element(&mut self, shape: Shape<'_>, nested_name: &str, parent: &mut Message, scope: &Scope) -> TypeRef {
        match shape {
            Shape::Scalar(scalar) => return TypeRef::Scalar(scalar),
            Shape::Definition(target) => return self.definition_ref(target, scope),
            _ => {}
        }
        let inner = scope.child(nested_name);
        let mut nested = Message::new(nested_name, None);
        match shape {
            Shape::Inline(object) => self.fill(&mut nested, &inner, object, &ProtoInfo::default(), false),
            // A list of lists or a map of lists: protobuf has neither, so the inner one gets `items = 1`.
            list_or_map => {
                let kind = self.field_kind(list_or_map, "items", &mut nested, &inner);
                nested.fields.push(fixed_field("items", kind, 1));
            }
        }
        if parent.nested.iter().any(|m| m.name == nested_name) {
            self.problems.push(format!("two nested messages are named `{}`", inner.describe()));
        }
        parent.nested.push(nested);
        inner.type_ref()
    }

    /// The message of a named definition, or (for a definition that has none) what its body resolves to.
    fn definition_ref(&mut self, target: &DefName, scope: &Scope) -> TypeRef {
        match self.registry.definition(target) {
            Some(definition) => TypeRef::Message {
                package: package_of(target, &definition.info),
                path: vec![target.short_name().into()],
            },
            None => {
                self.problems.push(format!("`{}` refers to `{target}`, which is not registered", scope.describe()));
                TypeRef::Scalar(ProtoScalar::Bytes)
            }
        }
    }

    /// The shape of `node`, looking through named scalar and map types to what they stand for.
    fn resolve<'n>(&mut self, node: &'n SchemaNode, scope: &Scope) -> Shape<'n>
    where
        'a: 'n,
    {
        let registry = self.registry;
        let mut current = shape(node);
        for _ in 0..MAX_ALIAS_DEPTH {
            let Shape::Definition(target) = current else { return current };
            let Some(definition) = registry.definition(target) else { return current };
            match form(definition) {
                Form::Message => return current,
                Form::Transparent(body) => current = shape(body),
            }
        }
        self.problems.push(format!("named types refer to each other in a cycle below `{}`", scope.describe()));
        Shape::Scalar(ProtoScalar::Bytes)
    }

    /// A list field carried in the named wrapper message `wrapper` of the same package; for a map of lists, each
    /// value is (Go's `map[string]ExtraValue`, where `type ExtraValue []string`).
    fn wrapped(&mut self, wrapper: &str, node: &SchemaNode, scope: &Scope) -> FieldKind {
        let (items, in_map) = match self.resolve(node, scope) {
            Shape::List(items) => (Some(items), false),
            Shape::Map(values) => match self.resolve(values, scope) {
                Shape::List(items) => (Some(items), true),
                _ => (None, true),
            },
            _ => (None, false),
        };
        let item = items.and_then(|items| match self.resolve(items, scope) {
            Shape::Scalar(scalar) => Some(TypeRef::Scalar(scalar)),
            Shape::Definition(target) => Some(self.definition_ref(target, scope)),
            _ => None,
        });
        let Some(item) = item else {
            self.problems.push(format!(
                "`{}` wraps a field in `{wrapper}`, but only lists (or maps of lists) of scalars or messages can be \
                 wrapped",
                scope.describe()
            ));
            return FieldKind::Optional(TypeRef::Scalar(ProtoScalar::Bytes));
        };
        let key = (scope.package.clone(), wrapper.to_owned());
        match self.wrappers.get(&key) {
            Some((existing, owner)) if existing != &item => self.problems.push(format!(
                "wrapper message `{}.{wrapper}` holds different items for `{owner}` and `{}`",
                scope.package.name,
                scope.describe()
            )),
            Some(_) => {}
            None => {
                self.wrappers.insert(key, (item, scope.describe()));
            }
        }
        let message = TypeRef::Message { package: scope.package.clone(), path: vec![wrapper.to_owned()] };
        if in_map { FieldKind::Map(message) } else { FieldKind::Optional(message) }
    }
}

/// A field whose number is fixed by its shape (wrappers, hand-written messages).
fn fixed_field(name: &str, kind: FieldKind, number: u32) -> Field {
    let name = name.to_owned();
    Field { name, json_name: None, renamed_from: None, comment: None, kind, fixed: Some(number), number: 0 }
}

/// The fields of a hand-written message.
fn hand_written(message: &ProtoMessage) -> Vec<Field> {
    let fields = message.fields.iter().map(|field| {
        let value = TypeRef::Scalar(field.scalar);
        let kind = if field.repeated { FieldKind::Repeated(value) } else { FieldKind::Optional(value) };
        fixed_field(&field.name, kind, field.number)
    });
    fields.collect()
}
