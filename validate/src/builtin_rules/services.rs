//! The rules of a Service's ports.

use std::collections::BTreeSet;

use serde_json::Value;

use super::common::{duplicate, port_number, rule_error};
use crate::reason::Reason;
use crate::walk::FieldError;

/// A Service's ports: required unless it is an ExternalName or headless Service; each `port` in range (an absent
/// or null port decodes as 0).
pub(super) fn service_ports(spec: &Value) -> Vec<FieldError> {
    let ports = spec.get("ports").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    let external_name = spec.get("type").and_then(Value::as_str) == Some("ExternalName");
    let headless = spec.get("clusterIP").and_then(Value::as_str) == Some("None");
    if ports.is_empty() && !external_name && !headless {
        return vec![rule_error("spec.ports".to_owned(), Reason::Required, "Required value".to_owned())];
    }
    let mut errors = Vec::new();
    let mut names = BTreeSet::new();
    let mut keys = BTreeSet::new();
    for (index, port) in ports.iter().enumerate() {
        let at = format!("spec.ports[{index}]");
        // A name is required once a Service has several ports, and unique.
        match port.get("name").and_then(Value::as_str).filter(|name| !name.is_empty()) {
            None if ports.len() > 1 => {
                errors.push(rule_error(format!("{at}.name"), Reason::Required, "Required value".to_owned()))
            }
            Some(name) if !names.insert(name) => errors.push(duplicate(format!("{at}.name"), name)),
            _ => {}
        }
        let number = port.get("port").and_then(Value::as_i64).unwrap_or(0);
        errors.extend(port_number(format!("{at}.port"), number));
        // (protocol, port) pairs are unique; the protocol defaults to TCP.
        let protocol = port.get("protocol").and_then(Value::as_str).unwrap_or("TCP");
        if !keys.insert((protocol, number)) {
            let message = format!("Duplicate value: {{port: {number}, protocol: {protocol:?}}}");
            errors.push(rule_error(at, Reason::Duplicate, message));
        }
    }
    errors
}
