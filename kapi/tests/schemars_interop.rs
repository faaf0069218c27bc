//! schemars interop with real `#[derive(JsonSchema)]` types: registered directly, used as fields of kapi types,
//! and through the generator into an OpenAPI v3 document.

use std::collections::BTreeMap;

use kapi::model::{DefName, InstanceType, SchemaNode, SchemaObject};
use kapi::{Registry, Resource, Schema};
use kapi_meta::meta::v1::{ListMeta, ObjectMeta};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// The kube-derive side: types that only know schemars.
mod shapes {
    use std::collections::BTreeMap;

    use schemars::JsonSchema;
    use serde::{Deserialize, Serialize};

    /// A colour.
    #[derive(Debug, Serialize, Deserialize, JsonSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum Color {
        Red,
        Green,
        Blue,
    }

    /// A shape, tagged by its kind.
    #[derive(Debug, Serialize, Deserialize, JsonSchema)]
    #[serde(tag = "kind")]
    pub enum Shape {
        Circle { radius: f64 },
        Square { side: u32 },
    }

    /// A port, by number or by name.
    #[derive(Debug, Serialize, Deserialize, JsonSchema)]
    #[serde(untagged)]
    pub enum PortRef {
        Number(u16),
        Name(String),
    }

    /// A labelled tree.
    #[derive(Debug, Serialize, Deserialize, JsonSchema)]
    pub struct Node {
        /// What the node says.
        pub label: String,
        #[serde(default)]
        pub children: Vec<Node>,
        pub color: Option<Color>,
        pub note: Option<String>,
        pub ports: BTreeMap<String, PortRef>,
    }
}

use shapes::{Color, Node, PortRef, Shape};

/// The kapi side: a resource whose spec uses the schemars types, by flag and by `schema_with`.
#[derive(Debug, Serialize, Deserialize, Schema, Resource)]
#[kapi(package = "example.com/drawings/v1", group = "drawings.example.com", version = "v1", list = DrawingList)]
pub struct Drawing {
    #[serde(default)]
    pub metadata: ObjectMeta,
    pub spec: DrawingSpec,
}

/// What to draw.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "example.com/drawings/v1")]
pub struct DrawingSpec {
    #[kapi(schemars)]
    pub shape: Shape,
    /// Behind the shape.
    #[kapi(schemars)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background: Option<Color>,
    #[kapi(schema_with = kapi::schemars::field_schema::<Node>)]
    pub tree: Node,
    #[kapi(schemars)]
    pub ports: BTreeMap<String, PortRef>,
}

/// A page of drawings.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "example.com/drawings/v1")]
pub struct DrawingList {
    #[serde(default)]
    pub metadata: ListMeta,
    pub items: Vec<Drawing>,
}

/// A schemars type's default name is its Rust path: this file is the module `schemars_interop` of the test crate
/// `integration` (tests/integration.rs).
fn name(short: &str) -> DefName {
    DefName::new(format!("integration.schemars_interop.shapes.{short}"))
}

fn body<'r>(registry: &'r Registry, short: &str) -> &'r SchemaObject {
    match registry.definition(&name(short)) {
        Some(definition) => definition.schema.keywords(),
        None => panic!("{short} is not registered: {:?}", registry.definitions().keys().collect::<Vec<_>>()),
    }
}

fn property<'o>(object: &'o SchemaObject, name: &str) -> &'o SchemaNode {
    object.properties.get(name).unwrap_or_else(|| panic!("no property {name}"))
}

#[test]
fn a_unit_enum_registers_as_a_string_enum() {
    let mut registry = Registry::new();
    let node = kapi::schemars::register::<Color>(&mut registry);
    assert_eq!(node, SchemaNode::reference(name("Color")));
    let color = body(&registry, "Color");
    assert_eq!(color.instance_type, Some(InstanceType::String));
    assert_eq!(color.enum_values, [json!("red"), json!("green"), json!("blue")]);
    assert_eq!(color.description.as_deref(), Some("A colour."));
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());
}

#[test]
fn tagged_and_untagged_enums_become_one_of_and_any_of() {
    let mut registry = Registry::new();
    kapi::schemars::register::<Shape>(&mut registry);
    kapi::schemars::register::<PortRef>(&mut registry);
    let shape = body(&registry, "Shape");
    let circle = shape.one_of[0].keywords();
    assert_eq!(property(circle, "kind").keywords().enum_values, [json!("Circle")]);
    assert_eq!(circle.required, ["kind", "radius"]);
    assert_eq!(property(circle, "radius").keywords().format.as_deref(), Some("double"));
    assert_eq!(shape.one_of.len(), 2);
    let port = body(&registry, "PortRef");
    let kinds: Vec<_> = port.any_of.iter().map(|n| n.keywords().instance_type).collect();
    assert_eq!(kinds, [Some(InstanceType::Integer), Some(InstanceType::String)]);
    assert_eq!(port.any_of[0].keywords().bounds.maximum, Some(65535.into()));
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());
}

#[test]
fn a_recursive_type_brings_options_maps_and_itself() {
    let mut registry = Registry::new();
    let node = kapi::schemars::register::<Node>(&mut registry);
    assert_eq!(node.target(), Some(&name("Node")));
    let tree = body(&registry, "Node");
    let children = property(tree, "children").keywords();
    assert_eq!(children.items.as_deref().and_then(SchemaNode::target), Some(&name("Node")), "recursion is a reference");
    assert_eq!(children.default, Some(json!([])));
    // Option<Color>: schemars' `anyOf [ref, null]` is a nullable reference.
    let color = property(tree, "color");
    assert_eq!((color.target(), color.keywords().nullable), (Some(&name("Color")), true));
    let note = property(tree, "note").keywords();
    assert_eq!((note.instance_type, note.nullable), (Some(InstanceType::String), true));
    let ports = property(tree, "ports").keywords();
    assert_eq!(ports.additional_properties.as_deref().and_then(SchemaNode::target), Some(&name("PortRef")));
    assert_eq!(tree.required, ["label", "ports"]);
    let names: Vec<&str> = registry.definitions().keys().map(DefName::as_str).collect();
    let expected = ["Color", "Node", "PortRef"].map(|short| name(short).as_str().to_owned());
    assert_eq!(names, expected);
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());
}

#[test]
fn schemars_types_are_fields_of_kapi_types() {
    let mut registry = Registry::new();
    registry.register::<DrawingSpec>();
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());
    let spec = registry.definition(&DefName::new("com.example.drawings.v1.DrawingSpec")).map(|d| d.schema.keywords());
    let spec = spec.expect("DrawingSpec is registered");
    assert_eq!(property(spec, "shape"), &SchemaNode::reference(name("Shape")));
    // An optional field is not required, and the field (not the colour) is optional: no `nullable`.
    let background = property(spec, "background");
    assert_eq!(background.target(), Some(&name("Color")));
    assert!(!background.keywords().nullable);
    assert_eq!(background.keywords().description.as_deref(), Some("Behind the shape."));
    assert_eq!(property(spec, "tree"), &SchemaNode::reference(name("Node")));
    let ports = property(spec, "ports").keywords();
    assert_eq!(ports.additional_properties.as_deref().and_then(SchemaNode::target), Some(&name("PortRef")));
    assert_eq!(spec.required, ["shape", "tree", "ports"]);
    // Types reached through several fields are stored once.
    assert_eq!(
        registry.definitions().keys().filter(|n| n.as_str().starts_with("integration.schemars_interop.")).count(),
        4
    );
}

#[test]
fn the_generator_writes_the_schemars_schemas_into_openapi_v3() -> Result<(), Box<dyn std::error::Error>> {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    registry.register_resource::<Drawing>();
    // A user's group is published losslessly: its enums are kept.
    let artifacts = kapi_codegen::generate(&registry, &kapi_codegen::Options::default())?;
    let bytes = artifacts.get("openapi/v3/apis/drawings.example.com/v1.json").ok_or("no v3 document")?;
    let document: Value = serde_json::from_slice(bytes)?;
    let schemas = &document["components"]["schemas"];
    let schema = |short: &str| &schemas[name(short).as_str()];
    assert_eq!(schema("Color")["enum"], json!(["red", "green", "blue"]));
    let node_ref = json!({"$ref": "#/components/schemas/integration.schemars_interop.shapes.Node"});
    assert_eq!(schema("Node")["properties"]["children"]["items"], node_ref, "the recursive reference");
    assert_eq!(schema("Node")["properties"]["color"]["nullable"], json!(true));
    assert_eq!(schema("Shape")["oneOf"][1]["properties"]["kind"]["enum"], json!(["Square"]));
    assert_eq!(schema("PortRef")["anyOf"][1], json!({"type": "string"}));
    let spec = &schemas["com.example.drawings.v1.DrawingSpec"];
    assert_eq!(spec["properties"]["tree"], node_ref);
    assert_eq!(spec["required"], json!(["shape", "tree", "ports"]));
    Ok(())
}

/// A hand-written schema (schemars' `json_schema!`) with keywords OpenAPI 3.0 cannot say.
#[derive(Debug)]
struct Labels;

impl schemars::JsonSchema for Labels {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Labels".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "object",
            "patternProperties": {"^[a-z]+$": {"type": "string"}},
            "additionalProperties": false,
        })
    }
}

#[test]
fn what_openapi_cannot_say_is_a_registry_error_and_stops_generation() {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    let node = kapi::schemars::register::<Labels>(&mut registry);
    assert_eq!(node.target().map(DefName::as_str), Some("integration.schemars_interop.Labels"));
    assert_eq!(
        registry.errors(),
        [
            "schemars type `integration::schemars_interop::Labels`: at `#/$defs/Labels/patternProperties`: `patternProperties` has no \
          OpenAPI 3.0 form, so kapi's model cannot hold it"
        ]
    );
    let generated = kapi_codegen::generate(&registry, &kapi_codegen::Options::default());
    assert!(generated.is_err_and(|error| error.to_string().contains("patternProperties")));
}

mod elsewhere {
    /// Another type schemars also calls `Color`.
    #[derive(Debug, schemars::JsonSchema)]
    #[expect(dead_code, reason = "only its schema is used")]
    pub struct Color {
        pub hue: u16,
    }
}

#[test]
fn one_name_for_two_schemas_is_an_error_not_an_overwrite() {
    let mut registry = Registry::new();
    let import = kapi::schemars::Import::new().namespace("com.example.paint.v1");
    import.register::<Color>(&mut registry);
    import.register::<Color>(&mut registry);
    assert!(registry.errors().is_empty(), "the same type twice is one definition");
    import.register::<elsewhere::Color>(&mut registry);
    assert_eq!(
        registry.errors(),
        ["definition name `com.example.paint.v1.Color` is imported twice with different schemas, from schemars type \
          `integration::schemars_interop::shapes::Color` and schemars type `integration::schemars_interop::elsewhere::Color`"]
    );
    let kept = registry.definition(&DefName::new("com.example.paint.v1.Color")).map(|d| &d.schema);
    assert_eq!(kept.map(|s| s.keywords().enum_values.len()), Some(3), "the first definition stays");
    // Without a namespace each type is named after its module, so the two do not meet.
    let mut registry = Registry::new();
    kapi::schemars::register::<Color>(&mut registry);
    kapi::schemars::register::<elsewhere::Color>(&mut registry);
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());
}

/// A kapi type whose default name is the one schemars' `Color` gets.
mod clash {
    pub mod shapes {
        #[derive(Debug, kapi::Schema)]
        #[expect(dead_code, reason = "only its schema is used")]
        #[kapi(definition = "integration.schemars_interop.shapes.Color")]
        pub struct Paint {
            pub hue: u16,
        }
    }
}

#[test]
fn a_kapi_type_and_a_schemars_type_cannot_share_a_name() {
    let mut registry = Registry::new();
    kapi::schemars::register::<Color>(&mut registry);
    registry.register::<clash::shapes::Paint>();
    let errors = registry.errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("is claimed by both schemars type `integration::schemars_interop::shapes::Color` and"),
        "{errors:?}"
    );
}

/// serde and schemars attributes whose schemas need more than a plain mapping.
#[derive(Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Extras {
    /// A tuple: OpenAPI 3.0 has no positional items.
    pub pair: (u8, String),
    /// kube-derive's idiom for free-form JSON.
    #[schemars(extend("x-kubernetes-preserve-unknown-fields" = true))]
    pub raw: Value,
    pub strict: Strict,
    #[serde(flatten)]
    pub rest: BTreeMap<String, Value>,
}

/// Rejects unknown fields.
#[derive(Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Strict {
    pub only: bool,
}

#[test]
fn tuples_extensions_and_closed_or_open_objects_are_mapped() {
    let mut registry = Registry::new();
    kapi::schemars::register::<Extras>(&mut registry);
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());
    let extras = registry.definition(&DefName::new("integration.schemars_interop.Extras")).map(|d| d.schema.keywords());
    let extras = extras.expect("Extras is registered");
    let pair = property(extras, "pair").keywords();
    let items = pair.items.as_deref().map(|items| items.keywords().any_of.len());
    assert_eq!((items, pair.bounds.min_items, pair.bounds.max_items), (Some(2), Some(2), Some(2)));
    assert!(property(extras, "raw").keywords().kubernetes.preserve_unknown_fields);
    // A flattened map leaves the object open (`additionalProperties: {}`); deny_unknown_fields closes it.
    let anything = SchemaNode::inline(SchemaObject::default());
    assert_eq!(extras.additional_properties.as_deref(), Some(&anything));
    let strict = registry.definition(&DefName::new("integration.schemars_interop.Strict")).map(|d| d.schema.keywords());
    let closed = strict.and_then(|s| s.additional_properties.as_deref()).map(|a| a.keywords().not.is_some());
    assert_eq!(closed, Some(true));
}
