//! `k8s.io/apimachinery/pkg/util/intstr`: values that are either an integer or a string.

use kapi::model::{InstanceType, ProtoField, ProtoMessage, ProtoScalar, SchemaNode, SchemaObject};
use serde::{Deserialize, Serialize};

use crate::special::{described, special_schema};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/apimachinery/pkg/util/intstr";

/// An integer or a string, such as a port given by number or by name, or a count given as `3` or `"25%"`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum IntOrString {
    /// The integer form.
    Int(i32),
    /// The string form.
    String(String),
}

/// Go's zero value of the type: the integer 0. A field that must be present but was never set holds it.
impl Default for IntOrString {
    fn default() -> Self {
        Self::Int(0)
    }
}

fn int_or_string() -> SchemaObject {
    SchemaObject {
        format: Some("int-or-string".to_owned()),
        one_of: vec![
            SchemaNode::inline(SchemaObject::of_type(InstanceType::Integer)),
            SchemaNode::inline(SchemaObject::of_type(InstanceType::String)),
        ],
        ..described(
            "Either an integer or a string, written as a JSON number or a JSON string. Used where a value may \
             be given by number or by name (ports) or as an absolute count or a percentage.",
        )
    }
}

/// Go's struct as go-to-protobuf writes it: `type` says which of `intVal` (0) and `strVal` (1) holds the value.
fn int_or_string_message() -> ProtoMessage {
    ProtoMessage::new(vec![
        ProtoField::optional("type", 1, ProtoScalar::Int64),
        ProtoField::optional("intVal", 2, ProtoScalar::Int32),
        ProtoField::optional("strVal", 3, ProtoScalar::String),
    ])
}

special_schema!(
    IntOrString,
    package = PACKAGE,
    name = "IntOrString",
    body = int_or_string(),
    proto = int_or_string_message()
);

/// Fields of this type may say `#[kapi(int_or_string)]`.
impl kapi::model::shape::IntOrStringShape for IntOrString {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::special::definition_body;

    #[test]
    fn both_forms_round_trip() -> serde_json::Result<()> {
        let values: Vec<IntOrString> = serde_json::from_str(r#"[8080, "http"]"#)?;
        assert_eq!(values, [IntOrString::Int(8080), IntOrString::String("http".to_owned())]);
        assert_eq!(serde_json::to_string(&values)?, r#"[8080,"http"]"#);
        Ok(())
    }

    #[test]
    fn the_schema_is_a_typeless_one_of() {
        let body = definition_body::<IntOrString>();
        assert_eq!((body.instance_type, body.format.as_deref()), (None, Some("int-or-string")));
        assert_eq!(body.one_of.len(), 2);
    }
}
