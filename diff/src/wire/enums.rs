//! One enum's old and new declarations: its values by number (a value's name is what JSON writes), what it
//! reserves, and its JSON format.

use std::collections::{BTreeMap, BTreeSet};

use prost_types::EnumDescriptorProto;

use super::change::Change;
use super::index::Index;
use super::ranges::{self, ENUM_MAX, Range};
use crate::rule::Rule;

/// Compares every enum of the old tree with the new enum of the same full name.
pub(super) fn compare_all(old: &Index<'_>, new: &Index<'_>, changes: &mut Vec<Change>) {
    for (name, (old_place, old_enum)) in &old.enums {
        let Some((new_place, new_enum)) = new.enums.get(name) else { continue };
        if old_place.json_format() == "ALLOW" && new_place.json_format() != "ALLOW" {
            let what = format!("JSON format {} -> {}", old_place.json_format(), new_place.json_format());
            changes.push(new_place.change(Rule::JsonFormatChanged, String::new(), String::new(), what));
        }
        let (old_values, new_values) = (names_by_number(old_enum), names_by_number(new_enum));
        let new_reserved = reserved_ranges(new_enum);
        for (number, old_names) in &old_values {
            let subject = format!("value {number}");
            let Some(new_names) = new_values.get(number) else {
                let listed = quoted(old_names);
                let path = format!(".{}", old_names.iter().next().copied().unwrap_or_default());
                if !new_reserved.iter().any(|&(start, end)| (start..=end).contains(number)) {
                    let what = format!("{listed} deleted without reserving its number");
                    // buf names the old file for this one.
                    changes.push(old_place.change(
                        Rule::EnumValueNumberUnreserved,
                        path.clone(),
                        subject.clone(),
                        what,
                    ));
                }
                if !old_names.iter().all(|name| new_enum.reserved_name.iter().any(|r| r == name)) {
                    let what = format!("{listed} deleted without reserving its name");
                    changes.push(old_place.change(Rule::EnumValueNameUnreserved, path, subject, what));
                }
                continue;
            };
            // Every name the number had must still be one of its names: old JSON clients write and expect those.
            // Aliases may be added.
            if !old_names.is_subset(new_names) {
                for name in new_names {
                    let what = format!("name {} -> {}", quoted(old_names), quoted(new_names));
                    changes.push(new_place.change(
                        Rule::EnumValueNameChanged,
                        format!(".{name}"),
                        subject.clone(),
                        what,
                    ));
                }
            }
        }
        for &old_range in &reserved_ranges(old_enum) {
            let gaps = ranges::missing(old_range, &new_reserved);
            if !gaps.is_empty() {
                let subject = format!("reserved range {}", ranges::describe(old_range, ENUM_MAX));
                let gaps: Vec<String> = gaps.into_iter().map(|gap| ranges::describe(gap, ENUM_MAX)).collect();
                let what = format!("no longer reserved: {}", gaps.join(", "));
                changes.push(new_place.change(Rule::ReservedDropped, String::new(), subject, what));
            }
        }
        for name in &old_enum.reserved_name {
            if !new_enum.reserved_name.contains(name) {
                let subject = format!("reserved name `{name}`");
                changes.push(new_place.change(
                    Rule::ReservedDropped,
                    String::new(),
                    subject,
                    "no longer reserved".into(),
                ));
            }
        }
    }
}

/// Whether every value of `old` is in `new`, by name, at the same number.
pub(super) fn is_subset(old: &EnumDescriptorProto, new: &EnumDescriptorProto) -> bool {
    let new_values: BTreeMap<&str, i32> = new.value.iter().map(|v| (v.name(), v.number())).collect();
    old.value.iter().all(|v| new_values.get(v.name()) == Some(&v.number()))
}

/// Each number's names (several with `allow_alias`).
fn names_by_number(enumeration: &EnumDescriptorProto) -> BTreeMap<i32, BTreeSet<&str>> {
    let mut names: BTreeMap<i32, BTreeSet<&str>> = BTreeMap::new();
    for value in &enumeration.value {
        names.entry(value.number()).or_default().insert(value.name());
    }
    names
}

/// An enum's reserved ranges (inclusive, as descriptors hold them for enums).
fn reserved_ranges(enumeration: &EnumDescriptorProto) -> Vec<Range> {
    enumeration.reserved_range.iter().map(|range| (range.start(), range.end())).collect()
}

fn quoted(names: &BTreeSet<&str>) -> String {
    names.iter().map(|name| format!("`{name}`")).collect::<Vec<_>>().join(", ")
}
