//! `crd` and `crd(...)` in a resource's `#[kapi(...)]`: the kind becomes a version of a CustomResourceDefinition.

use syn::meta::ParseNestedMeta;

use super::values;
use crate::internals::ctxt::Ctxt;

/// The printer column types the API server accepts.
const COLUMN_TYPES: &[&str] = &["integer", "number", "string", "boolean", "date"];

/// `printer_column(...)`.
pub struct PrinterColumnAttrs {
    pub name: String,
    pub column_type: String,
    pub json_path: String,
    pub description: Option<String>,
    pub format: Option<String>,
    pub priority: i32,
}

/// `conversion_webhook(service = "namespace/name", path = "/convert", port = 8443)` or `conversion_webhook(url = "...")`.
pub struct ConversionWebhookAttrs {
    pub url: Option<String>,
    pub service: Option<(String, String)>,
    pub path: Option<String>,
    pub port: Option<i32>,
}

/// `crd(...)` as written; a bare `crd` is all defaults.
pub struct CrdAttrs {
    /// `served = false` switches serving off.
    pub served: bool,
    /// `storage` marks the storage version; `storage = false` says it is not.
    pub storage: Option<bool>,
    pub deprecated: bool,
    pub deprecation_warning: Option<String>,
    pub printer_columns: Vec<PrinterColumnAttrs>,
    pub selectable_fields: Vec<String>,
    pub conversion_webhook: Option<ConversionWebhookAttrs>,
    /// `__conversion_plan = path`: written by `#[kapi::versioned]` on the storage version, a function returning
    /// the kind's conversions as data.
    pub conversion_plan: Option<syn::Path>,
    /// `api_approved = "https://..."`: the annotation a CRD in a `*.k8s.io` group needs.
    pub api_approved: Option<String>,
    /// `position = 0`: the version's place in the CRD's `spec.versions`.
    pub position: Option<u32>,
    /// `empty_subresources`: `subresources: {}` written for a version without any.
    pub empty_subresources: bool,
}

impl CrdAttrs {
    fn new() -> Self {
        Self {
            served: true,
            storage: None,
            deprecated: false,
            deprecation_warning: None,
            printer_columns: Vec::new(),
            selectable_fields: Vec::new(),
            conversion_webhook: None,
            conversion_plan: None,
            api_approved: None,
            position: None,
            empty_subresources: false,
        }
    }
}

/// Parses `crd` or `crd(...)`.
pub fn parse_crd(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<CrdAttrs> {
    let mut crd = CrdAttrs::new();
    if meta.input.is_empty() || meta.input.peek(syn::Token![,]) {
        return Ok(crd);
    }
    meta.parse_nested_meta(|inner| {
        let key = values::path_name(&inner);
        match key.as_str() {
            "served" => crd.served = values::boolean(cx, &inner)?.unwrap_or(true),
            "storage" => crd.storage = Some(optional_bool(cx, &inner)?),
            "deprecated" => crd.deprecated = optional_bool(cx, &inner)?,
            "deprecation_warning" => crd.deprecation_warning = values::string(cx, &inner)?,
            "printer_column" => crd.printer_columns.extend(parse_column(cx, &inner)?),
            "selectable_field" => {
                if let Some(path) = json_path(cx, &inner)? {
                    crd.selectable_fields.push(path);
                }
            }
            "conversion_webhook" => crd.conversion_webhook = parse_webhook(cx, &inner)?,
            "__conversion_plan" => crd.conversion_plan = Some(inner.value()?.parse()?),
            "api_approved" => crd.api_approved = values::string(cx, &inner)?,
            "position" => {
                if let Some(value) = values::unsigned(cx, &inner)? {
                    match u32::try_from(value) {
                        Ok(position) => crd.position = Some(position),
                        Err(_) => cx.error_spanned_by(&inner.path, "`position` is at most 4294967295"),
                    }
                }
            }
            "empty_subresources" => crd.empty_subresources = optional_bool(cx, &inner)?,
            _ => {
                cx.error_spanned_by(&inner.path, format!("unknown key `{key}` in crd(...); expected served, storage, deprecated, deprecation_warning, printer_column, selectable_field, conversion_webhook, api_approved, position, empty_subresources"));
                values::skip_value(&inner)?;
            }
        }
        Ok(())
    })?;
    Ok(crd)
}

/// `storage` alone means true; `storage = false` is allowed for symmetry.
fn optional_bool(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<bool> {
    if meta.input.peek(syn::Token![=]) {
        return Ok(values::boolean(cx, meta)?.unwrap_or(true));
    }
    Ok(true)
}

/// A JSON path string, which the API server requires to start with `.`.
fn json_path(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<String>> {
    let value = values::expr(meta)?;
    match values::literal(&value) {
        Some(serde_json::Value::String(path)) if path.starts_with('.') && path.len() > 1 => Ok(Some(path)),
        _ => {
            cx.error_spanned_by(
                &value,
                format!("`{}` expects a JSON path such as \".spec.image\"", values::path_name(meta)),
            );
            Ok(None)
        }
    }
}

fn parse_column(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<PrinterColumnAttrs>> {
    let (mut name, mut column_type, mut path) = (None, None, None);
    let (mut description, mut format, mut priority) = (None, None, 0);
    // A key given with a bad value was already reported; only keys never written are "missing".
    let mut written = Vec::new();
    meta.parse_nested_meta(|inner| {
        let key = values::path_name(&inner);
        written.push(key.clone());
        match key.as_str() {
            "name" => name = values::string(cx, &inner)?,
            "type" => column_type = values::choice(cx, &inner, COLUMN_TYPES)?,
            "json_path" => path = json_path(cx, &inner)?,
            "description" => description = values::string(cx, &inner)?,
            "format" => format = values::string(cx, &inner)?,
            "priority" => {
                let value = values::unsigned(cx, &inner)?.unwrap_or(0);
                priority = i32::try_from(value).unwrap_or_else(|_| {
                    cx.error_spanned_by(&inner.path, "`priority` is at most 2147483647");
                    0
                });
            }
            _ => {
                cx.error_spanned_by(&inner.path, format!("unknown key `{key}` in printer_column(...); expected name, type, json_path, description, format, priority"));
                values::skip_value(&inner)?;
            }
        }
        Ok(())
    })?;
    match (name, column_type, path) {
        (Some(name), Some(column_type), Some(json_path)) => {
            Ok(Some(PrinterColumnAttrs { name, column_type, json_path, description, format, priority }))
        }
        _ => {
            let missing: Vec<&str> =
                ["name", "type", "json_path"].into_iter().filter(|k| !written.iter().any(|w| w == k)).collect();
            if !missing.is_empty() {
                cx.error_spanned_by(&meta.path, format!("printer_column(...) needs {}", missing.join(", ")));
            }
            Ok(None)
        }
    }
}

/// Parses `conversion_webhook(...)`: exactly one of `url` and `service`.
fn parse_webhook(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<ConversionWebhookAttrs>> {
    let mut webhook = ConversionWebhookAttrs { url: None, service: None, path: None, port: None };
    // A key given with a bad value was already reported; only keys never written are "missing".
    let mut written = Vec::new();
    meta.parse_nested_meta(|inner| {
        let key = values::path_name(&inner);
        written.push(key.clone());
        match key.as_str() {
            "url" => webhook.url = values::string(cx, &inner)?,
            "service" => {
                let value = values::expr(&inner)?;
                match values::literal(&value) {
                    Some(serde_json::Value::String(text)) => match text.split_once('/') {
                        Some((namespace, name)) if !namespace.is_empty() && !name.is_empty() => {
                            webhook.service = Some((namespace.to_owned(), name.to_owned()))
                        }
                        _ => cx.error_spanned_by(&value, "`service` is written \"namespace/name\""),
                    },
                    _ => cx.error_spanned_by(&value, "`service` is written \"namespace/name\""),
                }
            }
            "path" => webhook.path = values::string(cx, &inner)?,
            "port" => {
                let value = values::unsigned(cx, &inner)?.unwrap_or(443);
                match i32::try_from(value) {
                    Ok(port) if (1..=65535).contains(&port) => webhook.port = Some(port),
                    _ => cx.error_spanned_by(&inner.path, "`port` is between 1 and 65535"),
                }
            }
            _ => {
                cx.error_spanned_by(
                    &inner.path,
                    format!("unknown key `{key}` in conversion_webhook(...); expected url, service, path, port"),
                );
                values::skip_value(&inner)?;
            }
        }
        Ok(())
    })?;
    let given = |key: &str| written.iter().any(|w| w == key);
    if given("url") == given("service") {
        cx.error_spanned_by(&meta.path, "conversion_webhook(...) needs exactly one of `url` and `service`");
        return Ok(None);
    }
    if given("url") && (given("path") || given("port")) {
        cx.error_spanned_by(&meta.path, "`path` and `port` go with `service`; a `url` carries its own");
        return Ok(None);
    }
    Ok(Some(webhook))
}
