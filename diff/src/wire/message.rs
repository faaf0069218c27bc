//! One message's old and new declarations, compared field by number and by name, with what each reserves.

use std::collections::{BTreeMap, BTreeSet};

use prost_types::{DescriptorProto, FieldDescriptorProto};

use super::field::{compatible, describe, full};
use crate::rule::Rule;

/// What comparing two declarations of a message found: changes (rule, path, detail), and pairs of differently
/// named message types that fields at the same number now use, to compare next.
#[derive(Debug, Default)]
pub(super) struct MessageChanges {
    pub changes: Vec<(Rule, String, String)>,
    pub renamed_types: Vec<(String, String)>,
}

/// A message's fields by number and by name, and what it reserves.
struct Declared<'a> {
    by_number: BTreeMap<i32, &'a FieldDescriptorProto>,
    by_name: BTreeMap<&'a str, &'a FieldDescriptorProto>,
    /// Reserved number ranges, half-open as descriptors hold them.
    reserved_ranges: Vec<(i32, i32)>,
    reserved_names: BTreeSet<&'a str>,
    /// Nested map-entry messages, by full name relative to nothing: fields typed with them are maps.
    map_entries: BTreeSet<String>,
}

impl<'a> Declared<'a> {
    fn new(message: &'a DescriptorProto) -> Self {
        let map_entries = message
            .nested_type
            .iter()
            .filter(|nested| nested.options.as_ref().is_some_and(|o| o.map_entry()))
            .map(|nested| nested.name().to_owned())
            .collect();
        Self {
            by_number: message.field.iter().map(|f| (f.number(), f)).collect(),
            by_name: message.field.iter().map(|f| (f.name(), f)).collect(),
            reserved_ranges: message.reserved_range.iter().map(|r| (r.start(), r.end())).collect(),
            reserved_names: message.reserved_name.iter().map(String::as_str).collect(),
            map_entries,
        }
    }

    fn reserves(&self, number: i32) -> bool {
        self.reserved_ranges.iter().any(|&(start, end)| (start..end).contains(&number))
    }

    fn is_map(&self, field: &FieldDescriptorProto) -> bool {
        let type_name = full(field.type_name());
        type_name.rsplit_once('.').is_some_and(|(_, last)| self.map_entries.contains(last))
            && field.label() == prost_types::field_descriptor_proto::Label::Repeated
    }

    fn json_name(field: &FieldDescriptorProto) -> &str {
        field.json_name.as_deref().unwrap_or(field.name())
    }
}

/// Compares the old and the new declaration of one message.
pub(super) fn compare(old: &DescriptorProto, new: &DescriptorProto) -> MessageChanges {
    let (old, new) = (Declared::new(old), Declared::new(new));
    let mut found = MessageChanges::default();
    let mut report = |rule, path: String, detail: String| found.changes.push((rule, path, detail));
    let mut renamed_types = Vec::new();
    // Numbers and names the new message leaves free to take, that the old one held or kept.
    let mut freed: Vec<String> = Vec::new();
    for (name, old_field) in &old.by_name {
        let number = old_field.number();
        if let Some(new_field) = new.by_name.get(name) {
            if new_field.number() != number {
                let detail = format!("`{name}` {number} -> {}", new_field.number());
                report(Rule::FieldNumberChanged, format!(".{name}"), detail);
            } else {
                match compatible((old_field, old.is_map(old_field)), (new_field, new.is_map(new_field))) {
                    Ok(pair) => renamed_types.extend(pair),
                    Err(()) => report(
                        Rule::FieldTypeChanged,
                        format!(".{name}"),
                        type_change(&old, &new, old_field, new_field),
                    ),
                }
            }
            continue;
        }
        match new.by_number.get(&number) {
            // The old field is gone and another holds its number: a field moved here, or a rename.
            Some(new_field) => {
                let moved_here = old.by_name.contains_key(new_field.name());
                let same_type = compatible((old_field, old.is_map(old_field)), (new_field, new.is_map(new_field)));
                match same_type {
                    Ok(pair) if !moved_here => {
                        renamed_types.extend(pair);
                        if Declared::json_name(old_field) != Declared::json_name(new_field) {
                            let detail = format!(
                                "number {number}: `{}` -> `{}`",
                                Declared::json_name(old_field),
                                Declared::json_name(new_field)
                            );
                            report(Rule::JsonNameChanged, format!(".{name}"), detail);
                        }
                    }
                    _ => {
                        let detail = format!(
                            "number {number} held `{name}` ({}), now `{}` ({})",
                            describe(old_field, old.is_map(old_field)),
                            new_field.name(),
                            describe(new_field, new.is_map(new_field))
                        );
                        report(Rule::FieldNumberReused, format!(".{}", new_field.name()), detail);
                    }
                }
            }
            None if !new.reserves(number) => freed.push(format!("`{name}` ({number})")),
            None if !new.reserved_names.contains(name) && !new.by_name.contains_key(name) => {
                freed.push(format!("name `{name}`"))
            }
            None => {}
        }
    }
    for &(start, end) in &old.reserved_ranges {
        let mut free_from: Option<i32> = None;
        for (&number, new_field) in new.by_number.range(start..end) {
            let name = new_field.name();
            // A removed field brought back under its own reserved name is the field it was.
            if !old.by_name.contains_key(name) && !old.reserved_names.contains(name) {
                let detail = format!(
                    "number {number} was reserved, now `{name}` ({})",
                    describe(new_field, new.is_map(new_field))
                );
                report(Rule::FieldNumberReused, format!(".{name}"), detail);
            }
        }
        // Walk the range by the new message's reserved ranges and fields, not number by number: a range may run to
        // the largest field number.
        let mut number = start;
        while number < end {
            if new.by_number.contains_key(&number) {
                close(&mut free_from, number, &mut freed);
                number += 1;
            } else if let Some(&(_, covered_end)) = new.reserved_ranges.iter().find(|&&(s, e)| (s..e).contains(&number))
            {
                close(&mut free_from, number, &mut freed);
                number = covered_end;
            } else {
                free_from.get_or_insert(number);
                let next_field = new.by_number.range(number + 1..end).next().map_or(end, |(n, _)| *n);
                let next_reserved =
                    new.reserved_ranges.iter().map(|&(s, _)| s).filter(|&s| s > number && s < end).min().unwrap_or(end);
                number = next_field.min(next_reserved);
            }
        }
        close(&mut free_from, end, &mut freed);
    }
    for name in &old.reserved_names {
        if !new.reserved_names.contains(name) && !new.by_name.contains_key(name) {
            freed.push(format!("name `{name}`"));
        }
    }
    if !freed.is_empty() {
        report(Rule::ReservedDropped, String::new(), format!("no longer reserved: {}", freed.join(", ")));
    }
    found.renamed_types = renamed_types;
    found
}

fn type_change(
    old: &Declared<'_>,
    new: &Declared<'_>,
    old_field: &FieldDescriptorProto,
    new_field: &FieldDescriptorProto,
) -> String {
    format!("{} -> {}", describe(old_field, old.is_map(old_field)), describe(new_field, new.is_map(new_field)))
}

/// Ends a run of freed numbers that started at `free_from` before `upto`.
fn close(free_from: &mut Option<i32>, upto: i32, freed: &mut Vec<String>) {
    if let Some(from) = free_from.take() {
        freed.push(if upto - 1 == from { format!("number {from}") } else { format!("numbers {from} to {}", upto - 1) });
    }
}
