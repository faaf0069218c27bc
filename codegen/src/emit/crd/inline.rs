//! Inlines every reference of a kind's schema: CRD schemas cannot use `$ref`, so each definition is written out
//! where it is used, with the keywords written beside the reference laid over it.

use kapi_model::{Child, DefName, Registry, SchemaNode, SchemaObject};
use serde_json::{Map, Value};

use super::constraints::with_crd_constraints;
use super::origin::{FieldPath, Origin, Origins};
use super::special::special_form;

/// Inlines one kind's schema, remembering where each field came from.
pub(crate) struct Inliner<'a> {
    registry: &'a Registry,
    /// Definitions being inlined, outermost first: a repeat is a recursive type.
    stack: Vec<DefName>,
    pub origins: Origins,
    pub problems: Vec<String>,
}

impl<'a> Inliner<'a> {
    /// Inlines from the registry's definitions as declared: a CRD publishes what the types say, never Kubernetes'
    /// publication conventions (zero values written as defaults would be stored into every object by the server,
    /// and `default: {}` beside required fields is rejected outright).
    pub fn new(registry: &'a Registry) -> Self {
        Self { registry, stack: Vec::new(), origins: Origins::default(), problems: Vec::new() }
    }

    /// The kind's schema with no references left.
    pub fn kind(&mut self, definition: &DefName) -> SchemaObject {
        self.definition(definition, &FieldPath::root())
    }

    /// The user-facing name of a definition: its Rust type, or the definition name.
    pub fn rust_type(&self, name: &DefName) -> String {
        self.registry.definition(name).and_then(|d| d.defined_by()).unwrap_or_else(|| format!("`{name}`"))
    }

    fn definition(&mut self, name: &DefName, path: &FieldPath) -> SchemaObject {
        if let Some(form) = special_form(name.as_str()) {
            return form;
        }
        if self.stack.contains(name) {
            let cycle: Vec<String> = self.stack.iter().chain([name]).map(|n| self.rust_type(n)).collect();
            self.problems.push(format!(
                "{}: {} is recursive ({}); CRD schemas cannot refer to themselves, so a recursive type cannot be \
                 expressed — use serde_json::Value with #[kapi(preserve_unknown_fields)] there",
                self.origins.describe(path.as_str()),
                self.rust_type(name),
                cycle.join(" → ")
            ));
            let mut open = SchemaObject::default();
            open.kubernetes.preserve_unknown_fields = true;
            return open;
        }
        let Some(schema) = self.registry.definition(name).map(|d| &d.schema) else {
            self.problems.push(format!("{}: definition `{name}` is not registered", display(path)));
            return SchemaObject::default();
        };
        self.stack.push(name.clone());
        let owner = self.rust_type(name);
        let inlined = self.node(schema, path, &owner);
        self.stack.pop();
        with_crd_constraints(name.as_str(), inlined)
    }

    fn node(&mut self, node: &SchemaNode, path: &FieldPath, owner: &str) -> SchemaObject {
        match node {
            SchemaNode::Inline(object) => self.object(object, path, owner),
            SchemaNode::Ref(reference) => {
                let target = self.definition(&reference.target, path);
                let siblings = self.object(&reference.siblings, path, owner);
                overlay(target, &siblings)
            }
        }
    }

    fn object(&mut self, object: &SchemaObject, path: &FieldPath, owner: &str) -> SchemaObject {
        object.map_children(|at, child| {
            let child_path = match at {
                Child::Property(name) => {
                    let child_path = path.property(name);
                    let origin = Origin { rust_type: owner.to_owned(), field: Some(name.to_owned()) };
                    self.origins.record(&child_path, origin);
                    child_path
                }
                Child::Items | Child::AdditionalProperties => path.element(),
                Child::OneOf | Child::AnyOf | Child::AllOf | Child::Not => path.clone(),
            };
            SchemaNode::inline(self.node(child, &child_path, owner))
        })
    }
}

fn display(path: &FieldPath) -> &str {
    if path.is_root() { "<root>" } else { path.as_str() }
}

/// `target` with the keywords of `siblings` laid over it: a sibling replaces the target's keyword, except that
/// validation rules add up.
pub(crate) fn overlay(target: SchemaObject, siblings: &SchemaObject) -> SchemaObject {
    if siblings.is_empty() {
        return target;
    }
    let mut base = to_map(&target);
    for (key, value) in to_map(siblings) {
        if key == "kubernetes" {
            let mut extensions = base.remove("kubernetes").and_then(into_map).unwrap_or_default();
            for (name, value) in into_map(value).unwrap_or_default() {
                match (name.as_str(), extensions.get_mut(&name)) {
                    ("validations", Some(Value::Array(rules))) => rules.extend(as_array(value)),
                    _ => {
                        extensions.insert(name, value);
                    }
                }
            }
            base.insert(key, Value::Object(extensions));
        } else {
            base.insert(key, value);
        }
    }
    // The map came from a SchemaObject, and merging keyword by keyword keeps every value's shape.
    serde_json::from_value(Value::Object(base)).unwrap_or(target)
}

fn to_map(object: &SchemaObject) -> Map<String, Value> {
    serde_json::to_value(object).ok().and_then(into_map).unwrap_or_default()
}

fn into_map(value: Value) -> Option<Map<String, Value>> {
    match value {
        Value::Object(map) => Some(map),
        _ => None,
    }
}

fn as_array(value: Value) -> Vec<Value> {
    match value {
        Value::Array(items) => items,
        other => vec![other],
    }
}
