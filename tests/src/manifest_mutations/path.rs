//! Where in an object a mutation applies: a list of steps (a property, a list item, a map value), the field's
//! kubectl-style name, and reading, creating and writing the value there.

use serde_json::{Map, Value};

use super::instance::minimal;

/// One step down an object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A declared property.
    Field(String),
    /// An item of a list.
    Item(usize),
    /// A value of a map (`additionalProperties`).
    Key(String),
}

/// The key this generator uses for a map's values.
pub const MAP_KEY: &str = "k1";

/// `spec.ports[0].name`, `spec.labels[k1]`: the server's notation for the field at `steps`.
pub fn field_name(steps: &[Step]) -> String {
    let mut name = String::new();
    for step in steps {
        match step {
            Step::Field(field) if name.is_empty() => name.push_str(field),
            Step::Field(field) => {
                name.push('.');
                name.push_str(field);
            }
            Step::Item(index) => name.push_str(&format!("[{index}]")),
            Step::Key(key) => name.push_str(&format!("[{key}]")),
        }
    }
    name
}

/// The value at `steps`, if the object has it.
pub fn get<'v>(value: &'v Value, steps: &[Step]) -> Option<&'v Value> {
    steps.iter().try_fold(value, |node, step| match step {
        Step::Field(name) | Step::Key(name) => node.get(name),
        Step::Item(index) => node.get(index),
    })
}

/// The schema of each node along `steps` from `schema`: the properties, items and map values they go through.
pub fn schema_at<'s>(schema: &'s Value, steps: &[Step]) -> Option<&'s Value> {
    steps.iter().try_fold(schema, |node, step| match step {
        Step::Field(name) => node.get("properties")?.get(name),
        Step::Item(_) => node.get("items"),
        Step::Key(_) => node.get("additionalProperties").filter(|v| v.is_object()),
    })
}

/// The value at `steps`, created along the way (minimal valid instances of each missing node) when absent;
/// `None` when a node on the way has another shape (a string where an object is expected).
pub fn ensure<'v>(value: &'v mut Value, schema: &Value, steps: &[Step]) -> Option<&'v mut Value> {
    let mut node = value;
    let mut node_schema = schema;
    for step in steps {
        let child_schema = schema_at(node_schema, std::slice::from_ref(step))?;
        node = match step {
            Step::Field(name) | Step::Key(name) => {
                let fields: &mut Map<String, Value> = node.as_object_mut()?;
                fields.entry(name.clone()).or_insert_with(|| minimal(child_schema))
            }
            Step::Item(index) => {
                let items = node.as_array_mut()?;
                while items.len() <= *index {
                    items.push(minimal(child_schema));
                }
                &mut items[*index]
            }
        };
        node_schema = child_schema;
    }
    Some(node)
}
