//! `k8s.io/apimachinery/pkg/api/resource`: amounts of CPU, memory and other resources.

use kapi::model::{InstanceType, ProtoScalar, SchemaNode, SchemaObject};
use serde::{Deserialize, Deserializer, Serialize};

use crate::special::{described, single_field_message, special_schema};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/apimachinery/pkg/api/resource";

/// An amount such as `500m`, `1.5`, `128Mi` or `1e3`, kept in the text form it was given in. Plain JSON numbers
/// are accepted on input and kept as their text.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Quantity(pub String);

/// Go's zero value of the type: `0`.
impl Default for Quantity {
    fn default() -> Self {
        Self("0".to_owned())
    }
}

impl<'de> Deserialize<'de> for Quantity {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form {
            Text(String),
            Number(serde_json::Number),
        }
        Ok(match Form::deserialize(deserializer)? {
            Form::Text(text) => Self(text),
            Form::Number(number) => Self(number.to_string()),
        })
    }
}

fn string_or_number() -> SchemaObject {
    SchemaObject {
        one_of: vec![
            SchemaNode::inline(SchemaObject::of_type(InstanceType::String)),
            SchemaNode::inline(SchemaObject::of_type(InstanceType::Number)),
        ],
        ..described(
            "A fixed-point amount: a decimal number with an optional suffix, either a binary one (Ki, Mi, Gi, Ti, \
             Pi, Ei), a decimal one (m, k, M, G, T, P, E) or a decimal exponent (e3, E-2). Servers write it in a \
             canonical form, so a value may come back spelled differently than it was sent.",
        )
    }
}

special_schema!(
    Quantity,
    package = PACKAGE,
    name = "Quantity",
    body = string_or_number(),
    // The canonical text form, as a field named after Go's `String()` method.
    proto = single_field_message("string", ProtoScalar::String)
);

/// A quantity is given as a number or a string, so fields of this type may say `#[kapi(int_or_string)]`, as
/// controller-gen writes them.
impl kapi::model::shape::IntOrStringShape for Quantity {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_accepted_and_kept_as_text() -> serde_json::Result<()> {
        let values: Vec<Quantity> = serde_json::from_str(r#"["128Mi", 2, 0.5]"#)?;
        assert_eq!(values, [Quantity("128Mi".into()), Quantity("2".into()), Quantity("0.5".into())]);
        assert_eq!(serde_json::to_string(&values)?, r#"["128Mi","2","0.5"]"#);
        Ok(())
    }
}
