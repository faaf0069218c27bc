//! One message's old and new declarations: its fields paired by number, the fields deleted, its required fields,
//! what it reserves, and its JSON format.

use std::collections::BTreeMap;

use prost_types::field_descriptor_proto::Label;
use prost_types::{DescriptorProto, FieldDescriptorProto};

use super::change::Change;
use super::field::{self, Side};
use super::index::{Index, Place};
use super::ranges::{self, MESSAGE_MAX, Range};
use crate::rule::Rule;

/// Compares every message of the old tree with the new message of the same full name, and every extension with
/// the new extension of the same extendee and number (an extension deleted is not a break, as buf has it).
pub(super) fn compare_all(old: &Index<'_>, new: &Index<'_>, changes: &mut Vec<Change>) {
    for (name, (old_place, old_message)) in &old.messages {
        if let Some((new_place, new_message)) = new.messages.get(name) {
            compare((old, old_place, old_message), (new, new_place, new_message), changes);
        }
    }
    for (key, (old_place, old_name, old_field)) in &old.extensions {
        if let Some((new_place, new_name, new_field)) = new.extensions.get(key) {
            let old_side =
                Side { index: old, place: old_place, message: None, extension: Some(old_name), field: old_field };
            let new_side =
                Side { index: new, place: new_place, message: None, extension: Some(new_name), field: new_field };
            field::compare(&old_side, &new_side, changes);
        }
    }
}

type Declared<'s, 'a> = (&'s Index<'a>, &'s Place<'a>, &'a DescriptorProto);

fn compare(old: Declared<'_, '_>, new: Declared<'_, '_>, changes: &mut Vec<Change>) {
    let ((old_index, old_place, old_message), (new_index, new_place, new_message)) = (old, new);
    if old_place.json_format() == "ALLOW" && new_place.json_format() != "ALLOW" {
        let what = format!("JSON format {} -> {}", old_place.json_format(), new_place.json_format());
        changes.push(new_place.change(Rule::JsonFormatChanged, String::new(), String::new(), what));
    }
    let old_fields = by_number(old_message);
    let new_fields = by_number(new_message);
    let new_reserved = reserved_ranges(new_message);
    for (number, old_field) in &old_fields {
        if let Some(new_field) = new_fields.get(number) {
            let old_side = Side {
                index: old_index,
                place: old_place,
                message: Some(old_message),
                extension: None,
                field: old_field,
            };
            let new_side = Side {
                index: new_index,
                place: new_place,
                message: Some(new_message),
                extension: None,
                field: new_field,
            };
            field::compare(&old_side, &new_side, changes);
            continue;
        }
        let (path, subject) = (format!(".{}", old_field.name()), format!("field {number}"));
        if !new_reserved.iter().any(|&(start, end)| (start..=end).contains(number)) {
            let what = format!("`{}` deleted without reserving its number", old_field.name());
            changes.push(new_place.change(Rule::FieldNumberUnreserved, path.clone(), subject.clone(), what));
        }
        if !new_message.reserved_name.iter().any(|name| name == old_field.name()) {
            let what = format!("`{}` deleted without reserving its name", old_field.name());
            changes.push(new_place.change(Rule::FieldNameUnreserved, path, subject, what));
        }
    }
    compare_required(&old_fields, &new_fields, new_place, changes);
    for &old_range in &reserved_ranges(old_message) {
        let gaps = ranges::missing(old_range, &new_reserved);
        if !gaps.is_empty() {
            let subject = format!("reserved range {}", ranges::describe(old_range, MESSAGE_MAX));
            let gaps: Vec<String> = gaps.into_iter().map(|gap| ranges::describe(gap, MESSAGE_MAX)).collect();
            let what = format!("no longer reserved: {}", gaps.join(", "));
            changes.push(new_place.change(Rule::ReservedDropped, String::new(), subject, what));
        }
    }
    for name in &old_message.reserved_name {
        if !new_message.reserved_name.contains(name) {
            let subject = format!("reserved name `{name}`");
            changes.push(new_place.change(Rule::ReservedDropped, String::new(), subject, "no longer reserved".into()));
        }
    }
}

/// Required fields must stay required, and none may be added: a side that does not know one rejects what the other
/// writes.
fn compare_required(
    old_fields: &BTreeMap<i32, &FieldDescriptorProto>,
    new_fields: &BTreeMap<i32, &FieldDescriptorProto>,
    new_place: &Place<'_>,
    changes: &mut Vec<Change>,
) {
    let required = |fields: &BTreeMap<i32, &FieldDescriptorProto>, number: &i32| {
        fields.get(number).is_some_and(|f| f.label() == Label::Required)
    };
    for (number, field) in old_fields {
        if field.label() == Label::Required && !required(new_fields, number) {
            let what = format!("required field `{}` is no longer required", field.name());
            changes.push(new_place.change(
                Rule::RequiredFieldsChanged,
                format!(".{}", field.name()),
                format!("field {number}"),
                what,
            ));
        }
    }
    for (number, field) in new_fields {
        if field.label() == Label::Required && !required(old_fields, number) {
            let what = format!("required field `{}` added", field.name());
            changes.push(new_place.change(
                Rule::RequiredFieldsChanged,
                format!(".{}", field.name()),
                format!("field {number}"),
                what,
            ));
        }
    }
}

fn by_number(message: &DescriptorProto) -> BTreeMap<i32, &FieldDescriptorProto> {
    message.field.iter().map(|field| (field.number(), field)).collect()
}

/// A message's reserved ranges, inclusive (descriptors hold them half-open).
fn reserved_ranges(message: &DescriptorProto) -> Vec<Range> {
    message.reserved_range.iter().map(|range| (range.start(), range.end() - 1)).collect()
}
