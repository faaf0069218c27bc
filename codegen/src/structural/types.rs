//! Rules about the `type` of structural nodes: every node says what it is (the API server prunes, defaults and
//! converts by type), arrays say what their items are, and the root is a non-nullable object.

use serde_json::Value;

use crate::structural::node::{Node, key};
use crate::structural::rule::StructuralRule;
use crate::structural::sites::{Level, Site};
use crate::structural::violation::Report;

/// Checks the type of one structural node.
pub(super) fn check(site: &Site<'_>, report: &mut Report) {
    let Some(context) = site.structural() else { return };
    let node = site.node;
    if context.level == Level::Root {
        root(site, report);
    } else if type_missing(node) && !node.int_or_string() && !node.preserves_unknown_fields() {
        // An embedded resource without a type breaks its own rule, which says more.
        if !node.embedded_resource() {
            let detail = match context.level {
                Level::Item => "list items need a type (or x-kubernetes-int-or-string / preserve-unknown-fields)",
                _ => "needs a type (or x-kubernetes-int-or-string / x-kubernetes-preserve-unknown-fields: true)",
            };
            report.push(&site.at, StructuralRule::MissingType, detail);
        }
    }
    if node.is_type("array") && node.get(key::ITEMS).is_none_or(Value::is_null) {
        report.push(&site.at, StructuralRule::ArrayWithoutItems, "an array needs an items schema");
    }
}

fn root(site: &Site<'_>, report: &mut Report) {
    let node = site.node;
    // The server lets a root that preserves unknown fields (or is int-or-string) leave its type out.
    let may_be_untyped = node.flag("x-kubernetes-preserve-unknown-fields") || node.flag("x-kubernetes-int-or-string");
    let untyped_but_allowed = node.type_name().is_none() && may_be_untyped;
    if !node.is_type("object") && !untyped_but_allowed {
        let detail = match node.type_name() {
            Some(name) => format!("a custom resource is an object, so the root type must be object, not {name}"),
            None => "a custom resource is an object, so the root schema needs type: object".to_owned(),
        };
        report.push(&site.at, StructuralRule::RootType, detail);
    }
    if node.nullable() {
        report.push(
            &site.at,
            StructuralRule::RootNullable,
            "a custom resource cannot be null, so the root may not be nullable",
        );
    }
}

/// Whether `type` is absent, null or empty (a type of the wrong JSON kind is a different rule).
pub(super) fn type_missing(node: Node<'_>) -> bool {
    match node.get(key::TYPE) {
        None | Some(Value::Null) => true,
        Some(Value::String(name)) => name.is_empty(),
        Some(_) => false,
    }
}
