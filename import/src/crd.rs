//! CustomResourceDefinitions: each version's `openAPIV3Schema` becomes the definition of its kind, and the CRD's
//! names, scope, subresources, columns and selectable fields that version's resource.

use kapi_model::{
    ConversionWebhook, CrdVersion, DefName, GroupVersion, InstanceType, PrinterColumn, ResourceMeta, STANDARD_VERBS,
    ScalePaths, SchemaNode, SchemaObject, Scope, Subresource, SubresourceKind,
};
use serde_json::Value;

use crate::schema::{RefStyle, read};

const API_APPROVED: &str = kapi_model::API_APPROVED_ANNOTATION;
const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";
const LIST_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta";
const TYPE_META: &str = "io.k8s.apimachinery.pkg.runtime.TypeMeta";
const INT_OR_STRING: &str = "io.k8s.apimachinery.pkg.util.intstr.IntOrString";
const QUANTITY: &str = "io.k8s.apimachinery.pkg.api.resource.Quantity";
const SCALE: &str = "io.k8s.api.autoscaling.v1.Scale";

/// The pattern the CRD form of a quantity carries (kapi's, which the API server accepts).
const QUANTITY_PATTERN: &str =
    r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)(([KMGTPE]i)|[numkMGTPE]|[eE][+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+))?$";

/// What one CRD holds: a definition per version (the kind and its list), and a resource per version.
#[derive(Debug, Default)]
pub struct Read {
    pub definitions: Vec<(DefName, SchemaNode)>,
    pub resources: Vec<ResourceMeta>,
    /// What the CRD says that the model does not hold.
    pub notes: Vec<String>,
}

fn text<'a>(value: &'a Value, pointer: &str) -> Option<&'a str> {
    value.pointer(pointer).and_then(Value::as_str)
}

fn strings(value: &Value, pointer: &str) -> Vec<String> {
    let list = value.pointer(pointer).and_then(Value::as_array);
    list.map(|items| items.iter().filter_map(Value::as_str).map(str::to_owned).collect()).unwrap_or_default()
}

/// The namespace definitions of `group`/`version` are named in: the group's labels reversed, then the version
/// (`stable.example.com`, `v1` → `com.example.stable.v1`), as kapi names a Go-style package `example.com/stable/v1`.
pub fn namespace(group: &str, version: &str) -> String {
    let mut labels: Vec<&str> = group.split('.').collect();
    labels.reverse();
    format!("{}.{version}", labels.join("."))
}

/// Reads one CRD (`origin` names it in messages); `type_meta` is kapi-meta's TypeMeta schema, whose properties a
/// kind's list is given.
pub fn read_crd(origin: &str, crd: &Value, type_meta: Option<&SchemaNode>) -> Result<Read, String> {
    let name = text(crd, "/metadata/name").unwrap_or("(unnamed)");
    let at = |what: &str| format!("{origin}: CRD {name}: {what}");
    let group = text(crd, "/spec/group").ok_or_else(|| at("no spec.group"))?;
    let kind = text(crd, "/spec/names/kind").ok_or_else(|| at("no spec.names.kind"))?;
    let plural = text(crd, "/spec/names/plural").ok_or_else(|| at("no spec.names.plural"))?;
    let singular = text(crd, "/spec/names/singular").map_or_else(|| kind.to_lowercase(), str::to_owned);
    let list_kind = text(crd, "/spec/names/listKind").map_or_else(|| format!("{kind}List"), str::to_owned);
    let scope = match text(crd, "/spec/scope") {
        Some("Cluster") => Scope::Cluster,
        Some("Namespaced") | None => Scope::Namespaced,
        Some(other) => return Err(at(&format!("unknown scope `{other}`"))),
    };
    let versions = crd.pointer("/spec/versions").and_then(Value::as_array).ok_or_else(|| at("no spec.versions"))?;
    let mut read_in = Read::default();
    // The API review's approval is kept (the server requires it in `*.k8s.io` groups); other metadata is not.
    let api_approved =
        text(crd, &format!("/metadata/annotations/{}", API_APPROVED.replace('/', "~1"))).map(str::to_owned);
    let annotations = crd.pointer("/metadata/annotations").and_then(Value::as_object);
    if annotations.is_some_and(|all| all.keys().any(|key| key != API_APPROVED)) {
        read_in.notes.push(at(
            "metadata.annotations are not kept but api-approved.kubernetes.io (kapi writes the CRD's metadata itself)",
        ));
    }
    if crd.pointer("/metadata/labels").is_some() {
        read_in.notes.push(at("metadata.labels are not kept (kapi writes the CRD's metadata itself)"));
    }
    let (conversion_webhook, conversion_notes) = conversion_webhook(crd, &at);
    read_in.notes.extend(conversion_notes);
    let positioned = !in_priority_order(versions);
    for (index, version) in versions.iter().enumerate() {
        let version_name = text(version, "/name").ok_or_else(|| at(&format!("version {index} has no name")))?;
        let here = format!("/spec/versions/{index}");
        let namespace = namespace(group, version_name);
        let kind_name = DefName::new(format!("{namespace}.{kind}"));
        let list_name = DefName::new(format!("{namespace}.{list_kind}"));
        let schema = version
            .pointer("/schema/openAPIV3Schema")
            .ok_or_else(|| at(&format!("version {version_name} has no schema.openAPIV3Schema")))?;
        let mut node = read(schema, RefStyle::None, &format!("{origin}#{here}/schema/openAPIV3Schema"))?;
        un_special(&mut node, true);
        read_in.definitions.push((kind_name.clone(), node));
        read_in.definitions.push((list_name.clone(), list_schema(&kind_name, type_meta)));
        let mut subresources = Vec::new();
        if version.pointer("/subresources/status").is_some() {
            subresources.push(Subresource::new("status", &["get", "patch", "update"]));
        }
        if let Some(scale) = version.pointer("/subresources/scale") {
            let path = |key: &str| text(scale, &format!("/{key}")).map(str::to_owned);
            subresources.push(Subresource {
                kind: Some(SubresourceKind {
                    group_version: GroupVersion::new("autoscaling", "v1"),
                    kind: "Scale".to_owned(),
                    definition: DefName::new(SCALE),
                }),
                scale: Some(ScalePaths {
                    spec_replicas_path: path("specReplicasPath").ok_or_else(|| at("scale without specReplicasPath"))?,
                    status_replicas_path: path("statusReplicasPath")
                        .ok_or_else(|| at("scale without statusReplicasPath"))?,
                    label_selector_path: path("labelSelectorPath"),
                }),
                ..Subresource::new("scale", &["get", "patch", "update"])
            });
        }
        let columns = version.pointer("/additionalPrinterColumns").and_then(Value::as_array);
        let printer_columns: Result<Vec<PrinterColumn>, String> = columns
            .into_iter()
            .flatten()
            .map(|column| serde_json::from_value(column.clone()).map_err(|e| at(&format!("a printer column: {e}"))))
            .collect();
        let selectable_fields = version
            .pointer("/selectableFields")
            .and_then(Value::as_array)
            .map(|fields| fields.iter().filter_map(|f| text(f, "/jsonPath")).map(str::to_owned).collect())
            .unwrap_or_default();
        let storage = version.get("storage").and_then(Value::as_bool).unwrap_or(false);
        let crd_version = CrdVersion {
            served: version.get("served").and_then(Value::as_bool).unwrap_or(true),
            // A kind with one version stores it without saying so.
            storage: (versions.len() > 1).then_some(storage),
            deprecated: version.get("deprecated").and_then(Value::as_bool).unwrap_or(false),
            deprecation_warning: text(version, "/deprecationWarning").map(str::to_owned),
            printer_columns: printer_columns?,
            selectable_fields,
            conversion_webhook: conversion_webhook.clone(),
            conversion: None,
            api_approved: api_approved.clone(),
            // Only where the CRD lists its versions otherwise than kapi would: the attribute is noise elsewhere.
            position: positioned.then(|| u32::try_from(index).unwrap_or(u32::MAX)),
            empty_subresources: version.get("subresources").and_then(Value::as_object).is_some_and(|s| s.is_empty()),
        };
        read_in.resources.push(ResourceMeta {
            group_version: GroupVersion::new(group, version_name),
            kind: kind.to_owned(),
            plural: plural.to_owned(),
            singular: singular.clone(),
            scope,
            verbs: STANDARD_VERBS.iter().map(|verb| (*verb).to_owned()).collect(),
            short_names: strings(crd, "/spec/names/shortNames"),
            categories: strings(crd, "/spec/names/categories"),
            subresources,
            definition: kind_name,
            list_kind: Some(list_kind.clone()),
            list_definition: Some(list_name),
            crd: Some(crd_version),
            delete_returns_object: false,
        });
    }
    Ok(read_in)
}

/// Whether `versions` are listed in Kubernetes' priority order, the order kapi writes them in by default.
fn in_priority_order(versions: &[Value]) -> bool {
    let names: Vec<&str> = versions.iter().map(|v| text(v, "/name").unwrap_or_default()).collect();
    names.windows(2).all(|pair| kapi_model::version_priority::compare(pair[0], pair[1]).is_le())
}

/// The list kind a CRD implies: `apiVersion`, `kind`, list `metadata` and the `items`.
fn list_schema(kind: &DefName, type_meta: Option<&SchemaNode>) -> SchemaNode {
    let mut list = SchemaObject::of_type(InstanceType::Object);
    if let Some(type_meta) = type_meta {
        for (name, node) in &type_meta.keywords().properties {
            list.properties.insert(name.clone(), node.clone());
        }
    }
    list.properties.insert("metadata".into(), SchemaNode::reference(DefName::new(LIST_META)));
    let mut items = SchemaObject::of_type(InstanceType::Array);
    items.items = Some(Box::new(SchemaNode::reference(kind.clone())));
    list.properties.insert("items".into(), SchemaNode::inline(items));
    list.required = vec!["items".into()];
    SchemaNode::inline(list)
}

/// The CRD forms of Kubernetes' special types back as references to them: the root's `metadata` (an object and
/// nothing more), int-or-string, and quantities (int-or-string with kapi's quantity pattern).
fn un_special(node: &mut SchemaNode, root: bool) {
    if let SchemaNode::Inline(object) = node {
        if root
            && let Some(metadata) = object.properties.get_mut("metadata")
            && *metadata == SchemaNode::inline(SchemaObject::of_type(InstanceType::Object))
        {
            *metadata = SchemaNode::reference(DefName::new(OBJECT_META));
        }
        if let Some(target) = special_target(object) {
            let mut siblings = (**object).clone();
            siblings.kubernetes.int_or_string = false;
            siblings.any_of.clear();
            if target == QUANTITY {
                siblings.bounds.pattern = None;
            }
            *node = SchemaNode::Ref(kapi_model::Reference { target: DefName::new(target), siblings });
            return;
        }
    }
    let object = node.keywords_mut();
    let lists = object.one_of.iter_mut().chain(object.any_of.iter_mut()).chain(object.all_of.iter_mut());
    let singles = object.not.as_deref_mut().into_iter().chain(object.additional_properties.as_deref_mut());
    for child in lists.chain(object.properties.values_mut()).chain(singles).chain(object.items.as_deref_mut()) {
        un_special(child, false);
    }
}

fn special_target(object: &SchemaObject) -> Option<&'static str> {
    let integer = SchemaNode::inline(SchemaObject::of_type(InstanceType::Integer));
    let string = SchemaNode::inline(SchemaObject::of_type(InstanceType::String));
    if !object.kubernetes.int_or_string || object.any_of != [integer, string] || object.instance_type.is_some() {
        return None;
    }
    Some(if object.bounds.pattern.as_deref() == Some(QUANTITY_PATTERN) { QUANTITY } else { INT_OR_STRING })
}

/// The TypeMeta properties' schema (kapi-meta's), for lists.
pub fn type_meta_name() -> DefName {
    DefName::new(TYPE_META)
}

/// The conversion webhook `spec.conversion` names, if any, and notes on what kapi does not keep: a CA bundle (which
/// belongs to the deployment) and review versions other than v1.
fn conversion_webhook(crd: &Value, at: &dyn Fn(&str) -> String) -> (Option<ConversionWebhook>, Vec<String>) {
    let Some(conversion) = crd.pointer("/spec/conversion") else { return (None, Vec::new()) };
    if text(conversion, "/strategy") != Some("Webhook") {
        return (None, Vec::new());
    }
    let Some(config) = conversion.pointer("/webhook/clientConfig") else {
        return (None, vec![at("a Webhook conversion without clientConfig is not kept")]);
    };
    let service = config.get("service").map(|service| {
        let part = |key: &str| text(service, &format!("/{key}")).unwrap_or_default().to_owned();
        (part("namespace"), part("name"))
    });
    let webhook = ConversionWebhook {
        url: text(config, "/url").map(str::to_owned),
        path: text(config, "/service/path").map(str::to_owned),
        port: config.pointer("/service/port").and_then(Value::as_i64).and_then(|port| i32::try_from(port).ok()),
        service,
    };
    let mut notes = Vec::new();
    if config.get("caBundle").is_some() {
        notes.push(at("spec.conversion.webhook.clientConfig.caBundle is not kept"));
    }
    let versions = conversion.pointer("/webhook/conversionReviewVersions");
    if versions.is_some_and(|versions| versions != &serde_json::json!(["v1"])) {
        notes.push(at("spec.conversion.webhook.conversionReviewVersions is written as [v1]"));
    }
    (Some(webhook), notes)
}
