//! What JSON type a branch of a union stands for.

use kapi_model::{InstanceType, SchemaObject};

pub(super) fn is_null(shape: &SchemaObject) -> bool {
    shape.enum_values == [serde_json::Value::Null]
}

pub(super) fn is_object(shape: &SchemaObject) -> bool {
    shape_type(shape) == Some(InstanceType::Object)
}

/// The JSON type a branch stands for: its `type`, or object when it only lists properties.
pub(super) fn shape_type(shape: &SchemaObject) -> Option<InstanceType> {
    let declares_fields = !shape.properties.is_empty() || !shape.required.is_empty();
    shape.instance_type.or_else(|| declares_fields.then_some(InstanceType::Object))
}
