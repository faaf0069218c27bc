//! What the derive records for protobuf: fixed numbers, wrapped lists, field names, wire-only fields and embedded
//! messages.

use kapi::Schema;
use kapi::model::{DefName, Registry};
use serde::Serialize;

/// A selector echoed back on the wire.
#[derive(Default, Serialize, Schema)]
#[kapi(package = "example.com/widgets/v1")]
struct Echo {
    #[kapi(proto = 1)]
    selector: String,
}

/// A widget.
#[derive(Serialize, Schema)]
#[allow(dead_code)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/widgets/v1")]
struct Widget {
    #[kapi(proto = 4, proto_name = "DisplayName")]
    display_name: String,
    #[kapi(proto = 2, proto_wrapper = "Verbs")]
    verbs: Vec<String>,
    #[kapi(proto = 5, proto_wrapper = "ExtraValue")]
    extra: std::collections::BTreeMap<String, Vec<String>>,
    unnumbered: bool,
    /// Only on the wire.
    #[serde(skip)]
    #[kapi(proto = 7, proto_name = "echo")]
    wire_echo: Option<Echo>,
}

/// A choice.
#[derive(Serialize, Schema)]
#[allow(dead_code)]
#[kapi(package = "example.com/widgets/v1")]
enum Choice {
    #[kapi(proto = 3)]
    First { value: i32 },
}

/// Routing for one host, whose value fields appear inline in JSON.
#[derive(Serialize, Schema)]
#[allow(dead_code)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/widgets/v1")]
struct Route {
    #[kapi(proto = 1)]
    host: String,
    /// Where requests go.
    #[serde(flatten)]
    #[kapi(proto = 2)]
    route_value: Echo,
}

#[test]
fn a_numbered_flattened_field_is_an_embedded_message_on_the_wire() {
    let mut registry = Registry::new();
    registry.register::<Route>();
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());
    let route = registry.definition(&DefName::new("com.example.widgets.v1.Route")).expect("route");
    let proto = &route.info.proto;
    let numbers: Vec<(&str, u32)> = proto.numbers.iter().map(|(name, n)| (name.as_str(), *n)).collect();
    assert_eq!(numbers, [("host", 1), ("routeValue", 2)]);
    let embedded = proto.embedded.get("routeValue").expect("embedded field");
    assert_eq!(embedded.target().map(DefName::as_str), Some("com.example.widgets.v1.Echo"));
    assert_eq!(embedded.keywords().description.as_deref(), Some("Where requests go."));
    let properties: Vec<&str> = route.schema.keywords().properties.keys().map(String::as_str).collect();
    assert_eq!(properties, ["host", "selector"], "JSON still has the flattened properties, and no `routeValue`");
}

#[test]
fn numbers_wrappers_and_wire_only_fields_reach_the_model() {
    let mut registry = Registry::new();
    registry.register::<Widget>().register::<Choice>();
    let widget = registry.definition(&DefName::new("com.example.widgets.v1.Widget")).expect("widget");
    let proto = &widget.info.proto;
    let numbers: Vec<(&str, u32)> = proto.numbers.iter().map(|(name, n)| (name.as_str(), *n)).collect();
    assert_eq!(numbers, [("displayName", 4), ("extra", 5), ("verbs", 2), ("wireEcho", 7)]);
    assert_eq!(proto.wrappers.get("verbs").map(String::as_str), Some("Verbs"));
    assert_eq!(proto.wrappers.get("extra").map(String::as_str), Some("ExtraValue"));
    let names: Vec<(&str, &str)> = proto.names.iter().map(|(json, name)| (json.as_str(), name.as_str())).collect();
    assert_eq!(names, [("displayName", "DisplayName"), ("wireEcho", "echo")], "by JSON name");
    let echo = proto.wire_only.get("wireEcho").expect("wire-only field");
    assert_eq!(echo.target().map(DefName::as_str), Some("com.example.widgets.v1.Echo"));
    assert_eq!(echo.keywords().description.as_deref(), Some("Only on the wire."));
    assert!(!widget.schema.keywords().properties.contains_key("wireEcho"), "no JSON property");
    assert!(registry.definition(&DefName::new("com.example.widgets.v1.Echo")).is_some(), "its type is registered");
    let choice = registry.definition(&DefName::new("com.example.widgets.v1.Choice")).expect("choice");
    assert_eq!(choice.info.proto.numbers.get("First"), Some(&3));
    assert!(serde_json::to_value(&registry).is_ok_and(|model| {
        model["definitions"]["com.example.widgets.v1.Widget"]["info"]["proto"]["numbers"]["verbs"] == 2
    }));
}

/// How a route is served: no definition of its own (Kubernetes' OpenAPI has none for such embedded structs), but a
/// protobuf message once embedded.
#[derive(Serialize, Schema)]
#[allow(dead_code)]
#[serde(rename_all = "camelCase")]
#[kapi(inline)]
struct Backend {
    #[kapi(proto = 1)]
    service: String,
    #[kapi(proto = 2)]
    port: i32,
}

/// A route whose backend fields appear inline in JSON.
#[derive(Serialize, Schema)]
#[allow(dead_code)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/widgets/v1")]
struct ServedRoute {
    /// Where requests go.
    #[serde(flatten)]
    #[kapi(proto = 1)]
    backend: Backend,
    #[kapi(proto = 2)]
    path: String,
}

/// Routes keyed by a field their embedded type brings: the `list_map_keys` check sees embedded fields.
#[derive(Serialize, Schema)]
#[allow(dead_code)]
#[kapi(package = "example.com/widgets/v1")]
struct RouteTable {
    #[kapi(list_type = "map", list_map_keys = ["service", "path"])]
    routes: Vec<ServedRoute>,
    #[kapi(list_type = "map", list_map_keys = ["selector"])]
    echoes: Vec<Route>,
}

#[test]
fn an_embedded_inline_type_keeps_its_message_and_numbers_without_a_definition() {
    let mut registry = Registry::new();
    registry.register::<RouteTable>();
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());
    assert!(registry.definitions().keys().all(|name| !name.as_str().ends_with("Backend")), "no definition");
    let route = registry.definition(&DefName::new("com.example.widgets.v1.ServedRoute")).expect("route");
    let properties: Vec<&str> = route.schema.keywords().properties.keys().map(String::as_str).collect();
    assert_eq!(properties, ["service", "port", "path"], "the backend's fields are inline in JSON");
    let proto = &route.info.proto;
    assert_eq!(proto.numbers.get("backend"), Some(&1));
    assert!(proto.embedded.is_empty());
    let backend = proto.embedded_inline.get("backend").expect("embedded inline field");
    assert_eq!(backend.name, "Backend");
    assert_eq!(backend.field_description.as_deref(), Some("Where requests go."));
    let numbers: Vec<(&str, u32)> = backend.proto.numbers.iter().map(|(name, n)| (name.as_str(), *n)).collect();
    assert_eq!(numbers, [("port", 2), ("service", 1)]);
    let fields: Vec<&str> = backend.schema.keywords().properties.keys().map(String::as_str).collect();
    assert_eq!(fields, ["service", "port"]);
}

#[test]
fn the_json_fields_of_an_embedding_type_include_the_embedded_ones() {
    use kapi::model::derive_support::JsonFields;
    assert_eq!(<ServedRoute as JsonFields>::JSON_FIELDS, ["path", "service", "port"]);
    assert_eq!(<Route as JsonFields>::JSON_FIELDS, ["host", "selector"]);
}
