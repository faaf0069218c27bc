//! The CEL types the API server declares for schema nodes (k8s.io/apiserver `pkg/cel/common/schemas.go`): objects
//! become message types named by their path from the rule's node, maps and lists take their values' types, string
//! formats make bytes, durations and timestamps, `x-kubernetes-int-or-string` is `dyn`, and a node the server cannot
//! type (no `type`, a list without `items`) is no field at all.

use std::sync::LazyLock;

use serde_json::{Value, json};

use super::types::{Object, Type};
use crate::escape::escape;
use crate::schema::Schema;

/// The name the server gives the type of the rule's own node (`selfType` and a number that changes with every
/// request; kapi writes 0).
pub(crate) const SELF_TYPE_NAME: &str = "selfType0";

/// What rules see of `metadata` at a resource root that does not declare `apiVersion`, `kind` and
/// `metadata.name`/`generateName` itself (`apiVersion` and `kind` are then plain strings).
static ROOT_METADATA: LazyLock<Value> = LazyLock::new(
    || json!({"type": "object", "properties": {"name": {"type": "string"}, "generateName": {"type": "string"}}}),
);

/// The type of a node reached as `name`, or `None` when the server gives it none.
pub(crate) fn decl_type<'s>(schema: Schema<'s>, name: &str, resource_root: bool) -> Option<Type<'s>> {
    if schema.is_int_or_string() {
        return Some(Type::Dyn);
    }
    let ty = match schema.type_name()? {
        "array" => {
            let items = match schema.get("items") {
                Some(items) if items.is_object() => Schema::new(items),
                _ => return None,
            };
            let embedded = items.flag("x-kubernetes-embedded-resource");
            Type::list(decl_type(items, &format!("{name}.@idx"), embedded)?)
        }
        "object" => match schema.get("additionalProperties") {
            Some(values) if values.is_object() => {
                let values = Schema::new(values);
                let embedded = values.flag("x-kubernetes-embedded-resource");
                Type::map(Type::String, decl_type(values, &format!("{name}.@elem"), embedded)?)
            }
            _ => Type::Object(Object { name: name.to_owned(), schema, resource_root }),
        },
        "string" => match schema.format() {
            Some("byte") => Type::Bytes,
            Some("duration") => Type::Duration,
            Some("date" | "date-time") => Type::Timestamp,
            _ => Type::String,
        },
        "boolean" => Type::Bool,
        "number" => Type::Double,
        "integer" => Type::Int,
        _ => return None,
    };
    Some(ty)
}

impl<'s> Object<'s> {
    /// The schema node whose properties are the object's fields.
    pub fn schema(&self) -> Schema<'s> {
        self.schema
    }

    /// Whether the object is a resource root.
    pub fn resource_root(&self) -> bool {
        self.resource_root
    }

    /// The type of the field a rule spells `escaped`, or `None` when the object has no such field.
    pub fn field(&self, escaped: &str) -> Option<Type<'s>> {
        let name = format!("{}.{escaped}", self.name);
        if self.resource_root && !self.declares_type_and_object_meta() {
            match escaped {
                "apiVersion" | "kind" => return Some(Type::String),
                "metadata" => return decl_type(Schema::new(&ROOT_METADATA), &name, false),
                _ => {}
            }
        }
        let properties = self.schema.properties()?;
        let spelled = |field: &str| {
            properties.iter().find(|(property, _)| escape(property).is_some_and(|spelled| spelled == field))
        };
        // The server also finds a property named by a CEL keyword when the rule writes the keyword itself
        // (`self.namespace` for `__namespace__`).
        let keyword = escape(escaped).filter(|spelled| *spelled == format!("__{escaped}__"));
        let (property, name) = match spelled(escaped) {
            Some((_, property)) => (property, name),
            None => {
                let keyword = keyword?;
                (spelled(&keyword)?.1, format!("{}.{keyword}", self.name))
            }
        };
        let property = Schema::new(property);
        decl_type(property, &name, property.flag("x-kubernetes-embedded-resource"))
    }

    /// Whether a resource root declares `apiVersion`, `kind`, `metadata.name` and `metadata.generateName` as strings
    /// itself, in which case the server keeps the schema's own declarations.
    fn declares_type_and_object_meta(&self) -> bool {
        let is = |schema: Option<Schema<'_>>, ty: &str| schema.is_some_and(|s| s.type_name() == Some(ty));
        let metadata = self.schema.property("metadata");
        is(self.schema.property("kind"), "string")
            && is(self.schema.property("apiVersion"), "string")
            && is(metadata, "object")
            && is(metadata.and_then(|m| m.property("name")), "string")
            && is(metadata.and_then(|m| m.property("generateName")), "string")
    }
}
