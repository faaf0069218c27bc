//! A resource's `#[kapi(...)]` attributes on its kind's struct.

use kapi_model::{ResourceMeta, STANDARD_VERBS, Scope};

use super::context::Context;
use super::names::string_literal;

/// The verbs `status` and `scale` serve, and a subresource without `verbs` too.
const SUBRESOURCE_VERBS: [&str; 3] = ["get", "patch", "update"];

fn list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|item| string_literal(item)).collect();
    format!("[{}]", quoted.join(", "))
}

/// The resource attributes for `resource`, whose kind's Rust type is called `ident`.
pub fn attributes(cx: &Context<'_>, resource: &ResourceMeta, ident: &str) -> Result<Vec<String>, String> {
    let type_path = |name: &kapi_model::DefName| {
        cx.type_of(name).map(|(path, _)| path).ok_or_else(|| format!("no Rust type for `{name}`"))
    };
    let mut attributes = vec![
        format!("group = {}", string_literal(&resource.group_version.group)),
        format!("version = {}", string_literal(&resource.group_version.version)),
    ];
    if resource.kind != ident {
        attributes.push(format!("kind = {}", string_literal(&resource.kind)));
    }
    attributes.push(format!("plural = {}", string_literal(&resource.plural)));
    if resource.singular != resource.kind.to_lowercase() {
        attributes.push(format!("singular = {}", string_literal(&resource.singular)));
    }
    if resource.scope == Scope::Cluster {
        attributes.push("scope = \"Cluster\"".into());
    }
    if resource.verbs != STANDARD_VERBS {
        attributes.push(format!("verbs = {}", list(&resource.verbs)));
    }
    if !resource.short_names.is_empty() {
        attributes.push(format!("short_names = {}", list(&resource.short_names)));
    }
    if !resource.categories.is_empty() {
        attributes.push(format!("categories = {}", list(&resource.categories)));
    }
    if let Some(list_definition) = &resource.list_definition {
        attributes.push(format!("list = {}", type_path(list_definition)?));
    }
    if resource.delete_returns_object {
        attributes.push("delete_returns_object".into());
    }
    if let Some(crd) = &resource.crd {
        attributes.push(crd_attribute(crd));
    }
    for subresource in &resource.subresources {
        let plain_verbs = subresource.verbs == SUBRESOURCE_VERBS;
        if subresource.name == "status" && subresource.kind.is_none() && plain_verbs && subresource.options.is_none() {
            attributes.push("status".into());
            continue;
        }
        if let (Some(scale), Some(kind)) = (&subresource.scale, &subresource.kind) {
            let mut parts = vec![
                format!("spec_replicas_path = {}", string_literal(&scale.spec_replicas_path)),
                format!("status_replicas_path = {}", string_literal(&scale.status_replicas_path)),
            ];
            if let Some(selector) = &scale.label_selector_path {
                parts.push(format!("label_selector_path = {}", string_literal(selector)));
            }
            parts.push(format!("kind = {}", type_path(&kind.definition)?));
            attributes.push(format!("scale({})", parts.join(", ")));
            continue;
        }
        let mut parts = vec![format!("name = {}", string_literal(&subresource.name))];
        match &subresource.connect {
            Some(connect) => {
                parts.push(format!("connect = {}", list(&connect.methods)));
                if connect.subpath {
                    parts.push("subpath".into());
                }
            }
            None => parts.push(format!("verbs = {}", list(&subresource.verbs))),
        }
        if let Some(kind) = &subresource.kind
            && subresource.connect.is_none()
        {
            parts.push(format!("kind = {}", type_path(&kind.definition)?));
        }
        if let Some(options) = &subresource.options {
            parts.push(format!("options = {}", type_path(options)?));
        }
        if !subresource.text_media_types.is_empty() {
            parts.push(format!("text_media_types = {}", list(&subresource.text_media_types)));
        }
        attributes.push(format!("subresource({})", parts.join(", ")));
    }
    Ok(attributes)
}

/// `crd`, or `crd(...)` with what differs from a served, unmarked version.
fn crd_attribute(crd: &kapi_model::CrdVersion) -> String {
    let mut parts = Vec::new();
    match crd.storage {
        Some(true) => parts.push("storage".to_owned()),
        Some(false) => parts.push("storage = false".to_owned()),
        None => {}
    }
    if !crd.served {
        parts.push("served = false".into());
    }
    if crd.deprecated {
        parts.push("deprecated".into());
    }
    if let Some(warning) = &crd.deprecation_warning {
        parts.push(format!("deprecation_warning = {}", string_literal(warning)));
    }
    for column in &crd.printer_columns {
        let mut keys = vec![
            format!("name = {}", string_literal(&column.name)),
            format!("type = {}", string_literal(&column.column_type)),
            format!("json_path = {}", string_literal(&column.json_path)),
        ];
        if let Some(description) = &column.description {
            keys.push(format!("description = {}", string_literal(description)));
        }
        if let Some(format) = &column.format {
            keys.push(format!("format = {}", string_literal(format)));
        }
        if column.priority != 0 {
            keys.push(format!("priority = {}", column.priority));
        }
        parts.push(format!("printer_column({})", keys.join(", ")));
    }
    for field in &crd.selectable_fields {
        parts.push(format!("selectable_field = {}", string_literal(field)));
    }
    if let Some(webhook) = &crd.conversion_webhook {
        let mut keys = Vec::new();
        if let Some(url) = &webhook.url {
            keys.push(format!("url = {}", string_literal(url)));
        }
        if let Some((namespace, name)) = &webhook.service {
            keys.push(format!("service = {}", string_literal(&format!("{namespace}/{name}"))));
        }
        if let Some(path) = &webhook.path {
            keys.push(format!("path = {}", string_literal(path)));
        }
        if let Some(port) = webhook.port {
            keys.push(format!("port = {port}"));
        }
        parts.push(format!("conversion_webhook({})", keys.join(", ")));
    }
    if let Some(approval) = &crd.api_approved {
        parts.push(format!("api_approved = {}", string_literal(approval)));
    }
    if let Some(position) = crd.position {
        parts.push(format!("position = {position}"));
    }
    if crd.empty_subresources {
        parts.push("empty_subresources".into());
    }
    if parts.is_empty() { "crd".to_owned() } else { format!("crd({})", parts.join(", ")) }
}
