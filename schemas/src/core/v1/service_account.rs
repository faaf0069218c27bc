//! ServiceAccount: an identity for processes in pods, with the credentials it may use.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::authentication::v1::TokenRequest;
use crate::core::v1::references::{LocalObjectReference, ObjectReference};
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// An identity that pods run as: the API server authenticates their requests as it, and it lists the secrets
/// the pods may use.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/core/v1",
    group = "",
    version = "v1",
    short_names = ["sa"],
    list = ServiceAccountList,
    subresource(name = "token", verbs = ["create"], kind = TokenRequest),
    delete_returns_object
)]
pub struct ServiceAccount {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The service account's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// Secrets the account's pods may use, when the `kubernetes.io/enforce-mountable-secrets` annotation asks for
    /// that restriction. Deprecated for that purpose (use separate namespaces), and not meant for token secrets,
    /// which are no longer generated automatically; request tokens through the TokenRequest API instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "map", list_map_keys = ["name"], patch_strategy = "merge", patch_merge_key = "name")]
    pub secrets: Option<Vec<ObjectReference>>,
    /// Secrets in the same namespace for pulling the images of the account's pods; added to the pods' own
    /// pull secrets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub image_pull_secrets: Option<Vec<LocalObjectReference>>,
    /// Whether pods running as the account get an API token mounted automatically; a pod's own setting wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub automount_service_account_token: Option<bool>,
}

/// A page of service accounts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ServiceAccountList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The service accounts.
    #[kapi(proto = 2)]
    pub items: Vec<ServiceAccount>,
}
