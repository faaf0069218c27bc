//! The rules of a pod spec's containers, wherever a kind holds one (`POD_SPECS_1_32`): names, images, ports,
//! environment variable names, probes and requests within limits.

use std::collections::BTreeSet;

use serde_json::Value;

use super::common::{duplicate, is_empty_text, items, port_number, protocols, rule_error};
use crate::reason::Reason;
use crate::walk::FieldError;

/// The problems of the containers of the pod spec `spec`, found at `path`.
pub(super) fn pod_spec_problems(path: &str, spec: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    // Container names are unique across init and regular containers.
    let mut container_names = BTreeSet::new();
    for list in ["initContainers", "containers"] {
        for (index, container) in items(spec.get(list)) {
            let at = format!("{path}.{list}[{index}]");
            match container.get("name").and_then(Value::as_str).filter(|name| !name.is_empty()) {
                None => errors.push(rule_error(format!("{at}.name"), Reason::Required, "Required value".to_owned())),
                Some(name) if !container_names.insert(name) => errors.push(duplicate(format!("{at}.name"), name)),
                Some(_) => {}
            }
            if container.get("image").and_then(Value::as_str).is_none_or(str::is_empty) {
                errors.push(rule_error(format!("{at}.image"), Reason::Required, "Required value".to_owned()));
            }
            errors.extend(protocols(container, &at));
            errors.extend(probes(container, &at));
            errors.extend(requests_within_limits(container, &at));
            let mut port_names = BTreeSet::new();
            for (port_index, port) in items(container.get("ports")) {
                if let Some(name) = port.get("name").and_then(Value::as_str).filter(|name| !name.is_empty())
                    && !port_names.insert(name)
                {
                    errors.push(duplicate(format!("{at}.ports[{port_index}].name"), name));
                }
                let field = format!("{at}.ports[{port_index}].containerPort");
                match port.get("containerPort").and_then(Value::as_i64).unwrap_or(0) {
                    0 => errors.push(rule_error(field, Reason::Required, "Required value".to_owned())),
                    number => errors.extend(port_number(field, number)),
                }
            }
            for (env_index, variable) in items(container.get("env")) {
                if is_empty_text(variable.get("name")) {
                    let field = format!("{at}.env[{env_index}].name");
                    errors.push(rule_error(field, Reason::Required, "Required value".to_owned()));
                }
            }
        }
    }
    errors
}

/// A probe names exactly one way to probe (a handler): one at least is checked here.
fn probes(container: &Value, at: &str) -> Vec<FieldError> {
    const HANDLERS: [&str; 4] = ["exec", "httpGet", "tcpSocket", "grpc"];
    ["livenessProbe", "readinessProbe", "startupProbe"]
        .into_iter()
        .filter(|probe| {
            container
                .get(*probe)
                .and_then(Value::as_object)
                .is_some_and(|fields| HANDLERS.iter().all(|handler| fields.get(*handler).is_none_or(Value::is_null)))
        })
        .map(|probe| {
            let message = "Required value: must specify a handler type".to_owned();
            rule_error(format!("{at}.{probe}"), Reason::Required, message)
        })
        .collect()
}

/// A container's request may not exceed its limit of the same resource (a `null` limit decodes as 0).
fn requests_within_limits(container: &Value, at: &str) -> Vec<FieldError> {
    let Some(resources) = container.get("resources") else { return Vec::new() };
    let (Some(requests), Some(limits)) =
        (resources.get("requests").and_then(Value::as_object), resources.get("limits").and_then(Value::as_object))
    else {
        return Vec::new();
    };
    let mut errors = Vec::new();
    for (name, request) in requests {
        let Some(limit) = limits.get(name) else { continue };
        let limit_amount = if limit.is_null() { Some(0.0) } else { quantity(limit) };
        if let (Some(requested), Some(allowed)) = (quantity(request), limit_amount)
            && requested > allowed
        {
            let message = format!("Invalid value: {request}: must be less than or equal to {name} limit of {limit}");
            errors.push(rule_error(format!("{at}.resources.requests"), Reason::Invalid, message));
        }
    }
    errors
}

/// A resource quantity (`100m`, `2`, `1Gi`, `500M`) as a number; `None` when it does not read as one.
fn quantity(value: &Value) -> Option<f64> {
    if let Some(number) = value.as_f64() {
        return Some(number);
    }
    let text = value.as_str()?;
    let split = text.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '+' || c == '-')).unwrap_or(text.len());
    let (number, suffix) = text.split_at(split);
    let scale = match suffix {
        "" => 1.0,
        "m" => 1e-3,
        "k" => 1e3,
        "M" => 1e6,
        "G" => 1e9,
        "T" => 1e12,
        "Ki" => 1024.0,
        "Mi" => 1024.0 * 1024.0,
        "Gi" => 1024.0 * 1024.0 * 1024.0,
        "Ti" => 1024.0 * 1024.0 * 1024.0 * 1024.0,
        _ => return None,
    };
    number.parse::<f64>().ok().map(|n| n * scale)
}
