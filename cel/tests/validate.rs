//! `validate_object` and `evaluate`: rules passing and failing, transition rules, list-map pairing, messages.

use kapi_cel::{compile, evaluate, validate_object};
use serde_json::{Value, json};

fn schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "spec": {
                "type": "object",
                "x-kubernetes-validations": [
                    {"rule": "!has(self.maxReplicas) || self.replicas <= self.maxReplicas",
                     "message": "replicas must not exceed maxReplicas"}
                ],
                "properties": {
                    "replicas": {"type": "integer"},
                    "maxReplicas": {"type": "integer"},
                    "image": {"type": "string", "x-kubernetes-validations": [{"rule": "!self.endsWith(':latest')"}]},
                    "mode": {"type": "string", "x-kubernetes-validations": [
                        {"rule": "self == oldSelf", "message": "mode is immutable"}]},
                    "ports": {
                        "type": "array",
                        "x-kubernetes-list-type": "map",
                        "x-kubernetes-list-map-keys": ["name"],
                        "items": {
                            "type": "object",
                            "properties": {"name": {"type": "string"}, "port": {"type": "integer"}},
                            "x-kubernetes-validations": [
                                {"rule": "self.port > 0", "messageExpression": "'port ' + string(self.port) + ' is not positive'"},
                                {"rule": "self.port == oldSelf.port", "message": "a port's number cannot change"}
                            ]
                        }
                    },
                    "tags": {
                        "type": "array",
                        "items": {"type": "object", "properties": {"v": {"type": "string"}},
                            "x-kubernetes-validations": [{"rule": "self.v != 'x'", "fieldPath": ".v"}]}
                    },
                    "limits": {
                        "type": "object",
                        "additionalProperties": {"type": "integer", "x-kubernetes-validations": [{"rule": "self < 10"}]}
                    }
                }
            }
        }
    })
}

/// (field, message) of each violation, sorted: the order of an object's fields is the JSON map's.
fn fields(violations: &[kapi_cel::RuleViolation]) -> Vec<(&str, &str)> {
    let mut fields: Vec<_> = violations.iter().map(|v| (v.field.as_str(), v.message.as_str())).collect();
    fields.sort();
    fields
}

#[test]
fn a_valid_object_has_no_violations() {
    let object = json!({"spec": {"replicas": 2, "maxReplicas": 3, "image": "nginx:1.27",
        "ports": [{"name": "http", "port": 80}], "limits": {"cpu": 4}}});
    assert_eq!(validate_object(&schema(), &object, None), vec![]);
}

#[test]
fn failing_rules_are_reported_at_their_nodes_with_their_messages() {
    let object = json!({"spec": {"replicas": 5, "maxReplicas": 3, "image": "nginx:latest",
        "ports": [{"name": "http", "port": 80}, {"name": "admin", "port": -1}],
        "tags": [{"v": "x"}], "limits": {"cpu": 12}}});
    let violations = validate_object(&schema(), &object, None);
    assert_eq!(
        fields(&violations),
        vec![
            ("spec", "replicas must not exceed maxReplicas"),
            ("spec.image", "failed rule: !self.endsWith(':latest')"),
            ("spec.limits[cpu]", "failed rule: self < 10"),
            ("spec.ports[1]", "port -1 is not positive"),
            ("spec.tags[0].v", "failed rule: self.v != 'x'"),
        ]
    );
}

#[test]
fn an_evaluation_error_is_a_violation() {
    // `replicas` is absent, so reading it fails: a violation, not a panic and not a pass.
    let object = json!({"spec": {"maxReplicas": 3}});
    let violations = validate_object(&schema(), &object, None);
    let [violation] = violations.as_slice() else { panic!("one violation: {violations:?}") };
    assert_eq!(violation.field, "spec");
    assert!(
        violation.message.contains("could not be evaluated") && violation.message.contains("replicas"),
        "{violation}"
    );
}

#[test]
fn transition_rules_run_only_with_an_old_value() {
    let new = json!({"spec": {"replicas": 1, "mode": "fast"}});
    assert_eq!(validate_object(&schema(), &new, None), vec![], "no old object: the transition rule is skipped");
    let same = json!({"spec": {"replicas": 1, "mode": "fast"}});
    assert_eq!(validate_object(&schema(), &new, Some(&same)), vec![]);
    let changed = json!({"spec": {"replicas": 1, "mode": "slow"}});
    let violations = validate_object(&schema(), &new, Some(&changed));
    assert_eq!(fields(&violations), vec![("spec.mode", "mode is immutable")]);
    // A field the old object lacks has no old value either.
    let without_mode = json!({"spec": {"replicas": 1}});
    assert_eq!(validate_object(&schema(), &new, Some(&without_mode)), vec![]);
}

#[test]
fn list_map_items_are_paired_by_their_keys() {
    let old = json!({"spec": {"replicas": 1, "ports": [{"name": "a", "port": 1}, {"name": "b", "port": 2}]}});
    // Reordered, `b` kept its port, `a` changed its port, `c` is new.
    let new = json!({"spec": {"replicas": 1, "ports": [{"name": "b", "port": 2}, {"name": "c", "port": 9}, {"name": "a", "port": 3}]}});
    let violations = validate_object(&schema(), &new, Some(&old));
    assert_eq!(fields(&violations), vec![("spec.ports[2]", "a port's number cannot change")]);
}

#[test]
fn items_of_plain_lists_are_not_paired() {
    let schema = json!({"type": "array", "items": {"type": "integer",
        "x-kubernetes-validations": [{"rule": "self == oldSelf"}]}});
    assert_eq!(validate_object(&schema, &json!([1, 2]), Some(&json!([3, 4]))), vec![]);
}

#[test]
fn null_values_are_not_validated() {
    let object = json!({"spec": {"replicas": 1, "image": null}});
    assert_eq!(validate_object(&schema(), &object, None), vec![]);
}

#[test]
fn evaluate_converts_json_following_the_schema() {
    let schema = json!({"type": "object", "properties": {
        "size": {"x-kubernetes-int-or-string": true},
        "ratio": {"type": "number"},
        "labels": {"type": "object", "additionalProperties": {"type": "string"}},
        "items": {"type": "array", "items": {"type": "integer", "format": "int64"}},
        "note": {"type": "string", "nullable": true}}});
    let object = json!({"size": "25%", "ratio": 1, "labels": {"app": "web"}, "items": [1, 2, 3], "note": null});
    for rule in [
        "type(self.size) == string && self.size.endsWith('%')",
        "self.ratio == 1.0",
        "'app' in self.labels && !has(self.labels.tier) && self.labels.app.matches('^w')",
        "self.items.exists(i, i == 3) && self.items.size() == 3 && self.items.map(i, i * 2)[2] == 6",
        "self.note == null && has(self.note)",
        "self.labels.app.upperAscii() == 'WEB' && 'a,b'.split(',').size() == 2",
    ] {
        let compiled = compile(rule).expect(rule);
        assert_eq!(evaluate(&compiled, &object, None, &schema), Ok(true), "{rule}");
    }
    let count = json!({"size": 3});
    let compiled = compile("type(self.size) == int && self.size < 5").expect("compiles");
    assert_eq!(evaluate(&compiled, &count, None, &schema), Ok(true));
}

#[test]
fn evaluate_reports_errors_as_values() {
    let compiled = compile("self.missing > 0").expect("compiles");
    let error = evaluate(&compiled, &json!({}), None, &json!({"type": "object"})).expect_err("no such key");
    assert!(error.to_string().contains("missing"), "{error}");
    let error = compile("self.a ==").expect_err("syntax");
    assert!(error.is_syntax());
}

#[test]
fn odd_rules_are_errors_not_panics() {
    let schema = json!({"type": "string"});
    for rule in ["self.matches('[')", "1 / 0 == 1", "[1, 2][5] == 1", "self.substring(10) == ''", "int('x') == 1"] {
        let compiled = compile(rule).expect(rule);
        assert!(evaluate(&compiled, &json!("abc"), None, &schema).is_err(), "{rule}");
    }
    // Deep expressions run on a large stack: an error or a result, never a crash, up to the longest chain allowed.
    let chain = vec!["self"; 1990].join(" + ");
    let compiled = compile(&format!("{chain} != ''")).expect("a long chain parses");
    assert_eq!(evaluate(&compiled, &json!("a"), None, &schema), Ok(true));
    let nested = format!("{}true{}", "(".repeat(900), ")".repeat(900));
    assert!(compile(&nested).is_err(), "the parser's nesting limit");
    let too_long = vec!["self"; 3000].join(" + ");
    let error = compile(&too_long).expect_err("too complex");
    assert!(error.to_string().contains("too complex"), "{error}");
}
