//! What a union's branches cannot say structurally, said with CEL rules on the union's node.
//!
//! A tagged enum flattened into one object (`#[serde(tag = "provider")]`) declares every variant's fields side by
//! side, so a branch would accept another variant's fields: one rule per variant refuses them, naming the tag
//! value and the variants the fields belong to. An enum written one object per variant (serde's default, external
//! tagging: `{"s3": {...}}`) needs exactly one of its variant fields: one rule says so, naming the variants,
//! in place of a `oneOf` whose message would name none.

use kapi_model::{SchemaObject, ValidationRule};
use serde_json::Value;

/// How a union's object branches tell their variant apart.
pub(super) enum Tagging {
    /// Every branch pins this property to one value: internal or adjacent tagging.
    Tag(String),
    /// Every branch is one required property of its own: external tagging.
    External(Vec<String>),
    /// Anything else (untagged variants): the branches' own checks are all there is.
    Other,
}

/// How `shapes`, the branches of one union, are told apart.
pub(super) fn tagging(shapes: &[SchemaObject]) -> Tagging {
    let Some(first) = shapes.first() else { return Tagging::Other };
    let pins = |shape: &SchemaObject, property: &str| {
        shape.required.iter().any(|r| r == property)
            && shape
                .properties
                .get(property)
                .is_some_and(|p| matches!(p.keywords().enum_values.as_slice(), [Value::String(_)]))
    };
    if let Some(tag) = first.properties.keys().find(|name| shapes.iter().all(|shape| pins(shape, name))) {
        return Tagging::Tag(tag.clone());
    }
    let own: Vec<String> = shapes
        .iter()
        .filter_map(|shape| match (shape.properties.keys().collect::<Vec<_>>().as_slice(), shape.required.as_slice()) {
            ([name], [required]) if *name == required => Some(required.clone()),
            _ => None,
        })
        .collect();
    let distinct = own.iter().enumerate().all(|(i, name)| !own[..i].contains(name));
    if shapes.len() >= 2 && own.len() == shapes.len() && distinct {
        return Tagging::External(own);
    }
    Tagging::Other
}

/// The tag value a branch pins.
pub(super) fn tag_value(shape: &SchemaObject, tag: &str) -> Option<String> {
    match shape.properties.get(tag)?.keywords().enum_values.as_slice() {
        [Value::String(value)] => Some(value.clone()),
        _ => None,
    }
}

/// One rule per variant that leaves out fields other variants declare: with its tag value, none of them may be
/// set. `None` when a name cannot be written in CEL.
pub(super) fn foreign_field_rules(
    tag: &str,
    shapes: &[SchemaObject],
    declared: &[String],
) -> Option<Vec<ValidationRule>> {
    let tag_cel = kapi_cel::escape(tag)?;
    let mut rules = Vec::new();
    for shape in shapes {
        let value = tag_value(shape, tag)?;
        let foreign: Vec<&String> =
            declared.iter().filter(|f| *f != tag && !shape.properties.contains_key(*f)).collect();
        if foreign.is_empty() {
            continue;
        }
        let mut present = Vec::new();
        let mut named = Vec::new();
        for field in &foreign {
            present.push(format!("has(self.{})", kapi_cel::escape(field)?));
            let owners: Vec<String> =
                shapes.iter().filter(|s| s.properties.contains_key(*field)).filter_map(|s| tag_value(s, tag)).collect();
            named.push(format!("{field} (of {})", owners.join(", ")));
        }
        let literal = serde_json::to_string(&value).ok()?;
        let any_present = match present.as_slice() {
            [one] => one.clone(),
            _ => format!("({})", present.join(" || ")),
        };
        rules.push(rule(
            format!("!has(self.{tag_cel}) || self.{tag_cel} != {literal} || !{any_present}"),
            format!("{tag} {value} takes none of the other variants' fields: {} must not be set", named.join(", ")),
        ));
    }
    Some(rules)
}

/// The rule that exactly one of the variant fields is set. `None` when a name cannot be written in CEL.
pub(super) fn exactly_one_rule(variants: &[String]) -> Option<ValidationRule> {
    let present: Vec<String> =
        variants.iter().map(|v| kapi_cel::escape(v).map(|v| format!("has(self.{v})"))).collect::<Option<_>>()?;
    let text = match present.as_slice() {
        [a, b] => format!("{a} != {b}"),
        _ => format!("[{}].exists_one(set, set)", present.join(", ")),
    };
    Some(rule(text, format!("exactly one of {} must be set", variants.join(", "))))
}

fn rule(text: String, message: String) -> ValidationRule {
    ValidationRule { rule: text, message: Some(message), ..ValidationRule::default() }
}
