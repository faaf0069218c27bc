//! Converts one swagger 2.0 schema to OpenAPI 3.0 by running the per-node rules over every nested schema.

use serde_json::Value;

use super::report::{Findings, Unrestored};
use super::walk::for_each_schema;
use super::{lossy, refs, siblings};

/// The schema `v2` (found at JSON pointer `at`) in OpenAPI 3.0 form; places v2 may have emptied go to `findings`.
pub(super) fn convert_schema(v2: &Value, at: &str, findings: &mut Findings) -> Value {
    let mut schema = v2.clone();
    for_each_schema(&mut schema, at, &mut |node, pointer| {
        if lossy::is_untyped(node) {
            findings.push((pointer.to_owned(), Unrestored::UntypedSchema));
        }
        // The order matters: the reference is rewritten before it may move into an `allOf`.
        refs::rewrite_reference(node);
        lossy::restore_int_or_string(node);
        siblings::wrap_reference_siblings(node);
    });
    schema
}

/// The definition `name` as a component schema: [`convert_schema`] plus the rules that go by name.
pub(super) fn convert_definition(name: &str, v2: &Value, at: &str, findings: &mut Findings) -> Value {
    let mut schema = convert_schema(v2, at, findings);
    if let Value::Object(map) = &mut schema {
        lossy::restore_quantity(name, map);
    }
    schema
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn nested_references_are_rewritten_and_wrapped() {
        let v2 = json!({"type": "object", "properties": {
            "port": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.util.intstr.IntOrString", "description": "p"},
            "list": {"type": "array", "items": {"$ref": "#/definitions/a.B"}},
        }});
        let mut findings = Findings::new();
        let out = convert_schema(&v2, "/definitions/X", &mut findings);
        assert_eq!(
            out["properties"]["port"],
            json!({"description": "p",
            "allOf": [{"$ref": "#/components/schemas/io.k8s.apimachinery.pkg.util.intstr.IntOrString"}]})
        );
        assert_eq!(out["properties"]["list"]["items"], json!({"$ref": "#/components/schemas/a.B"}));
        assert!(findings.is_empty());
    }

    #[test]
    fn untyped_nested_schemas_are_reported_with_their_pointer() {
        let v2 = json!({"type": "object", "properties": {"choice": {"description": "a or b"}}});
        let mut findings = Findings::new();
        convert_schema(&v2, "/definitions/X", &mut findings);
        assert_eq!(findings, [("/definitions/X/properties/choice".to_owned(), Unrestored::UntypedSchema)]);
    }

    #[test]
    fn quantity_is_restored_by_name_only() {
        let mut findings = Findings::new();
        let quantity = convert_definition(lossy::QUANTITY, &json!({"type": "string"}), "", &mut findings);
        assert_eq!(quantity, json!({"oneOf": [{"type": "string"}, {"type": "number"}]}));
        let other = convert_definition("a.Name", &json!({"type": "string"}), "", &mut findings);
        assert_eq!(other, json!({"type": "string"}));
    }
}
