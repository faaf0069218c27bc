//! The object metadata rules the API server applies to every object it creates, beyond any schema: the name (or
//! `generateName`) in the format the kind requires, the namespace, label keys and values, annotation keys and
//! their total size, finalizer names and owner references. Messages and field paths are the server's
//! (apimachinery's `ValidateObjectMeta`); map entries are checked in key order, so the output is deterministic.
//!
//! Before any of that the server decodes `metadata` into its Go type: a field of the wrong JSON type (a map of
//! finalizers, a number as a label value) fails the whole request, reported here as a [`Origin::Decode`] problem
//! in Go's words.

use serde_json::{Map, Value};

use crate::catalog::Gvk;
use crate::names;
use crate::reason::{Origin, Reason};
use crate::walk::FieldError;

/// The name format a kind requires of `metadata.name` (and of `generateName`, as a prefix).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameRule {
    /// An RFC 1123 subdomain of at most 253 characters: the default, and every custom resource's.
    Subdomain,
    /// An RFC 1123 label of at most 63 characters.
    Dns1123Label,
    /// An RFC 1035 label (starting with a letter) of at most 63 characters.
    Dns1035Label,
    /// Anything usable as a URL path segment.
    PathSegment,
    /// A format kapi does not check (a canonical IP address, a name derived from another field, any name).
    Unchecked,
}

/// The built-in kinds whose names are not RFC 1123 subdomains, as Kubernetes 1.32's API server validates them
/// (`pkg/apis/*/validation`); every other kind, built-in or custom, uses [`NameRule::Subdomain`].
pub const NAME_RULES_1_32: &[(&str, &str, NameRule)] = &[
    ("", "Namespace", NameRule::Dns1123Label),
    ("", "Service", NameRule::Dns1035Label),
    ("apps", "StatefulSet", NameRule::Dns1123Label),
    ("rbac.authorization.k8s.io", "ClusterRole", NameRule::PathSegment),
    ("rbac.authorization.k8s.io", "ClusterRoleBinding", NameRule::PathSegment),
    ("rbac.authorization.k8s.io", "Role", NameRule::PathSegment),
    ("rbac.authorization.k8s.io", "RoleBinding", NameRule::PathSegment),
    // Any name at all.
    ("certificates.k8s.io", "CertificateSigningRequest", NameRule::Unchecked),
    // `<signer name with / as :>:<suffix>` when spec.signerName is set.
    ("certificates.k8s.io", "ClusterTrustBundle", NameRule::Unchecked),
    // A ConfigMap key.
    ("coordination.k8s.io", "LeaseCandidate", NameRule::Unchecked),
    // `<group>.<resource>`.
    ("internal.apiserver.k8s.io", "StorageVersion", NameRule::Unchecked),
    // An IP address in canonical form.
    ("networking.k8s.io", "IPAddress", NameRule::Unchecked),
    // Its validation checks the spec alone (no object metadata rules of Kubernetes' own).
    ("policy", "PodDisruptionBudget", NameRule::Unchecked),
];

/// How much of a `generateName` the server keeps before the 5 random characters it appends.
const GENERATED_PREFIX_MAX: usize = 58;

/// The annotations' total size limit (keys and values, in bytes).
pub const ANNOTATIONS_SIZE_LIMIT: usize = 256 * 1024;

/// The name rule of a kind.
pub fn name_rule(gvk: &Gvk) -> NameRule {
    NAME_RULES_1_32
        .iter()
        .find(|(group, kind, _)| *group == gvk.group && *kind == gvk.kind)
        .map_or(NameRule::Subdomain, |(_, _, rule)| *rule)
}

fn name_errors(rule: NameRule, name: &str, prefix: bool) -> Vec<String> {
    // A generateName prefix may end in `-`: the server appends random characters to it.
    let masked;
    let name = if prefix && name.len() > 1 && name.ends_with('-') {
        masked = format!("{}a", &name[..name.len() - 2]);
        masked.as_str()
    } else {
        name
    };
    match rule {
        NameRule::Subdomain => names::dns1123_subdomain(name),
        NameRule::Dns1123Label => names::dns1123_label(name),
        NameRule::Dns1035Label => names::dns1035_label(name),
        NameRule::PathSegment => names::path_segment(name, false),
        NameRule::Unchecked => Vec::new(),
    }
}

fn metadata_error(field: &str, reason: Reason, message: String) -> FieldError {
    FieldError { field: format!("metadata.{field}"), reason, origin: Origin::Metadata, message }
}

/// `Invalid value: "<value>": <detail>`, Go-quoted as the server prints strings.
fn invalid(field: &str, value: &str, detail: &str) -> FieldError {
    metadata_error(field, Reason::Invalid, format!("Invalid value: {value:?}: {detail}"))
}

/// The metadata problems of an object of kind `gvk`, as the server finds them on create (after decoding, and after
/// a `generateName` has produced the name).
///
/// `built_in` for a kind the server itself serves (not a custom resource): most of those check finalizers once
/// more (see [`LEGACY_FINALIZER_CHECK_SKIPPED_1_32`]).
pub fn metadata_problems(gvk: &Gvk, object: &Value, built_in: bool) -> Vec<FieldError> {
    let empty = Map::new();
    let metadata = object.get("metadata").and_then(Value::as_object).unwrap_or(&empty);
    let text = |key: &str| metadata.get(key).and_then(Value::as_str).unwrap_or_default();
    let rule = name_rule(gvk);
    let mut errors = Vec::new();
    let generate_name = text("generateName");
    if !generate_name.is_empty() {
        for detail in name_errors(rule, generate_name, true) {
            errors.push(invalid("generateName", generate_name, &detail));
        }
    }
    // The server generates the name before it validates: the prefix (cut to 58 characters) and 5 random ones.
    let generated;
    let name = match text("name") {
        "" if !generate_name.is_empty() => {
            let cut = generate_name.char_indices().nth(GENERATED_PREFIX_MAX).map_or(generate_name.len(), |(i, _)| i);
            generated = format!("{}xxxxx", &generate_name[..cut]);
            generated.as_str()
        }
        name => name,
    };
    if name.is_empty() {
        let message = "Required value: name or generateName is required".to_owned();
        errors.push(metadata_error("name", Reason::Required, message));
    } else {
        for detail in name_errors(rule, name, false) {
            errors.push(invalid("name", name, &detail));
        }
    }
    let namespace = text("namespace");
    if !namespace.is_empty() {
        for detail in names::dns1123_label(namespace) {
            errors.push(invalid("namespace", namespace, &detail));
        }
    }
    if let Some(generation) = metadata.get("generation").and_then(Value::as_i64).filter(|g| *g < 0) {
        let message = format!("Invalid value: {generation}: must be greater than or equal to 0");
        errors.push(metadata_error("generation", Reason::Invalid, message));
    }
    errors.extend(labels(metadata));
    errors.extend(annotations(metadata));
    errors.extend(owner_references(metadata));
    errors.extend(finalizers(metadata));
    if built_in && !LEGACY_FINALIZER_CHECK_SKIPPED_1_32.contains(&gvk.group.as_str()) {
        errors.extend(legacy_finalizers(metadata));
    }
    errors
}

/// The built-in groups whose objects' metadata is validated by apimachinery alone; the others (Kubernetes' own
/// `pkg/apis`) also refuse a finalizer with no `/` that is not one of the standard three.
pub const LEGACY_FINALIZER_CHECK_SKIPPED_1_32: &[&str] =
    &["admissionregistration.k8s.io", "apiextensions.k8s.io", "apiregistration.k8s.io", "policy"];

/// The finalizers without a domain the server itself handles.
const STANDARD_FINALIZERS: &[&str] = &["kubernetes", "orphan", "foregroundDeletion"];

fn legacy_finalizers(metadata: &Map<String, Value>) -> Vec<FieldError> {
    let Some(Value::Array(finalizers)) = metadata.get("finalizers") else { return Vec::new() };
    let mut errors = Vec::new();
    for (index, name) in finalizers.iter().enumerate() {
        let Some(name) = name.as_str() else { continue };
        if !name.contains('/') && !STANDARD_FINALIZERS.contains(&name) {
            let detail = "name is neither a standard finalizer name nor is it fully qualified";
            errors.push(invalid(&format!("finalizers[{index}]"), name, detail));
        }
    }
    errors
}

fn string_map(metadata: &Map<String, Value>, key: &str) -> Vec<(String, String)> {
    let Some(Value::Object(entries)) = metadata.get(key) else { return Vec::new() };
    let mut pairs: Vec<(String, String)> =
        entries.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_owned())).collect();
    pairs.sort();
    pairs
}

fn labels(metadata: &Map<String, Value>) -> Vec<FieldError> {
    let mut errors = Vec::new();
    for (key, value) in string_map(metadata, "labels") {
        for detail in names::qualified_name(&key) {
            errors.push(invalid("labels", &key, &detail));
        }
        for detail in names::label_value(&value) {
            errors.push(invalid("labels", &value, &detail));
        }
    }
    errors
}

fn annotations(metadata: &Map<String, Value>) -> Vec<FieldError> {
    let pairs = string_map(metadata, "annotations");
    let mut errors = Vec::new();
    for (key, _) in &pairs {
        // Annotation keys are qualified names in any case.
        for detail in names::qualified_name(&key.to_lowercase()) {
            errors.push(invalid("annotations", key, &detail));
        }
    }
    let size: usize = pairs.iter().map(|(k, v)| k.len() + v.len()).sum();
    if size > ANNOTATIONS_SIZE_LIMIT {
        let message = format!("Too long: may not be more than {ANNOTATIONS_SIZE_LIMIT} bytes");
        errors.push(metadata_error("annotations", Reason::TooLong, message));
    }
    errors
}

fn owner_references(metadata: &Map<String, Value>) -> Vec<FieldError> {
    let Some(Value::Array(references)) = metadata.get("ownerReferences") else { return Vec::new() };
    let mut errors = Vec::new();
    let mut controller: Option<String> = None;
    for reference in references {
        let text = |key: &str| reference.get(key).and_then(Value::as_str).unwrap_or_default();
        let api_version = text("apiVersion");
        let version = api_version.rsplit_once('/').map_or(api_version, |(_, version)| version);
        // The server reports these at `ownerReferences.<field>`, without the item's index.
        let checks = [
            ("apiVersion", version.is_empty(), api_version, "version must not be empty"),
            ("kind", text("kind").is_empty(), text("kind"), "kind must not be empty"),
            ("name", text("name").is_empty(), text("name"), "name must not be empty"),
            ("uid", text("uid").is_empty(), text("uid"), "uid must not be empty"),
        ];
        for (field, broken, value, detail) in checks {
            if broken {
                errors.push(invalid(&format!("ownerReferences.{field}"), value, detail));
            }
        }
        if reference.get("controller").and_then(Value::as_bool) == Some(true) {
            let this = format!("{}/{}", text("kind"), text("name"));
            match &controller {
                Some(first) => {
                    let message = format!(
                        "Invalid value: {}: Only one reference can have Controller set to true. Found \"true\" in \
                         references for {first} and {this}",
                        Value::Array(references.clone())
                    );
                    errors.push(metadata_error("ownerReferences", Reason::Invalid, message));
                }
                None => controller = Some(this),
            }
        }
    }
    errors
}

fn finalizers(metadata: &Map<String, Value>) -> Vec<FieldError> {
    let Some(Value::Array(finalizers)) = metadata.get("finalizers") else { return Vec::new() };
    let names: Vec<&str> = finalizers.iter().filter_map(Value::as_str).collect();
    let mut errors = Vec::new();
    for name in &names {
        for detail in names::qualified_name(name) {
            errors.push(invalid("finalizers", name, &detail));
        }
    }
    if names.contains(&"orphan") && names.contains(&"foregroundDeletion") {
        let message = format!(
            "Invalid value: {}: finalizer orphan and foregroundDeletion cannot be both set",
            Value::Array(finalizers.clone())
        );
        errors.push(metadata_error("finalizers", Reason::Invalid, message));
    }
    errors
}

/// The Go types of `ObjectMeta`'s fields, for decoding errors: a JSON value of another type fails the request.
const OBJECT_META_TYPES: &[(&str, GoType)] = &[
    ("name", GoType::String),
    ("generateName", GoType::String),
    ("namespace", GoType::String),
    ("selfLink", GoType::String),
    ("uid", GoType::Named("types.UID")),
    ("resourceVersion", GoType::String),
    ("generation", GoType::Int64),
    ("creationTimestamp", GoType::Time),
    ("deletionTimestamp", GoType::Time),
    ("deletionGracePeriodSeconds", GoType::Int64),
    ("labels", GoType::StringMap),
    ("annotations", GoType::StringMap),
    ("ownerReferences", GoType::Named("[]v1.OwnerReference")),
    ("finalizers", GoType::StringList),
    ("managedFields", GoType::Named("[]v1.ManagedFieldsEntry")),
];

#[derive(Debug, Clone, Copy)]
enum GoType {
    String,
    Int64,
    Time,
    StringMap,
    StringList,
    /// A list of structs: only the list itself is checked.
    Named(&'static str),
}

/// JSON's type as Go's decoder names it in errors.
fn go_json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Why the object's metadata cannot be decoded, in Go's words; `None` when it can.
pub fn metadata_decode_error(object: &Value) -> Option<FieldError> {
    let decode_error = |field: &str, found: &Value, go_type: &str| FieldError {
        field: format!("metadata.{field}"),
        reason: Reason::Internal,
        origin: Origin::Decode,
        message: format!(
            "json: cannot unmarshal {} into Go struct field ObjectMeta.{field} of type {go_type}",
            go_json_type(found)
        ),
    };
    let metadata = match object.get("metadata") {
        None | Some(Value::Null) => return None,
        Some(Value::Object(metadata)) => metadata,
        Some(other) => {
            return Some(FieldError {
                field: "metadata".to_owned(),
                reason: Reason::Internal,
                origin: Origin::Decode,
                message: format!(
                    "json: cannot unmarshal {} into Go struct field .metadata of type v1.ObjectMeta",
                    go_json_type(other)
                ),
            });
        }
    };
    for (field, go_type) in OBJECT_META_TYPES {
        let Some(value) = metadata.get(*field).filter(|v| !v.is_null()) else { continue };
        let error = match go_type {
            GoType::String | GoType::Time if !value.is_string() => Some((value, "string")),
            GoType::Int64 if !(value.is_i64() || value.is_u64()) => Some((value, "int64")),
            GoType::StringMap => match value {
                Value::Object(entries) => {
                    entries.values().find(|v| !v.is_string() && !v.is_null()).map(|bad| (bad, "string"))
                }
                other => Some((other, "map[string]string")),
            },
            GoType::StringList => match value {
                Value::Array(items) => items.iter().find(|v| !v.is_string() && !v.is_null()).map(|bad| (bad, "string")),
                other => Some((other, "[]string")),
            },
            GoType::Named(name) if !value.is_array() => Some((value, *name)),
            _ => None,
        };
        if let Some((found, go_type)) = error {
            return Some(decode_error(field, found, go_type));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn gvk(group: &str, kind: &str) -> Gvk {
        Gvk { group: group.to_owned(), version: "v1".to_owned(), kind: kind.to_owned() }
    }

    #[test]
    fn names_by_kind() {
        let service = json!({"metadata": {"name": "1abc"}});
        assert_eq!(metadata_problems(&gvk("", "Service"), &service, true).len(), 1);
        assert!(metadata_problems(&gvk("", "ConfigMap"), &service, true).is_empty());
        let role = json!({"metadata": {"name": "system:Admin"}});
        assert!(metadata_problems(&gvk("rbac.authorization.k8s.io", "ClusterRole"), &role, true).is_empty());
        let generated = json!({"metadata": {"generateName": "web-"}});
        assert!(metadata_problems(&gvk("", "Pod"), &generated, true).is_empty());
        let missing = metadata_problems(&gvk("", "Pod"), &json!({}), true);
        assert_eq!(missing[0].field, "metadata.name");
        assert_eq!(missing[0].reason, Reason::Required);
    }

    #[test]
    fn labels_annotations_finalizers_owners() {
        let object = json!({"metadata": {
            "name": "x",
            "labels": {"owner": "_", "a/b/c": "ok"},
            "annotations": {"Example.com/Fine": "", "bad key": ""},
            "finalizers": ["example.com/ok", "not ok"],
            "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": "p"}]
        }});
        let fields: Vec<(String, Reason)> =
            metadata_problems(&gvk("", "ConfigMap"), &object, false).into_iter().map(|e| (e.field, e.reason)).collect();
        let expected = [
            "metadata.labels",
            "metadata.labels",
            "metadata.annotations",
            "metadata.ownerReferences.uid",
            "metadata.finalizers",
        ];
        assert_eq!(fields.iter().map(|(f, _)| f.as_str()).collect::<Vec<_>>(), expected);
    }

    #[test]
    fn decode_errors_in_go_words() {
        let object = json!({"metadata": {"name": "x", "finalizers": {"key": "value"}}});
        assert_eq!(
            metadata_decode_error(&object).map(|e| e.message).unwrap_or_default(),
            "json: cannot unmarshal object into Go struct field ObjectMeta.finalizers of type []string"
        );
        assert!(metadata_decode_error(&json!({"metadata": {"labels": {"a": "b"}}})).is_none());
    }
}
