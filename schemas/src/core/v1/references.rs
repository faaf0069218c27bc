//! References from one object to another: by name in the same namespace, by kind and name, or in full.

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// Names an object in the same namespace as the referring one; the kind is implied by the field.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", map_type = "atomic")]
pub struct LocalObjectReference {
    /// The name of the object. Meant to be set; an empty name is accepted only for compatibility and is almost
    /// always a mistake.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    #[kapi(proto = 1, default = "")]
    pub name: String,
}

/// A reference to any object, detailed enough to look it up or change it; optionally pointing at a part of it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", map_type = "atomic")]
pub struct ObjectReference {
    /// The kind of the object, such as `Pod`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub kind: Option<String>,
    /// The namespace the object lives in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub namespace: Option<String>,
    /// The object's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub name: Option<String>,
    /// The object's uid, pinning the reference to one incarnation of the name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub uid: Option<String>,
    /// The API version of the object, such as `apps/v1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub api_version: Option<String>,
    /// The resource version of the object this reference was made against, if it matters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub resource_version: Option<String>,
    /// A part of the object the reference is about, written as a field path: `spec.containers{web}` for the
    /// container named `web`, or `spec.containers[1]` by position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub field_path: Option<String>,
}

/// Names an object of a given kind in the same namespace as the referring one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", map_type = "atomic")]
pub struct TypedLocalObjectReference {
    /// The API group of the kind; leave it out for kinds of the core group. Needed for every other kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub api_group: Option<String>,
    /// The kind of the object.
    #[kapi(proto = 2)]
    pub kind: String,
    /// The name of the object.
    #[kapi(proto = 3)]
    pub name: String,
}

/// Names an object of a given kind, optionally in another namespace.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct TypedObjectReference {
    /// The API group of the kind; leave it out for kinds of the core group. Needed for every other kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub api_group: Option<String>,
    /// The kind of the object.
    #[kapi(proto = 2)]
    pub kind: String,
    /// The name of the object.
    #[kapi(proto = 3)]
    pub name: String,
    /// The namespace of the object, when it is not the referrer's. Pointing into another namespace needs a
    /// ReferenceGrant there that allows it, and the alpha CrossNamespaceVolumeDataSource feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub namespace: Option<String>,
}
