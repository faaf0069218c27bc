//! A custom resource's kind and list schemas as the API server publishes them, from one version of its CRD.
//!
//! The server reads the version's schema into its structural form and back, which keeps exactly the keywords a
//! structural schema has (others, such as `example` and `externalDocs`, are dropped, and so are `false` flags);
//! writes every `x-kubernetes-int-or-string` node's two alternatives out as `anyOf`; replaces `apiVersion`, `kind`
//! and `metadata` with its own (also on embedded resources); and names the kind and its selectable fields.

use serde_json::{Map, Value, json};

/// Where the server's metadata kinds are.
pub(crate) const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";
pub(crate) const LIST_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta";

/// Keywords a structural schema keeps, with a value of any kind.
const KEPT: &[&str] = &[
    "type",
    "description",
    "title",
    "default",
    "format",
    "maximum",
    "minimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "multipleOf",
    "enum",
    "maxProperties",
    "minProperties",
    "required",
    "x-kubernetes-list-map-keys",
    "x-kubernetes-list-type",
    "x-kubernetes-map-type",
    "x-kubernetes-validations",
];

/// Flags a structural schema keeps only when they are true.
const FLAGS: &[&str] = &[
    "nullable",
    "exclusiveMaximum",
    "exclusiveMinimum",
    "uniqueItems",
    "x-kubernetes-preserve-unknown-fields",
    "x-kubernetes-embedded-resource",
    "x-kubernetes-int-or-string",
];

/// What one CRD version contributes to its group-version's document.
pub(crate) struct KindNames<'a> {
    pub group: &'a str,
    pub version: &'a str,
    pub kind: &'a str,
    pub list_kind: &'a str,
    pub plural: &'a str,
}

/// The kind's schema: the version's `openAPIV3Schema` as the server republishes it (`{"type": "object"}` without
/// one), with `apiVersion`, `kind` and `metadata`, the kind's group-version-kind and its selectable fields.
pub(crate) fn kind_schema(names: &KindNames<'_>, version: &Value) -> Value {
    let mut schema = match version.pointer("/schema/openAPIV3Schema") {
        Some(schema) => {
            let mut structural = structural(schema);
            add_embedded_properties(&mut structural);
            add_type_meta(
                &mut structural,
                metadata(OBJECT_META, "The object's name, namespace, labels and other metadata."),
            );
            structural
        }
        None => json!({"type": "object"}),
    };
    schema["x-kubernetes-group-version-kind"] = group_version_kind(names, names.kind);
    schema["x-kubernetes-selectable-fields"] = selectable_fields(version);
    schema
}

/// The list kind's schema, which the server writes for every custom resource.
pub(crate) fn list_schema(names: &KindNames<'_>, version: &Value, kind_reference: Value) -> Value {
    let mut schema = json!({
        "description": format!("A list of {} objects.", names.kind),
        "type": "object",
        "required": ["items"],
        "properties": {
            "items": {
                "description": format!("The {}.", names.plural),
                "type": "array",
                "items": kind_reference,
            },
        },
    });
    add_type_meta(&mut schema, metadata(LIST_META, "Where the list stands: its resource version and continue token."));
    schema["x-kubernetes-group-version-kind"] = group_version_kind(names, names.list_kind);
    schema["x-kubernetes-selectable-fields"] = selectable_fields(version);
    schema
}

fn group_version_kind(names: &KindNames<'_>, kind: &str) -> Value {
    json!([{"group": names.group, "version": names.version, "kind": kind}])
}

/// `selectableFields` as field paths without the leading dot; an empty list when there are none (the server writes
/// one either way).
fn selectable_fields(version: &Value) -> Value {
    let fields = version.get("selectableFields").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    let paths = fields.iter().filter_map(|field| field.get("jsonPath").and_then(Value::as_str));
    Value::Array(paths.map(|path| json!({"fieldPath": path.strip_prefix('.').unwrap_or(path)})).collect())
}

/// A reference to a metadata kind with a description beside it (so, in OpenAPI 3.0, wrapped in `allOf`).
fn metadata(definition: &str, description: &str) -> Value {
    json!({"description": description, "allOf": [{"$ref": format!("#/components/schemas/{definition}")}]})
}

/// `apiVersion`, `kind` and `metadata`, over whatever the schema declared for them.
fn add_type_meta(schema: &mut Value, metadata: Value) {
    let properties = schema.as_object_mut().map(|object| object.entry("properties").or_insert_with(|| json!({})));
    let Some(Value::Object(properties)) = properties else { return };
    properties.insert(
        "apiVersion".to_owned(),
        json!({"description": "The group and version of the object's schema (`group/version`).", "type": "string"}),
    );
    properties.insert(
        "kind".to_owned(),
        json!({"description": "The object's kind, the type its schema describes, in CamelCase.", "type": "string"}),
    );
    properties.insert("metadata".to_owned(), metadata);
}

/// Embedded resources (`x-kubernetes-embedded-resource`) get the type meta and metadata of an object too, and
/// require `kind` and `apiVersion`.
fn add_embedded_properties(schema: &mut Value) {
    let Some(object) = schema.as_object_mut() else { return };
    if let Some(Value::Object(properties)) = object.get_mut("properties") {
        properties.values_mut().for_each(add_embedded_properties);
    }
    for key in ["items", "additionalProperties"] {
        if let Some(child) = object.get_mut(key) {
            add_embedded_properties(child);
        }
    }
    if object.get("x-kubernetes-embedded-resource") != Some(&Value::Bool(true)) {
        return;
    }
    add_type_meta(schema, metadata(OBJECT_META, "The embedded object's metadata."));
    let required = schema.as_object_mut().map(|object| object.entry("required").or_insert_with(|| json!([])));
    if let Some(Value::Array(required)) = required {
        for name in ["kind", "apiVersion"] {
            if !required.iter().any(|r| r == name) {
                required.push(json!(name));
            }
        }
    }
}

/// The schema as the server's structural form keeps it, with int-or-string unfolded.
fn structural(schema: &Value) -> Value {
    let Some(object) = schema.as_object() else { return schema.clone() };
    let mut out = Map::new();
    for (key, value) in object {
        let kept = match key.as_str() {
            key if KEPT.contains(&key) => Some(value.clone()),
            key if FLAGS.contains(&key) => (value == &Value::Bool(true)).then(|| value.clone()),
            "properties" => value.as_object().map(|properties| {
                Value::Object(properties.iter().map(|(name, child)| (name.clone(), structural(child))).collect())
            }),
            "items" | "not" => Some(structural(value)),
            "additionalProperties" => Some(if value.is_object() { structural(value) } else { value.clone() }),
            "allOf" | "anyOf" | "oneOf" => {
                value.as_array().map(|list| Value::Array(list.iter().map(structural).collect()))
            }
            _ => None,
        };
        if let Some(kept) = kept {
            out.insert(key.clone(), kept);
        }
    }
    if out.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true)) {
        unfold_int_or_string(&mut out);
    }
    Value::Object(out)
}

/// The server spells out an int-or-string node's alternatives: as `anyOf` when it has none, else as a first
/// `allOf` entry; unless they are spelled out already.
fn unfold_int_or_string(object: &mut Map<String, Value>) {
    let alternatives = json!([{"type": "integer"}, {"type": "string"}]);
    if object.get("anyOf") == Some(&alternatives) {
        return;
    }
    let first_all_of = object.get("allOf").and_then(|all| all.get(0));
    if first_all_of.and_then(|first| first.get("anyOf")) == Some(&alternatives) {
        return;
    }
    if !object.contains_key("anyOf") {
        object.insert("anyOf".to_owned(), alternatives);
        return;
    }
    let mut all_of = vec![json!({"anyOf": alternatives})];
    if let Some(Value::Array(existing)) = object.remove("allOf") {
        all_of.extend(existing);
    }
    object.insert("allOf".to_owned(), Value::Array(all_of));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_structural_keywords_only_and_unfolds_int_or_string() {
        let schema = json!({
            "type": "object",
            "example": {"a": 1},
            "x-kubernetes-preserve-unknown-fields": false,
            "properties": {
                "port": {"x-kubernetes-int-or-string": true, "externalDocs": {"url": "x"}},
                "size": {"x-kubernetes-int-or-string": true, "anyOf": [{"type": "integer"}, {"type": "string"}]},
                "odd": {"x-kubernetes-int-or-string": true, "anyOf": [{"maximum": 3}]},
            },
        });
        let out = structural(&schema);
        assert_eq!(out.get("example"), None);
        assert_eq!(out.get("x-kubernetes-preserve-unknown-fields"), None);
        let properties = &out["properties"];
        assert_eq!(
            properties["port"],
            json!({"x-kubernetes-int-or-string": true, "anyOf": [{"type": "integer"}, {"type": "string"}]})
        );
        assert_eq!(properties["size"], schema["properties"]["size"]);
        assert_eq!(properties["odd"]["allOf"][0]["anyOf"][0], json!({"type": "integer"}));
        assert_eq!(properties["odd"]["anyOf"], json!([{"maximum": 3}]));
    }

    #[test]
    fn embedded_resources_get_type_meta_and_require_it() {
        let names = KindNames {
            group: "a.example.com",
            version: "v1",
            kind: "Thing",
            list_kind: "ThingList",
            plural: "things",
        };
        let version = json!({"name": "v1", "schema": {"openAPIV3Schema": {
            "type": "object",
            "properties": {
                "metadata": {"type": "object", "properties": {"name": {"maxLength": 3}}},
                "template": {"type": "object", "x-kubernetes-embedded-resource": true, "required": ["kind"]},
            },
        }}, "selectableFields": [{"jsonPath": ".spec.a"}]});
        let schema = kind_schema(&names, &version);
        let properties = &schema["properties"];
        assert_eq!(properties["metadata"]["allOf"][0]["$ref"], json!(format!("#/components/schemas/{OBJECT_META}")));
        assert_eq!(properties["template"]["required"], json!(["kind", "apiVersion"]));
        assert_eq!(properties["template"]["properties"]["apiVersion"]["type"], json!("string"));
        assert_eq!(schema["x-kubernetes-selectable-fields"], json!([{"fieldPath": "spec.a"}]));
        assert_eq!(schema["x-kubernetes-group-version-kind"][0]["kind"], json!("Thing"));
        let list = list_schema(&names, &json!({"name": "v1"}), json!({"$ref": "#/components/schemas/x"}));
        assert_eq!(list["x-kubernetes-selectable-fields"], json!([]));
        assert_eq!(list["x-kubernetes-group-version-kind"][0]["kind"], json!("ThingList"));
    }
}
