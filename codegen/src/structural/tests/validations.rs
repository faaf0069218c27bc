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
            "rule": "self.replicas == oldSelf.orValue(self).replicas ||\n  self.replicas > 0", "message": "scale up only",
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

/// `spec.hosts`, a list of objects of the given list type, whose items carry `rules`.
fn hosts_with_item_rules(list_type: &str, rules: Value) -> Value {
    let item = json!({
        "type": "object",
        "required": ["name"],
        "properties": {"name": {"type": "string"}, "port": {"type": "integer"}},
        "x-kubernetes-validations": rules
    });
    let mut list = json!({"type": "array", "x-kubernetes-list-type": list_type, "items": item});
    if list_type == "map" {
        list["x-kubernetes-list-map-keys"] = json!(["name"]);
    }
    with_spec(json!({"type": "object", "properties": {"hosts": list}}))
}

#[test]
fn transition_rules_are_accepted_where_old_and_new_values_match() {
    let rules = json!([{"rule": "self.port == oldSelf.port", "message": "port is immutable"}]);
    assert_accepted(&hosts_with_item_rules("map", rules));
    let optional = "!oldSelf.hasValue() || self.replicas >= oldSelf.value().replicas";
    assert_accepted(&spec_with_rules(json!([{"rule": optional, "optionalOldSelf": true}])));
    // `oldSelf` inside a string or as a field name is not the variable.
    let rules = json!([{"rule": "self.port != 0 || 'oldSelf' == \"oldSelf\" || self.oldSelf"}]);
    let mut schema = hosts_with_item_rules("atomic", rules);
    schema["properties"]["spec"]["properties"]["hosts"]["items"]["properties"]["oldSelf"] = json!({"type": "boolean"});
    assert_accepted(&schema);
}

#[test]
fn transition_rules_below_unmatched_list_items_are_rejected() {
    let rules = json!([{"rule": "self.port == oldSelf.port", "message": "port is immutable"}]);
    let violation =
        assert_rejected(&hosts_with_item_rules("atomic", rules), StructuralRule::TransitionRule, "spec.hosts[*]");
    assert!(violation.message.contains("below the items of spec.hosts"), "{}", violation.message);
    let optional = json!([{"rule": "self.port > 0", "optionalOldSelf": true}]);
    let violation =
        assert_rejected(&hosts_with_item_rules("map", optional), StructuralRule::TransitionRule, "spec.hosts[*]");
    assert!(violation.message.contains("optionalOldSelf"), "{}", violation.message);
}
