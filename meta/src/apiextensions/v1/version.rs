//! One version of a custom resource: whether it is served and stored, its schema, subresources, printer columns
//! and selectable fields.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use super::json_schema_props::JsonSchemaProps;

/// One version of a custom resource.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct CustomResourceDefinitionVersion {
    /// The version's name, such as `v1` or `v2beta1`; objects are served under `/apis/<group>/<name>/...`.
    #[kapi(proto = 1)]
    pub name: String,
    /// Whether the version is served by the REST API.
    #[kapi(proto = 2)]
    pub served: bool,
    /// Whether objects are stored in this version; exactly one version is.
    #[kapi(proto = 3)]
    pub storage: bool,
    /// Marks the version deprecated: requests to it get a warning header.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub deprecated: Option<bool>,
    /// The warning sent instead of the default one, which points to the newest served version at least as
    /// stable; only with `deprecated`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub deprecation_warning: Option<String>,
    /// The schema objects of this version are validated, pruned and defaulted with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub schema: Option<CustomResourceValidation>,
    /// The subresources this version serves (`status`, `scale`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub subresources: Option<CustomResourceSubresources>,
    /// Columns of table output (`kubectl get`) besides the name; only the object's age when none are given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[kapi(proto = 6, list_type = "atomic")]
    pub additional_printer_columns: Vec<CustomResourceColumnDefinition>,
    /// Fields besides `metadata.name` and `metadata.namespace` that field selectors may use.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[kapi(proto = 9, list_type = "atomic")]
    pub selectable_fields: Vec<SelectableField>,
}

/// How objects of a version are validated.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct CustomResourceValidation {
    /// The structural OpenAPI v3 schema of the whole object, used to validate, prune and default it.
    #[serde(rename = "openAPIV3Schema", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub open_api_v3_schema: Option<JsonSchemaProps>,
}

/// The subresources a version serves.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct CustomResourceSubresources {
    /// Serves `/status`: writes to the object then ignore `status`, and writes to `/status` ignore everything else.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub status: Option<CustomResourceSubresourceStatus>,
    /// Serves `/scale`, speaking autoscaling/v1 Scale, so autoscalers and `kubectl scale` work.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub scale: Option<CustomResourceSubresourceScale>,
}

/// The `status` subresource; it has no settings, and its presence enables it. The status lives at `.status`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct CustomResourceSubresourceStatus {}

/// The `scale` subresource: where its Scale's fields are found in the object. Paths are JSON paths without
/// array notation.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct CustomResourceSubresourceScale {
    /// The path under `.spec` of the desired replica count (Scale `spec.replicas`); reading the scale fails
    /// while it is unset.
    #[kapi(proto = 1)]
    pub spec_replicas_path: String,
    /// The path under `.status` of the observed replica count (Scale `status.replicas`); 0 while it is unset.
    #[kapi(proto = 2)]
    pub status_replicas_path: String,
    /// The path under `.spec` or `.status` of a label selector in its string form (Scale `status.selector`);
    /// needed by the HorizontalPodAutoscaler. Empty while it is unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub label_selector_path: Option<String>,
}

/// A column of table output.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct CustomResourceColumnDefinition {
    /// The column's heading.
    #[kapi(proto = 1)]
    pub name: String,
    /// The OpenAPI type of the values: `integer`, `number`, `string`, `boolean` or `date`.
    #[serde(rename = "type")]
    #[kapi(proto = 2)]
    pub type_: String,
    /// An OpenAPI format refining the type; `name` marks the column that identifies the object.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub format: Option<String>,
    /// What the column shows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub description: Option<String>,
    /// The column's importance, 0 the highest; columns above 0 are only shown in wide output.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub priority: Option<i32>,
    /// A simple JSON path (array notation allowed) evaluated against each object for the column's value.
    #[kapi(proto = 6)]
    pub json_path: String,
}

/// A field that field selectors may use.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct SelectableField {
    /// A simple JSON path without array notation to a string, integer or boolean field of the object; the
    /// selector uses it without the leading dot.
    #[kapi(proto = 1)]
    pub json_path: String,
}
