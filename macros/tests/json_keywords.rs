//! Keywords written as JSON text: an enum of numbers (`enum_values_json`), and subschemas that only validate
//! (`one_of_json`, `any_of_json`, `all_of_json`, `not_json`), in the model's schema form, on types and fields.

use kapi::Schema;
use kapi::model::{DefName, Registry, SchemaNode, SchemaObject};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// An address: an IP when its type says so, anything else otherwise.
#[derive(Serialize, Deserialize, Schema)]
#[kapi(
    package = "example.com/json/v1",
    one_of_json = r#"[{"properties":{"type":{"enum":["IPAddress"]}}},{"properties":{"type":{"not":{"enum":["IPAddress"]}}}}]"#
)]
struct Address {
    #[serde(rename = "type")]
    kind: String,
    #[kapi(any_of_json = r#"[{"format":"ipv4"},{"format":"ipv6"}]"#, not_json = r#"{"enum":[""]}"#)]
    value: String,
    #[kapi(type = "integer", enum_values_json = "[301, 302]", all_of_json = r#"[{"minimum":300}]"#)]
    code: serde_json::Number,
    /// Any fields.
    extra: serde_json::Map<String, serde_json::Value>,
}

fn address() -> SchemaObject {
    let mut registry = Registry::new();
    registry.register::<Address>();
    let definition = registry.definition(&DefName::new("com.example.json.v1.Address")).expect("Address");
    definition.schema.keywords().clone()
}

fn schemas(value: serde_json::Value) -> Vec<SchemaNode> {
    serde_json::from_value(value).expect("schemas")
}

#[test]
fn subschemas_written_as_json_land_where_written() {
    let address = address();
    let one_of = json!([{"properties": {"type": {"enum": ["IPAddress"]}}}, {"properties": {"type": {"not": {"enum": ["IPAddress"]}}}}]);
    assert_eq!(address.one_of, schemas(one_of));
    let value = address.properties["value"].keywords();
    assert_eq!(value.any_of, schemas(json!([{"format": "ipv4"}, {"format": "ipv6"}])));
    assert_eq!(value.not.as_deref().map(|not| &not.keywords().enum_values), Some(&vec![json!("")]));
    let code = address.properties["code"].keywords();
    assert_eq!(code.all_of, schemas(json!([{"minimum": 300}])));
}

#[test]
fn an_enum_of_numbers_on_a_json_number_of_integer_type() {
    let code = address().properties["code"].keywords().clone();
    assert_eq!(code.instance_type, Some(kapi::model::InstanceType::Integer));
    assert_eq!(code.format, None);
    assert_eq!(code.enum_values, vec![json!(301), json!(302)]);
}

#[test]
fn a_map_of_json_values_is_a_free_form_object() {
    let extra = address().properties["extra"].keywords().clone();
    assert_eq!(extra.instance_type, Some(kapi::model::InstanceType::Object));
    assert!(extra.kubernetes.preserve_unknown_fields);
    assert_eq!(extra.additional_properties, None);
}
