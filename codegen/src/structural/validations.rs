//! Rules about `x-kubernetes-validations` entries, as far as they can be checked without a CEL compiler: a
//! non-empty rule, a single-line message, a non-blank messageExpression, a known reason, and a field path that
//! names a field of the node; and transition rules (those reading `oldSelf`) only where old and new values can be
//! matched. (Whether the CEL compiles, and what it costs, only the API server can say.)

use serde_json::{Map, Value};

use crate::structural::node::{Additional, Node, key};
use crate::structural::rule::StructuralRule;
use crate::structural::sites::{Site, Structural};
use crate::structural::violation::Report;

/// The members an entry may have.
const MEMBERS: [&str; 6] = ["rule", "message", "messageExpression", "reason", "fieldPath", "optionalOldSelf"];

/// The reasons a failed rule may report.
const REASONS: [&str; 4] = ["FieldValueRequired", "FieldValueForbidden", "FieldValueInvalid", "FieldValueDuplicate"];

/// Checks the validation rules of one structural node.
pub(super) fn check(site: &Site<'_>, report: &mut Report) {
    let Some(context) = site.structural() else { return };
    let Some(entries) = site.node.get(key::VALIDATIONS).and_then(Value::as_array) else { return };
    for (index, entry) in entries.iter().enumerate() {
        let Some(entry) = entry.as_object() else { continue };
        for problem in transition_problems(context, entry) {
            report.push(
                &site.at,
                StructuralRule::TransitionRule,
                format!("x-kubernetes-validations[{index}]: {problem}"),
            );
        }
        for problem in entry_problems(site.node, entry) {
            report.push(
                &site.at,
                StructuralRule::ValidationRule,
                format!("x-kubernetes-validations[{index}]: {problem}"),
            );
        }
    }
}

fn entry_problems(node: Node<'_>, entry: &Map<String, Value>) -> Vec<String> {
    let mut problems: Vec<String> = entry
        .keys()
        .filter(|member| !MEMBERS.contains(&member.as_str()))
        .map(|member| format!("`{member}` is not a member of a validation rule"))
        .collect();
    let text = |member: &str| entry.get(member).and_then(Value::as_str);
    for member in ["rule", "message", "messageExpression", "reason", "fieldPath"] {
        if entry.get(member).is_some_and(|value| !value.is_string() && !value.is_null()) {
            problems.push(format!("{member} must be a string"));
        }
    }
    let rule = text("rule").unwrap_or_default().trim();
    let message = text("message").unwrap_or_default();
    if rule.is_empty() {
        problems.push("the rule is empty".to_owned());
    } else if !message.is_empty() && message.trim().is_empty() {
        problems.push("the message is blank".to_owned());
    } else if has_line_break(message.trim()) {
        problems.push("the message may not contain line breaks".to_owned());
    } else if has_line_break(rule) && message.trim().is_empty() {
        problems.push("a rule spanning several lines needs a message".to_owned());
    }
    if text("messageExpression").is_some_and(|expression| !expression.is_empty() && expression.trim().is_empty()) {
        problems.push("the messageExpression is blank".to_owned());
    }
    if let Some(reason) = text("reason").filter(|reason| !REASONS.contains(reason)) {
        problems.push(format!("reason `{reason}` is not one of {}", REASONS.join(", ")));
    }
    if let Some(path) = text("fieldPath").filter(|path| !path.is_empty()) {
        problems.extend(field_path_problem(node, path));
    }
    problems
}

/// A rule reading `oldSelf` compares an object with its previous version, which needs the two to be matched: below
/// the items of a list other than a map list they cannot be.
fn transition_problems(context: &Structural, entry: &Map<String, Value>) -> Vec<String> {
    let rule = entry.get("rule").and_then(Value::as_str).unwrap_or_default();
    let optional = entry.get("optionalOldSelf").is_some_and(|value| !value.is_null());
    match (uses_old_self(rule), &context.uncorrelatable) {
        (true, Some(list)) => vec![format!(
            "the rule reads oldSelf, which is unavailable below the items of {list} (only map lists match old and new items)"
        )],
        (false, _) if optional => vec!["optionalOldSelf may only be set when the rule reads oldSelf".to_owned()],
        _ => Vec::new(),
    }
}

/// Whether a CEL expression refers to the variable `oldSelf`: the identifier outside string literals and not as a
/// field selection (`x.oldSelf`).
fn uses_old_self(rule: &str) -> bool {
    let chars: Vec<char> = rule.chars().collect();
    let (mut index, mut after_dot) = (0, false);
    while index < chars.len() {
        let c = chars[index];
        if c == '"' || c == '\'' {
            index = string_end(&chars, index);
            after_dot = false;
        } else if c.is_ascii_alphabetic() || c == '_' {
            let start = index;
            while index < chars.len() && (chars[index].is_ascii_alphanumeric() || chars[index] == '_') {
                index += 1;
            }
            if !after_dot && chars[start..index].iter().copied().eq("oldSelf".chars()) {
                return true;
            }
            after_dot = false;
        } else {
            if !c.is_whitespace() {
                after_dot = c == '.';
            }
            index += 1;
        }
    }
    false
}

/// The index just past the string literal starting at `start` (single or triple quoted, with escapes).
fn string_end(chars: &[char], start: usize) -> usize {
    let quote = chars[start];
    let triple = chars.get(start + 1) == Some(&quote) && chars.get(start + 2) == Some(&quote);
    let width = if triple { 3 } else { 1 };
    let mut index = start + width;
    while index < chars.len() {
        if chars[index] == '\\' {
            index += 2;
        } else if chars[index..].iter().take(width).all(|c| *c == quote) && index + width <= chars.len() {
            return index + width;
        } else {
            index += 1;
        }
    }
    chars.len()
}

fn has_line_break(text: &str) -> bool {
    text.contains(['\n', '\r'])
}

fn field_path_problem(node: Node<'_>, path: &str) -> Option<String> {
    if path.trim().is_empty() {
        return Some("the fieldPath is blank".to_owned());
    }
    if has_line_break(path) {
        return Some("the fieldPath may not contain line breaks".to_owned());
    }
    resolve(node, path).err().map(|reason| format!("fieldPath `{path}` {reason}"))
}

/// Follows a field path (`.spec.ports`, `['a.b']`) from `node` through properties and additionalProperties.
fn resolve(mut node: Node<'_>, path: &str) -> Result<(), &'static str> {
    let mut rest = path;
    while !rest.is_empty() {
        let (name, after) = if let Some(after) = rest.strip_prefix('.') {
            let end = after.find(['.', '[']).unwrap_or(after.len());
            (after[..end].to_owned(), &after[end..])
        } else if let Some(after) = rest.strip_prefix("['") {
            let end = quoted_end(after).ok_or("has an unterminated quoted name")?;
            (after[..end].replace("\\'", "'").replace("\\\\", "\\"), &after[end + 2..])
        } else {
            return Err("must be a sequence of .name or ['name'] steps");
        };
        node = if node.has_properties() {
            node.property(&name).ok_or("does not refer to a field of the schema")?
        } else if let Additional::Schema(values) = node.additional() {
            values
        } else {
            return Err("does not refer to a field of the schema");
        };
        rest = after;
    }
    Ok(())
}

/// Where the quoted name at the start of `text` ends: the index of the closing `'` followed by `]`.
fn quoted_end(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut index = 0;
    while index < bytes.len() {
        match bytes[index] {
            b'\\' => index += 2,
            b'\'' if bytes.get(index + 1) == Some(&b']') => return Some(index),
            _ => index += 1,
        }
    }
    None
}
