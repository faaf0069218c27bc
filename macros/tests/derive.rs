//! The derives against the model: what each attribute and serde representation produces.

use std::collections::BTreeMap;

use kapi::model::{InstanceType, ListType, Registry, SchemaNode};
use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// A port on a widget.
#[derive(Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/widgets/v1")]
struct Port {
    /// The port's name.
    name: String,
    #[kapi(minimum = 1, maximum = 65535)]
    container_port: i32,
}

/// How a widget is shaped.
#[derive(Serialize, Deserialize, Schema)]
#[kapi(package = "example.com/widgets/v1")]
enum Shape {
    Round,
    Square,
}

/// A payload that is either a number or a text.
#[derive(Serialize, Deserialize, Schema)]
#[serde(untagged)]
#[kapi(package = "example.com/widgets/v1")]
enum NumberOrText {
    Number(i64),
    Text(String),
}

/// A tagged action.
#[derive(Serialize, Deserialize, Schema)]
#[serde(tag = "type")]
#[kapi(package = "example.com/widgets/v1")]
enum Action {
    /// Stop now.
    Stop,
    /// Wait a while.
    Wait { seconds: u32 },
}

/// The widget's desired state.
///
/// Second paragraph.
#[derive(Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/widgets/v1", validation(rule = "self.replicas >= 0", message = "no negatives"))]
struct WidgetSpec {
    /// How many widgets
    /// to run.
    #[kapi(default = 1)]
    replicas: i32,
    #[kapi(list_type = "map", list_map_keys = ["name"])]
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    ports: Vec<Port>,
    /// The shape.
    shape: Option<Shape>,
    #[kapi(nullable)]
    note: Option<String>,
    #[kapi(bytes)]
    #[serde(default)]
    blob: Vec<u8>,
    payload: Option<NumberOrText>,
    action: Option<Action>,
    #[kapi(preserve_unknown_fields)]
    extra: Option<serde_json::Value>,
    labels: BTreeMap<String, String>,
    #[serde(skip)]
    #[allow(dead_code)]
    cache: u8,
}

/// A widget.
#[derive(Serialize, Deserialize, Schema, Resource)]
#[kapi(package = "example.com/widgets/v1", group = "widgets.example.com", version = "v1", list = WidgetList, status, short_names = ["wd"])]
struct Widget {
    spec: WidgetSpec,
}

/// A gadget, approved through a subresource of its own and able to mint tokens.
#[derive(Serialize, Deserialize, Schema, Resource)]
#[kapi(
    package = "example.com/widgets/v1",
    group = "widgets.example.com",
    version = "v1",
    status,
    subresource(name = "approval"),
    subresource(name = "token", verbs = ["create"]),
    delete_returns_object
)]
struct Gadget {
    spec: WidgetSpec,
}

/// Widgets.
#[derive(Serialize, Deserialize, Schema)]
#[kapi(package = "example.com/widgets/v1")]
struct WidgetList {
    items: Vec<Widget>,
}

fn definition(registry: &Registry, name: &str) -> serde_json::Value {
    let node = &registry.definition(&kapi::model::DefName::new(name)).expect(name).schema;
    serde_json::to_value(node.keywords()).expect("serialises")
}

#[test]
fn structs_become_objects_with_declared_keywords() {
    let mut registry = Registry::new();
    registry.register_resource::<Widget>();
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());
    let spec = registry.definition(&kapi::model::DefName::new("com.example.widgets.v1.WidgetSpec")).expect("spec");
    let object = spec.schema.keywords();
    assert_eq!(object.description.as_deref(), Some("The widget's desired state.\n\nSecond paragraph."));
    assert_eq!(object.required, ["replicas", "labels"]);
    let keys: Vec<_> = object.properties.keys().map(String::as_str).collect();
    assert_eq!(keys, ["replicas", "ports", "shape", "note", "blob", "payload", "action", "extra", "labels"]);
    let replicas = object.properties["replicas"].keywords();
    assert_eq!((replicas.default.clone(), replicas.zero_value.clone()), (Some(json!(1)), Some(json!(0))));
    assert_eq!(replicas.description.as_deref(), Some("How many widgets to run."));
    let ports = object.properties["ports"].keywords();
    assert_eq!(ports.kubernetes.list_type, Some(ListType::Map));
    assert_eq!(ports.kubernetes.list_map_keys, ["name"]);
    assert_eq!(ports.items.as_ref().and_then(|i| i.keywords().zero_value.clone()), Some(json!({})));
    let shape = &object.properties["shape"];
    assert!(matches!(shape, SchemaNode::Ref(r) if r.siblings.description.as_deref() == Some("The shape.")));
    assert!(object.properties["note"].keywords().nullable);
    assert_eq!(object.properties["blob"].keywords().format.as_deref(), Some("byte"));
    assert!(object.properties["extra"].keywords().kubernetes.preserve_unknown_fields);
    assert_eq!(object.kubernetes.validations[0].message.as_deref(), Some("no negatives"));
}

#[test]
fn enums_follow_their_serde_representation() {
    let mut registry = Registry::new();
    registry.register::<WidgetSpec>();
    let shape = definition(&registry, "com.example.widgets.v1.Shape");
    assert_eq!(shape["enum"], json!(["Round", "Square"]));
    let either = definition(&registry, "com.example.widgets.v1.NumberOrText");
    assert_eq!(either["anyOf"].as_array().map(Vec::len), Some(2));
    let action = definition(&registry, "com.example.widgets.v1.Action");
    assert_eq!(action["oneOf"][1]["properties"]["type"]["enum"], json!(["Wait"]));
    assert_eq!(action["oneOf"][1]["required"], json!(["type", "seconds"]));
    assert_eq!(action["oneOf"][0]["description"], json!("Stop now."));
}

#[test]
fn further_subresources_speak_the_parents_kind_with_their_verbs() {
    let mut registry = Registry::new();
    registry.register_resource::<Gadget>();
    let subresources = &registry.resources()[0].subresources;
    let names: Vec<&str> = subresources.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["status", "approval", "token"]);
    assert_eq!(subresources[1].verbs, ["get", "patch", "update"]);
    assert_eq!(subresources[2].verbs, ["create"]);
    assert!(subresources.iter().all(|s| s.kind.is_none() && s.scale.is_none()));
}

#[test]
fn delete_returns_the_object_only_where_the_resource_says_so() {
    let mut registry = Registry::new();
    registry.register_resource::<Gadget>().register_resource::<Widget>();
    let returns: Vec<(&str, bool)> =
        registry.resources().iter().map(|r| (r.kind.as_str(), r.delete_returns_object)).collect();
    assert_eq!(returns, [("Gadget", true), ("Widget", false)]);
}

#[test]
fn resources_register_their_kinds_and_lists() {
    let mut registry = Registry::new();
    registry.register_resource::<Widget>();
    let meta = &registry.resources()[0];
    assert_eq!((meta.plural.as_str(), meta.singular.as_str(), meta.kind.as_str()), ("widgets", "widget", "Widget"));
    assert_eq!(meta.list_kind.as_deref(), Some("WidgetList"));
    assert_eq!(meta.short_names, ["wd"]);
    assert_eq!(meta.subresources[0].name, "status");
    let kinds = registry.kinds_of(&meta.definition);
    assert_eq!(kinds[0].group, "widgets.example.com");
    let list = registry.kinds_of(meta.list_definition.as_ref().expect("list"));
    assert_eq!(list[0].kind, "WidgetList");
    let port = registry.definition(&kapi::model::DefName::new("com.example.widgets.v1.Port")).expect("port");
    assert_eq!(
        port.schema.keywords().properties["containerPort"].keywords().instance_type,
        Some(InstanceType::Integer)
    );
}

/// A host name: a newtype whose field carries the keywords.
#[derive(Serialize, Deserialize, Schema)]
#[kapi(package = "example.com/widgets/v1")]
struct Host(#[kapi(max_length = 253, pattern = "^[a-z.]+$")] String);

/// A label: a transparent struct whose field carries the keywords.
#[derive(Serialize, Deserialize, Schema)]
#[serde(transparent)]
#[kapi(package = "example.com/widgets/v1")]
struct Label {
    #[kapi(min_length = 1)]
    text: String,
}

#[test]
fn a_wrapped_fields_keywords_reach_the_wrapper_schema() {
    let mut registry = Registry::new();
    registry.register::<Host>().register::<Label>();
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());
    let host = definition(&registry, "com.example.widgets.v1.Host");
    assert_eq!(host["maxLength"], json!(253));
    assert_eq!(host["pattern"], json!("^[a-z.]+$"));
    assert_eq!(host["description"], json!("A host name: a newtype whose field carries the keywords."));
    assert_eq!(definition(&registry, "com.example.widgets.v1.Label")["minLength"], json!(1));
}
