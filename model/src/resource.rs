//! Resource metadata: what a kind is served as.

use serde::{Deserialize, Serialize};

use crate::name_syntax::{group_problem, kind_problem, resource_word_problem, version_problem};
use crate::names::{DefName, GroupVersion};

/// Whether objects live in a namespace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Scope {
    /// Objects live in a namespace.
    #[default]
    Namespaced,
    /// Objects are cluster-wide.
    Cluster,
}

/// The standard Kubernetes verbs a resource can support.
pub const STANDARD_VERBS: [&str; 8] =
    ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"];

/// A subresource such as `status` or `scale`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Subresource {
    /// The path segment (`status`, `scale`).
    pub name: String,
    /// The kind sent and returned, when it differs from the parent's (scale uses autoscaling/v1 `Scale`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<SubresourceKind>,
    /// Verbs served on the subresource.
    pub verbs: Vec<String>,
    /// For scale: JSON paths of the replica counters and selector in the parent object.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale: Option<ScalePaths>,
}

/// The kind a subresource speaks when it is not its parent's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubresourceKind {
    pub group_version: GroupVersion,
    pub kind: String,
    pub definition: DefName,
}

/// Where the scale subresource finds its numbers in the parent object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ScalePaths {
    pub spec_replicas_path: String,
    pub status_replicas_path: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_selector_path: Option<String>,
}

/// Everything needed to serve a kind: its names, scope, verbs and subresources.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResourceMeta {
    pub group_version: GroupVersion,
    pub kind: String,
    /// Lower-case plural, the URL segment (`leases`).
    pub plural: String,
    /// Lower-case singular (`lease`).
    pub singular: String,
    pub scope: Scope,
    pub verbs: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub short_names: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub subresources: Vec<Subresource>,
    /// The definition of the kind itself.
    pub definition: DefName,
    /// The list kind (`LeaseList`) and its definition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub list_kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub list_definition: Option<DefName>,
    /// Present when the kind is published as a version of a CustomResourceDefinition (`#[kapi(crd(...))]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crd: Option<CrdVersion>,
}

/// How one version of a kind appears in its CustomResourceDefinition.
///
/// The group's other settings (names, scope, subresources) come from the rest of [`ResourceMeta`]; the versions of
/// one kind that carry a `CrdVersion` merge into one definition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CrdVersion {
    /// Whether the API server serves this version.
    pub served: bool,
    /// Whether objects are stored at this version; exactly one version of a kind is. `None` leaves it to the
    /// generator: a kind with a single version stores it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storage: Option<bool>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deprecated: bool,
    /// What clients are told when they use a deprecated version; the server writes its own text when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deprecation_warning: Option<String>,
    /// Extra columns for `kubectl get`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub printer_columns: Vec<PrinterColumn>,
    /// JSON paths of fields that field selectors may use (`.spec.image`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub selectable_fields: Vec<String>,
}

impl Default for CrdVersion {
    fn default() -> Self {
        Self {
            served: true,
            storage: None,
            deprecated: false,
            deprecation_warning: None,
            printer_columns: Vec::new(),
            selectable_fields: Vec::new(),
        }
    }
}

/// A column `kubectl get` prints for the kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PrinterColumn {
    /// The column heading.
    pub name: String,
    /// The value's OpenAPI type: `integer`, `number`, `string`, `boolean` or `date`.
    #[serde(rename = "type")]
    pub column_type: String,
    /// A simple JSON path into each object (`.spec.replicas`).
    pub json_path: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// An OpenAPI format refining `type` (`int32`, `date-time`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// 0 for the standard view; higher values only with `-o wide`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub priority: i32,
}

fn is_zero(value: &i32) -> bool {
    *value == 0
}

/// The column types the API server accepts for printer columns.
pub const PRINTER_COLUMN_TYPES: [&str; 5] = ["integer", "number", "string", "boolean", "date"];

impl ResourceMeta {
    /// Every name this resource is served under that breaks Kubernetes' syntax for it, each message saying which
    /// resource and which name. The group, version, plural and subresources become URL path segments, so these are
    /// checked before anything is generated.
    pub fn name_problems(&self) -> Vec<String> {
        let GroupVersion { group, version } = &self.group_version;
        let words = std::iter::once(("plural", &self.plural))
            .chain((!self.singular.is_empty()).then_some(("singular", &self.singular)))
            .chain(self.short_names.iter().map(|name| ("short name", name)))
            .chain(self.categories.iter().map(|name| ("category", name)))
            .chain(self.subresources.iter().map(|subresource| ("subresource", &subresource.name)));
        let kinds = std::iter::once(("kind", &self.kind)).chain(self.list_kind.iter().map(|kind| ("list kind", kind)));
        group_problem(group)
            .into_iter()
            .chain(version_problem(version))
            .chain(words.filter_map(|(role, name)| resource_word_problem(role, name)))
            .chain(kinds.filter_map(|(role, kind)| kind_problem(role, kind)))
            .map(|problem| format!("resource `{}` in `{}`: {problem}", self.kind, self.group_version))
            .collect()
    }

    /// Verbs in sorted order, as discovery writes them.
    pub fn sorted_verbs(&self) -> Vec<String> {
        let mut verbs = self.verbs.clone();
        verbs.sort();
        verbs.dedup();
        verbs
    }

    /// True when the resource supports `verb`.
    pub fn has_verb(&self, verb: &str) -> bool {
        self.verbs.iter().any(|v| v == verb)
    }
}
