//! Protobuf emission on hand-built registries: how schemas map to fields, and the field-number ledger keeping
//! every number stable while fields come, go and move.

use kapi_codegen::proto::{ConflictKind, LEDGER_PATH, Ledger};
use kapi_codegen::{Artifacts, Options, generate};
use kapi_model::{
    DefName, DefinitionInfo, InstanceType, ProtoField, ProtoMessage, ProtoScalar, Registry, Schema, SchemaNode,
    SchemaObject,
};

const PACKAGE: &str = "example.io/shapes/v1";
const FILE: &str = "proto/example.io/shapes/v1/generated.proto";

fn scalar(instance_type: InstanceType, format: Option<&str>) -> SchemaNode {
    let mut object = SchemaObject::of_type(instance_type);
    object.format = format.map(str::to_owned);
    SchemaNode::inline(object)
}

fn array(items: SchemaNode) -> SchemaNode {
    SchemaNode::inline(SchemaObject { items: Some(Box::new(items)), ..SchemaObject::of_type(InstanceType::Array) })
}

fn map(values: SchemaNode) -> SchemaNode {
    let object = SchemaObject { additional_properties: Some(Box::new(values)), ..SchemaObject::default() };
    SchemaNode::inline(SchemaObject { instance_type: Some(InstanceType::Object), ..object })
}

fn object(properties: Vec<(&str, SchemaNode)>) -> SchemaNode {
    let mut object = SchemaObject::of_type(InstanceType::Object);
    for (name, node) in properties {
        object.properties.insert(name.to_owned(), node);
    }
    SchemaNode::inline(object)
}

/// A definition of `PACKAGE` with a fixed body and facts.
macro_rules! definition {
    ($ty:ident = $name:literal, |$registry:ident| $body:expr, |$info:ident| $facts:block) => {
        struct $ty;
        impl Schema for $ty {
            fn definition_name() -> Option<DefName> {
                Some(DefName::new(concat!("io.example.shapes.v1.", $name)))
            }
            fn schema($registry: &mut Registry) -> SchemaNode {
                $body
            }
            fn describe_definition($info: &mut DefinitionInfo) {
                $info.package = Some(PACKAGE.to_owned());
                $facts
            }
        }
    };
}

definition!(Colour = "Colour", |_r| scalar(InstanceType::String, None), |_i| {});
definition!(Labels = "Labels", |_r| map(scalar(InstanceType::String, None)), |_i| {});
definition!(Names = "Names", |_r| array(scalar(InstanceType::String, None)), |_i| {});
definition!(Stamp = "Stamp", |_r| scalar(InstanceType::String, Some("date-time")), |info| {
    info.proto.message = Some(ProtoMessage::new(vec![ProtoField::optional("seconds", 1, ProtoScalar::Int64)]))
});
definition!(
    Shape = "Shape",
    |r| {
        let mut union = SchemaObject::default();
        for (variant, field) in [("circle", "radius"), ("square", "side")] {
            let inner = object(vec![(field, scalar(InstanceType::Number, Some("double")))]);
            union.one_of.push(object(vec![(variant, inner)]));
        }
        let mut open = SchemaObject::default();
        open.kubernetes.preserve_unknown_fields = true;
        object(vec![
            ("colour", r.schema_for::<Colour>()),
            ("labels", r.schema_for::<Labels>()),
            ("names", r.schema_for::<Names>()),
            ("drawn", r.schema_for::<Stamp>()),
            ("outline", SchemaNode::inline(union)),
            ("grid", array(array(scalar(InstanceType::Integer, Some("int32"))))),
            ("layers", map(array(scalar(InstanceType::Boolean, None)))),
            ("extra", SchemaNode::inline(open)),
            ("thumbnail", scalar(InstanceType::String, Some("byte"))),
            ("x-offset", scalar(InstanceType::Integer, Some("int64"))),
            ("tags", array(scalar(InstanceType::String, None))),
        ])
    },
    |info| {
        info.proto.wrappers.insert("tags".into(), "Tags".into());
        info.proto.numbers.insert("colour".into(), 3);
    }
);

fn artifacts_of<T: Schema>(ledger: Option<Ledger>) -> Result<Artifacts, kapi_codegen::Error> {
    let mut registry = Registry::new();
    registry.register::<T>();
    generate(&registry, &Options { proto_ledger: ledger, ..Options::default() })
}

fn text(artifacts: &Artifacts, path: &str) -> String {
    String::from_utf8_lossy(artifacts.get(path).unwrap_or_else(|| panic!("no {path}"))).into_owned()
}

#[test]
fn schemas_map_to_protobuf_as_go_to_protobuf_would() -> Result<(), kapi_codegen::Error> {
    let proto = text(&artifacts_of::<Shape>(None)?, FILE);
    for expected in [
        "package example.io.shapes.v1;",
        "option go_package = \"example.io/shapes/v1\";",
        // Named scalar and map types stand for what they are; a named list is a message of `items`. Fields
        // without a number in the source are numbered past the highest one, in name order.
        "optional string colour = 3;",
        "map<string, string> labels = 7;",
        "optional Names names = 9;",
        "message Names {\n  repeated string items = 1;\n}",
        "optional Stamp drawn = 4;",
        "message Stamp {\n  optional int64 seconds = 1;\n}",
        // A tagged union: one field per alternative, inline objects as nested messages.
        "optional Shape.Outline outline = 10;",
        "  message Outline {\n    optional Shape.Outline.Circle circle = 1;",
        "optional double radius = 1;",
        // Lists of lists and maps of lists get `items` wrappers.
        "repeated Shape.GridItem grid = 6;",
        "message GridItem {\n    repeated int32 items = 1;\n  }",
        "map<string, Shape.LayersValue> layers = 8;",
        // Anything without protobuf structure is its JSON text.
        "optional bytes extra = 5;",
        "optional bytes thumbnail = 12;",
        "optional int64 x_offset = 13 [json_name = \"x-offset\"];",
        "optional Tags tags = 11;",
        "message Tags {\n  repeated string items = 1;\n}",
    ] {
        assert!(proto.contains(expected), "missing `{expected}` in\n{proto}");
    }
    assert!(!proto.contains("message Colour") && !proto.contains("message Labels"), "{proto}");
    Ok(())
}

definition!(
    WidgetV1 = "Widget",
    |_r| object(vec![
        ("name", scalar(InstanceType::String, None)),
        ("size", scalar(InstanceType::Integer, Some("int32"))),
        ("colour", scalar(InstanceType::String, None)),
    ]),
    |info| {
        info.proto.numbers.insert("name".into(), 1);
    }
);

// `size` removed, `weight` and `height` added, the rest reordered.
definition!(
    WidgetV2 = "Widget",
    |_r| object(vec![
        ("weight", scalar(InstanceType::Number, None)),
        ("colour", scalar(InstanceType::String, None)),
        ("height", scalar(InstanceType::Number, None)),
        ("name", scalar(InstanceType::String, None)),
    ]),
    |info| {
        info.proto.numbers.insert("name".into(), 1);
    }
);

// A source that would renumber `colour` and reuse `size`'s number.
definition!(
    WidgetV3 = "Widget",
    |_r| object(vec![
        ("name", scalar(InstanceType::String, None)),
        ("colour", scalar(InstanceType::String, None)),
        ("depth", scalar(InstanceType::Number, None)),
    ]),
    |info| {
        info.proto.numbers.insert("colour".into(), 7);
        info.proto.numbers.insert("depth".into(), 3);
    }
);

const WIDGET: &str = "example.io.shapes.v1.Widget";

fn ledger_of(artifacts: &Artifacts) -> Result<Ledger, kapi_codegen::Error> {
    Ledger::from_json(artifacts.get(LEDGER_PATH).unwrap_or_default())
}

#[test]
fn removing_adding_and_reordering_fields_renumbers_nothing() -> Result<(), kapi_codegen::Error> {
    let first = ledger_of(&artifacts_of::<WidgetV1>(None)?)?;
    let numbers = first.message(WIDGET).map(|m| m.fields().clone()).unwrap_or_default();
    assert_eq!(numbers, [("colour".into(), 2), ("name".into(), 1), ("size".into(), 3)].into());

    let second_artifacts = artifacts_of::<WidgetV2>(Some(first))?;
    let second = ledger_of(&second_artifacts)?;
    let widget = second.message(WIDGET).expect("widget in the ledger");
    assert_eq!((widget.number("name"), widget.number("colour")), (Some(1), Some(2)), "existing numbers kept");
    // New fields go past the highest number, in name order (the model file does not keep declaration order).
    assert_eq!((widget.number("height"), widget.number("weight")), (Some(4), Some(5)));
    assert_eq!(widget.reserved(), &[("size".to_owned(), 3)].into());
    let proto = text(&second_artifacts, FILE);
    assert!(proto.contains("  reserved 3;\n  reserved \"size\";\n"), "{proto}");
    assert!(
        proto.contains("optional string colour = 2;\n\n  optional double height = 4;"),
        "written by number\n{proto}"
    );

    // Generating again from its own ledger changes nothing.
    assert_eq!(ledger_of(&artifacts_of::<WidgetV2>(Some(second.clone()))?)?, second);

    let error = artifacts_of::<WidgetV3>(Some(second)).expect_err("renumbering is refused");
    let conflicts: Vec<_> = error.numbering_conflicts().iter().map(|c| (&*c.field, c.number, &c.kind)).collect();
    assert_eq!(
        conflicts,
        [
            ("colour", 7, &ConflictKind::Renumbered { before: 2 }),
            ("depth", 3, &ConflictKind::Reserved { was: "size".into() })
        ]
    );
    let message = error.to_string();
    assert!(message.contains("message `example.io.shapes.v1.Widget`: field `colour` has number 2"), "{message}");
    assert!(error.help().is_some_and(|help| help.contains("field-numbers.json")));
    Ok(())
}

#[test]
fn messages_no_longer_generated_keep_their_numbers() -> Result<(), kapi_codegen::Error> {
    let first = ledger_of(&artifacts_of::<WidgetV1>(None)?)?;
    let other = ledger_of(&artifacts_of::<Colour>(Some(first.clone()))?)?;
    assert_eq!(other.message(WIDGET), first.message(WIDGET));
    Ok(())
}

definition!(BadWrapper = "BadWrapper", |_r| object(vec![("name", scalar(InstanceType::String, None))]), |info| {
    info.proto.wrappers.insert("name".into(), "Names".into());
});

#[test]
fn a_wrapper_around_a_non_list_is_an_error() {
    let error = artifacts_of::<BadWrapper>(None).expect_err("only lists can be wrapped");
    let message = error.to_string();
    assert!(message.starts_with("the protobuf definitions cannot be written (1 problem(s))"), "{message}");
    assert!(message.contains("example.io.shapes.v1.BadWrapper` wraps a field in `Names`"), "{message}");
}

definition!(
    Reviewer = "Reviewer",
    |_r| object(vec![("extra", map(array(scalar(InstanceType::String, None))))]),
    |info| {
        info.proto.wrappers.insert("extra".into(), "ExtraValue".into());
        info.proto.numbers.insert("extra".into(), 4);
    }
);

#[test]
fn a_map_of_lists_carries_its_values_in_the_packages_wrapper() -> Result<(), kapi_codegen::Error> {
    let proto = text(&artifacts_of::<Reviewer>(None)?, FILE);
    assert!(proto.contains("map<string, ExtraValue> extra = 4;"), "{proto}");
    assert!(proto.contains("message ExtraValue {\n  repeated string items = 1;\n}"), "{proto}");
    assert!(!proto.contains("message ExtraValue {\n    "), "a package-level message, not a nested one: {proto}");
    Ok(())
}

// Open JSON (a boolean or a list of names, say): only a description in the schema, so its text travels in
// `bytes`, unless the definition declares its wire form field by field.
definition!(OpenValue = "OpenValue", |_r| SchemaNode::inline(SchemaObject::default()), |_i| {});
definition!(
    BoolOrNames = "BoolOrNames",
    |r| {
        kapi_model::derive_support::wire_only::<bool, BoolOrNames>(r, "allows", None);
        kapi_model::derive_support::wire_only::<Names, BoolOrNames>(r, "names", None);
        SchemaNode::inline(SchemaObject { description: Some("a boolean or names".into()), ..Default::default() })
    },
    |info| {
        info.proto.numbers.insert("allows".into(), 2);
        info.proto.numbers.insert("names".into(), 1);
    }
);
definition!(
    Holder = "Holder",
    |r| object(vec![("open", r.schema_for::<OpenValue>()), ("choice", r.schema_for::<BoolOrNames>())]),
    |_i| {}
);

#[test]
fn open_values_travel_as_text_unless_their_wire_fields_are_declared() -> Result<(), kapi_codegen::Error> {
    let proto = text(&artifacts_of::<Holder>(None)?, FILE);
    for expected in [
        "message OpenValue {\n  optional bytes raw = 1;\n}",
        "message BoolOrNames {\n  optional Names names = 1;\n\n  optional bool allows = 2;\n}",
        "optional BoolOrNames choice = 1;",
    ] {
        assert!(proto.contains(expected), "missing `{expected}` in\n{proto}");
    }
    Ok(())
}

// A Go struct embedded inline in JSON (`IngressRule`'s `IngressRuleValue`): its properties sit beside the
// owner's own in JSON, while go-to-protobuf carries them in one field of the embedded type's message.
definition!(RuleValue = "RuleValue", |_r| object(vec![("http", scalar(InstanceType::String, None))]), |info| {
    info.proto.numbers.insert("http".into(), 1);
});
definition!(
    Rule = "Rule",
    |r| {
        let mut body = object(vec![("host", scalar(InstanceType::String, None))]);
        kapi_model::derive_support::flatten::<RuleValue>(r, body.keywords_mut());
        kapi_model::derive_support::embedded::<RuleValue, Rule>(r, "ruleValue", Some("how requests are routed"));
        body
    },
    |info| {
        info.proto.numbers.insert("host".into(), 1);
        info.proto.numbers.insert("ruleValue".into(), 2);
    }
);

#[test]
fn an_embedded_struct_is_one_message_field_carrying_its_properties() -> Result<(), kapi_codegen::Error> {
    let proto = text(&artifacts_of::<Rule>(None)?, FILE);
    for expected in [
        "message Rule {\n  optional string host = 1;\n\n  // how requests are routed\n  optional RuleValue ruleValue = 2;\n}",
        "message RuleValue {\n  optional string http = 1;\n}",
    ] {
        assert!(proto.contains(expected), "missing `{expected}` in\n{proto}");
    }
    Ok(())
}

/// The fields of `Ref` and `NamedRef`: a fixed number, and two names protobuf cannot hold.
fn reference_body() -> SchemaNode {
    let string = || scalar(InstanceType::String, None);
    object(vec![("uid", string()), ("$ref", string()), ("x-mode", string())])
}

definition!(Ref = "Ref", |_r| reference_body(), |info| {
    info.proto.numbers.insert("uid".into(), 4);
});
definition!(NamedRef = "Ref", |_r| reference_body(), |info| {
    info.proto.numbers.insert("uid".into(), 4);
    for (json, proto) in [("uid", "uID"), ("$ref", "ref"), ("x-mode", "xMode")] {
        info.proto.names.insert(json.into(), proto.into());
    }
});
definition!(BadName = "BadName", |_r| reference_body(), |info| {
    info.proto.names.insert("uid".into(), "u-id".into());
});

#[test]
fn fields_named_anew_keep_their_numbers_and_json_names() -> Result<(), kapi_codegen::Error> {
    const REF: &str = "example.io.shapes.v1.Ref";
    let first_artifacts = artifacts_of::<Ref>(None)?;
    let first_text = text(&first_artifacts, FILE);
    assert!(first_text.contains("optional string _ref = 5 [json_name = \"$ref\"];"), "{first_text}");
    assert!(first_text.contains("optional string x_mode = 6 [json_name = \"x-mode\"];"), "{first_text}");
    let first = ledger_of(&first_artifacts)?;
    let before = first.message(REF).map(|m| m.fields().clone()).unwrap_or_default();
    assert_eq!(before, [("_ref".into(), 5), ("uid".into(), 4), ("x_mode".into(), 6)].into());

    let renamed_artifacts = artifacts_of::<NamedRef>(Some(first))?;
    let renamed = ledger_of(&renamed_artifacts)?;
    let after = renamed.message(REF).expect("in the ledger");
    assert_eq!(after.fields(), &[("uID".into(), 4), ("ref".into(), 5), ("xMode".into(), 6)].into());
    assert!(after.reserved().is_empty(), "the old names are not removed fields: {:?}", after.reserved());
    let proto = text(&renamed_artifacts, FILE);
    for line in [
        "optional string uID = 4 [json_name = \"uid\"];",
        "optional string ref = 5 [json_name = \"$ref\"];",
        "optional string xMode = 6 [json_name = \"x-mode\"];",
    ] {
        assert!(proto.contains(line), "{line} missing from\n{proto}");
    }
    assert!(!proto.contains("reserved"), "{proto}");

    let error = artifacts_of::<BadName>(None).expect_err("not an identifier");
    let message = error.to_string();
    assert!(message.contains("names field `uid` `u-id` in protobuf, which is not an identifier"), "{message}");
    Ok(())
}

// A Go struct embedded inline in JSON that Kubernetes' OpenAPI has no definition for (core/v1 `ProbeHandler`):
// an `inline` type, so only its properties appear in the owner's schema, while the wire still gives it a message.
struct Action;
impl Schema for Action {
    fn inline_message_name() -> Option<&'static str> {
        Some("Action")
    }
    fn schema(_registry: &mut Registry) -> SchemaNode {
        object(vec![("command", scalar(InstanceType::String, None)), ("port", scalar(InstanceType::Integer, None))])
    }
    fn describe_definition(info: &mut DefinitionInfo) {
        info.proto.numbers.insert("command".into(), 1);
        info.proto.numbers.insert("port".into(), 2);
    }
}
/// Two owners embed `Action`; its message is written once, in their package.
fn embedding_action<Owner: Schema>(registry: &mut Registry, own: &str) -> SchemaNode {
    let mut body = object(vec![(own, scalar(InstanceType::Boolean, None))]);
    kapi_model::derive_support::flatten::<Action>(registry, body.keywords_mut());
    kapi_model::derive_support::embedded::<Action, Owner>(registry, "action", Some("what to do"));
    body
}
definition!(Check = "Check", |r| embedding_action::<Check>(r, "verbose"), |info| {
    info.proto.numbers.insert("action".into(), 1);
    info.proto.numbers.insert("verbose".into(), 2);
});
definition!(
    Hook = "Hook",
    |r| {
        r.register::<Check>();
        embedding_action::<Hook>(r, "blocking")
    },
    |info| {
        info.proto.numbers.insert("action".into(), 1);
    }
);

#[test]
fn an_embedded_inline_type_is_a_message_without_a_definition() -> Result<(), kapi_codegen::Error> {
    let mut registry = Registry::new();
    registry.register::<Hook>();
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());
    let names: Vec<&str> = registry.definitions().keys().map(DefName::as_str).collect();
    assert_eq!(names, ["io.example.shapes.v1.Check", "io.example.shapes.v1.Hook"], "no definition for Action");
    let check = registry.definition(&DefName::new("io.example.shapes.v1.Check")).expect("check");
    let properties: Vec<&str> = check.schema.keywords().properties.keys().map(String::as_str).collect();
    assert_eq!(properties, ["verbose", "command", "port"], "JSON has the embedded properties inline");

    let artifacts = generate(&registry, &Options::default())?;
    let proto = text(&artifacts, FILE);
    for expected in [
        "message Action {\n  optional string command = 1;\n\n  optional int64 port = 2;\n}",
        "message Check {\n  // what to do\n  optional Action action = 1;\n\n  optional bool verbose = 2;\n}",
        "message Hook {\n  // what to do\n  optional Action action = 1;\n\n  optional bool blocking = 2;\n}",
    ] {
        assert!(proto.contains(expected), "missing `{expected}` in\n{proto}");
    }
    assert_eq!(proto.matches("message Action {").count(), 1, "written once:\n{proto}");
    let ledger = Ledger::from_json(artifacts.get(LEDGER_PATH).expect("ledger")).expect("ledger JSON");
    let action = ledger.message("example.io.shapes.v1.Action").expect("Action is in the ledger");
    assert_eq!(action.number("port"), Some(2));
    // The model file records the message with the embedding definition's protobuf facts; nothing else names it.
    let documents = artifacts.iter().filter(|(path, _)| !path.starts_with("proto/") && *path != "model.json");
    for (path, bytes) in documents {
        assert!(!String::from_utf8_lossy(bytes).contains("\"Action\""), "{path} names the inline type");
    }
    Ok(())
}
