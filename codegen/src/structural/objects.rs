//! Rules about objects: a node is either a struct (`properties`) or a map (`additionalProperties`), never both,
//! maps never forbid every key, and the root, being a resource, is never a map.

use crate::structural::node::{Additional, key};
use crate::structural::rule::StructuralRule;
use crate::structural::sites::{Level, Site};
use crate::structural::violation::Report;

/// Checks `properties` and `additionalProperties` of one structural node.
pub(super) fn check(site: &Site<'_>, report: &mut Report) {
    let Some(context) = site.structural() else { return };
    let node = site.node;
    let additional = node.additional();
    // Kubernetes accepts `additionalProperties: true` beside properties (it changes nothing), not a schema or false:
    // unknown fields are pruned, not validated, so a struct cannot also be a map.
    if node.has_properties() && matches!(additional, Additional::Schema(_) | Additional::Allowed(false)) {
        let detail = "properties and additionalProperties are mutually exclusive (a struct or a map, not both)";
        report.push(&site.at, StructuralRule::PropertiesWithAdditionalProperties, detail);
    }
    if matches!(additional, Additional::Allowed(false)) {
        let detail = "additionalProperties: false is not allowed; kubernetes prunes undeclared fields instead";
        report.push(&site.at, StructuralRule::AdditionalPropertiesFalse, detail);
    }
    if context.level == Level::Root && node.get(key::ADDITIONAL_PROPERTIES).is_some_and(|value| !value.is_null()) {
        let detail = "additionalProperties may not be used at the root of a custom resource";
        report.push(&site.at, StructuralRule::RootAdditionalProperties, detail);
    }
}
