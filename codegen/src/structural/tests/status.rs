//! The root's keywords with the status subresource.

use serde_json::json;

use super::{assert_accepted, with_spec};
use crate::structural::{StructuralOptions, StructuralRule, check_structural_with};

const WITH_STATUS: StructuralOptions = StructuralOptions { status_subresource: true };

#[test]
fn with_status_the_root_may_hold_properties_required_and_rules() {
    let mut schema = with_spec(json!({"type": "object"}));
    schema["required"] = json!(["spec"]);
    schema["description"] = json!("a widget");
    schema["x-kubernetes-validations"] = json!([{"rule": "has(self.spec)"}]);
    assert!(check_structural_with(&schema, &WITH_STATUS).is_empty());
}

#[test]
fn with_status_the_root_may_not_hold_junctors() {
    let mut schema = with_spec(json!({"type": "object"}));
    schema["anyOf"] = json!([{"required": ["spec"]}]);
    // Without the status subresource, a junctor at the root is fine.
    assert_accepted(&schema);
    let violations = check_structural_with(&schema, &WITH_STATUS);
    let [violation] = violations.as_slice() else { panic!("expected one violation, got {violations:#?}") };
    assert_eq!(
        (violation.rule, violation.field.as_str(), violation.pointer.as_str()),
        (StructuralRule::StatusSubresourceRoot, "", "")
    );
    assert!(violation.message.starts_with("the root schema: `anyOf`"), "{}", violation.message);
}
