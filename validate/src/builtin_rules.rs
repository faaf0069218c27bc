//! Checks the API server applies in code to built-in kinds that their published OpenAPI schema does not state,
//! as a versioned table (Kubernetes 1.32, `pkg/apis/core/validation`). kubectl-validate patches the same two
//! into its schemas (a container's `image` is required; a port's `protocol` is one of `SCTP`, `TCP`, `UDP`);
//! here they are rules with the server's messages and field paths, each checked against a real server by
//! `tests/tests/kube_object_rules.rs`.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::catalog::Gvk;
use crate::names;
use crate::reason::{Origin, Reason};
use crate::walk::FieldError;

/// Where each built-in kind holds a pod spec: (group, kind, path of the pod spec, `.`-separated). A StatefulSet's
/// template is absent: the server does not validate its pod spec (see `builtin_schema::UNVALIDATED_1_32`).
pub const POD_SPECS_1_32: &[(&str, &str, &str)] = &[
    ("", "Pod", "spec"),
    ("", "PodTemplate", "template.spec"),
    ("", "ReplicationController", "spec.template.spec"),
    ("apps", "DaemonSet", "spec.template.spec"),
    ("apps", "Deployment", "spec.template.spec"),
    ("apps", "ReplicaSet", "spec.template.spec"),
    ("batch", "CronJob", "spec.jobTemplate.spec.template.spec"),
    ("batch", "Job", "spec.template.spec"),
];

/// The rules, for the documentation: what is checked, where, and the server's message.
pub const RULES_1_32: &[(&str, &str)] = &[
    ("<pod spec>.containers[*].image, <pod spec>.initContainers[*].image", "Required value (absent or empty)"),
    (
        "<pod spec>.containers[*].ports[*].protocol, <pod spec>.initContainers[*].ports[*].protocol",
        "Unsupported value: <value>: supported values: \"SCTP\", \"TCP\", \"UDP\" (when set)",
    ),
    (
        "<pod spec>.containers[*].name, <pod spec>.initContainers[*].name, <pod spec>.containers[*].env[*].name",
        "Required value (absent, null or empty)",
    ),
    (
        "<pod spec>.containers[*].ports[*].containerPort",
        "Required value (absent, null or 0); Invalid value: <n>: must be between 1 and 65535, inclusive",
    ),
    (
        "<pod spec>.containers[*].name, <pod spec>.initContainers[*].name (together)",
        "Duplicate value: <name> (a name used before)",
    ),
    ("<pod spec>.containers[*].ports[*].name", "Duplicate value: <name> (a name used before in the container)"),
    (
        "Deployment, DaemonSet, ReplicaSet, StatefulSet (apps/v1) spec.selector",
        "Invalid value: empty selector is invalid for <kind> (no matchLabels, no matchExpressions)",
    ),
    (
        "Deployment, DaemonSet, ReplicaSet, StatefulSet (apps/v1) spec.template.metadata.labels",
        "Invalid value: `selector` does not match template `labels` (a matchLabels entry the labels lack)",
    ),
    (
        "<pod spec>.containers[*].{liveness,readiness,startup}Probe",
        "Required value: must specify a handler type (none of exec, httpGet, tcpSocket, grpc)",
    ),
    (
        "<pod spec>.containers[*].resources.requests",
        "Invalid value: <request>: must be less than or equal to <resource> limit of <limit> (a null limit is 0)",
    ),
    (
        "PersistentVolumeClaim spec.accessModes[*]",
        "Unsupported value: <mode>: supported values: \"ReadOnlyMany\", \"ReadWriteMany\", \"ReadWriteOnce\", \"ReadWriteOncePod\"",
    ),
    ("Ingress (networking.k8s.io/v1) spec", "Invalid value: either `defaultBackend` or `rules` must be specified"),
    (
        "Ingress (networking.k8s.io/v1) spec.rules[*].http.paths[*].path",
        "Invalid value: <path>: must be an absolute path (pathType Prefix or Exact)",
    ),
    (
        "Role, ClusterRole (rbac.authorization.k8s.io/v1) rules[*].apiGroups, rules[*].resources",
        "Required value: resource rules must supply at least one api group / resource (no nonResourceURLs)",
    ),
    (
        "HorizontalPodAutoscaler (autoscaling/v2) spec.metrics[*].resource (type Resource)",
        "Required value: the source, its name, the target's type and the value that type names",
    ),
    (
        "Namespace metadata.name, as the value of its `kubernetes.io/metadata.name` label",
        "metadata.labels: Invalid value: <name>: <label value problem>",
    ),
    ("CronJob (batch/v1) metadata.name", "Invalid value: <name>: must be no more than 52 characters"),
    (
        "HorizontalPodAutoscaler (autoscaling/v2) spec.maxReplicas",
        "Invalid value: <max>: must be greater than or equal to `minReplicas`",
    ),
    (
        "PriorityClass (scheduling.k8s.io/v1) value",
        "Forbidden: maximum allowed value of a user defined priority is 1000000000",
    ),
    ("Service spec.ports", "Required value (absent or empty, unless type ExternalName or clusterIP None)"),
    ("Service spec.ports[*].name", "Required value (several ports); Duplicate value: <name>"),
    ("Service spec.ports[*]", "Duplicate value: <port, protocol> (a pair used before; the protocol defaults to TCP)"),
    ("Service spec.ports[*].port", "Invalid value: <n>: must be between 1 and 65535, inclusive (0 when absent)"),
    (
        "Job metadata.name (batch/v1), as the value of its pod template's two job-name labels",
        "spec.template.labels: Invalid value: <name>: <label value problem>, twice (a name over 63 characters)",
    ),
    (
        "Service spec.ports[*].protocol",
        "Unsupported value: <value>: supported values: \"SCTP\", \"TCP\", \"UDP\" (when set)",
    ),
];

const PROTOCOLS: &str = "\"SCTP\", \"TCP\", \"UDP\"";

fn rule_error(field: String, reason: Reason, message: String) -> FieldError {
    FieldError { field, reason, origin: Origin::BuiltinRule, message }
}

/// The problems the table's rules find in an object of a built-in kind.
pub fn builtin_problems(gvk: &Gvk, object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if let Some((_, _, path)) = POD_SPECS_1_32.iter().find(|(group, kind, _)| *group == gvk.group && *kind == gvk.kind)
        && let Some(spec) = object.pointer(&format!("/{}", path.replace('.', "/")))
    {
        // Container names are unique across init and regular containers.
        let mut container_names = BTreeSet::new();
        for list in ["initContainers", "containers"] {
            for (index, container) in items(spec.get(list)) {
                let at = format!("{path}.{list}[{index}]");
                match container.get("name").and_then(Value::as_str).filter(|name| !name.is_empty()) {
                    None => {
                        errors.push(rule_error(format!("{at}.name"), Reason::Required, "Required value".to_owned()))
                    }
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
    }
    if gvk.group.is_empty()
        && gvk.kind == "Service"
        && let Some(spec) = object.get("spec")
    {
        errors.extend(service_ports(spec));
        errors.extend(protocols(spec, "spec"));
    }
    if gvk.group == "apps" && matches!(gvk.kind.as_str(), "Deployment" | "DaemonSet" | "ReplicaSet" | "StatefulSet") {
        errors.extend(selector_matches_template(&gvk.kind, object));
    }
    errors.extend(kind_rules(gvk, object));
    if gvk.group == "batch"
        && gvk.kind == "Job"
        && let Some(name) = object.pointer("/metadata/name").and_then(Value::as_str)
    {
        // The server labels the pod template with the Job's name twice (`batch.kubernetes.io/job-name` and
        // `job-name`) before it validates the template, whose labels must be label values.
        for _ in 0..2 {
            for problem in names::label_value(name) {
                let message = format!("Invalid value: {name:?}: {problem}");
                errors.push(rule_error("spec.template.labels".to_owned(), Reason::Invalid, message));
            }
        }
    }
    errors
}

/// A workload's selector may not be empty, and its `matchLabels` must be among its pod template's labels (a
/// `null` label value decodes as `""`).
fn selector_matches_template(kind: &str, object: &Value) -> Vec<FieldError> {
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

/// Rules of single kinds: a CronJob's name length, an autoscaler's replica bounds, a priority's ceiling.
fn kind_rules(gvk: &Gvk, object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let number = |pointer: &str| object.pointer(pointer).and_then(Value::as_i64);
    match (gvk.group.as_str(), gvk.kind.as_str()) {
        // The Jobs a CronJob creates are named `<name>-<11 characters>`, which must stay a label value.
        ("batch", "CronJob") => {
            if let Some(name) = object.pointer("/metadata/name").and_then(Value::as_str)
                && name.len() > 52
            {
                let message = format!("Invalid value: {name:?}: must be no more than 52 characters");
                errors.push(rule_error("metadata.name".to_owned(), Reason::Invalid, message));
            }
        }
        // A Namespace is labelled `kubernetes.io/metadata.name: <name>` before it is validated.
        ("", "Namespace") => {
            if let Some(name) = object.pointer("/metadata/name").and_then(Value::as_str) {
                for problem in names::label_value(name) {
                    let message = format!("Invalid value: {name:?}: {problem}");
                    errors.push(rule_error("metadata.labels".to_owned(), Reason::Invalid, message));
                }
            }
        }
        ("autoscaling", "HorizontalPodAutoscaler") => {
            let max = number("/spec/maxReplicas").unwrap_or(0);
            if number("/spec/minReplicas").unwrap_or(1) > max {
                let message = format!("Invalid value: {max}: must be greater than or equal to `minReplicas`");
                errors.push(rule_error("spec.maxReplicas".to_owned(), Reason::Invalid, message));
            }
            errors.extend(resource_metrics(object));
        }
        ("", "PersistentVolumeClaim") => {
            const MODES: &str = "\"ReadOnlyMany\", \"ReadWriteMany\", \"ReadWriteOnce\", \"ReadWriteOncePod\"";
            for (_, mode) in items(object.pointer("/spec/accessModes")) {
                let text = mode.as_str().unwrap_or_default();
                if !matches!(text, "ReadOnlyMany" | "ReadWriteMany" | "ReadWriteOnce" | "ReadWriteOncePod") {
                    let message = format!("Unsupported value: {text:?}: supported values: {MODES}");
                    errors.push(rule_error("spec.accessModes".to_owned(), Reason::NotSupported, message));
                }
            }
        }
        ("networking.k8s.io", "Ingress") => errors.extend(ingress_rules(object)),
        ("rbac.authorization.k8s.io", "Role" | "ClusterRole") => {
            // A rule about resources (no non-resource URLs) names its API groups and resources.
            for (index, rule) in items(object.get("rules")) {
                if !is_empty_list(rule.get("nonResourceURLs")) {
                    continue;
                }
                for (field, what) in [("apiGroups", "api group"), ("resources", "resource")] {
                    if is_empty_list(rule.get(field)) {
                        let message = format!("Required value: resource rules must supply at least one {what}");
                        errors.push(rule_error(format!("rules[{index}].{field}"), Reason::Required, message));
                    }
                }
            }
        }
        // Above 1 000 000 000 the priorities are the system's own.
        ("scheduling.k8s.io", "PriorityClass") if number("/value").is_some_and(|value| value > 1_000_000_000) => {
            let message = "Forbidden: maximum allowed value of a user defined priority is 1000000000".to_owned();
            errors.push(rule_error("value".to_owned(), Reason::Forbidden, message));
        }
        _ => {}
    }
    errors
}

fn is_empty_list(value: Option<&Value>) -> bool {
    value.and_then(Value::as_array).is_none_or(Vec::is_empty)
}

/// An Ingress names a default backend or rules; a `Prefix` or `Exact` path is absolute.
fn ingress_rules(object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let spec = object.get("spec").unwrap_or(&Value::Null);
    if spec.get("defaultBackend").is_none_or(Value::is_null) && is_empty_list(spec.get("rules")) {
        let message = "Invalid value: either `defaultBackend` or `rules` must be specified".to_owned();
        errors.push(rule_error("spec".to_owned(), Reason::Invalid, message));
    }
    for (rule_index, rule) in items(spec.get("rules")) {
        for (path_index, path) in items(rule.pointer("/http/paths")) {
            let text = path.get("path").and_then(Value::as_str).unwrap_or_default();
            let kind = path.get("pathType").and_then(Value::as_str).unwrap_or_default();
            if matches!(kind, "Prefix" | "Exact") && !text.starts_with('/') {
                let field = format!("spec.rules[{rule_index}].http.paths[{path_index}].path");
                errors.push(rule_error(
                    field,
                    Reason::Invalid,
                    format!("Invalid value: {text:?}: must be an absolute path"),
                ));
            }
        }
    }
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

fn is_empty_text(value: Option<&Value>) -> bool {
    value.and_then(Value::as_str).is_none_or(str::is_empty)
}

/// A port number out of 1..=65535.
fn port_number(field: String, number: i64) -> Option<FieldError> {
    (!(1..=65535).contains(&number)).then(|| {
        rule_error(field, Reason::Invalid, format!("Invalid value: {number}: must be between 1 and 65535, inclusive"))
    })
}

/// A Service's ports: required unless it is an ExternalName or headless Service; each `port` in range (an absent
/// or null port decodes as 0).
fn service_ports(spec: &Value) -> Vec<FieldError> {
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

/// `Duplicate value: "<name>"`.
fn duplicate(field: String, name: &str) -> FieldError {
    rule_error(field, Reason::Duplicate, format!("Duplicate value: {name:?}"))
}

fn items(list: Option<&Value>) -> impl Iterator<Item = (usize, &Value)> {
    list.and_then(Value::as_array).into_iter().flatten().enumerate()
}

/// Each `ports[*].protocol` of `holder` that is set and not a supported protocol.
fn protocols(holder: &Value, at: &str) -> Vec<FieldError> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn image_and_protocols() {
        let pod = Gvk { group: String::new(), version: "v1".to_owned(), kind: "Pod".to_owned() };
        let object = json!({"spec": {"containers": [{"name": "a", "ports": [{"containerPort": 80, "protocol": "udp"}, {"containerPort": 443, "protocol": "TCP"}]}]}});
        let found: Vec<(String, Reason)> =
            builtin_problems(&pod, &object).into_iter().map(|e| (e.field, e.reason)).collect();
        assert_eq!(
            found,
            [
                ("spec.containers[0].image".to_owned(), Reason::Required),
                ("spec.containers[0].ports[0].protocol".to_owned(), Reason::NotSupported)
            ]
        );
        let cron = Gvk { group: "batch".to_owned(), version: "v1".to_owned(), kind: "CronJob".to_owned() };
        let job = json!({"spec": {"jobTemplate": {"spec": {"template": {"spec": {"containers": [{"name": "a", "image": ""}]}}}}}});
        assert_eq!(builtin_problems(&cron, &job)[0].field, "spec.jobTemplate.spec.template.spec.containers[0].image");
    }

    fn found(api_version: &str, kind: &str, object: &Value) -> Vec<(String, Reason)> {
        let gvk = Gvk::from_api_version(api_version, kind);
        builtin_problems(&gvk, object).into_iter().map(|e| (e.field, e.reason)).collect()
    }

    #[test]
    fn service_ports_and_names_derived_labels() {
        let service = json!({"spec": {"ports": [{"name": "a", "port": 80}, {"name": "a", "port": 80}, {"port": 0}]}});
        let fields = found("v1", "Service", &service);
        assert_eq!(
            fields,
            [
                ("spec.ports[1].name".to_owned(), Reason::Duplicate),
                ("spec.ports[1]".to_owned(), Reason::Duplicate),
                ("spec.ports[2].name".to_owned(), Reason::Required),
                ("spec.ports[2].port".to_owned(), Reason::Invalid),
            ]
        );
        // A headless Service needs no ports.
        assert!(found("v1", "Service", &json!({"spec": {"clusterIP": "None"}})).is_empty());
        // A Namespace's name is also a label value (at most 63 characters).
        let long = "a".repeat(64);
        assert_eq!(found("v1", "Namespace", &json!({"metadata": {"name": long}})).len(), 1);
        // A workload's selector must match its template's labels.
        let deployment = json!({"spec": {"selector": {"matchLabels": {"app": "a"}},
            "template": {"metadata": {"labels": {"app": "b"}}, "spec": {"containers": [{"name": "c", "image": "i"}]}}}});
        assert_eq!(
            found("apps/v1", "Deployment", &deployment),
            [("spec.template.metadata.labels".to_owned(), Reason::Invalid)]
        );
    }
}
