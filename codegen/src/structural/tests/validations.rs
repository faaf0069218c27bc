//! `x-kubernetes-validations` entries.

use serde_json::{Value, json};

use super::{assert_accepted, assert_rejected, with_spec};
use crate::structural::StructuralRule;

/// `spec` with `replicas`, a `selector` map, and the given validation rules.
fn spec_with_rules(rules: Value) -> Value {
    with_spec(json!({
        "type": "object",
        "properties": {
            "replicas": {"type": "integer"},
            "selector": {"type": "object", "additionalProperties": {"type": "string"}}
        },
        "x-kubernetes-validations": rules
    }))
}

#[track_caller]
fn assert_rule_problem(rules: Value, expected: &str) {
    let violation = assert_rejected(&spec_with_rules(rules), StructuralRule::ValidationRule, "spec");
    assert!(violation.message.contains(expected), "{}", violation.message);
}

#[test]
fn complete_rules_are_accepted() {
    assert_accepted(&spec_with_rules(json!([
        {
            "rule": "self.replicas >= 0", "message": "replicas must not be negative",
            "reason": "FieldValueInvalid", "fieldPath": ".replicas"
        },
        {
            "rule": "has(self.selector)", "messageExpression": "'selector missing'",
            "fieldPath": ".selector['app.kubernetes.io/name']"
        },
        {
            "rule": "self.replicas == oldSelf.replicas ||\n  self.replicas > 0", "message": "scale up only",
            "optionalOldSelf": true
        }
    ])));
}

#[test]
fn a_rule_must_not_be_empty() {
    assert_rule_problem(json!([{"rule": "  "}]), "x-kubernetes-validations[0]: the rule is empty");
}

#[test]
fn a_message_must_be_one_non_blank_line() {
    assert_rule_problem(json!([{"rule": "true", "message": "first\nsecond"}]), "line breaks");
    assert_rule_problem(json!([{"rule": "true", "message": "   "}]), "blank");
    assert_rule_problem(json!([{"rule": "self.a ||\nself.b"}]), "needs a message");
}

#[test]
fn reason_and_field_path_must_be_known() {
    assert_rule_problem(json!([{"rule": "true", "reason": "FieldValueTooLong"}]), "`FieldValueTooLong`");
    assert_rule_problem(json!([{"rule": "true", "fieldPath": ".replica"}]), "fieldPath `.replica`");
    assert_rule_problem(json!([{"rule": "true", "fieldPath": "replicas"}]), "fieldPath `replicas`");
    assert_rule_problem(json!([{"rule": "true", "messageExpression": " "}]), "messageExpression is blank");
    assert_rule_problem(json!([{"rule": "true", "severity": "warning"}]), "`severity`");
}
