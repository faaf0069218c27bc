//! The `kapi-init-name.example.com/v1` API: its kinds, and the registry `build.rs` generates `generated/` from.

use kapi::{Registry, Resource, Schema};
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
use serde::{Deserialize, Serialize};

/// A widget: something a controller keeps painted and running.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[kapi(
    package = "example.com/kapi_init_name/v1",
    group = "kapi-init-name.example.com",
    version = "v1",
    list = WidgetList,
    status,
    short_names = ["wd"],
    crd(
        printer_column(name = "Color", type = "string", json_path = ".spec.color"),
        printer_column(name = "Ready", type = "integer", json_path = ".status.readyReplicas")
    )
)]
pub struct Widget {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The object's name, namespace, labels and annotations.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What the user asks for.
    pub spec: WidgetSpec,
    /// What the controller last saw; written through the `status` subresource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<WidgetStatus>,
}

/// The widget the user asks for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/kapi_init_name/v1")]
pub struct WidgetSpec {
    /// The paint colour: a lower-case CSS colour name such as `teal`.
    #[kapi(min_length = 1, max_length = 32, pattern = "^[a-z]+$")]
    pub color: String,
    /// How many copies to keep running.
    #[serde(default = "one")]
    #[kapi(default = 1, minimum = 0, maximum = 10)]
    pub replicas: i32,
}

fn one() -> i32 {
    1
}

/// The widget the controller last saw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/kapi_init_name/v1")]
pub struct WidgetStatus {
    /// How many copies are running and painted.
    #[serde(default)]
    #[kapi(minimum = 0)]
    pub ready_replicas: i32,
}

/// A page of widgets: what `list` returns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
#[kapi(package = "example.com/kapi_init_name/v1")]
pub struct WidgetList {
    /// The list's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Where the page is in the whole list.
    #[serde(default)]
    pub metadata: ListMeta,
    /// The widgets.
    pub items: Vec<Widget>,
}

/// The API: the widget kinds, and the bodies and discovery types every API server speaks.
pub fn registry() -> Registry {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    registry.register_resource::<Widget>();
    registry
}
