//! What the analysis knows about a sub-expression's value: its CEL type, as the API server's type checker deduces
//! it from the schema (objects, maps, lists, strings, and `format`s that make bytes, durations and timestamps), and
//! the schema node it was read from, when it was read along a path from `self`.

use std::sync::LazyLock;

use serde_json::{Value, json};

use crate::schema::Schema;
use crate::sizes;

/// The CEL type of a sub-expression, as far as the analysis can tell.
#[derive(Debug, Clone)]
pub(crate) enum Ty<'s> {
    Bool,
    Int,
    Uint,
    Double,
    String,
    Bytes,
    Duration,
    Timestamp,
    Null,
    /// A type value: `string`, `type(x)`.
    Type,
    List(Box<Ty<'s>>),
    /// A map; its keys are strings when it comes from a schema.
    Map(Box<Ty<'s>>, Box<Ty<'s>>),
    /// An object of the schema: its fields are the node's properties.
    Object(Node<'s>),
    Optional(Box<Ty<'s>>),
    /// A value of a Kubernetes library type: `url(s)`, `quantity(s)`, `ip(s)`, `cidr(s)`, `format.uuid()`.
    Library(&'static str),
    /// Unknown: any type.
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

/// What selecting a field of an object gives.
pub(crate) enum Field<'s> {
    Found(Node<'s>),
    /// The object declares no such property.
    Unknown,
}

impl<'s> Node<'s> {
    pub fn new(schema: Schema<'s>, path: String, resource_root: bool) -> Self {
        Node { schema, path, resource_root }
    }

    /// The node's data path joined with a child step: `spec` + `ports` → `spec.ports`.
    fn child(&self, schema: Schema<'s>, step: &str) -> Node<'s> {
        let path = if step.starts_with('[') || self.path.is_empty() {
            format!("{}{step}", self.path)
        } else {
            format!("{}.{step}", self.path)
        };
        Node::new(schema, path, schema.flag("x-kubernetes-embedded-resource"))
    }

    /// The kind of value the node holds, for messages.
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

    /// The CEL type the API server declares for the node.
    pub fn ty(&self) -> Ty<'s> {
        match self.kind() {
            "map" => Ty::Map(Box::new(Ty::String), Box::new(self.values().map_or(Ty::Dyn, |v| v.ty()))),
            "object" => Ty::Object(self.clone()),
            "list" => Ty::List(Box::new(self.items().map_or(Ty::Dyn, |i| i.ty()))),
            "string" => match self.schema.format() {
                Some("byte") => Ty::Bytes,
                Some("duration") => Ty::Duration,
                Some("date" | "date-time") => Ty::Timestamp,
                _ => Ty::String,
            },
            "bool" => Ty::Bool,
            "int" => Ty::Int,
            "double" => Ty::Double,
            _ => Ty::Dyn,
        }
    }

    /// The most elements the node may hold (see [`sizes::max_elements`]).
    pub fn max_elements(&self) -> u64 {
        sizes::max_elements(self.schema)
    }

    /// The items of a list.
    pub fn items(&self) -> Option<Node<'s>> {
        self.schema.items().map(|items| self.child(items, "[*]"))
    }

    /// The values of a map.
    pub fn values(&self) -> Option<Node<'s>> {
        self.schema.additional_properties().map(|values| self.child(values, "[*]"))
    }

    /// The field `escaped` (as the rule spells it) of an object.
    pub fn field(&self, escaped: &str) -> Field<'s> {
        let name = crate::escape::unescape(escaped);
        if self.resource_root && !self.declares_type_and_object_meta() {
            match name.as_str() {
                "apiVersion" | "kind" => return Field::Found(self.child(Schema::new(&PLAIN_STRING), &name)),
                "metadata" => return Field::Found(self.child(Schema::new(&ROOT_METADATA), &name)),
                _ => {}
            }
        }
        match self.schema.property(&name) {
            Some(property) => Field::Found(self.child(property, &name)),
            None => Field::Unknown,
        }
    }

    /// Whether a resource root declares `apiVersion`, `kind`, `metadata.name` and `metadata.generateName` itself, in
    /// which case the server keeps its declarations (bounds included) instead of substituting plain strings.
    fn declares_type_and_object_meta(&self) -> bool {
        let of_type = |schema: Option<Schema<'_>>, ty: &str| schema.is_some_and(|s| s.type_name() == Some(ty));
        let metadata = self.schema.property("metadata");
        of_type(self.schema.property("kind"), "string")
            && of_type(self.schema.property("apiVersion"), "string")
            && of_type(metadata, "object")
            && of_type(metadata.and_then(|m| m.property("name")), "string")
            && of_type(metadata.and_then(|m| m.property("generateName")), "string")
    }
}

impl Ty<'_> {
    /// Whether values of the type have a constant size (cel-go's `isScalar`): strings, bytes, lists and maps vary.
    pub fn is_scalar(&self) -> bool {
        matches!(self, Ty::Bool | Ty::Int | Ty::Uint | Ty::Double | Ty::Duration | Ty::Timestamp)
    }

    /// Whether values are strings or bytes, which operators walk byte by byte.
    pub fn is_text(&self) -> bool {
        matches!(self, Ty::String | Ty::Bytes)
    }
}
