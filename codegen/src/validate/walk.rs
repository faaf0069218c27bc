//! Visits every node of a schema with its location, in the shape the JSON Schema renderer writes it.

use kapi_model::{SchemaNode, SchemaObject};

/// Where a node is: the JSON Pointer tokens of its rendered form, and the field path a person reads.
#[derive(Debug, Clone, Default)]
pub(crate) struct Location {
    /// Tokens from the definition's root (`properties`, `spec`, `items`, …).
    pub tokens: Vec<String>,
    /// `spec.ports[].port`: property names, `[]` for list items, `{}` for map values.
    pub field: String,
}

impl Location {
    fn child(&self, tokens: &[&str], field_suffix: &str) -> Self {
        let mut child = self.clone();
        child.tokens.extend(tokens.iter().map(|t| (*t).to_owned()));
        child.field.push_str(field_suffix);
        child
    }
}

/// Calls `visit` on `node` and every node below it, parents first. A node's keywords are its own for inline
/// schemas and the siblings of the reference otherwise; referenced definitions are visited on their own.
pub(crate) fn walk(node: &SchemaNode, at: &Location, visit: &mut dyn FnMut(&SchemaObject, &Location)) {
    let object = node.keywords();
    visit(object, at);
    for (name, property) in &object.properties {
        let field = if at.field.is_empty() { name.clone() } else { format!(".{name}") };
        walk(property, &at.child(&["properties", name], &field), visit);
    }
    if let Some(items) = &object.items {
        walk(items, &at.child(&["items"], "[]"), visit);
    }
    if let Some(values) = &object.additional_properties {
        walk(values, &at.child(&["additionalProperties"], "{}"), visit);
    }
    let lists = [("oneOf", &object.one_of), ("anyOf", &object.any_of), ("allOf", &object.all_of)];
    for (keyword, nodes) in lists {
        for (index, child) in nodes.iter().enumerate() {
            let index = index.to_string();
            walk(child, &at.child(&[keyword, &index], &format!(" ({keyword} {index})")), visit);
        }
    }
    if let Some(not) = &object.not {
        walk(not, &at.child(&["not"], " (not)"), visit);
    }
}
