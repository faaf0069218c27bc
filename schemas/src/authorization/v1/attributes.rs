//! The request an access review asks about: an action on a resource, or on a URL path outside the API.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{FieldSelectorRequirement, LabelSelectorRequirement};

/// An action on API resources, as the authorizers see a resource request.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authorization/v1")]
pub struct ResourceAttributes {
    /// The namespace of the action. Empty means all namespaces for namespaced actions such as list and watch,
    /// and no namespace for cluster-scoped resources.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub namespace: Option<String>,
    /// The API verb, such as `get`, `list`, `watch`, `create`, `update`, `delete` or `proxy`; `*` for all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub verb: Option<String>,
    /// The API group of the resource; `*` for all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub group: Option<String>,
    /// The API version of the resource; `*` for all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub version: Option<String>,
    /// The resource's plural name; `*` for all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub resource: Option<String>,
    /// The subresource, if any; `*` for all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub subresource: Option<String>,
    /// The object's name, for actions on one object; empty means all objects.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub name: Option<String>,
    /// The field selector of a list, watch or deletecollection the action carries; an alpha feature
    /// (AuthorizeWithSelectors). Left out, the action is checked without regard to fields.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub field_selector: Option<FieldSelectorAttributes>,
    /// The label selector of a list, watch or deletecollection the action carries; an alpha feature
    /// (AuthorizeWithSelectors). Left out, the action is checked without regard to labels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub label_selector: Option<LabelSelectorAttributes>,
}

/// A request to a URL path outside the resource API, such as `/healthz`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authorization/v1")]
pub struct NonResourceAttributes {
    /// The URL path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub path: Option<String>,
    /// The HTTP verb, lower case.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub verb: Option<String>,
}

/// A field selector as authorization sees it: as the raw query text or parsed into requirements, not both.
/// Webhook authorizers should read the requirements when present and may parse the raw text themselves.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authorization/v1")]
pub struct FieldSelectorAttributes {
    /// The selector exactly as written in the query parameter; the API server parses it into requirements
    /// when it can.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub raw_selector: Option<String>,
    /// The parsed selector, all of whose requirements must hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub requirements: Option<Vec<FieldSelectorRequirement>>,
}

/// A label selector as authorization sees it: as the raw query text or parsed into requirements, not both.
/// Webhook authorizers should read the requirements when present and may parse the raw text themselves.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authorization/v1")]
pub struct LabelSelectorAttributes {
    /// The selector exactly as written in the query parameter; the API server parses it into requirements
    /// when it can.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub raw_selector: Option<String>,
    /// The parsed selector, all of whose requirements must hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub requirements: Option<Vec<LabelSelectorRequirement>>,
}
