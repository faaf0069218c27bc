//! What a lease's fields look like, as words that do not change from run to run: a UUID is "a UUID", a time
//! is its format and precision, a name is the recipe it was derived by. Two servers whose leases have the same
//! shapes write the same kind of lease.

use std::collections::BTreeMap;

use kapi_runtime::identity::{COMPONENT_LABEL, HOSTNAME_LABEL, lease_name};
use serde_json::Value;

/// Each field's shape, by path (`spec.renewTime`, `metadata.labels["kubernetes.io/hostname"]`); `hostname` is
/// the host name the server runs as.
pub fn shapes(lease: &Value, hostname: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    flatten(lease, "", &mut out);
    let name = lease["metadata"]["name"].as_str().unwrap_or_default();
    let label = |key: &str| lease["metadata"]["labels"][key].as_str().unwrap_or_default();
    let (component, labelled_host) = (label(COMPONENT_LABEL), label(HOSTNAME_LABEL));
    if name == lease_name(component, labelled_host) {
        out.insert(
            "metadata.name".to_owned(),
            "`apiserver-` + base32 of SHA-256(host name, component), 26 characters".to_owned(),
        );
    }
    let holder = lease["spec"]["holderIdentity"].as_str().unwrap_or_default();
    if holder.strip_prefix(name).and_then(|rest| rest.strip_prefix('_')).is_some_and(is_uuid) {
        out.insert("spec.holderIdentity".to_owned(), "`<metadata.name>_<UUID>`".to_owned());
    }
    if labelled_host == hostname {
        out.insert(label_path(HOSTNAME_LABEL), "the host name".to_owned());
    }
    if let Some(entries) = lease["metadata"]["managedFields"].as_array() {
        out.insert(
            "metadata.managedFields".to_owned(),
            entries.iter().map(managed_entry).collect::<Vec<_>>().join("; "),
        );
    }
    out
}

fn label_path(key: &str) -> String {
    format!("metadata.labels[\"{key}\"]")
}

/// Leaves by dotted path; labels and annotations by key; managed fields are summarised by [`shapes`].
fn flatten(value: &Value, path: &str, out: &mut BTreeMap<String, String>) {
    match value {
        Value::Object(fields) if path != "metadata.managedFields" => {
            for (key, field) in fields {
                let child = match path {
                    "" => key.clone(),
                    "metadata.labels" | "metadata.annotations" => format!("{path}[\"{key}\"]"),
                    _ => format!("{path}.{key}"),
                };
                flatten(field, &child, out);
            }
            if fields.is_empty() {
                out.insert(path.to_owned(), "`{}`".to_owned());
            }
        }
        Value::String(text) => {
            out.insert(path.to_owned(), string_shape(text));
        }
        other => {
            out.insert(path.to_owned(), format!("`{other}`"));
        }
    }
}

/// A UUID, a timestamp's format, a decimal number, or the string itself.
fn string_shape(text: &str) -> String {
    if is_uuid(text) {
        return "a UUID".to_owned();
    }
    if kapi_rest::clock::parse_rfc3339(text).is_some() {
        return match text.strip_suffix('Z').and_then(|t| t.split_once('.')) {
            Some((_, fraction)) => format!("RFC 3339 UTC, {} fractional digits", fraction.len()),
            None => "RFC 3339 UTC, whole seconds".to_owned(),
        };
    }
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return "a decimal integer".to_owned();
    }
    format!("`{text}`")
}

/// One managed-fields entry: manager, operation, version, and the fields it owns (by their last name).
fn managed_entry(entry: &Value) -> String {
    let text = |key: &str| entry[key].as_str().unwrap_or("?").to_owned();
    let mut owned = Vec::new();
    owned_fields(&entry["fieldsV1"], &mut owned);
    format!(
        "manager `{}`, operation `{}`, `{}`, `{}` owning {}",
        text("manager"),
        text("operation"),
        text("apiVersion"),
        text("fieldsType"),
        owned.join(", ")
    )
}

fn owned_fields(fields: &Value, out: &mut Vec<String>) {
    let Some(fields) = fields.as_object() else { return };
    for (key, child) in fields {
        let Some(name) = key.strip_prefix("f:") else { continue };
        if child.as_object().is_some_and(|c| c.keys().any(|k| k.starts_with("f:"))) {
            owned_fields(child, out);
        } else {
            out.push(name.to_owned());
        }
    }
}

fn is_uuid(text: &str) -> bool {
    text.len() == 36
        && text.char_indices().all(|(i, c)| if [8, 13, 18, 23].contains(&i) { c == '-' } else { c.is_ascii_hexdigit() })
}
