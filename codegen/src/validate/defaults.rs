//! Every default and example the types declare must satisfy the schema it sits in: a default that breaks its own
//! `minimum`, `pattern`, `enum` or type would be rejected by kube-apiserver in a CRD and by the published JSON
//! Schema. A required field with a default is a warning (the default can never apply), an error under `strict`.
//!
//! The check reads the model as declared, before any conventions' passes: Kubernetes' zero-value defaults are a
//! publishing convention of the built-in groups, not something a type declared.

use std::collections::BTreeMap;

use kapi_model::{DefName, Registry, SchemaObject};
use serde_json::{Map, Value, json};

use crate::emit::jsonschema::DRAFT_2020_12;
use crate::error::Error;
use crate::infra::closure::{ReferenceGraph, references};
use crate::infra::render::{Dialect, Renderer, json_pointer};
use crate::validate::walk::{Location, walk};

/// What the check found.
#[derive(Debug, Default)]
pub(crate) struct Findings {
    /// Defaults and examples their schema rejects.
    pub errors: Vec<String>,
    /// Required fields with defaults.
    pub warnings: Vec<String>,
}

/// Checks every definition of `registry`.
pub(crate) fn check(registry: &Registry) -> Result<Findings, Error> {
    let schemas = || registry.definitions().iter().map(|(name, definition)| (name, &definition.schema));
    let graph = ReferenceGraph::of_sorted(schemas());
    // Rendered when a checked definition first reaches them: most definitions declare no default.
    let mut renderer = Renderer::new(&Dialect::JSON_SCHEMA);
    let mut rendered: BTreeMap<&DefName, Value> = BTreeMap::new();
    let mut findings = Findings::default();
    for (name, schema) in schemas() {
        let mut values = Vec::new();
        walk(schema, &Location::default(), &mut |object, at| {
            values.extend(declared_values(object).map(|(what, value)| (what, value.clone(), at.clone())));
            let fields = required_with_default(object, at);
            findings.warnings.extend(fields.map(|field| warning_text(&describe(registry, name, &field))));
        });
        if values.is_empty() {
            continue;
        }
        // Only the definitions this one reaches go into the schema each value is compiled against.
        let roots = references(schema).into_iter().map(|target| (target, format!("definition `{name}`")));
        let mut defs = Map::new();
        for reached in graph.closure(roots)?.into_iter().chain([name]) {
            let Some(definition) = registry.definition(reached) else { continue };
            let schema = rendered.entry(reached).or_insert_with(|| renderer.schema(&definition.schema));
            defs.insert(reached.to_string(), schema.clone());
        }
        // One validator per definition: the values, as one array, each checked by a `prefixItems` entry that points
        // at the value's place. Compiling is most of what checking costs.
        let places = values.iter().map(|(_, _, at)| {
            let pointer = json_pointer(&[&["$defs".to_owned(), name.to_string()][..], &at.tokens].concat());
            json!({"$ref": format!("#{pointer}")})
        });
        // Built as a map, not with `json!`, which would serialize `defs` over again (a fifth of the check's time).
        let mut schema = Map::new();
        schema.insert("$schema".to_owned(), Value::from(DRAFT_2020_12));
        schema.insert("$defs".to_owned(), Value::Object(defs));
        schema.insert("prefixItems".to_owned(), Value::Array(places.collect()));
        let schema = Value::Object(schema);
        let instance = Value::Array(values.iter().map(|(_, value, _)| value.clone()).collect());
        for (index, problem) in violations(&schema, &instance) {
            let Some((what, value, at)) = values.get(index) else { continue };
            let field = describe(registry, name, &at.field);
            findings.errors.push(format!("the {what} {value} of {field} does not fit its schema: {problem}"));
        }
    }
    Ok(findings)
}

/// The explicit default and example of a node.
fn declared_values(object: &SchemaObject) -> impl Iterator<Item = (&'static str, &Value)> {
    let default = object.default.as_ref().map(|value| ("default", value));
    default.into_iter().chain(object.example.as_ref().map(|value| ("example", value)))
}

/// Fields of `object` that are required and have an explicit default.
fn required_with_default<'a>(object: &'a SchemaObject, at: &'a Location) -> impl Iterator<Item = String> + 'a {
    object.required.iter().filter_map(move |name| {
        let property = object.properties.get(name)?;
        property
            .keywords()
            .default
            .is_some()
            .then(|| if at.field.is_empty() { name.clone() } else { format!("{}.{name}", at.field) })
    })
}

/// `` `CronTabPort.port` (defined by `crate::CronTabPort`) ``, for messages.
fn describe(registry: &Registry, name: &DefName, field: &str) -> String {
    let path = if field.is_empty() { name.short_name().to_owned() } else { format!("{}.{field}", name.short_name()) };
    match registry.definition(name).and_then(|definition| definition.defined_by()) {
        Some(owner) => format!("`{path}` (defined by {owner})"),
        None => format!("`{path}` (definition `{name}`)"),
    }
}

/// Why `schema` rejects each item of `values` it rejects, by the item's index, in order.
fn violations(schema: &Value, values: &Value) -> Vec<(usize, String)> {
    let validator = match jsonschema::validator_for(schema) {
        Ok(validator) => validator,
        Err(error) => {
            let problem = format!("the schema itself does not compile: {error}");
            let count = values.as_array().map_or(1, Vec::len);
            return (0..count).map(|index| (index, problem.clone())).collect();
        }
    };
    let mut problems: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for error in validator.iter_errors(values) {
        let index = error.instance_path().iter().next().and_then(|step| match step {
            jsonschema::paths::LocationSegment::Index(index) => Some(index),
            jsonschema::paths::LocationSegment::Property(_) => None,
        });
        problems.entry(index.unwrap_or(0)).or_default().push(error.to_string());
    }
    problems.into_iter().map(|(index, found)| (index, found.join("; "))).collect()
}

/// A required field with a default, worded for users.
fn warning_text(field: &str) -> String {
    format!("{field} is required and has a default, which never applies; make the field optional or drop the default")
}

#[cfg(test)]
mod tests {
    use kapi_model::{InstanceType, SchemaNode};

    use super::*;

    fn registry_with(schema: SchemaObject) -> Registry {
        let json = json!({"definitions": {"example.Port": {"schema": SchemaNode::inline(schema)}}, "resources": []});
        serde_json::from_value(json).expect("model")
    }

    fn port(default: Value, required: bool) -> SchemaObject {
        let mut port = SchemaObject::of_type(InstanceType::Integer);
        port.bounds.minimum = Some(1.into());
        port.default = Some(default);
        let mut object = SchemaObject::of_type(InstanceType::Object);
        object.properties.insert("port".into(), SchemaNode::inline(port));
        if required {
            object.required.push("port".into());
        }
        object
    }

    #[test]
    fn a_default_below_its_minimum_is_named_with_its_field() -> Result<(), Error> {
        let findings = check(&registry_with(port(json!(0), false)))?;
        assert_eq!(findings.errors.len(), 1, "{findings:?}");
        assert!(findings.errors[0].starts_with("the default 0 of `Port.port`"), "{}", findings.errors[0]);
        assert!(findings.errors[0].contains("minimum"), "{}", findings.errors[0]);
        assert!(check(&registry_with(port(json!(8080), false)))?.errors.is_empty());
        Ok(())
    }

    #[test]
    fn a_required_field_with_a_default_is_a_warning() -> Result<(), Error> {
        let findings = check(&registry_with(port(json!(8080), true)))?;
        assert!(findings.errors.is_empty());
        assert_eq!(findings.warnings.len(), 1);
        assert!(findings.warnings[0].starts_with("`Port.port` (definition `example.Port`) is required"));
        Ok(())
    }
}
