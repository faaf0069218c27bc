//! The CustomResourceDefinition kind: its list, spec, names, scope and status.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use super::conversion::CustomResourceConversion;
use super::names::API_VERSION;
use super::version::CustomResourceDefinitionVersion;
use crate::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};

/// Teaches the API server a new resource: its group, names, scope, versions and their schemas. Its name must be
/// `<plural>.<group>` (`CustomResourceDefinition::new` sets it).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1",
    group = "apiextensions.k8s.io",
    version = "v1",
    scope = "Cluster",
    plural = "customresourcedefinitions",
    short_names = ["crd", "crds"],
    categories = ["api-extensions"],
    list = CustomResourceDefinitionList,
    status
)]
pub struct CustomResourceDefinition {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The definition's metadata; the name is `<plural>.<group>`.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The resource the definition adds: its group, names, scope and versions.
    #[kapi(proto = 2)]
    pub spec: CustomResourceDefinitionSpec,
    /// What the server made of the definition; left out when empty, as in a manifest.
    #[serde(default, skip_serializing_if = "is_default")]
    #[kapi(proto = 3)]
    pub status: CustomResourceDefinitionStatus,
}

/// A page of custom resource definitions.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct CustomResourceDefinitionList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The definitions.
    #[kapi(proto = 2)]
    pub items: Vec<CustomResourceDefinition>,
}

/// The resource a definition adds.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct CustomResourceDefinitionSpec {
    /// The API group; the resources are served under `/apis/<group>/...`, and the definition's name ends with it.
    #[kapi(proto = 1)]
    pub group: String,
    /// The names the resource is served and written under.
    #[kapi(proto = 3)]
    pub names: CustomResourceDefinitionNames,
    /// Whether objects live in a namespace (`Namespaced`) or not (`Cluster`).
    #[kapi(proto = 4)]
    pub scope: ResourceScope,
    /// Every version of the resource. Exactly one is stored; discovery lists the served ones in Kubernetes'
    /// version order (GA before beta before alpha, higher numbers first, other names last, alphabetically).
    #[kapi(proto = 7, list_type = "atomic")]
    pub versions: Vec<CustomResourceDefinitionVersion>,
    /// How objects are converted between versions; without it, only `apiVersion` changes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub conversion: Option<CustomResourceConversion>,
    /// Deprecated: keeps fields no schema names when objects are stored. Use
    /// `x-kubernetes-preserve-unknown-fields` in the schema instead; it must be false for conversion webhooks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub preserve_unknown_fields: Option<bool>,
}

/// The names a custom resource is served and written under; all but `kind` and `listKind` are lower case.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct CustomResourceDefinitionNames {
    /// The plural name used in URLs (`/apis/<group>/<version>/.../<plural>`); the definition's name starts with it.
    #[kapi(proto = 1)]
    pub plural: String,
    /// The singular name; the lower-cased kind when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub singular: Option<String>,
    /// Abbreviations clients accept in place of the plural (`kubectl get <short name>`), listed in discovery.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub short_names: Vec<String>,
    /// The kind objects carry in their `kind` field, usually singular CamelCase.
    #[kapi(proto = 4)]
    pub kind: String,
    /// The kind of list responses; the kind followed by `List` when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub list_kind: Option<String>,
    /// Groupings the resource belongs to, such as `all` (`kubectl get all`), listed in discovery.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[kapi(proto = 6, list_type = "atomic")]
    pub categories: Vec<String>,
}

/// Whether objects of a custom resource live in a namespace.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, Schema)]
#[kapi(inline, zero_value = "")]
pub enum ResourceScope {
    /// Objects are cluster-wide.
    Cluster,
    /// Objects live in a namespace.
    #[default]
    Namespaced,
}

/// What the server made of a definition.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct CustomResourceDefinitionStatus {
    /// The latest observations of the definition's state, one per condition type.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[kapi(proto = 1, list_type = "map", list_map_keys = ["type"])]
    pub conditions: Vec<CustomResourceDefinitionCondition>,
    /// The names discovery serves, which may differ from the spec's while a change is pending or conflicts.
    #[serde(default, skip_serializing_if = "is_default")]
    #[kapi(proto = 2)]
    pub accepted_names: CustomResourceDefinitionNames,
    /// Every version objects were ever stored in. A version stays in `spec.versions` while it is listed here;
    /// a storage migration removes it once no stored object uses it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub stored_versions: Vec<String>,
}

/// One aspect of a definition's state at some point in time.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct CustomResourceDefinitionCondition {
    /// The condition's type: `Established`, `NamesAccepted`, `NonStructuralSchema`, `Terminating` or
    /// `KubernetesAPIApprovalPolicyConformant`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// Whether the condition holds: `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: String,
    /// When the condition last changed its status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub last_transition_time: Option<Time>,
    /// A one-word, CamelCase reason for the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub reason: Option<String>,
    /// A human-readable explanation of the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub message: Option<String>,
}

impl CustomResourceDefinition {
    /// A definition of `spec`'s resource as a manifest writes it: `apiVersion` and `kind` set, named
    /// `<plural>.<group>`, no status.
    pub fn new(spec: CustomResourceDefinitionSpec) -> Self {
        let name = format!("{}.{}", spec.names.plural, spec.group);
        Self {
            type_meta: TypeMeta {
                api_version: Some(API_VERSION.to_owned()),
                kind: Some("CustomResourceDefinition".to_owned()),
            },
            metadata: ObjectMeta { name: Some(name), ..ObjectMeta::default() },
            spec,
            status: CustomResourceDefinitionStatus::default(),
        }
    }
}

/// True for a value equal to its type's default: such fields are left out when written.
fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}
