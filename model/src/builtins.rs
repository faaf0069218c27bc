//! Schemas of standard types.

use std::collections::{BTreeMap, HashMap};

use serde_json::Value;

use crate::registry::Registry;
use crate::schema::{InstanceType, SchemaNode, SchemaObject};
use crate::traits::{Schema, ZeroValue, element_schema};

macro_rules! scalar {
    ($($ty:ty => $instance:ident $(/ $format:literal)?, zero $zero:expr;)*) => {$(
        impl Schema for $ty {
            fn schema(_: &mut Registry) -> SchemaNode {
                #[allow(unused_mut)]
                let mut object = SchemaObject::of_type(InstanceType::$instance);
                $( object.format = Some($format.to_owned()); )?
                SchemaNode::inline(object)
            }
            fn zero_value() -> ZeroValue {
                ZeroValue::Scalar($zero)
            }
        }
    )*};
}

scalar! {
    String => String, zero Value::from("");
    str => String, zero Value::from("");
    char => String, zero Value::from("");
    bool => Boolean, zero Value::from(false);
    i8 => Integer / "int32", zero Value::from(0);
    i16 => Integer / "int32", zero Value::from(0);
    i32 => Integer / "int32", zero Value::from(0);
    u8 => Integer / "int32", zero Value::from(0);
    u16 => Integer / "int32", zero Value::from(0);
    u32 => Integer / "int64", zero Value::from(0);
    i64 => Integer / "int64", zero Value::from(0);
    u64 => Integer / "int64", zero Value::from(0);
    f32 => Number / "float", zero Value::from(0);
    f64 => Number / "double", zero Value::from(0);
    // A number of no stated width or kind (`type: number` alone; with `type = "integer"`, `type: integer` alone).
    serde_json::Number => Number, zero Value::from(0);
}

impl<T: Schema> Schema for Option<T> {
    fn schema(registry: &mut Registry) -> SchemaNode {
        registry.schema_for::<T>()
    }
    fn is_option() -> bool {
        true
    }
}

impl<T: Schema + ?Sized> Schema for Box<T> {
    fn schema(registry: &mut Registry) -> SchemaNode {
        registry.schema_for::<T>()
    }
    fn zero_value() -> ZeroValue {
        T::zero_value()
    }
    fn is_option() -> bool {
        T::is_option()
    }
}

fn array_of<T: Schema>(registry: &mut Registry) -> SchemaNode {
    let items = element_schema::<T>(registry);
    SchemaNode::inline(SchemaObject { items: Some(Box::new(items)), ..SchemaObject::of_type(InstanceType::Array) })
}

fn map_of<V: Schema>(registry: &mut Registry) -> SchemaNode {
    let values = element_schema::<V>(registry);
    SchemaNode::inline(SchemaObject {
        additional_properties: Some(Box::new(values)),
        ..SchemaObject::of_type(InstanceType::Object)
    })
}

impl<T: Schema> Schema for Vec<T> {
    fn schema(registry: &mut Registry) -> SchemaNode {
        array_of::<T>(registry)
    }
}

impl<T: Schema> Schema for [T] {
    fn schema(registry: &mut Registry) -> SchemaNode {
        array_of::<T>(registry)
    }
}

impl<V: Schema> Schema for BTreeMap<String, V> {
    fn schema(registry: &mut Registry) -> SchemaNode {
        map_of::<V>(registry)
    }
}

impl<V: Schema, S> Schema for HashMap<String, V, S> {
    fn schema(registry: &mut Registry) -> SchemaNode {
        map_of::<V>(registry)
    }
}

/// Any JSON value: kept as is, so the schema says unknown fields are preserved.
impl Schema for Value {
    fn schema(_: &mut Registry) -> SchemaNode {
        let mut object = SchemaObject::default();
        object.kubernetes.preserve_unknown_fields = true;
        SchemaNode::inline(object)
    }
}

/// A JSON object of any fields: an object whose unknown fields are preserved.
impl Schema for serde_json::Map<String, Value> {
    fn schema(_: &mut Registry) -> SchemaNode {
        let mut object = SchemaObject::of_type(InstanceType::Object);
        object.kubernetes.preserve_unknown_fields = true;
        SchemaNode::inline(object)
    }
}

/// Marker for byte-string fields (`#[kapi(bytes)]`): base64 in JSON, `string` / `byte` in schemas.
#[derive(Debug, Clone, Copy)]
pub struct ByteString;

impl Schema for ByteString {
    fn schema(_: &mut Registry) -> SchemaNode {
        SchemaNode::inline(SchemaObject::of_format(InstanceType::String, "byte"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::traits::{FieldFacts, field_schema};

    #[test]
    fn integers_and_floats_carry_their_format() {
        let mut registry = Registry::new();
        let node = registry.schema_for::<i64>();
        assert_eq!(node.keywords().format.as_deref(), Some("int64"));
        let node = registry.schema_for::<f64>();
        assert_eq!(node.keywords().instance_type, Some(InstanceType::Number));
    }

    #[test]
    fn list_items_carry_zero_values_but_optional_fields_do_not() {
        let mut registry = Registry::new();
        let list = registry.schema_for::<Vec<String>>();
        let items = list.keywords().items.as_ref().expect("items");
        assert_eq!(items.keywords().zero_value, Some(Value::from("")));
        let facts = FieldFacts { always_serialized: true, ..FieldFacts::default() };
        let (node, required) = field_schema::<Option<String>>(&mut registry, facts);
        assert!(!required);
        assert_eq!(node.keywords().zero_value, None);
        let (node, required) = field_schema::<i32>(&mut registry, facts);
        assert!(required);
        assert_eq!(node.keywords().zero_value, Some(Value::from(0)));
    }

    #[test]
    fn omitted_when_empty_scalars_get_no_zero_value() {
        let mut registry = Registry::new();
        let (node, required) = field_schema::<String>(&mut registry, FieldFacts::default());
        assert!(!required);
        assert_eq!(node.keywords().zero_value, None);
    }

    #[test]
    fn free_form_numbers_and_objects() {
        let mut registry = Registry::new();
        let number = registry.schema_for::<serde_json::Number>();
        assert_eq!(number.keywords().instance_type, Some(InstanceType::Number));
        assert_eq!(number.keywords().format, None);
        let object = registry.schema_for::<serde_json::Map<String, Value>>();
        assert_eq!(object.keywords().instance_type, Some(InstanceType::Object));
        assert!(object.keywords().kubernetes.preserve_unknown_fields);
        assert_eq!(object.keywords().additional_properties, None);
    }

    #[test]
    fn maps_describe_their_values() {
        let mut registry = Registry::new();
        let map = registry.schema_for::<BTreeMap<String, bool>>();
        let values = map.keywords().additional_properties.as_ref().expect("values");
        assert_eq!(values.keywords().instance_type, Some(InstanceType::Boolean));
    }
}
