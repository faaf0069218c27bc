//! Helpers the rule families share: the field error of a rule, list items, and the port checks of both pod specs
//! and Services.

use serde_json::Value;

use crate::reason::{Origin, Reason};
use crate::walk::FieldError;

const PROTOCOLS: &str = "\"SCTP\", \"TCP\", \"UDP\"";

pub(super) fn rule_error(field: String, reason: Reason, message: String) -> FieldError {
    FieldError { field, reason, origin: Origin::BuiltinRule, message }
}

pub(super) fn is_empty_list(value: Option<&Value>) -> bool {
    value.and_then(Value::as_array).is_none_or(Vec::is_empty)
}

pub(super) fn is_empty_text(value: Option<&Value>) -> bool {
    value.and_then(Value::as_str).is_none_or(str::is_empty)
}

/// A port number out of 1..=65535.
pub(super) fn port_number(field: String, number: i64) -> Option<FieldError> {
    (!(1..=65535).contains(&number)).then(|| {
        rule_error(field, Reason::Invalid, format!("Invalid value: {number}: must be between 1 and 65535, inclusive"))
    })
}

/// `Duplicate value: "<name>"`.
pub(super) fn duplicate(field: String, name: &str) -> FieldError {
    rule_error(field, Reason::Duplicate, format!("Duplicate value: {name:?}"))
}

pub(super) fn items(list: Option<&Value>) -> impl Iterator<Item = (usize, &Value)> {
    list.and_then(Value::as_array).into_iter().flatten().enumerate()
}

/// Each `ports[*].protocol` of `holder` that is set and not a supported protocol.
pub(super) fn protocols(holder: &Value, at: &str) -> Vec<FieldError> {
    items(holder.get("ports"))
        .filter_map(|(index, port)| {
            let protocol = port.get("protocol").filter(|p| !p.is_null())?;
            if matches!(protocol.as_str(), Some("SCTP" | "TCP" | "UDP")) {
                return None;
            }
            let message = format!("Unsupported value: {protocol}: supported values: {PROTOCOLS}");
            Some(rule_error(format!("{at}.ports[{index}].protocol"), Reason::NotSupported, message))
        })
        .collect()
}
