//! `JSONSchemaProps`: the OpenAPI v3 schema (JSON Schema draft 4 with Kubernetes' extensions) a custom resource
//! version is validated, pruned and defaulted with, and the keyword values that take one of two JSON forms (their
//! reading and schemas are in `alternatives`).

use std::collections::BTreeMap;

use kapi::Schema;
use serde::{Deserialize, Serialize};
use serde_json::{Number, Value};

use super::annotations::{ExternalDocumentation, ValidationRule};
use super::json::{json_value_schema, json_values_schema, number_schema, present};

/// A schema of a custom resource, or of one value inside it: a JSON Schema (draft 4) subset plus Kubernetes'
/// `x-kubernetes-*` extensions.
///
/// Every keyword is optional and unset ones are left out when written, so reading a schema and writing it back
/// gives the same JSON. Numbers keep their JSON form (`5` stays `5`); maps are ordered by key, as Kubernetes
/// orders them. Keywords this type does not have (`x-kubernetes-unions`, `const`, ...) are dropped when read, as
/// the API server drops them.
///
/// Custom resource schemas must be structural: every node says its `type` (or is int-or-string or preserves
/// unknown fields), `$ref` is not allowed, and the logical keywords (`allOf`, `anyOf`, `oneOf`, `not`) may only
/// restrict what the typed keywords already describe.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1", rename = "JSONSchemaProps")]
pub struct JsonSchemaProps {
    /// An identifier of the schema (JSON Schema's `id`); not used by Kubernetes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub id: Option<String>,
    /// The URI of the JSON Schema dialect the schema is written in.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, proto_name = "schema")]
    pub schema: Option<String>,
    /// A reference to another schema; custom resource schemas may not use it.
    #[serde(rename = "$ref", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, proto_name = "ref")]
    pub reference: Option<String>,
    /// What the value means; `kubectl explain` shows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub description: Option<String>,
    /// The JSON type: `object`, `array`, `string`, `integer`, `number` or `boolean`.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub type_: Option<String>,
    /// A refinement of the type, such as `int32`, `date-time` or `byte`. Formats the server knows (`uri`, `email`,
    /// `hostname`, `ipv4`, `ipv6`, `cidr`, `mac`, `uuid`, `date`, `date-time`, `duration`, `byte`, and more) are
    /// checked; unknown ones are ignored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub format: Option<String>,
    /// A short title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub title: Option<String>,
    /// The value the server fills in when the field is absent (also `null`, for a nullable field). Defaults are
    /// applied when objects are read, written and returned, and must themselves be valid against the schema.
    #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8, schema_with = json_value_schema)]
    pub default: Option<Value>,
    /// The largest number allowed (or the bound it must stay below, with `exclusiveMaximum`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9, schema_with = number_schema)]
    pub maximum: Option<Number>,
    /// Makes `maximum` a bound the value must stay strictly below.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub exclusive_maximum: Option<bool>,
    /// The smallest number allowed (or the bound it must stay above, with `exclusiveMinimum`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 11, schema_with = number_schema)]
    pub minimum: Option<Number>,
    /// Makes `minimum` a bound the value must stay strictly above.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 12)]
    pub exclusive_minimum: Option<bool>,
    /// The most characters a string may have.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 13)]
    pub max_length: Option<i64>,
    /// The fewest characters a string may have.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 14)]
    pub min_length: Option<i64>,
    /// A regular expression (ECMA 262) a string must match somewhere; anchor it with `^` and `$` to match whole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 15)]
    pub pattern: Option<String>,
    /// The most items an array may have.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 16)]
    pub max_items: Option<i64>,
    /// The fewest items an array may have.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 17)]
    pub min_items: Option<i64>,
    /// Requires the items of an array to differ from each other. Custom resource schemas may not set it; list
    /// types `set` and `map` say the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 18)]
    pub unique_items: Option<bool>,
    /// Requires a number to be a multiple of this one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 19, schema_with = number_schema)]
    pub multiple_of: Option<Number>,
    /// The only values allowed.
    #[serde(rename = "enum", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 20, schema_with = json_values_schema, list_type = "atomic")]
    pub enum_values: Option<Vec<Value>>,
    /// The most properties an object may have.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 21)]
    pub max_properties: Option<i64>,
    /// The fewest properties an object may have.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 22)]
    pub min_properties: Option<i64>,
    /// The properties an object must have.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 23, list_type = "atomic")]
    pub required: Option<Vec<String>>,
    // The schema of an array's items. (No doc comment: it would become a description, and upstream's schema
    // refers to its type without one.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 24)]
    pub items: Option<JsonSchemaPropsOrArray>,
    /// Schemas the value must match all of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 25, list_type = "atomic")]
    pub all_of: Option<Vec<JsonSchemaProps>>,
    /// Schemas the value must match exactly one of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 26, list_type = "atomic")]
    pub one_of: Option<Vec<JsonSchemaProps>>,
    /// Schemas the value must match at least one of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 27, list_type = "atomic")]
    pub any_of: Option<Vec<JsonSchemaProps>>,
    // A schema the value must not match. (No doc comment, as for `items`.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 28)]
    pub not: Option<Box<JsonSchemaProps>>,
    /// The schemas of an object's named properties, by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 29)]
    pub properties: Option<BTreeMap<String, JsonSchemaProps>>,
    // Whether an object may have properties besides the named ones, or the schema they must match (a map's
    // values). (No doc comment, as for `items`.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 30)]
    pub additional_properties: Option<JsonSchemaPropsOrBool>,
    /// The schemas of the properties whose names match a regular expression, by expression.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 31)]
    pub pattern_properties: Option<BTreeMap<String, JsonSchemaProps>>,
    /// What an object must also satisfy when it has a property, by property name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 32)]
    pub dependencies: Option<BTreeMap<String, JsonSchemaPropsOrStringArray>>,
    // Whether an array may have items beyond those of a positional `items` list, or the schema they must match.
    // (No doc comment, as for `items`.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 33)]
    pub additional_items: Option<JsonSchemaPropsOrBool>,
    /// Named schemas for reuse, by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 34)]
    pub definitions: Option<BTreeMap<String, JsonSchemaProps>>,
    // A link to further documentation. (No doc comment, as for `items`.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 35)]
    pub external_docs: Option<ExternalDocumentation>,
    // An example value; `null` is kept. (No doc comment, as for `items`.)
    #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 36, schema_with = json_value_schema)]
    pub example: Option<Value>,
    /// Allows `null` as a value. Without it, a `null` is pruned (or replaced by the default) rather than
    /// rejected.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 37)]
    pub nullable: Option<bool>,
    /// Keeps fields the schema does not name instead of pruning them, for this value and below it until a
    /// nested schema names its properties again. Only `true` is allowed.
    #[serde(rename = "x-kubernetes-preserve-unknown-fields", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 38, proto_name = "xKubernetesPreserveUnknownFields")]
    pub x_kubernetes_preserve_unknown_fields: Option<bool>,
    /// Marks an object as a complete embedded Kubernetes object: its `apiVersion`, `kind` and `metadata` are
    /// checked and kept. The type must be `object`.
    #[serde(rename = "x-kubernetes-embedded-resource", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 39, proto_name = "xKubernetesEmbeddedResource")]
    pub x_kubernetes_embedded_resource: Option<bool>,
    /// Allows an integer or a string here. The type may then be left out, and `anyOf` (or an `allOf` holding
    /// it) may list the two types.
    #[serde(rename = "x-kubernetes-int-or-string", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 40, proto_name = "xKubernetesIntOrString")]
    pub x_kubernetes_int_or_string: Option<bool>,
    /// The item fields that identify an item of a list of list type `map`. Each must be a scalar field that is
    /// required or has a default.
    #[serde(rename = "x-kubernetes-list-map-keys", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 41, proto_name = "xKubernetesListMapKeys", list_type = "atomic")]
    pub x_kubernetes_list_map_keys: Option<Vec<String>>,
    /// How an array is merged by server-side apply: `atomic` (replaced whole, the default), `set` (unique scalar
    /// items) or `map` (items identified by `x-kubernetes-list-map-keys`).
    #[serde(rename = "x-kubernetes-list-type", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 42, proto_name = "xKubernetesListType")]
    pub x_kubernetes_list_type: Option<String>,
    /// How an object is merged by server-side apply: `granular` (field by field, the default) or `atomic`
    /// (replaced whole).
    #[serde(rename = "x-kubernetes-map-type", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 43, proto_name = "xKubernetesMapType")]
    pub x_kubernetes_map_type: Option<String>,
    /// CEL rules every value here must satisfy, identified by their expression.
    #[serde(rename = "x-kubernetes-validations", default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 44,
        proto_name = "xKubernetesValidations",
        list_type = "map",
        list_map_keys = ["rule"],
        patch_strategy = "merge",
        patch_merge_key = "rule"
    )]
    pub x_kubernetes_validations: Option<Vec<ValidationRule>>,
}

impl JsonSchemaProps {
    /// A schema of JSON type `type_` (`object`, `string`, ...) and nothing else.
    pub fn of_type(type_: impl Into<String>) -> Self {
        Self { type_: Some(type_.into()), ..Self::default() }
    }
}

/// The value of `items`: one schema every item matches, or (JSON Schema's tuple form) one schema per position.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum JsonSchemaPropsOrArray {
    /// The schema of every item.
    Schema(Box<JsonSchemaProps>),
    /// The schema of each item by position.
    Schemas(Vec<JsonSchemaProps>),
}

/// The value of `additionalProperties` or `additionalItems`: whether values beyond the declared ones are allowed,
/// or the schema they must match (which allows them).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum JsonSchemaPropsOrBool {
    /// `true` allows any further values, `false` none.
    Allows(bool),
    /// Further values are allowed and must match this schema.
    Schema(Box<JsonSchemaProps>),
}

/// The value of one `dependencies` entry: a schema the object must also match when the property is present, or
/// the names of properties that must then be present too.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum JsonSchemaPropsOrStringArray {
    /// A schema the whole object must also match.
    Schema(Box<JsonSchemaProps>),
    /// Properties that must be present as well.
    Properties(Vec<String>),
}

impl From<JsonSchemaProps> for JsonSchemaPropsOrArray {
    fn from(schema: JsonSchemaProps) -> Self {
        Self::Schema(Box::new(schema))
    }
}

impl From<JsonSchemaProps> for JsonSchemaPropsOrBool {
    fn from(schema: JsonSchemaProps) -> Self {
        Self::Schema(Box::new(schema))
    }
}

impl From<bool> for JsonSchemaPropsOrBool {
    fn from(allows: bool) -> Self {
        Self::Allows(allows)
    }
}
