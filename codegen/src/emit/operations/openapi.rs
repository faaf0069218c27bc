//! What both OpenAPI versions write alike: an operation's `x-kubernetes-*` extensions, and the API-key security
//! scheme (under `components.securitySchemes` in v3, `securityDefinitions` in swagger 2.0).

use serde_json::{Map, Value, json};

use super::item::Operation;
use crate::infra::profile::ApiKeyScheme;

/// Adds `x-kubernetes-action` and `x-kubernetes-group-version-kind` to a rendered operation, as kube-apiserver
/// writes them on every resource operation (discovery operations have neither).
pub(crate) fn operation_extensions(operation: &Operation, out: &mut Map<String, Value>) {
    if let Some(action) = operation.action {
        out.insert("x-kubernetes-action".to_owned(), json!(action.as_str()));
    }
    if let Some(kind) = &operation.kind {
        let gvk = json!({"group": kind.group, "kind": kind.kind, "version": kind.version});
        out.insert("x-kubernetes-group-version-kind".to_owned(), gvk);
    }
}

/// The scheme's entry: its name and its definition.
pub(crate) fn security_scheme(scheme: &ApiKeyScheme) -> Map<String, Value> {
    let definition =
        json!({"type": "apiKey", "in": "header", "name": scheme.header, "description": scheme.description});
    Map::from_iter([(scheme.name.clone(), definition)])
}
