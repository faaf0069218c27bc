//! Unit tests of the structural check, one file per rule family, with the helpers they share: each rejected case
//! asserts the rule, the field path, and that the message starts with that path.
//!
//! The rule families' files are also compiled into kapi-tests (`tests/tests/kube_structural/`) with helpers that
//! ask a real kube-apiserver too: every case accepted or rejected here must be accepted or refused by the server.

mod defaults;
mod extensions;
mod junctors;
mod keywords;
mod lists;
mod metadata;
mod objects;
mod schemas;
mod status;
mod types;
mod validations;

use std::collections::BTreeSet;

use serde_json::{Value, json};

use super::{StructuralRule, Violation, check_structural};

use schemas::{with_field, with_spec};

/// Asserts that `schema` breaks no rule.
#[track_caller]
pub(super) fn assert_accepted(schema: &Value) {
    let violations = check_structural(schema);
    assert!(violations.is_empty(), "expected no violations for {schema:#}, got {violations:#?}");
}

/// Asserts that `schema` breaks `rule` at `field`, with a message naming the field; returns the violation.
#[track_caller]
pub(super) fn assert_rejected(schema: &Value, rule: StructuralRule, field: &str) -> Violation {
    let violations = check_structural(schema);
    let Some(found) = violations.iter().find(|violation| violation.rule == rule && violation.field == field) else {
        panic!("expected {rule} at `{field}` for {schema:#}, got {violations:#?}");
    };
    let subject = if field.is_empty() { "the root schema" } else { field };
    assert!(found.message.starts_with(&format!("{subject}: ")), "message does not name `{subject}`: {}", found.message);
    let detail = &found.message[subject.len() + 2..];
    assert!(detail.starts_with(|c: char| !c.is_uppercase()), "message is not lowercase: {}", found.message);
    found.clone()
}

/// The rules `schema` breaks, without repeats.
pub(super) fn rules_of(schema: &Value) -> BTreeSet<StructuralRule> {
    check_structural(schema).into_iter().map(|violation| violation.rule).collect()
}

#[test]
fn every_rule_has_a_unique_kebab_name_and_one_sentence() {
    let names: BTreeSet<&str> = StructuralRule::ALL.iter().map(|rule| rule.name()).collect();
    assert_eq!(names.len(), StructuralRule::ALL.len(), "rule names repeat");
    for rule in StructuralRule::ALL {
        let name = rule.name();
        assert!(name.split('-').all(|word| !word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase())), "{name}");
        let sentence = rule.describe();
        assert!(sentence.ends_with('.') && sentence.matches(". ").count() == 0, "{name}: {sentence}");
        assert_eq!(rule.to_string(), name);
    }
}

#[test]
fn violations_are_sorted_by_pointer_then_rule() {
    let schema = json!({
        "type": "object",
        "nullable": true,
        "additionalProperties": {"type": "string"},
        "properties": {"spec": {"type": "object", "properties": {"b": {"uniqueItems": true}, "a": {}}}}
    });
    let violations = check_structural(&schema);
    let keys: Vec<(String, StructuralRule)> = violations.iter().map(|v| (v.pointer.clone(), v.rule)).collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    use StructuralRule::*;
    let (spec_a, spec_b) = ("/properties/spec/properties/a".to_owned(), "/properties/spec/properties/b".to_owned());
    let expected = [
        (String::new(), RootNullable),
        (String::new(), PropertiesWithAdditionalProperties),
        (String::new(), RootAdditionalProperties),
        (spec_a, MissingType),
        (spec_b.clone(), UniqueItems),
        (spec_b, MissingType),
    ];
    assert_eq!(keys, expected);
}

#[test]
fn pointers_escape_and_field_paths_quote_unusual_names() {
    let schema = with_spec(json!({"type": "object", "properties": {"a/b~c": {"description": "no type"}}}));
    let violation = assert_rejected(&schema, StructuralRule::MissingType, r#"spec["a/b~c"]"#);
    assert_eq!(violation.pointer, "/properties/spec/properties/a~1b~0c");
}

#[test]
fn a_schema_that_is_not_an_object_is_rejected_at_the_root() {
    assert_rejected(&json!(["type", "object"]), StructuralRule::RootType, "");
}
