//! Rules about list and map semantics (`x-kubernetes-list-type`, `x-kubernetes-list-map-keys`,
//! `x-kubernetes-map-type`), which server-side apply merges by: they only fit arrays and objects, map lists are
//! keyed by required scalar properties of object items, and set items are comparable as a whole.

use std::collections::BTreeSet;

use crate::structural::node::{Node, key};
use crate::structural::rule::StructuralRule;
use crate::structural::sites::Site;
use crate::structural::violation::{Location, Report};

/// Checks the list and map extensions of one structural node.
pub(super) fn check(site: &Site<'_>, report: &mut Report) {
    if site.structural().is_none() {
        return;
    }
    list_type(site, report);
    map_type(site, report);
}

fn list_type(site: &Site<'_>, report: &mut Report) {
    let node = site.node;
    let list_type = node.str(key::LIST_TYPE);
    if !node.strings(key::LIST_MAP_KEYS).is_empty() && list_type != Some("map") {
        let detail = "x-kubernetes-list-map-keys needs x-kubernetes-list-type: map";
        report.push(&site.at, StructuralRule::ListMapKeysWithoutMapList, detail);
    }
    let Some(list_type) = list_type else { return };
    if !node.is_type("array") {
        report.push(&site.at, StructuralRule::ListTypeOnNonArray, "x-kubernetes-list-type may only be used on arrays");
        return;
    }
    match list_type {
        "atomic" => {}
        "set" => set_items(node, &site.at, report),
        "map" => map_list(node, &site.at, report),
        other => {
            let detail = format!("x-kubernetes-list-type `{other}` is not one of atomic, set, map");
            report.push(&site.at, StructuralRule::UnknownListType, detail);
        }
    }
}

fn set_items(node: Node<'_>, at: &Location, report: &mut Report) {
    let Some(items) = node.items() else { return };
    let at = at.items();
    if items.nullable() {
        report.push(&at, StructuralRule::SetListItems, "items of a set list may not be nullable");
    }
    // Set members are compared whole, so a member that merges granularly has no identity.
    if items.is_type("array") && items.str(key::LIST_TYPE).is_some_and(|kind| kind != "atomic") {
        report.push(&at, StructuralRule::SetListItems, "list items of a set list must be atomic lists");
    }
    if items.is_type("object") && items.str(key::MAP_TYPE) != Some("atomic") {
        let detail = "object items of a set list need x-kubernetes-map-type: atomic";
        report.push(&at, StructuralRule::SetListItems, detail);
    }
}

fn map_list(node: Node<'_>, at: &Location, report: &mut Report) {
    let keys = node.strings(key::LIST_MAP_KEYS);
    if keys.is_empty() {
        let detail = "a map list needs x-kubernetes-list-map-keys naming the properties that identify an item";
        report.push(at, StructuralRule::MapListKeys, detail);
    }
    let mut seen = BTreeSet::new();
    for repeated in keys.iter().filter(|name| !seen.insert(**name)) {
        let detail = format!("x-kubernetes-list-map-keys names `{repeated}` more than once");
        report.push(at, StructuralRule::MapListKeys, detail);
    }
    let Some(items) = node.items() else { return };
    let items_at = at.items();
    if !items.is_type("object") {
        report.push(&items_at, StructuralRule::MapListItems, "items of a map list must be of type object");
        return;
    }
    if items.nullable() {
        report.push(&items_at, StructuralRule::MapListItems, "items of a map list may not be nullable");
    }
    let required = items.strings(key::REQUIRED);
    for name in seen {
        match items.property(name) {
            Some(property) => map_key(property, &items_at.property(name), required.contains(&name), report),
            None => {
                let detail = format!("x-kubernetes-list-map-keys names `{name}`, which is not a property of the items");
                report.push(at, StructuralRule::MapListKeys, detail);
            }
        }
    }
}

fn map_key(property: Node<'_>, at: &Location, required: bool, report: &mut Report) {
    if property.is_type("array") || property.is_type("object") {
        report.push(at, StructuralRule::MapListKey, "a map list key must be a scalar, not an array or object");
    }
    if property.nullable() {
        report.push(at, StructuralRule::MapListKey, "a map list key may not be nullable");
    }
    if !required && property.default().is_none_or(serde_json::Value::is_null) {
        let detail = "a map list key must be required by the items or have a default";
        report.push(at, StructuralRule::MapListKey, detail);
    }
}

fn map_type(site: &Site<'_>, report: &mut Report) {
    let Some(map_type) = site.node.str(key::MAP_TYPE) else { return };
    if !site.node.is_type("object") {
        report.push(&site.at, StructuralRule::MapTypeOnNonObject, "x-kubernetes-map-type may only be used on objects");
    } else if !matches!(map_type, "atomic" | "granular") {
        let detail = format!("x-kubernetes-map-type `{map_type}` is not one of atomic, granular");
        report.push(&site.at, StructuralRule::UnknownMapType, detail);
    }
}
