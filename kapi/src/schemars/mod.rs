//! schemars interop: a type implementing [`schemars::JsonSchema`] enters kapi's model, as a definition of its own
//! (with every type it references) or as the schema of a field, so types written for kube-derive need no rewrite.
//!
//! ```
//! use kapi::Registry;
//! use schemars::JsonSchema;
//!
//! /// What a widget looks like.
//! #[derive(JsonSchema)]
//! #[serde(rename_all = "lowercase")]
//! enum Shape { Round, Square }
//!
//! let mut registry = Registry::new();
//! let node = kapi::schemars::register::<Shape>(&mut registry);
//! let name = node.target().expect("a named type is referenced");
//! assert!(name.as_str().ends_with(".Shape"));
//! let shape = &registry.definition(name).expect("registered").schema;
//! assert_eq!(shape.keywords().enum_values, ["round", "square"]);
//! assert!(registry.errors().is_empty());
//! ```
//!
//! schemars writes JSON Schema 2020-12 with its default settings; this module maps each keyword onto the model
//! and reports, as a registry error, every one the model (OpenAPI 3.0) cannot hold. docs/SCHEMARS.md has the table.
//!
//! Definitions are named `<namespace>.<schemars name>`, where the schemars name is the key schemars gives the
//! type in `$defs` (its [`JsonSchema::schema_name`], with a number appended by schemars when two types share a
//! name) and the namespace is, unless [`Import::namespace`] sets one, the module path of the imported type from
//! [`JsonSchema::schema_id`] (or its Rust type name when the id holds no path) with `::` written `.`:
//! `my_crate::shapes::Shape` becomes `my_crate.shapes.Shape`, the name `#[derive(kapi::Schema)]` would give it. Types the imported one references share its namespace (schemars
//! does not say where they live). The same schema under the same name is stored once; a different schema under a
//! taken name is a registry error, never an overwrite.

mod convert;
mod keywords;
mod naming;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use ::schemars::JsonSchema;
use ::schemars::generate::SchemaSettings;
use kapi_model::{DefName, Registry, SchemaNode};
use serde_json::{Map, Value};

use self::convert::Converter;

/// Registers `T` and every type its schema references as definitions; returns the node for a use site: a
/// reference for a named type, the schema itself for an inline one (`Vec<T>`, `String`).
pub fn register<T: JsonSchema + ?Sized>(registry: &mut Registry) -> SchemaNode {
    Import::new().register::<T>(registry)
}

/// The schema of a field of type `T`, registering what it references: the form `#[kapi(schema_with = ...)]`
/// calls (`#[kapi(schema_with = kapi::schemars::field_schema::<Shape>)]`), and what `#[kapi(schemars)]` expands
/// to. The same as [`register`].
pub fn field_schema<T: JsonSchema + ?Sized>(registry: &mut Registry) -> SchemaNode {
    register::<T>(registry)
}

/// How types are imported: the namespace their definitions are named in.
#[derive(Debug, Clone, Default)]
pub struct Import {
    namespace: Option<String>,
}

impl Import {
    /// Names definitions after the imported type's module path.
    pub fn new() -> Self {
        Self::default()
    }

    /// Names definitions `<namespace>.<schemars name>` instead (`com.example.shapes.v1`, say).
    pub fn namespace(mut self, namespace: impl Into<String>) -> Self {
        self.namespace = Some(namespace.into());
        self
    }

    /// [`register`] with these settings.
    pub fn register<T: JsonSchema + ?Sized>(&self, registry: &mut Registry) -> SchemaNode {
        // The 2020-12 settings run no transforms: every keyword reaches `convert`, which maps it or reports it,
        // where schemars' OpenAPI 3.0 transforms would rewrite some silently.
        let mut generator = SchemaSettings::draft2020_12().into_generator();
        let schema = generator.subschema_for::<T>();
        let definitions = generator.take_definitions(false);
        let id = T::schema_id();
        // A hand-written impl's id is often its bare schema name; the Rust type's own path names it then.
        let namespace = self
            .namespace
            .clone()
            .or_else(|| naming::namespace_of(&id).or_else(|| naming::namespace_of(std::any::type_name::<T>())));
        let origin = format!("schemars type `{}`", std::any::type_name::<T>());
        import(registry, schema.as_value(), &definitions, namespace.as_deref(), &origin)
    }
}

/// Converts `schema` (a use site) and `definitions` (schemars' `$defs`) and stores the definitions; every problem
/// becomes a registry error prefixed with `origin`.
fn import(
    registry: &mut Registry,
    schema: &Value,
    definitions: &Map<String, Value>,
    namespace: Option<&str>,
    origin: &str,
) -> SchemaNode {
    let names: BTreeMap<String, DefName> =
        definitions.keys().map(|key| (key.clone(), naming::definition_name(namespace, key))).collect();
    let mut converter = Converter::new(&names);
    let node = converter.node(schema, "#");
    let root = node.target().cloned();
    let mut converted = Vec::new();
    for (key, definition) in definitions {
        let at = format!("#/$defs/{}", naming::escape_pointer(key));
        let body = converter.node(definition, &at);
        if let Some(name) = names.get(key) {
            converted.push((key, name.clone(), body));
        }
    }
    for problem in converter.into_problems() {
        registry.report(format!("{origin}: {problem}"));
    }
    for (key, name, body) in converted {
        let from = if root.as_ref() == Some(&name) {
            origin.to_owned()
        } else {
            format!("schemars schema `{key}` (reached from {origin})")
        };
        registry.import_definition(name, body, from);
    }
    node
}
