//! The rules of workloads: a selector that selects its pod template, and the names of Jobs and CronJobs, which
//! become label values.

use serde_json::Value;

use super::common::rule_error;
use crate::names;
use crate::reason::Reason;
use crate::walk::FieldError;

/// A workload's selector may not be empty, and its `matchLabels` must be among its pod template's labels (a
/// `null` label value decodes as `""`).
pub(super) fn selector_matches_template(kind: &str, object: &Value) -> Vec<FieldError> {
    // An absent selector is the schema's missing field.
    let Some(selector) = object.pointer("/spec/selector").filter(|s| s.is_object()) else { return Vec::new() };
    let selector = Some(selector);
    let match_labels = selector.and_then(|s| s.get("matchLabels")).and_then(Value::as_object);
    let expressions = selector.and_then(|s| s.get("matchExpressions")).and_then(Value::as_array);
    if match_labels.is_none_or(|labels| labels.is_empty()) && expressions.is_none_or(|list| list.is_empty()) {
        let message = format!("Invalid value: empty selector is invalid for {}", kind.to_lowercase());
        return vec![rule_error("spec.selector".to_owned(), Reason::Invalid, message)];
    }
    let labels = object.pointer("/spec/template/metadata/labels");
    let text = |value: Option<&Value>| value.and_then(Value::as_str).unwrap_or_default().to_owned();
    let matches = match_labels.into_iter().flatten().all(|(key, value)| {
        labels.and_then(|l| l.get(key)).is_some() && text(Some(value)) == text(labels.and_then(|l| l.get(key)))
    });
    if matches {
        return Vec::new();
    }
    let message = "Invalid value: `selector` does not match template `labels`".to_owned();
    vec![rule_error("spec.template.metadata.labels".to_owned(), Reason::Invalid, message)]
}

/// The Jobs a CronJob creates are named `<name>-<11 characters>`, which must stay a label value.
pub(super) fn cron_job_name(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if let Some(name) = object.pointer("/metadata/name").and_then(Value::as_str)
        && name.len() > 52
    {
        let message = format!("Invalid value: {name:?}: must be no more than 52 characters");
        errors.push(rule_error("metadata.name".to_owned(), Reason::Invalid, message));
    }
    errors
}

/// The server labels the pod template with the Job's name twice (`batch.kubernetes.io/job-name` and `job-name`)
/// before it validates the template, whose labels must be label values.
pub(super) fn job_name_labels(name: &str) -> Vec<FieldError> {
    let mut errors = Vec::new();
    for _ in 0..2 {
        for problem in names::label_value(name) {
            let message = format!("Invalid value: {name:?}: {problem}");
            errors.push(rule_error("spec.template.labels".to_owned(), Reason::Invalid, message));
        }
    }
    errors
}
