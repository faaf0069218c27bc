//! The CustomResourceDefinition object of one kind: names, scope, and each version's schema, subresources,
//! printer columns and selectable fields.

use kapi_meta::apiextensions::v1::{
    ConversionStrategyType, CustomResourceColumnDefinition, CustomResourceConversion, CustomResourceDefinition,
    CustomResourceDefinitionNames, CustomResourceDefinitionSpec, CustomResourceDefinitionVersion,
    CustomResourceSubresourceScale, CustomResourceSubresourceStatus, CustomResourceSubresources,
    CustomResourceValidation, JsonSchemaProps, ResourceScope, SelectableField, ServiceReference, WebhookClientConfig,
    WebhookConversion,
};
use kapi_model::{API_APPROVED_ANNOTATION, ConversionWebhook, CrdVersion, ResourceMeta, Scope, is_protected_group};
use serde_json::Value;

use super::paths;
use super::plan::CrdPlan;
use crate::error::Error;
use crate::printer_columns::{ColumnPathVerdict, column_path_verdict};

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

/// The CRD of `plan`: a value of kapi-meta's own CustomResourceDefinition type, written through serde like every
/// other document.
pub(crate) fn custom_resource_definition(
    plan: &CrdPlan<'_>,
    versions: &[BuiltVersion<'_>],
) -> Result<CustomResourceDefinition, Error> {
    let names = plan.names;
    let crd_names = CustomResourceDefinitionNames {
        plural: names.plural.clone(),
        singular: Some(names.singular.clone()),
        short_names: names.short_names.clone(),
        kind: names.kind.clone(),
        list_kind: names.list_kind.clone(),
        categories: names.categories.clone(),
    };
    let scope = match names.scope {
        Scope::Namespaced => ResourceScope::Namespaced,
        Scope::Cluster => ResourceScope::Cluster,
    };
    let conversion = conversion(plan, versions)?;
    let approval = api_approval(plan, versions)?;
    let versions = versions.iter().map(|v| version(plan, v)).collect::<Result<Vec<_>, _>>()?;
    let spec = CustomResourceDefinitionSpec {
        group: plan.group.clone(),
        names: crd_names,
        scope,
        versions,
        conversion,
        ..CustomResourceDefinitionSpec::default()
    };
    let mut crd = CustomResourceDefinition::new(spec);
    if let Some(approval) = approval {
        crd.metadata.annotations = Some([(API_APPROVED_ANNOTATION.to_owned(), approval)].into());
    }
    Ok(crd)
}

/// The API review's approval the versions give (all the same); a CRD in a protected group without one is refused,
/// as the API server refuses it.
fn api_approval(plan: &CrdPlan<'_>, versions: &[BuiltVersion<'_>]) -> Result<Option<String>, Error> {
    let mut given = versions.iter().filter_map(|v| v.settings.api_approved.as_ref().map(|a| (&v.name, a)));
    let first = given.next();
    if let (Some((_, approval)), Some((version, _))) =
        (first, given.find(|(_, other)| Some(*other) != first.map(|f| f.1)))
    {
        let message = format!("version {version} gives another api_approved than {approval:?}");
        return Err(Error::invalid_crd(vec![format!("CRD {}: {message}", plan.name())]));
    }
    if first.is_none() && is_protected_group(&plan.group) {
        let message = format!(
            "group {} is under k8s.io or kubernetes.io, whose CRDs the API server accepts only with the \
             {API_APPROVED_ANNOTATION} annotation; add crd(api_approved = \"<URL of the API review's approval>\") \
             (or a reason starting \"unapproved\")",
            plan.group
        );
        return Err(Error::invalid_crd(vec![format!("CRD {}: {message}", plan.name())]));
    }
    Ok(first.map(|(_, approval)| approval.clone()))
}

/// The `Webhook` strategy when versions name a conversion webhook (all the same one), else none: the server then
/// only rewrites `apiVersion`.
fn conversion(plan: &CrdPlan<'_>, versions: &[BuiltVersion<'_>]) -> Result<Option<CustomResourceConversion>, Error> {
    let mut named = versions.iter().filter_map(|v| v.settings.conversion_webhook.as_ref().map(|w| (&v.name, w)));
    let Some((_, webhook)) = named.next() else { return Ok(None) };
    if let Some((version, _)) = named.find(|(_, other)| *other != webhook) {
        let message = format!("version {version} names another conversion webhook than the versions before it");
        return Err(Error::invalid_crd(vec![format!("CRD {}: {message}", plan.name())]));
    }
    let ConversionWebhook { url, service, path, port } = webhook.clone();
    let service = service.map(|(namespace, name)| ServiceReference { namespace, name, path, port });
    Ok(Some(CustomResourceConversion {
        strategy: ConversionStrategyType::Webhook,
        webhook: Some(WebhookConversion {
            client_config: Some(WebhookClientConfig { url, service, ca_bundle: None }),
            conversion_review_versions: vec!["v1".to_owned()],
        }),
    }))
}

fn version(plan: &CrdPlan<'_>, built: &BuiltVersion<'_>) -> Result<CustomResourceDefinitionVersion, Error> {
    let settings = built.settings;
    let schema: JsonSchemaProps = serde_json::from_value(built.schema.clone())
        .map_err(|e| Error::serialize(format!("the schema of CRD {} version {}", plan.name(), built.name), e))?;
    let columns = settings.printer_columns.iter().map(|c| CustomResourceColumnDefinition {
        name: c.name.clone(),
        type_: c.column_type.clone(),
        format: c.format.clone(),
        description: c.description.clone(),
        priority: (c.priority != 0).then_some(c.priority),
        json_path: c.json_path.clone(),
    });
    let selectable = settings.selectable_fields.iter().map(|p| SelectableField { json_path: p.clone() });
    Ok(CustomResourceDefinitionVersion {
        name: built.name.clone(),
        served: settings.served,
        storage: built.storage,
        deprecated: settings.deprecated.then_some(true),
        deprecation_warning: settings.deprecation_warning.clone(),
        schema: Some(CustomResourceValidation { open_api_v3_schema: Some(schema) }),
        subresources: subresources(built.resource, settings.empty_subresources),
        // Left out when empty: some tools choke on `additionalPrinterColumns: []`.
        additional_printer_columns: columns.collect(),
        selectable_fields: selectable.collect(),
    })
}

/// The version's subresources; `None` when it has none, unless `empty` asks for `subresources: {}`.
fn subresources(resource: &ResourceMeta, empty: bool) -> Option<CustomResourceSubresources> {
    let mut out = CustomResourceSubresources::default();
    for subresource in &resource.subresources {
        match (subresource.name.as_str(), &subresource.scale) {
            ("status", _) => out.status = Some(CustomResourceSubresourceStatus {}),
            ("scale", Some(paths)) => {
                out.scale = Some(CustomResourceSubresourceScale {
                    spec_replicas_path: paths.spec_replicas_path.clone(),
                    status_replicas_path: paths.status_replicas_path.clone(),
                    label_selector_path: paths.label_selector_path.clone(),
                })
            }
            _ => {}
        }
    }
    (empty || out != CustomResourceSubresources::default()).then_some(out)
}

/// Printer columns whose paths reach nothing an object of the schema holds: the server prints them, always empty.
pub(crate) fn column_warnings(settings: &CrdVersion, schema: &Value) -> Vec<String> {
    let mut warnings = Vec::new();
    for column in &settings.printer_columns {
        let (name, path) = (&column.name, &column.json_path);
        match column_path_verdict(schema, path) {
            ColumnPathVerdict::NamesNothing => warnings.push(format!(
                "printer column `{name}`: `{path}` names no field of the schema; its cells will be empty"
            )),
            // The server accepts the CRD, then prints none of the version's columns.
            ColumnPathVerdict::Unparsable(why) => warnings.push(format!(
                "printer column `{name}`: `{path}` is no JSONPath the API server can read ({why}); it accepts the CRD \
                 but prints none of this version's columns"
            )),
            ColumnPathVerdict::Refused(_) | ColumnPathVerdict::Leads => {}
        }
    }
    warnings
}

/// Problems with the JSON paths one version names, checked against its schema.
pub(crate) fn path_problems(resource: &ResourceMeta, settings: &CrdVersion, schema: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for column in &settings.printer_columns {
        let what = format!("printer column `{}`", column.name);
        match column_path_verdict(schema, &column.json_path) {
            ColumnPathVerdict::Refused(why) => out.push(format!("{what}: `{}` {why}", column.json_path)),
            // Accepted by the server: warnings (`column_warnings`).
            ColumnPathVerdict::Unparsable(_) | ColumnPathVerdict::NamesNothing | ColumnPathVerdict::Leads => {}
        }
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
