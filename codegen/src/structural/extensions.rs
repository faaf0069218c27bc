//! Rules about the int-or-string and embedded-resource extensions: int-or-string stands in for a type and excludes
//! the other shape-changing extensions; an embedded resource is an object whose content is declared or preserved,
//! and never sits inside another resource's type or object metadata.

use serde_json::Value;

use crate::structural::node::{Additional, key};
use crate::structural::rule::StructuralRule;
use crate::structural::sites::Site;
use crate::structural::violation::Report;

/// Checks the extensions of one structural node.
pub(super) fn check(site: &Site<'_>, report: &mut Report) {
    let Some(context) = site.structural() else { return };
    if site.node.int_or_string() {
        int_or_string(site, report);
    }
    if site.node.embedded_resource() {
        embedded_resource(site, report);
        if context.in_resource_meta {
            let detail =
                "x-kubernetes-embedded-resource may not be used inside a resource's apiVersion, kind or metadata";
            report.push(&site.at, StructuralRule::EmbeddedResourceInMetadata, detail);
        }
    }
}

fn int_or_string(site: &Site<'_>, report: &mut Report) {
    let node = site.node;
    let typed = match node.get(key::TYPE) {
        None | Some(Value::Null) => false,
        Some(Value::String(name)) => !name.is_empty(),
        Some(_) => true,
    };
    if typed {
        // Kubernetes replaces the type by "integer or string" without a word, so the declared type would mislead.
        let detail =
            "x-kubernetes-int-or-string: true already says integer or string; drop the type (kubernetes ignores it)";
        report.push(&site.at, StructuralRule::IntOrStringWithType, detail);
    }
    for (extension, flag) in [
        ("x-kubernetes-preserve-unknown-fields", node.preserves_unknown_fields()),
        ("x-kubernetes-embedded-resource", node.embedded_resource()),
    ] {
        if flag {
            let detail = format!("x-kubernetes-int-or-string: true cannot be combined with {extension}: true");
            report.push(&site.at, StructuralRule::IntOrStringConflict, detail);
        }
    }
}

fn embedded_resource(site: &Site<'_>, report: &mut Report) {
    let node = site.node;
    let mut problems = Vec::new();
    if !node.is_type("object") {
        problems.push(match node.type_name() {
            Some(name) => format!("must be of type object, not {name}"),
            None => "must be of type object".to_owned(),
        });
    }
    if !matches!(node.additional(), Additional::Absent) {
        problems.push("may not use additionalProperties".to_owned());
    }
    if !node.preserves_unknown_fields() && !node.has_properties() {
        problems.push("must declare properties or set x-kubernetes-preserve-unknown-fields: true".to_owned());
    }
    for problem in problems {
        report.push(&site.at, StructuralRule::EmbeddedResourceShape, format!("an embedded resource {problem}"));
    }
}
