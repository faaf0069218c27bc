//! The rules of a HorizontalPodAutoscaler (autoscaling/v2): its replica bounds and `Resource` metrics.

use serde_json::Value;

use super::common::{is_empty_text, items, rule_error};
use crate::reason::Reason;
use crate::walk::FieldError;

/// `maxReplicas` is at least `minReplicas` (1 when absent), and each `Resource` metric is complete.
pub(super) fn autoscaler_rules(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let number = |pointer: &str| object.pointer(pointer).and_then(Value::as_i64);
    let max = number("/spec/maxReplicas").unwrap_or(0);
    if number("/spec/minReplicas").unwrap_or(1) > max {
        let message = format!("Invalid value: {max}: must be greater than or equal to `minReplicas`");
        errors.push(rule_error("spec.maxReplicas".to_owned(), Reason::Invalid, message));
    }
    errors.extend(resource_metrics(object));
    errors
}

/// An autoscaler's `Resource` metric: its source, the resource's name, the target's type and the target value
/// that type names.
fn resource_metrics(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let mut required = |field: String, detail: &str| {
        errors.push(rule_error(field, Reason::Required, format!("Required value: {detail}")));
    };
    for (index, metric) in items(object.pointer("/spec/metrics")) {
        if metric.get("type").and_then(Value::as_str) != Some("Resource") {
            continue;
        }
        let at = format!("spec.metrics[{index}].resource");
        let Some(resource) = metric.get("resource").filter(|r| r.is_object()) else {
            required(at, "must populate information for the given metric source");
            continue;
        };
        if is_empty_text(resource.get("name")) {
            required(format!("{at}.name"), "must specify a resource name");
        }
        let target = resource.get("target").unwrap_or(&Value::Null);
        let value_field = match target.get("type").and_then(Value::as_str) {
            Some("Utilization") => Some("averageUtilization"),
            Some("Value") => Some("value"),
            Some("AverageValue") => Some("averageValue"),
            _ => {
                required(format!("{at}.target.type"), "must specify a metric target type");
                None
            }
        };
        if let Some(field) = value_field
            && target.get(field).is_none_or(Value::is_null)
        {
            required(format!("{at}.target.{field}"), "must set either a target raw value or a target utilization");
        }
    }
    errors
}
