//! Rules about single keywords, on every node (structural or nested): the vocabulary (unknown, unsupported,
//! malformed keywords), the form of `items` and `type`, and the keywords Kubernetes forbids by value
//! (`uniqueItems: true`, an invalid `pattern`, `x-kubernetes-preserve-unknown-fields: false`).

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use serde_json::Value;

use crate::structural::node::key;
use crate::structural::rule::StructuralRule;
use crate::structural::sites::Site;
use crate::structural::violation::Report;
use crate::structural::vocabulary::keyword;

/// The six types a CRD schema may name.
const TYPES: [&str; 6] = ["string", "number", "integer", "boolean", "array", "object"];

/// Checks the keywords of one node.
pub(super) fn check(site: &Site<'_>, report: &mut Report) {
    vocabulary(site, report);
    items_form(site, report);
    type_value(site, report);
    unique_items(site, report);
    pattern(site, report);
    preserve_unknown_fields(site, report);
}

fn vocabulary(site: &Site<'_>, report: &mut Report) {
    for (name, value) in site.node.keywords() {
        let Some(keyword) = keyword(name) else {
            let detail = format!("`{name}` is not a keyword of CRD schemas (the api server refuses or drops it)");
            report.push(&site.at, StructuralRule::UnknownKeyword, detail);
            continue;
        };
        if !keyword.supported {
            let detail = format!("`{name}` is not supported in CRD schemas{}", unsupported_hint(name));
            report.push(&site.at, StructuralRule::UnsupportedKeyword, detail);
        } else if name != key::TYPE && !keyword.shape.accepts(value) && !is_items_array(name, value) {
            let detail = format!("`{name}` must be {}, not {}", keyword.shape.expected(), json_kind(value));
            report.push(&site.at, StructuralRule::MalformedKeyword, detail);
        }
    }
}

fn unsupported_hint(name: &str) -> &'static str {
    match name {
        "$ref" | "definitions" => "; inline the referenced schema",
        "patternProperties" => "; use additionalProperties",
        _ => "",
    }
}

fn is_items_array(name: &str, value: &Value) -> bool {
    name == key::ITEMS && value.is_array()
}

fn items_form(site: &Site<'_>, report: &mut Report) {
    if let Some(Value::Array(_)) = site.node.get(key::ITEMS) {
        let detail = "items must be one schema, not an array of schemas (tuples cannot be described)";
        report.push(&site.at, StructuralRule::ItemsNotASchema, detail);
    }
}

fn type_value(site: &Site<'_>, report: &mut Report) {
    let detail = match site.node.get(key::TYPE) {
        None | Some(Value::Null) => return,
        Some(Value::String(name)) if name.is_empty() || TYPES.contains(&name.as_str()) => return,
        Some(Value::String(name)) if name == "null" => "type null is not allowed; use nullable: true".to_owned(),
        Some(Value::String(name)) => format!("type `{name}` is not one of {}", TYPES.join(", ")),
        Some(Value::Array(_)) => "type must be one string, not a list; use nullable: true for null".to_owned(),
        Some(other) => format!("type must be a string, not {}", json_kind(other)),
    };
    report.push(&site.at, StructuralRule::InvalidType, detail);
}

fn unique_items(site: &Site<'_>, report: &mut Report) {
    if site.node.flag("uniqueItems") {
        let detail = "uniqueItems: true is forbidden (quadratic to check); use x-kubernetes-list-type: set";
        report.push(&site.at, StructuralRule::UniqueItems, detail);
    }
}

fn pattern(site: &Site<'_>, report: &mut Report) {
    let Some(pattern) = site.node.str("pattern") else { return };
    if let Some(reason) = pattern_problem(pattern) {
        report.push(
            &site.at,
            StructuralRule::InvalidPattern,
            format!("pattern `{pattern}` is not a valid regular expression: {reason}"),
        );
    }
}

/// Why `pattern` does not compile, if it does not. Kubernetes compiles patterns with Go's RE2; the regex crate
/// follows the same syntax and guarantees. Verdicts are kept: compiling is most of checking a CRD, and the same
/// patterns (names, quantities, durations) recur in every CRD of a large API.
fn pattern_problem(pattern: &str) -> Option<String> {
    static VERDICTS: Mutex<BTreeMap<String, Option<String>>> = Mutex::new(BTreeMap::new());
    /// Enough for every distinct pattern of a large API; past it, the verdicts start over.
    const KEPT: usize = 4096;
    if let Some(verdict) = VERDICTS.lock().unwrap_or_else(PoisonError::into_inner).get(pattern) {
        return verdict.clone();
    }
    let verdict = regex::Regex::new(pattern)
        .err()
        .map(|error| error.to_string().lines().last().unwrap_or_default().trim().to_lowercase());
    let mut verdicts = VERDICTS.lock().unwrap_or_else(PoisonError::into_inner);
    if verdicts.len() >= KEPT {
        verdicts.clear();
    }
    verdicts.insert(pattern.to_owned(), verdict.clone());
    verdict
}

fn preserve_unknown_fields(site: &Site<'_>, report: &mut Report) {
    if site.node.get(key::PRESERVE_UNKNOWN_FIELDS) == Some(&Value::Bool(false)) {
        let detail = "x-kubernetes-preserve-unknown-fields must be true or absent, not false";
        report.push(&site.at, StructuralRule::PreserveUnknownFieldsFalse, detail);
    }
}

/// `a string`, `an array`, … for messages.
pub(super) fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(number) if number.is_i64() || number.is_u64() => "an integer",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
