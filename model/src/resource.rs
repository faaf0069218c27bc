//! Resource metadata: what a kind is served as.

use serde::{Deserialize, Serialize};

use crate::conversion::plan::ConversionPlan;
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
    /// The kind whose fields are the subresource's query parameters (upstream's `*Options` kinds: `PodLogOptions`
    /// for `pods/log`, `PodExecOptions` for `pods/exec`). Such kinds travel in the query string only, so they are
    /// never a body or a response.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<DefName>,
    /// Set when the subresource opens a stream or proxies a request instead of exchanging objects (`exec`,
    /// `attach`, `portforward`, `proxy`): the operations are `connect` actions, one per HTTP method.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub connect: Option<Connect>,
    /// Media types a read of the subresource answers with besides the object encodings; when there are any, the
    /// answer is a string rather than an object (`pods/log` adds `text/plain`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub text_media_types: Vec<String>,
}

impl Subresource {
    /// A subresource named `name` serving `verbs` on its parent's kind, with nothing else set.
    pub fn new(name: impl Into<String>, verbs: &[&str]) -> Self {
        Self {
            name: name.into(),
            kind: None,
            verbs: verbs.iter().map(|verb| (*verb).to_owned()).collect(),
            scale: None,
            options: None,
            connect: None,
            text_media_types: Vec::new(),
        }
    }
}

/// How a connect subresource is served.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Connect {
    /// The HTTP methods it answers, upper-case (`GET`, `POST`, `PUT`, `DELETE`, `PATCH`, `HEAD`, `OPTIONS`).
    pub methods: Vec<String>,
    /// Also served with a trailing path (`proxy/{path}`), which the request is forwarded to.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub subpath: bool,
}

/// The HTTP methods a connect subresource may answer.
pub const CONNECT_METHODS: [&str; 7] = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"];

impl Connect {
    /// The verbs discovery lists for these methods, as kube-apiserver names them: `GET` is get, `POST` create,
    /// `PUT` update, `DELETE` delete and `PATCH` patch; `HEAD` and `OPTIONS` have no verb.
    pub fn verbs(&self) -> Vec<String> {
        let verb = |method: &str| match method {
            "GET" => Some("get"),
            "POST" => Some("create"),
            "PUT" => Some("update"),
            "DELETE" => Some("delete"),
            "PATCH" => Some("patch"),
            _ => None,
        };
        let mut verbs: Vec<String> = self.methods.iter().filter_map(|method| verb(method)).map(str::to_owned).collect();
        verbs.sort();
        verbs.dedup();
        verbs
    }
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
    /// Delete answers with the deleted object (its last state) instead of a `Status`. A fact of the resource's
    /// storage: kube-apiserver does it for pods, services, persistent volumes and a few more.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub delete_returns_object: bool,
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
    /// Where the API server sends `ConversionReview`s for the kind; every version that sets it names the same
    /// webhook, and the definition then converts with the `Webhook` strategy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversion_webhook: Option<ConversionWebhook>,
    /// How the kind converts between its versions, as data, when `#[kapi::versioned]` could write it down; on
    /// the storage version only. What lets `kapi serve --dir` answer the webhook without the crate's code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversion: Option<ConversionPlan>,
    /// The `api-approved.kubernetes.io` annotation, which the API server requires of a CRD in a group under
    /// `k8s.io` or `kubernetes.io`: the URL of the API review that approved it, or a reason starting `unapproved`.
    /// Every version that sets it gives the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_approved: Option<String>,
    /// This version's place in the definition's `spec.versions` (0 first). Versions without one follow those with
    /// one, in Kubernetes' priority order; a CRD written by hand may list them otherwise, and `kapi import` keeps
    /// that order so that it regenerates the same definition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<u32>,
    /// Writes `subresources: {}` when the version has none: the server reads it as no subresources, and an
    /// imported CRD that says it is regenerated as it was.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub empty_subresources: bool,
}

/// The annotation the API server requires of a CRD in a protected group ([`is_protected_group`]).
pub const API_APPROVED_ANNOTATION: &str = "api-approved.kubernetes.io";

/// Whether the API server protects `group` with API review: `k8s.io`, `kubernetes.io` and groups under them.
pub fn is_protected_group(group: &str) -> bool {
    ["k8s.io", "kubernetes.io"].iter().any(|base| group == *base || group.ends_with(&format!(".{base}")))
}

/// A conversion webhook, reached through a service in the cluster or at a URL.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConversionWebhook {
    /// `https://host[:port]/path`, for a webhook outside the cluster.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The service's namespace and name, for a webhook inside the cluster.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service: Option<(String, String)>,
    /// The path requests go to on the service.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// The service's port (the server assumes 443).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<i32>,
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
            conversion_webhook: None,
            conversion: None,
            api_approved: None,
            position: None,
            empty_subresources: false,
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
        let methods = self.subresources.iter().filter_map(|subresource| subresource.connect.as_ref());
        let methods = methods.flat_map(|connect| &connect.methods).filter(|m| !CONNECT_METHODS.contains(&m.as_str()));
        let methods = methods.map(|method| format!("connect method `{method}` is none of {CONNECT_METHODS:?}"));
        group_problem(group)
            .into_iter()
            .chain(version_problem(version))
            .chain(words.filter_map(|(role, name)| resource_word_problem(role, name)))
            .chain(kinds.filter_map(|(role, kind)| kind_problem(role, kind)))
            .chain(methods)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connect_methods_give_discovery_verbs() {
        let connect = Connect { methods: CONNECT_METHODS.iter().map(|m| (*m).to_owned()).collect(), subpath: true };
        assert_eq!(connect.verbs(), ["create", "delete", "get", "patch", "update"]);
        let streams = Connect { methods: vec!["GET".into(), "POST".into()], subpath: false };
        assert_eq!(streams.verbs(), ["create", "get"]);
    }

    #[test]
    fn unknown_connect_methods_are_name_problems() {
        let mut pods = ResourceMeta {
            group_version: GroupVersion::new("", "v1"),
            kind: "Pod".into(),
            plural: "pods".into(),
            singular: "pod".into(),
            scope: Scope::Namespaced,
            verbs: vec!["get".into()],
            short_names: vec![],
            categories: vec![],
            subresources: vec![Subresource::new("exec", &["get"])],
            definition: DefName::new("io.k8s.api.core.v1.Pod"),
            list_kind: None,
            list_definition: None,
            crd: None,
            delete_returns_object: false,
        };
        assert!(pods.name_problems().is_empty());
        pods.subresources[0].connect = Some(Connect { methods: vec!["TRACE".into()], subpath: false });
        assert_eq!(pods.name_problems().len(), 1);
    }
}
