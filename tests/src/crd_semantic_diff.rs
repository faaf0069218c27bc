//! A structural comparison of two CustomResourceDefinitions, as parsed JSON: version by version (matched by name),
//! and inside each version's `openAPIV3Schema` schema path by schema path, keyword by keyword.
//!
//! What the comparison leaves out, because it cannot change what the API server does or shows:
//! - the order of object keys (both sides are parsed into maps);
//! - the annotation `controller-gen.kubebuilder.io/version` (it names the tool that wrote the file);
//! - the order of `required` (a set: the server checks each name, in no order) and of `spec.versions` (matched by
//!   name; the server sorts versions by its own priority);
//! - how a number is written (`1` and `1.0` are one value to the server's JSON decoder);
//! - runs of white space inside a `description` (Go comments wrap at the source's line length; `kubectl explain`
//!   re-wraps descriptions).
//!
//! Every other difference is reported: a keyword present on one side only, or with another value.

use std::collections::BTreeSet;
use std::fmt;

use serde_json::{Map, Value};

/// Annotations that only name the tool which wrote the CRD.
const TOOL_ANNOTATIONS: &[&str] = &["controller-gen.kubebuilder.io/version"];

/// Where a difference sits outside any version (`spec.names`, `spec.conversion`, `metadata` …).
pub const OUTSIDE_VERSIONS: &str = "-";

/// One difference between the two CRDs.
#[derive(Debug, Clone, PartialEq)]
pub struct Difference {
    /// The CRD's name, such as `crontabs.stable.example.com`.
    pub crd: String,
    /// The version's name, or [`OUTSIDE_VERSIONS`].
    pub version: String,
    /// Inside a version's schema, the schema path from the root (`.`, `.spec.ports[*].name`; `{*}` for a map's
    /// values, `/anyOf/0` for a branch); elsewhere, the JSON path of the field that holds `keyword`
    /// (`spec.names`, `subresources`).
    pub path: String,
    /// The keyword (schema keyword or CRD field) that differs; `(property)` when a property exists on one side only,
    /// `(version)` when a version does.
    pub keyword: String,
    /// The value on the left (kapi's) side, absent when the keyword is not there.
    pub left: Option<Value>,
    /// The value on the right (the peer's) side.
    pub right: Option<Value>,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}: {} | {}",
            self.crd,
            self.version,
            self.path,
            self.keyword,
            show(self.left.as_ref()),
            show(self.right.as_ref())
        )
    }
}

/// A value as one line of compact JSON, or `(absent)`.
pub fn show(value: Option<&Value>) -> String {
    value.map_or_else(|| "(absent)".to_owned(), |v| serde_json::to_string(v).unwrap_or_default())
}

/// Every difference between `left` and `right`, two CRDs of the same name, sorted.
pub fn compare(left: &Value, right: &Value) -> Vec<Difference> {
    let crd = left["metadata"]["name"].as_str().or(right["metadata"]["name"].as_str()).unwrap_or("?").to_owned();
    let mut out = Differences { crd, version: OUTSIDE_VERSIONS.to_owned(), found: Vec::new() };
    let (left, right) = (without_tool_annotations(left), without_tool_annotations(right));
    for key in keys(&left, &right) {
        if key == "spec" {
            compare_spec(&mut out, &left["spec"], &right["spec"]);
        } else {
            out.fields("", &key, left.get(&key), right.get(&key));
        }
    }
    let mut found = out.found;
    found.sort_by(|a, b| (&a.version, &a.path, &a.keyword).cmp(&(&b.version, &b.path, &b.keyword)));
    found
}

/// The CRD without the annotations that name its writer (and without `annotations` once empty).
fn without_tool_annotations(crd: &Value) -> Value {
    let mut crd = crd.clone();
    if let Some(metadata) = crd.get_mut("metadata").and_then(Value::as_object_mut)
        && let Some(annotations) = metadata.get_mut("annotations").and_then(Value::as_object_mut)
    {
        for name in TOOL_ANNOTATIONS {
            annotations.remove(*name);
        }
        if annotations.is_empty() {
            metadata.remove("annotations");
        }
    }
    crd
}

fn compare_spec(out: &mut Differences, left: &Value, right: &Value) {
    for key in keys(left, right) {
        if key != "versions" {
            out.fields("spec", &key, left.get(&key), right.get(&key));
        }
    }
    let versions = |spec: &Value| -> Vec<(String, Value)> {
        let list = spec["versions"].as_array().cloned().unwrap_or_default();
        list.into_iter().map(|v| (v["name"].as_str().unwrap_or("?").to_owned(), v)).collect()
    };
    let (left, right) = (versions(left), versions(right));
    let names: BTreeSet<&String> = left.iter().chain(&right).map(|(name, _)| name).collect();
    for name in names {
        let find = |list: &[(String, Value)]| list.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
        out.version = name.clone();
        match (find(&left), find(&right)) {
            (Some(l), Some(r)) => compare_version(out, &l, &r),
            (l, r) => out.push("spec.versions", "(version)", l.as_ref(), r.as_ref()),
        }
    }
    out.version = OUTSIDE_VERSIONS.to_owned();
}

fn compare_version(out: &mut Differences, left: &Value, right: &Value) {
    for key in keys(left, right) {
        if key == "schema" {
            let schema = |v: &Value| v.pointer("/schema/openAPIV3Schema").cloned();
            match (schema(left), schema(right)) {
                (Some(l), Some(r)) => compare_schema(out, ".", &l, &r),
                (l, r) => out.push("", "schema", l.as_ref(), r.as_ref()),
            }
        } else {
            out.fields("", &key, left.get(&key), right.get(&key));
        }
    }
}

/// Compares two schema nodes at `path`, keyword by keyword, descending into sub-schemas.
fn compare_schema(out: &mut Differences, path: &str, left: &Value, right: &Value) {
    let child = |suffix: &str| if path == "." { format!(".{suffix}") } else { format!("{path}.{suffix}") };
    for key in keys(left, right) {
        let (l, r) = (left.get(&key), right.get(&key));
        match (key.as_str(), l, r) {
            ("properties", Some(Value::Object(l)), Some(Value::Object(r))) => {
                for name in keys_of(l, r) {
                    match (l.get(&name), r.get(&name)) {
                        (Some(ls), Some(rs)) => compare_schema(out, &child(&name), ls, rs),
                        (ls, rs) => out.push(&child(&name), "(property)", ls, rs),
                    }
                }
            }
            ("items", Some(l @ Value::Object(_)), Some(r @ Value::Object(_))) => {
                compare_schema(out, &format!("{}[*]", path.trim_end_matches('.')), l, r);
            }
            ("additionalProperties", Some(l @ Value::Object(_)), Some(r @ Value::Object(_))) => {
                compare_schema(out, &format!("{}{{*}}", path.trim_end_matches('.')), l, r);
            }
            ("anyOf" | "oneOf" | "allOf", Some(Value::Array(l)), Some(Value::Array(r))) if l.len() == r.len() => {
                for (index, (ls, rs)) in l.iter().zip(r).enumerate() {
                    compare_schema(out, &format!("{path}/{key}/{index}"), ls, rs);
                }
            }
            ("not", Some(l @ Value::Object(_)), Some(r @ Value::Object(_))) => {
                compare_schema(out, &format!("{path}/not"), l, r);
            }
            ("required", Some(l), Some(r)) if as_set(l) == as_set(r) => {}
            ("description", Some(Value::String(l)), Some(Value::String(r))) if words(l) == words(r) => {}
            _ if same(l, r) => {}
            _ => out.push(path, &key, l, r),
        }
    }
}

/// What the comparison has found so far, and where it is.
struct Differences {
    crd: String,
    version: String,
    found: Vec<Difference>,
}

impl Differences {
    fn push(&mut self, path: &str, keyword: &str, left: Option<&Value>, right: Option<&Value>) {
        self.found.push(Difference {
            crd: self.crd.clone(),
            version: self.version.clone(),
            path: path.to_owned(),
            keyword: keyword.to_owned(),
            left: left.cloned(),
            right: right.cloned(),
        });
    }

    /// Compares a field outside the schema: objects key by key, anything else as a value.
    fn fields(&mut self, path: &str, key: &str, left: Option<&Value>, right: Option<&Value>) {
        match (left, right) {
            (Some(Value::Object(l)), Some(Value::Object(r))) => {
                let inner = if path.is_empty() { key.to_owned() } else { format!("{path}.{key}") };
                for name in keys_of(l, r) {
                    self.fields(&inner, &name, l.get(&name), r.get(&name));
                }
            }
            _ if same(left, right) => {}
            _ => self.push(path, key, left, right),
        }
    }
}

fn keys(left: &Value, right: &Value) -> BTreeSet<String> {
    let empty = Map::new();
    keys_of(left.as_object().unwrap_or(&empty), right.as_object().unwrap_or(&empty))
}

fn keys_of(left: &Map<String, Value>, right: &Map<String, Value>) -> BTreeSet<String> {
    left.keys().chain(right.keys()).cloned().collect()
}

fn as_set(value: &Value) -> BTreeSet<String> {
    value.as_array().into_iter().flatten().map(|v| v.to_string()).collect()
}

fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// Equal values, numbers compared by value (`1` and `1.0` are the same number).
fn same(left: Option<&Value>, right: Option<&Value>) -> bool {
    match (left, right) {
        (Some(l), Some(r)) => same_value(l, r),
        (None, None) => true,
        _ => false,
    }
}

fn same_value(left: &Value, right: &Value) -> bool {
    match (left, right) {
        (Value::Number(l), Value::Number(r)) => l.as_f64() == r.as_f64(),
        (Value::Array(l), Value::Array(r)) => l.len() == r.len() && l.iter().zip(r).all(|(l, r)| same_value(l, r)),
        (Value::Object(l), Value::Object(r)) => {
            l.len() == r.len() && l.iter().all(|(k, v)| r.get(k).is_some_and(|w| same_value(v, w)))
        }
        _ => left == right,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn crd(schema: Value, extra: Value) -> Value {
        let mut version = json!({"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": schema}});
        for (k, v) in extra.as_object().into_iter().flatten() {
            version[k] = v.clone();
        }
        json!({"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
               "metadata": {"name": "things.example.com"}, "spec": {"group": "example.com", "versions": [version]}})
    }

    #[test]
    fn key_order_required_order_number_form_and_the_tool_annotation_are_not_differences() {
        let left =
            crd(json!({"type": "object", "required": ["a", "b"], "properties": {"a": {"minimum": 1}}}), json!({}));
        let mut right =
            crd(json!({"properties": {"a": {"minimum": 1.0}}, "required": ["b", "a"], "type": "object"}), json!({}));
        right["metadata"]["annotations"] = json!({"controller-gen.kubebuilder.io/version": "v0.23.0"});
        assert_eq!(compare(&left, &right), vec![]);
    }

    #[test]
    fn differences_are_named_by_version_schema_path_and_keyword() {
        let left = crd(
            json!({"properties": {"ports": {"items": {"properties": {"name": {"maxLength": 15}}}}, "only": {}}}),
            json!({"subresources": {"status": {}}}),
        );
        let right =
            crd(json!({"properties": {"ports": {"items": {"properties": {"name": {"maxLength": 16}}}}}}), json!({}));
        let found: Vec<String> = compare(&left, &right).iter().map(ToString::to_string).collect();
        assert_eq!(
            found,
            [
                "things.example.com v1  subresources: {\"status\":{}} | (absent)",
                "things.example.com v1 .only (property): {} | (absent)",
                "things.example.com v1 .ports[*].name maxLength: 15 | 16",
            ]
        );
    }

    #[test]
    fn a_version_on_one_side_only_is_one_difference() {
        let left = crd(json!({}), json!({}));
        let mut right = left.clone();
        right["spec"]["versions"][0]["name"] = json!("v2");
        let found = compare(&left, &right);
        assert_eq!(found.len(), 2);
        assert!(found.iter().all(|d| d.keyword == "(version)"));
    }
}
