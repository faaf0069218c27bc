//! What the analysis knows about a sub-expression's value: a schema node it was read from, a plain CEL type, or
//! nothing (`dyn`).

use std::sync::LazyLock;

use serde_json::{Value, json};

use crate::schema::Schema;

/// The type of a sub-expression, as far as the analysis can tell.
#[derive(Debug, Clone)]
pub(crate) enum Ty<'s> {
    /// A value described by a schema node, read at a data path such as `spec.ports[*]`.
    Node(Node<'s>),
    Bool,
    /// An int, uint or double.
    Number,
    Null,
    /// A string (or bytes) of at most this many bytes.
    Str(u64),
    /// A list of at most this many elements.
    List(Box<Ty<'s>>, u64),
    /// Unknown: anything goes, sizes are unbounded.
    Dyn,
}

/// A schema node reached from `self` or `oldSelf`.
#[derive(Debug, Clone)]
pub(crate) struct Node<'s> {
    pub schema: Schema<'s>,
    /// The data path of the node, kubectl style (`spec.ports[*].name`); empty at the rule's root object.
    pub path: String,
    /// Whether the node is the root of a resource, where `metadata` shows only its name fields.
    pub resource_root: bool,
}

/// What rules may read of `metadata` at the root of a resource.
static ROOT_METADATA: LazyLock<Value> = LazyLock::new(
    || json!({"type": "object", "properties": {"name": {"type": "string"}, "generateName": {"type": "string"}}}),
);

/// A string that rules may always read at a resource root (`apiVersion`, `kind`).
static PLAIN_STRING: LazyLock<Value> = LazyLock::new(|| json!({"type": "string"}));

/// What selecting a field of a node gives.
pub(crate) enum Field<'s> {
    Found(Ty<'s>),
    /// The node is an object and declares no such property; the names it does declare.
    Unknown(Vec<String>),
    /// The node is not an object or map (a string, a list…); its type.
    NotAnObject(&'static str),
}

impl<'s> Node<'s> {
    pub fn new(schema: Schema<'s>, path: String, resource_root: bool) -> Self {
        Node { schema, path, resource_root }
    }

    /// The node's data path joined with a child step: `spec` + `ports` → `spec.ports`.
    pub fn child_path(&self, step: &str) -> String {
        if step.starts_with('[') || self.path.is_empty() {
            format!("{}{step}", self.path)
        } else {
            format!("{}.{step}", self.path)
        }
    }

    /// The kind of value the node holds, for messages and type checks.
    pub fn kind(&self) -> &'static str {
        if self.schema.is_int_or_string() {
            return "int-or-string";
        }
        match self.schema.type_name() {
            Some("object") if self.schema.is_map() => "map",
            Some("object") => "object",
            Some("array") => "list",
            Some("string") => "string",
            Some("boolean") => "bool",
            Some("integer") => "int",
            Some("number") => "double",
            _ if self.schema.properties().is_some() => "object",
            _ => "dyn",
        }
    }

    /// The field `name` (as the rule spells it, escaped) of this node.
    pub fn field(&self, escaped: &str) -> Field<'s> {
        let name = crate::escape::unescape(escaped);
        match self.kind() {
            "map" => {
                let values = self.schema.additional_properties();
                Field::Found(values.map_or(Ty::Dyn, |v| Ty::Node(Node::new(v, self.child_path("[*]"), false))))
            }
            "object" => self.object_field(&name),
            "dyn" | "int-or-string" => Field::Found(Ty::Dyn),
            other => Field::NotAnObject(other),
        }
    }

    fn object_field(&self, name: &str) -> Field<'s> {
        let path = self.child_path(name);
        if self.resource_root {
            match name {
                "apiVersion" | "kind" => {
                    return Field::Found(Ty::Node(Node::new(Schema::new(&PLAIN_STRING), path, false)));
                }
                "metadata" => return Field::Found(Ty::Node(Node::new(Schema::new(&ROOT_METADATA), path, false))),
                _ => {}
            }
        }
        match self.schema.property(name) {
            Some(property) => {
                let embedded = property.flag("x-kubernetes-embedded-resource");
                Field::Found(Ty::Node(Node::new(property, path, embedded)))
            }
            None => Field::Unknown(self.schema.properties().map(|p| p.keys().cloned().collect()).unwrap_or_default()),
        }
    }

    /// The element a comprehension over this node binds, and the second variable of a two-variable comprehension:
    /// a list's items (index, item), a map's keys (key, value).
    pub fn elements(&self) -> (Ty<'s>, Ty<'s>) {
        match self.kind() {
            "list" => {
                let items = self.schema.items().map_or(Ty::Dyn, |i| {
                    Ty::Node(Node::new(i, self.child_path("[*]"), i.flag("x-kubernetes-embedded-resource")))
                });
                (items.clone(), items)
            }
            "map" => {
                let values = self.schema.additional_properties();
                let value = values.map_or(Ty::Dyn, |v| Ty::Node(Node::new(v, self.child_path("[*]"), false)));
                // The API server sizes a map's keys as strings of at most 0 bytes (its declared key type has no
                // maximum), so walking a key costs nothing in its estimate: kapi estimates as the server does.
                (Ty::Str(0), value)
            }
            _ => (Ty::Dyn, Ty::Dyn),
        }
    }
}

impl<'s> Ty<'s> {
    /// Whether the value is certainly not a bool.
    pub fn is_certainly_not_bool(&self) -> Option<&'static str> {
        match self {
            Ty::Node(node) => match node.kind() {
                "bool" | "dyn" | "int-or-string" => None,
                other => Some(other),
            },
            Ty::Number => Some("number"),
            Ty::Null => Some("null"),
            Ty::Str(_) => Some("string"),
            Ty::List(..) => Some("list"),
            Ty::Bool | Ty::Dyn => None,
        }
    }

    /// The element types a comprehension over this value binds (see [`Node::elements`]).
    pub fn elements(&self) -> (Ty<'s>, Ty<'s>) {
        match self {
            Ty::Node(node) => node.elements(),
            Ty::List(item, _) => ((**item).clone(), (**item).clone()),
            _ => (Ty::Dyn, Ty::Dyn),
        }
    }
}
