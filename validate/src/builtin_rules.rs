//! Checks the API server applies in code to built-in kinds that their published OpenAPI schema does not state,
//! as a versioned table (Kubernetes 1.32, `pkg/apis/core/validation`). kubectl-validate patches the same two
//! into its schemas (a container's `image` is required; a port's `protocol` is one of `SCTP`, `TCP`, `UDP`);
//! here they are rules with the server's messages and field paths, each checked against a real server by
//! `tests/tests/kube_object_rules.rs`.

use serde_json::Value;

use crate::catalog::Gvk;
use crate::reason::{Origin, Reason};
use crate::walk::FieldError;

/// Where each built-in kind holds a pod spec: (group, kind, path of the pod spec, `.`-separated).
pub const POD_SPECS_1_32: &[(&str, &str, &str)] = &[
    ("", "Pod", "spec"),
    ("", "PodTemplate", "template.spec"),
    ("", "ReplicationController", "spec.template.spec"),
    ("apps", "DaemonSet", "spec.template.spec"),
    ("apps", "Deployment", "spec.template.spec"),
    ("apps", "ReplicaSet", "spec.template.spec"),
    ("apps", "StatefulSet", "spec.template.spec"),
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
        for list in ["containers", "initContainers"] {
            for (index, container) in items(spec.get(list)) {
                let at = format!("{path}.{list}[{index}]");
                if container.get("image").and_then(Value::as_str).is_none_or(str::is_empty) {
                    errors.push(rule_error(format!("{at}.image"), Reason::Required, "Required value".to_owned()));
                }
                errors.extend(protocols(container, &at));
            }
        }
    }
    if gvk.group.is_empty()
        && gvk.kind == "Service"
        && let Some(spec) = object.get("spec")
    {
        errors.extend(protocols(spec, "spec"));
    }
    errors
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
        let object =
            json!({"spec": {"containers": [{"name": "a", "ports": [{"protocol": "udp"}, {"protocol": "TCP"}]}]}});
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
        let job = json!({"spec": {"jobTemplate": {"spec": {"template": {"spec": {"containers": [{"image": ""}]}}}}}});
        assert_eq!(builtin_problems(&cron, &job)[0].field, "spec.jobTemplate.spec.template.spec.containers[0].image");
    }
}
