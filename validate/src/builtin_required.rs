//! Fields the API server's code requires of built-in kinds (Kubernetes 1.32) where the published schema does not
//! say so: absent, `null` (decoded as the Go zero value), `""`, `[]`, `0` or an object of null fields is refused
//! (reported as `Required value`, whatever words the server's check uses). Each entry was observed
//! against a real server by the differential test (`tests/tests/kube_validate.rs`).

use serde_json::Value;

use crate::catalog::Gvk;
use crate::reason::{Origin, Reason};
use crate::walk::FieldError;

/// (group, kind, field with `[*]` for every list item, the server's detail after `Required value`).
pub const REQUIRED_IN_CODE_1_32: &[(&str, &str, &str, &str)] = &[
    ("", "PersistentVolumeClaim", "spec.accessModes", "at least 1 access mode is required"),
    ("apps", "Deployment", "spec.template.spec.containers", ""),
    ("apps", "DaemonSet", "spec.template.spec.containers", ""),
    ("apps", "ReplicaSet", "spec.template.spec.containers", ""),
    ("autoscaling", "HorizontalPodAutoscaler", "spec.scaleTargetRef.kind", ""),
    ("autoscaling", "HorizontalPodAutoscaler", "spec.scaleTargetRef.name", ""),
    ("autoscaling", "HorizontalPodAutoscaler", "spec.metrics[*].type", "must specify a metric source type"),
    ("batch", "CronJob", "spec.schedule", ""),
    ("batch", "CronJob", "spec.jobTemplate.spec.template.spec.containers", ""),
    ("batch", "CronJob", "spec.jobTemplate.spec.template.spec.restartPolicy", "valid values: \"OnFailure\", \"Never\""),
    ("batch", "Job", "spec.template.spec.containers", ""),
    ("batch", "Job", "spec.template.spec.restartPolicy", "valid values: \"OnFailure\", \"Never\""),
    ("rbac.authorization.k8s.io", "Role", "rules[*].verbs", "verbs must contain at least one value"),
    ("rbac.authorization.k8s.io", "ClusterRole", "rules[*].verbs", "verbs must contain at least one value"),
    ("rbac.authorization.k8s.io", "RoleBinding", "roleRef.kind", ""),
    ("rbac.authorization.k8s.io", "RoleBinding", "roleRef.name", ""),
    ("rbac.authorization.k8s.io", "RoleBinding", "subjects[*].name", ""),
    ("rbac.authorization.k8s.io", "ClusterRoleBinding", "roleRef.kind", ""),
    ("rbac.authorization.k8s.io", "ClusterRoleBinding", "roleRef.name", ""),
    ("rbac.authorization.k8s.io", "ClusterRoleBinding", "subjects[*].name", ""),
    ("storage.k8s.io", "StorageClass", "provisioner", ""),
    ("", "PersistentVolumeClaim", "spec.resources.requests.storage", ""),
    ("", "LimitRange", "spec.limits[*].type", ""),
    ("autoscaling", "HorizontalPodAutoscaler", "spec.maxReplicas", ""),
    ("networking.k8s.io", "Ingress", "spec.rules[*].http.paths[*].pathType", "pathType must be specified"),
    ("networking.k8s.io", "Ingress", "spec.rules[*].http.paths[*].backend", "resource or service backend is required"),
    ("networking.k8s.io", "NetworkPolicy", "spec.ingress[*].from[*]", "must specify a peer"),
    ("networking.k8s.io", "NetworkPolicy", "spec.egress[*].to[*]", "must specify a peer"),
    ("networking.k8s.io", "NetworkPolicy", "spec.policyTypes[*]", ""),
    ("rbac.authorization.k8s.io", "RoleBinding", "subjects[*].kind", ""),
    ("rbac.authorization.k8s.io", "ClusterRoleBinding", "subjects[*].kind", ""),
];

/// The table's fields an object of a built-in kind lacks.
pub fn required_problems(gvk: &Gvk, object: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    for (_, _, path, detail) in
        REQUIRED_IN_CODE_1_32.iter().filter(|(group, kind, _, _)| *group == gvk.group && *kind == gvk.kind)
    {
        let segments: Vec<&str> = path.split('.').collect();
        missing(object, &segments, String::new(), &mut |field| {
            let message =
                if detail.is_empty() { "Required value".to_owned() } else { format!("Required value: {detail}") };
            errors.push(FieldError { field, reason: Reason::Required, origin: Origin::BuiltinRule, message });
        });
    }
    errors
}

/// Walks `segments` from `value` (a `null` holder counts as an empty object, as Go decodes it), calling `report`
/// with each concrete path whose last field is empty.
fn missing(value: &Value, segments: &[&str], at: String, report: &mut dyn FnMut(String)) {
    let Some((first, rest)) = segments.split_first() else { return };
    let (name, each_item) = first.strip_suffix("[*]").map_or((*first, false), |name| (name, true));
    let field = if at.is_empty() { name.to_owned() } else { format!("{at}.{name}") };
    let child = value.get(name).unwrap_or(&Value::Null);
    if each_item {
        for (index, item) in child.as_array().into_iter().flatten().enumerate() {
            let at = format!("{field}[{index}]");
            if rest.is_empty() {
                if is_empty(item) {
                    report(at);
                }
            } else {
                missing(item, rest, at, report);
            }
        }
    } else if rest.is_empty() {
        if is_empty(child) {
            report(field);
        }
    } else {
        missing(child, rest, field, report);
    }
}

fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(text) => text.is_empty(),
        Value::Array(items) => items.is_empty(),
        // `{podSelector: null}` decodes as an empty struct; `{podSelector: {}}` sets a (select-all) selector.
        Value::Object(fields) => fields.values().all(Value::is_null),
        Value::Number(number) => number.as_f64() == Some(0.0),
        Value::Bool(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn nulls_and_empties_are_missing() {
        let binding = Gvk::from_api_version("rbac.authorization.k8s.io/v1", "RoleBinding");
        let object = json!({"roleRef": {"kind": "Role", "name": ""}, "subjects": [null, {"name": "a"}]});
        let fields: Vec<String> = required_problems(&binding, &object).into_iter().map(|e| e.field).collect();
        assert_eq!(fields, ["roleRef.name", "subjects[0].name", "subjects[0].kind", "subjects[1].kind"]);
        let job = Gvk::from_api_version("batch/v1", "Job");
        let problems = required_problems(&job, &json!({"spec": null}));
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[1].message.contains("OnFailure"));
    }
}
