//! Ingress classes: which controller serves an ingress, and with which settings.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// A kind of ingress, named by an ingress's `ingressClassName`: the controller that implements it and its
/// settings. The class annotated `ingressclass.kubernetes.io/is-default-class: "true"` is given to new ingresses
/// that name none, when exactly one class is so annotated.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/networking/v1",
    group = "networking.k8s.io",
    version = "v1",
    plural = "ingressclasses",
    scope = "Cluster",
    list = IngressClassList
)]
pub struct IngressClass {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The class's metadata; its name is what ingresses refer to.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The controller and its parameters.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: IngressClassSpec,
}

/// A page of ingress classes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct IngressClassList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The ingress classes.
    #[kapi(proto = 2)]
    pub items: Vec<IngressClass>,
}

/// Who implements an ingress class and how it is configured.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct IngressClassSpec {
    /// The controller serving the class, as a domain-prefixed path of at most 250 characters
    /// (`example.com/ingress-controller`). One controller may serve several classes with different
    /// parameters. Immutable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub controller: Option<String>,
    /// An object, usually a custom resource, holding the controller's settings for this class; left out when
    /// the controller needs none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub parameters: Option<IngressClassParametersReference>,
}

/// Points at the object holding an ingress class's parameters, cluster-scoped or in a namespace.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/networking/v1")]
pub struct IngressClassParametersReference {
    /// The object's API group; left out for the core group, and needed for any other.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, proto_name = "aPIGroup")]
    pub api_group: Option<String>,
    /// The object's kind.
    #[kapi(proto = 2)]
    pub kind: String,
    /// The object's name.
    #[kapi(proto = 3)]
    pub name: String,
    /// Whether the object is cluster-scoped (`Cluster`, the default) or lives in a namespace (`Namespace`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub scope: Option<String>,
    /// The object's namespace: needed when `scope` is `Namespace`, and not allowed when it is `Cluster`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub namespace: Option<String>,
}
