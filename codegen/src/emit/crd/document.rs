//! The CustomResourceDefinition object of one kind: names, scope, and each version's schema, subresources,
//! printer columns and selectable fields.

use kapi_model::{CrdVersion, ResourceMeta, Scope};
use serde_json::{Value, json};

use super::paths;
use super::plan::CrdPlan;
use crate::error::Error;

/// The most selectable fields the API server accepts per version.
const MAX_SELECTABLE_FIELDS: usize = 8;

/// One version, ready to be written.
#[derive(Debug)]
pub(crate) struct BuiltVersion<'r> {
    pub name: String,
    pub resource: &'r ResourceMeta,
    pub settings: &'r CrdVersion,
    pub storage: bool,
    pub schema: Value,
}

/// The CRD of `plan` as a JSON object.
pub(crate) fn custom_resource_definition(plan: &CrdPlan<'_>, versions: &[BuiltVersion<'_>]) -> Result<Value, Error> {
    let names = plan.names;
    let mut crd_names = json!({"kind": names.kind, "plural": names.plural, "singular": names.singular});
    if let Some(list_kind) = &names.list_kind {
        crd_names["listKind"] = json!(list_kind);
    }
    if !names.short_names.is_empty() {
        crd_names["shortNames"] = json!(names.short_names);
    }
    if !names.categories.is_empty() {
        crd_names["categories"] = json!(names.categories);
    }
    let scope = match names.scope {
        Scope::Namespaced => "Namespaced",
        Scope::Cluster => "Cluster",
    };
    Ok(json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": plan.name()},
        "spec": {
            "group": plan.group,
            "names": crd_names,
            "scope": scope,
            "versions": versions.iter().map(version).collect::<Vec<_>>(),
        }
    }))
}

fn version(built: &BuiltVersion<'_>) -> Value {
    let settings = built.settings;
    let mut out = json!({
        "name": built.name,
        "served": settings.served,
        "storage": built.storage,
        "schema": {"openAPIV3Schema": built.schema},
    });
    if settings.deprecated {
        out["deprecated"] = json!(true);
    }
    if let Some(warning) = &settings.deprecation_warning {
        out["deprecationWarning"] = json!(warning);
    }
    let subresources = subresources(built.resource);
    if !subresources.as_object().is_some_and(|s| s.is_empty()) {
        out["subresources"] = subresources;
    }
    // An empty list is left out: some servers reject `additionalPrinterColumns: []` on apply.
    if !settings.printer_columns.is_empty() {
        out["additionalPrinterColumns"] = json!(settings.printer_columns);
    }
    if !settings.selectable_fields.is_empty() {
        let fields: Vec<Value> = settings.selectable_fields.iter().map(|p| json!({"jsonPath": p})).collect();
        out["selectableFields"] = Value::Array(fields);
    }
    out
}

fn subresources(resource: &ResourceMeta) -> Value {
    let mut out = serde_json::Map::new();
    for subresource in &resource.subresources {
        match (subresource.name.as_str(), &subresource.scale) {
            ("status", _) => {
                out.insert("status".to_owned(), json!({}));
            }
            ("scale", Some(paths)) => {
                let mut scale = json!({
                    "specReplicasPath": paths.spec_replicas_path,
                    "statusReplicasPath": paths.status_replicas_path,
                });
                if let Some(selector) = &paths.label_selector_path {
                    scale["labelSelectorPath"] = json!(selector);
                }
                out.insert("scale".to_owned(), scale);
            }
            _ => {}
        }
    }
    Value::Object(out)
}

/// Problems with the JSON paths one version names, checked against its schema.
pub(crate) fn path_problems(resource: &ResourceMeta, settings: &CrdVersion, schema: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for column in &settings.printer_columns {
        out.extend(paths::check(schema, &column.json_path, &[], &format!("printer column `{}`", column.name)));
    }
    if settings.selectable_fields.len() > MAX_SELECTABLE_FIELDS {
        out.push(format!(
            "{} selectable fields; the API server accepts at most {MAX_SELECTABLE_FIELDS}",
            settings.selectable_fields.len()
        ));
    }
    for path in &settings.selectable_fields {
        let what = "selectable field";
        out.extend(paths::check(schema, path, &["string", "integer", "boolean"], what));
        out.extend(
            paths::check_prefix(path, &[".spec.", ".status."], what).filter(|_| !path.starts_with(".metadata.")),
        );
    }
    let scale = resource.subresources.iter().filter_map(|s| s.scale.as_ref());
    for scale in scale {
        let spec = &scale.spec_replicas_path;
        out.extend(paths::check_prefix(spec, &[".spec."], "scale specReplicasPath"));
        out.extend(paths::check(schema, spec, &["integer"], "scale specReplicasPath"));
        let status = &scale.status_replicas_path;
        out.extend(paths::check_prefix(status, &[".status."], "scale statusReplicasPath"));
        out.extend(paths::check(schema, status, &["integer"], "scale statusReplicasPath"));
        if let Some(selector) = &scale.label_selector_path {
            out.extend(paths::check_prefix(selector, &[".spec.", ".status."], "scale labelSelectorPath"));
            out.extend(paths::check(schema, selector, &["string"], "scale labelSelectorPath"));
        }
    }
    out
}
