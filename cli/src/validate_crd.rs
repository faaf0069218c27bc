//! The CRD checker `kapi validate` plugs into kapi-validate: a CustomResourceDefinition manifest checked as the
//! API server checks one on create, beyond the CRD kind's OpenAPI schema, with the server's field paths.
//!
//! It runs kapi-codegen's structural-schema checker and kapi-cel's rule checks on each version's schema (as
//! `kapi check-crd` does) and checks the name against `spec.names.plural` and `spec.group`. Field paths are the
//! server's: a schema shared by every version is reported under `spec.validation.openAPIV3Schema` (the server
//! converts such a CRD to its internal form, which holds one schema, before validating), otherwise under
//! `spec.versions[i].schema.openAPIV3Schema`; schema nodes read `properties[name]`, `items`, `allOf[0]`, and the
//! offending keyword follows (`.type`). An unknown `type` and a missing one have the server's exact messages;
//! other structural rules keep kapi's sentence, as `Forbidden`.

use kapi_codegen::StructuralRule;
use kapi_codegen::structural::{StructuralOptions, check_structural_with};
use kapi_validate::{FieldError, Origin, Reason};
use serde_json::Value;

/// The server's problems with a CRD manifest (beyond its schema).
pub fn check_crd_manifest(crd: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let text = |pointer: &str| crd.pointer(pointer).and_then(Value::as_str).unwrap_or_default();
    let (name, plural, group) = (text("/metadata/name"), text("/spec/names/plural"), text("/spec/group"));
    if !name.is_empty() && !plural.is_empty() && !group.is_empty() && name != format!("{plural}.{group}") {
        let message = format!("Invalid value: {name:?}: must be spec.names.plural+\".\"+spec.group");
        errors.push(crd_error("metadata.name".to_owned(), Reason::Invalid, message));
    }
    let versions = crd.pointer("/spec/versions").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    let schemas: Vec<Option<&Value>> = versions.iter().map(|v| v.pointer("/schema/openAPIV3Schema")).collect();
    let shared = !schemas.is_empty() && schemas.iter().all(|s| *s == schemas[0]);
    for (index, version) in versions.iter().enumerate() {
        let Some(schema) = schemas[index] else { continue };
        if shared && index > 0 {
            break;
        }
        let base = if shared {
            "spec.validation.openAPIV3Schema".to_owned()
        } else {
            format!("spec.versions[{index}].schema.openAPIV3Schema")
        };
        let options = StructuralOptions { status_subresource: version.pointer("/subresources/status").is_some() };
        for violation in check_structural_with(schema, &options) {
            if !violation.rule.accepted_by_server() {
                errors.push(structural_error(&base, schema, &violation.pointer, violation.rule, &violation.message));
            }
        }
        for finding in kapi_cel::check_schema_rules(schema).findings {
            if finding.severity == kapi_cel::Severity::Error {
                let field = format!("{base}{}.rule", schema_path(&finding.pointer));
                let message = format!("Invalid value: {:?}: {}", finding.rule, finding.message);
                errors.push(crd_error(field, Reason::Invalid, message));
            }
        }
    }
    errors
}

fn crd_error(field: String, reason: Reason, message: String) -> FieldError {
    FieldError { field, reason, origin: Origin::Crd, message }
}

fn structural_error(base: &str, schema: &Value, pointer: &str, rule: StructuralRule, message: &str) -> FieldError {
    let at = format!("{base}{}", schema_path(pointer));
    let node = schema.pointer(pointer);
    match rule {
        StructuralRule::InvalidType => {
            let found =
                node.and_then(|n| n.get("type")).map(|t| t.as_str().map_or(t.to_string(), |t| format!("{t:?}")));
            let message = format!(
                "Unsupported value: {}: supported values: \"array\", \"boolean\", \"integer\", \"number\", \"object\", \"string\"",
                found.unwrap_or_default()
            );
            crd_error(format!("{at}.type"), Reason::NotSupported, message)
        }
        StructuralRule::MissingType => {
            let detail = if pointer.ends_with("/items") {
                "must not be empty for specified array items"
            } else {
                "must not be empty for specified object fields"
            };
            crd_error(format!("{at}.type"), Reason::Required, format!("Required value: {detail}"))
        }
        _ => crd_error(at, Reason::Forbidden, format!("Forbidden: {message}")),
    }
}

/// An RFC 6901 pointer into a schema as the server's field path: `/properties/spec/items` → `.properties[spec].items`.
fn schema_path(pointer: &str) -> String {
    let tokens: Vec<String> = pointer.split('/').skip(1).map(|t| t.replace("~1", "/").replace("~0", "~")).collect();
    let mut path = String::new();
    let mut index = 0;
    while index < tokens.len() {
        let token = &tokens[index];
        let next = tokens.get(index + 1);
        match (token.as_str(), next) {
            ("properties" | "patternProperties" | "definitions", Some(name)) => {
                path.push_str(&format!(".{token}[{name}]"));
                index += 2;
            }
            ("allOf" | "anyOf" | "oneOf" | "x-kubernetes-validations", Some(number))
                if number.parse::<usize>().is_ok() =>
            {
                path.push_str(&format!(".{token}[{number}]"));
                index += 2;
            }
            _ => {
                path.push_str(&format!(".{token}"));
                index += 1;
            }
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_unknown_type_as_the_server_reports_it() {
        let crd = json!({
            "apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
            "metadata": {"name": "widgets.example.com"},
            "spec": {"group": "example.com", "names": {"plural": "widgets", "kind": "Widget"}, "scope": "Namespaced",
                "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {
                    "type": "object",
                    "properties": {"spec": {"type": "object", "properties": {"message": {"type": "strign"}}}}
                }}}]}
        });
        let errors = check_crd_manifest(&crd);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].field, "spec.validation.openAPIV3Schema.properties[spec].properties[message].type");
        assert_eq!(errors[0].reason, Reason::NotSupported);
        assert_eq!(
            errors[0].message,
            "Unsupported value: \"strign\": supported values: \"array\", \"boolean\", \"integer\", \"number\", \"object\", \"string\""
        );
    }
}
