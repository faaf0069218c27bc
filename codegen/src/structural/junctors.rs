//! Rules about allOf, anyOf, oneOf and not. Their branches may only validate values: the shape of the data
//! (types, defaults, maps, nullability, extensions) is said once, in the structural part, which pruning and
//! defaulting read without evaluating junctors. So every property or items a branch talks about must also be
//! declared there, and no branch may reason about metadata.

use crate::structural::node::key;
use crate::structural::rule::StructuralRule;
use crate::structural::sites::{Counterpart, Role, Site};
use crate::structural::violation::Report;
use crate::structural::vocabulary::keyword;

/// Checks one node inside a junctor.
pub(super) fn check(site: &Site<'_>, report: &mut Report) {
    let Role::Nested(context) = &site.role else { return };
    for (name, value) in site.node.keywords() {
        let Some(keyword) = keyword(name) else { continue };
        // The int-or-string pattern `anyOf: [{type: integer}, {type: string}]` is how Kubernetes itself says it.
        let allowed_type = name == key::TYPE && context.int_or_string_branch;
        if keyword.in_junctor.forbids(value) && !allowed_type {
            let detail = format!("`{name}` may not be used inside allOf, anyOf, oneOf or not; say it outside them");
            report.push(&site.at, StructuralRule::JunctorForbiddenKeyword, detail);
        }
    }
    if site.node.get(key::PROPERTIES).and_then(|properties| properties.get("metadata")).is_some() {
        let detail = "allOf, anyOf, oneOf and not may not constrain metadata";
        report.push(&site.at.property("metadata"), StructuralRule::JunctorMetadata, detail);
    }
    if let Counterpart::Undeclared = context.counterpart {
        // The API server checks this for the root's junctors only; below, pruning drops the field first.
        let pointer = site.at.pointer();
        let at_root = ["/allOf", "/anyOf", "/oneOf", "/not"].iter().any(|junctor| pointer.starts_with(junctor));
        let (rule, detail) = match at_root {
            true => (
                StructuralRule::JunctorUndeclaredField,
                "is used inside allOf, anyOf, oneOf or not but not declared outside them; declare it there too",
            ),
            false => (
                StructuralRule::JunctorPrunedField,
                "is used inside allOf, anyOf, oneOf or not but not declared outside them, so pruning drops it before they are checked; declare it there too",
            ),
        };
        report.push(&site.at, rule, detail);
    }
}
