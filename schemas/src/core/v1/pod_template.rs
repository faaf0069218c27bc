//! PodTemplate: a pod template stored on its own, for tools that create pods from it.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::core::v1::pod::PodTemplateSpec;
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// A named pod template, kept as an object of its own.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", group = "", version = "v1", list = PodTemplateList, delete_returns_object)]
pub struct PodTemplate {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The template object's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The pods the template describes.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub template: PodTemplateSpec,
}

/// A page of pod templates.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodTemplateList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The pod templates.
    #[kapi(proto = 2)]
    pub items: Vec<PodTemplate>,
}
