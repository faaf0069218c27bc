//! OpenAPI schemas with their `$ref`s replaced by the schemas they name, so one kind's schema is a single tree.

use serde_json::{Map, Value};

/// Keywords whose values are data, not schemas: never searched for references.
const DATA_KEYWORDS: &[&str] = &[
    "enum",
    "default",
    "example",
    "required",
    "x-kubernetes-validations",
    "x-kubernetes-group-version-kind",
    "x-kubernetes-list-map-keys",
];

/// The prefix of references into an OpenAPI v3 document's component schemas.
const COMPONENTS: &str = "#/components/schemas/";

/// `schema` with every `$ref` into `components` inlined; `allOf: [{$ref}]` wrappers become the schema they wrap,
/// with the wrapper's own keywords (description, default, extensions) on top.
///
/// A reference met again inside itself (a recursive type) is cut there and replaced by a schema accepting any
/// value, so inlining always ends; a reference to a missing component is kept as it is.
pub fn inline(schema: &Value, components: &Map<String, Value>) -> Value {
    Inliner { components, stack: Vec::new() }.schema(schema)
}

struct Inliner<'c> {
    components: &'c Map<String, Value>,
    /// The components being inlined, outermost first.
    stack: Vec<&'c str>,
}

impl<'c> Inliner<'c> {
    fn schema(&mut self, schema: &Value) -> Value {
        let Value::Object(fields) = schema else { return schema.clone() };
        let mut out = Map::new();
        for (key, value) in fields {
            let inlined = match (key.as_str(), value) {
                (key, _) if DATA_KEYWORDS.contains(&key) => value.clone(),
                ("properties", Value::Object(properties)) => {
                    Value::Object(properties.iter().map(|(name, p)| (name.clone(), self.schema(p))).collect())
                }
                (_, Value::Array(members)) => Value::Array(members.iter().map(|m| self.schema(m)).collect()),
                (_, Value::Object(_)) => self.schema(value),
                _ => value.clone(),
            };
            out.insert(key.clone(), inlined);
        }
        if let Some(Value::String(reference)) = out.remove("$ref") {
            return self.referenced(&reference, out);
        }
        flatten_single_all_of(out)
    }

    /// The component `reference` names, under the keywords written next to the reference.
    fn referenced(&mut self, reference: &str, siblings: Map<String, Value>) -> Value {
        let name = reference.strip_prefix(COMPONENTS).unwrap_or(reference);
        let Some((name, target)) = self.components.get_key_value(name) else {
            let mut kept = siblings;
            kept.insert("$ref".to_owned(), Value::String(reference.to_owned()));
            return Value::Object(kept);
        };
        let target = if self.stack.contains(&name.as_str()) {
            // Recursion: stop here, accepting anything below this point.
            serde_json::json!({"x-kubernetes-preserve-unknown-fields": true})
        } else {
            self.stack.push(name);
            let inlined = self.schema(target);
            self.stack.pop();
            inlined
        };
        merge(target, siblings)
    }
}

/// `allOf` with one member: the member, with the node's other keywords on top.
fn flatten_single_all_of(mut node: Map<String, Value>) -> Value {
    let single = matches!(node.get("allOf"), Some(Value::Array(members)) if members.len() == 1);
    if !single {
        return Value::Object(node);
    }
    let member = match node.remove("allOf") {
        Some(Value::Array(mut members)) => members.pop().unwrap_or(Value::Null),
        _ => Value::Null,
    };
    merge(member, node)
}

/// `base` with `over`'s keywords added; rules from both are kept.
fn merge(base: Value, over: Map<String, Value>) -> Value {
    let Value::Object(mut base) = base else { return Value::Object(over) };
    for (key, value) in over {
        match (base.get_mut(&key), value) {
            (Some(Value::Array(rules)), Value::Array(more)) if key == "x-kubernetes-validations" => rules.extend(more),
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
    Value::Object(base)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn wrapped_references_become_the_schema_with_the_wrapper_on_top() {
        let components = json!({"Port": {"type": "integer", "description": "inner", "maximum": 9}});
        let schema = json!({"type": "object", "properties": {
            "port": {"allOf": [{"$ref": "#/components/schemas/Port"}], "description": "outer"}}});
        let inlined = inline(&schema, components.as_object().expect("object"));
        assert_eq!(inlined["properties"]["port"], json!({"type": "integer", "description": "outer", "maximum": 9}));
    }

    #[test]
    fn recursion_is_cut_and_missing_references_kept() {
        let components = json!({"Node": {"type": "object", "properties": {
            "next": {"$ref": "#/components/schemas/Node"}, "other": {"$ref": "#/components/schemas/Missing"}}}});
        let inlined = inline(&json!({"$ref": "#/components/schemas/Node"}), components.as_object().expect("object"));
        assert_eq!(inlined["properties"]["next"], json!({"x-kubernetes-preserve-unknown-fields": true}));
        assert_eq!(inlined["properties"]["other"], json!({"$ref": "#/components/schemas/Missing"}));
    }
}
