//! What the derive records for protobuf: fixed numbers, wrapped lists and wire-only fields.

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
    #[kapi(proto = 4)]
    display_name: String,
    #[kapi(proto = 2, proto_wrapper = "Verbs")]
    verbs: Vec<String>,
    unnumbered: bool,
    /// Only on the wire.
    #[serde(skip)]
    #[kapi(proto = 7)]
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

#[test]
fn numbers_wrappers_and_wire_only_fields_reach_the_model() {
    let mut registry = Registry::new();
    registry.register::<Widget>().register::<Choice>();
    let widget = registry.definition(&DefName::new("com.example.widgets.v1.Widget")).expect("widget");
    let proto = &widget.info.proto;
    let numbers: Vec<(&str, u32)> = proto.numbers.iter().map(|(name, n)| (name.as_str(), *n)).collect();
    assert_eq!(numbers, [("displayName", 4), ("verbs", 2), ("wireEcho", 7)]);
    assert_eq!(proto.wrappers.get("verbs").map(String::as_str), Some("Verbs"));
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

/// A position, embedded in markers.
#[derive(Default, Serialize, Schema)]
#[kapi(package = "example.com/widgets/v1")]
struct Position {
    #[kapi(proto = 1)]
    x: i32,
}

/// A marker: a label at a position, the position's fields side by side with the label in JSON.
#[derive(Serialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/widgets/v1")]
struct Marker {
    #[kapi(proto = 1)]
    label: String,
    #[serde(flatten)]
    #[kapi(proto = 2)]
    position: Position,
}

#[test]
fn a_numbered_flattened_field_is_embedded_as_one_message_field() {
    let mut registry = Registry::new();
    registry.register::<Marker>();
    let marker = registry.definition(&DefName::new("com.example.widgets.v1.Marker")).expect("marker");
    let properties: Vec<&str> = marker.schema.keywords().properties.keys().map(String::as_str).collect();
    assert_eq!(properties, ["label", "x"], "JSON stays flat");
    let embedded = marker.info.proto.embedded.get("position").expect("embedded field");
    assert_eq!((embedded.number, embedded.definition.as_str()), (2, "com.example.widgets.v1.Position"));
    assert!(!marker.info.proto.numbers.contains_key("position"), "no JSON property of that name");
}
