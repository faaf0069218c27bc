//! The shapes Go gives admission types that the derive does not check by itself: embedded rules read and written
//! as flat objects, and the versions the macros write staying identical apart from their package.

use kapi::model::DefName;
use serde_json::json;

use super::{v1, v1alpha1, v1beta1};

#[test]
fn a_named_rule_is_one_flat_object() -> serde_json::Result<()> {
    let manifest = json!({
        "resourceNames": ["config"],
        "operations": ["CREATE", "UPDATE"],
        "apiGroups": [""],
        "apiVersions": ["v1"],
        "resources": ["configmaps"],
        "scope": "Namespaced"
    });
    let rule: v1beta1::NamedRuleWithOperations = serde_json::from_value(manifest.clone())?;
    assert_eq!(rule.rule_with_operations.rule.resources.as_deref(), Some(&["configmaps".to_owned()][..]));
    assert_eq!(rule.rule_with_operations.operations.as_ref().map(Vec::len), Some(2));
    assert_eq!(serde_json::to_value(&rule)?, manifest);
    Ok(())
}

#[test]
fn a_webhook_round_trips_with_its_ca_bundle_in_base64() -> serde_json::Result<()> {
    let manifest = json!({
        "name": "pods.example.com",
        "clientConfig": {"service": {"namespace": "hooks", "name": "pods", "port": 8443}, "caBundle": "UEVN"},
        "rules": [{"operations": ["*"], "apiGroups": [""], "apiVersions": ["*"], "resources": ["pods"]}],
        "sideEffects": "None",
        "admissionReviewVersions": ["v1"],
        "reinvocationPolicy": "IfNeeded"
    });
    let webhook: v1::MutatingWebhook = serde_json::from_value(manifest.clone())?;
    assert_eq!(webhook.client_config.ca_bundle.as_deref(), Some(&b"PEM"[..]));
    assert_eq!(serde_json::to_value(&webhook)?, manifest);
    let mutation: v1alpha1::Mutation = serde_json::from_value(json!({"patchType": "JSONPatch"}))?;
    assert_eq!(mutation.patch_type, "JSONPatch");
    Ok(())
}

#[test]
fn the_macro_written_versions_differ_only_in_their_package() -> serde_json::Result<()> {
    let registry = crate::registry();
    let schema_of = |name: String| {
        let definition = registry.definition(&DefName::new(&name)).unwrap_or_else(|| panic!("{name} is missing"));
        serde_json::to_string(&definition.schema)
    };
    for kind in ["ValidatingAdmissionPolicySpec", "ValidatingAdmissionPolicyBindingSpec", "MatchResources", "ParamRef"]
    {
        let stable = schema_of(format!("io.k8s.api.admissionregistration.v1.{kind}"))?;
        let beta = schema_of(format!("io.k8s.api.admissionregistration.v1beta1.{kind}"))?;
        assert_eq!(beta.replace("admissionregistration.v1beta1.", "admissionregistration.v1."), stable, "{kind}");
    }
    Ok(())
}
