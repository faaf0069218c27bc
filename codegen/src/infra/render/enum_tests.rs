//! Open and closed enums in every dialect: a closed enum validates (`enum`), an open one is documented
//! (`x-extensible-enum` where the dialect has extensions, and a sentence in the description everywhere).

use kapi_model::{InstanceType, SchemaNode, SchemaObject};
use serde_json::{Value, json};

use super::*;

fn closed() -> SchemaNode {
    let mut object = SchemaObject::of_type(InstanceType::String);
    object.description = Some("Protocol.".into());
    object.enum_values = vec![json!("TCP"), json!("UDP")];
    SchemaNode::inline(object)
}

fn open() -> SchemaNode {
    let mut object = SchemaObject::of_type(InstanceType::String);
    object.description = Some("Tier.".into());
    object.known_values = vec![json!("Gold"), json!("Silver")];
    SchemaNode::inline(object)
}

fn render(dialect: &'static Dialect, node: &SchemaNode) -> (Value, Vec<Dropped>) {
    let mut renderer = Renderer::new(dialect);
    let value = renderer.schema(node);
    (value, renderer.take_dropped())
}

const OPEN_DESCRIPTION: &str = "Tier.\n\nKnown values: \"Gold\", \"Silver\"; other values may appear.";

#[test]
fn closed_enums_validate_in_every_dialect() {
    for dialect in [&Dialect::OPENAPI_V3, &Dialect::SWAGGER_V2, &Dialect::JSON_SCHEMA, &Dialect::CRD] {
        let (value, dropped) = render(dialect, &closed());
        let expected = json!({"type": "string", "description": "Protocol.", "enum": ["TCP", "UDP"]});
        assert_eq!((value, dropped), (expected, Vec::new()), "{dialect:?}");
    }
}

#[test]
fn open_enums_are_documented_not_enforced() {
    for dialect in [&Dialect::OPENAPI_V3, &Dialect::SWAGGER_V2, &Dialect::JSON_SCHEMA] {
        let (value, dropped) = render(dialect, &open());
        let expected =
            json!({"type": "string", "description": OPEN_DESCRIPTION, "x-extensible-enum": ["Gold", "Silver"]});
        assert_eq!((value, dropped), (expected, Vec::new()), "{dialect:?}");
    }
}

#[test]
fn crd_schemas_have_no_extension_so_open_enums_live_in_the_description() {
    let (value, dropped) = render(&Dialect::CRD, &open());
    assert_eq!(value, json!({"type": "string", "description": OPEN_DESCRIPTION}));
    let dropped: Vec<Keyword> = dropped.iter().map(|d| d.keyword).collect();
    assert_eq!(dropped, [Keyword::KnownValues], "recorded as dropped, so the CRD emitter can choose to stay quiet");
}

#[test]
fn an_open_enum_without_a_description_gets_the_sentence_alone() {
    let mut node = open();
    node.keywords_mut().description = None;
    let (value, _) = render(&Dialect::OPENAPI_V3, &node);
    assert_eq!(value["description"], json!("Known values: \"Gold\", \"Silver\"; other values may appear."));
}
