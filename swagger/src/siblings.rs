//! Rule 3: a reference with sibling keywords. Kubernetes' relaxed swagger 2.0 writes `{"$ref": X, "description": …}`;
//! OpenAPI 3.0 ignores a reference's siblings, so they are kept beside an `allOf` holding the reference — the form
//! kapi's own v3 emitter writes.

use serde_json::{Map, Value};

/// Wraps `$ref` in `allOf` when the schema says anything else; a bare reference stays bare.
pub(super) fn wrap_reference_siblings(schema: &mut Map<String, Value>) {
    if schema.len() < 2 || !matches!(schema.get("$ref"), Some(Value::String(_))) {
        return;
    }
    let Some(target) = schema.remove("$ref") else { return };
    let reference = Value::Object(Map::from_iter([("$ref".to_owned(), target)]));
    // A schema that already has an `allOf` keeps its members after the reference.
    let existing = match schema.remove("allOf") {
        Some(Value::Array(items)) => items,
        _ => Vec::new(),
    };
    schema.insert("allOf".to_owned(), Value::Array(std::iter::once(reference).chain(existing).collect()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn wrapped(schema: Value) -> Value {
        let Value::Object(mut map) = schema else { panic!("object") };
        wrap_reference_siblings(&mut map);
        Value::Object(map)
    }

    #[test]
    fn siblings_move_beside_an_all_of() {
        let out = wrapped(json!({"$ref": "#/components/schemas/A", "description": "d", "default": {}}));
        assert_eq!(out, json!({"allOf": [{"$ref": "#/components/schemas/A"}], "description": "d", "default": {}}));
    }

    #[test]
    fn bare_references_stay_bare() {
        assert_eq!(wrapped(json!({"$ref": "#/components/schemas/A"})), json!({"$ref": "#/components/schemas/A"}));
    }

    #[test]
    fn an_existing_all_of_follows_the_reference() {
        let out = wrapped(json!({"$ref": "#/components/schemas/A", "allOf": [{"required": ["x"]}]}));
        assert_eq!(out, json!({"allOf": [{"$ref": "#/components/schemas/A"}, {"required": ["x"]}]}));
    }

    #[test]
    fn a_property_named_ref_is_not_a_reference() {
        let schema = json!({"$ref": {"type": "string"}, "description": {"type": "string"}});
        assert_eq!(wrapped(schema.clone()), schema);
    }
}
