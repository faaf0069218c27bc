//! Example user types: a namespaced `Widget` in the group `widgets.example.org/v1`.
//!
//! The shared apimachinery kinds (`ObjectMeta`, `ListMeta`) and the bodies every API server speaks come from
//! `kapi-meta`; nothing of the Kubernetes corpus is needed.

use kapi::{Registry, Resource, Schema};
use kapi_meta::meta::v1::{ListMeta, ObjectMeta};
use serde::{Deserialize, Serialize};

/// A widget: something the example controller keeps painted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "org.example.widgets/v1",
    group = "widgets.example.org",
    version = "v1",
    plural = "widgets",
    singular = "widget",
    short_names = ["wd"],
    list = WidgetList,
    status
)]
pub struct Widget {
    /// The schema version of this object, `widgets.example.org/v1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// The kind of this object, `Widget`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The object's metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What the widget should look like.
    pub spec: WidgetSpec,
    /// What it looks like now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<WidgetStatus>,
}

/// The desired look of a widget.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "org.example.widgets/v1")]
pub struct WidgetSpec {
    /// The paint colour, as a CSS colour name.
    #[kapi(min_length = 1, max_length = 32)]
    pub color: String,
    /// The edge length in centimetres.
    #[kapi(minimum = 1, maximum = 1000)]
    pub size: i32,
}

/// The observed look of a widget.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "org.example.widgets/v1")]
pub struct WidgetStatus {
    /// The colour last painted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub painted: Option<String>,
}

/// A page of widgets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "org.example.widgets/v1")]
pub struct WidgetList {
    /// The schema version of this object.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// The kind of this object, `WidgetList`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The list's metadata.
    #[serde(default)]
    pub metadata: ListMeta,
    /// The widgets.
    pub items: Vec<Widget>,
}

/// The model of this API: the widget types plus the shared kinds every API server speaks.
pub fn registry() -> Registry {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    registry.register_resource::<Widget>();
    registry
}
