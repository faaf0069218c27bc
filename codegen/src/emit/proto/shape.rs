//! What a schema position becomes in protobuf: a scalar, a message, a list or map of them, or an inline object that
//! needs a nested message. Values with no protobuf structure (untyped, `anyOf`, preserved unknown fields) travel as
//! their JSON text in `bytes`, as go-to-protobuf's `RawExtension` and apiextensions' `JSON` do.

use kapi_model::{Definition, InstanceType, ProtoScalar, SchemaNode, SchemaObject};

/// The protobuf shape of one schema position.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Shape<'s> {
    /// A scalar.
    Scalar(ProtoScalar),
    /// The message of a named definition.
    Definition(&'s kapi_model::DefName),
    /// A list of values.
    List(&'s SchemaNode),
    /// A map from strings to values.
    Map(&'s SchemaNode),
    /// An object written in place, needing a message of its own (a struct or a tagged union).
    Inline(&'s SchemaObject),
}

/// How a definition appears on the wire.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Form<'s> {
    /// As a message of its own.
    Message,
    /// As what its body is: go-to-protobuf writes named scalar and map types as their underlying type.
    Transparent(&'s SchemaNode),
}

/// Whether a definition has a message, or stands for its body.
pub(crate) fn form(definition: &Definition) -> Form<'_> {
    if definition.info.proto.message.is_some() {
        return Form::Message;
    }
    let body = definition.schema.keywords();
    if definition.schema.target().is_some() || scalar(body).is_some() || is_map(body) {
        Form::Transparent(&definition.schema)
    } else {
        Form::Message
    }
}

/// The shape of an inline schema, or of a reference's target when `node` is a reference.
pub(crate) fn shape(node: &SchemaNode) -> Shape<'_> {
    if let Some(target) = node.target() {
        return Shape::Definition(target);
    }
    let object = node.keywords();
    if let Some(scalar) = scalar(object) {
        return Shape::Scalar(scalar);
    }
    match (object.instance_type, &object.items, &object.additional_properties) {
        (Some(InstanceType::Array), Some(items), _) => Shape::List(items),
        (_, _, Some(values)) if is_map(object) => Shape::Map(values),
        _ if !object.properties.is_empty() || is_union(object) => Shape::Inline(object),
        _ => Shape::Scalar(ProtoScalar::Bytes),
    }
}

/// The protobuf scalar a plain-typed schema maps to; `None` for objects, arrays and anything polymorphic.
pub(crate) fn scalar(object: &SchemaObject) -> Option<ProtoScalar> {
    if !(object.one_of.is_empty() && object.any_of.is_empty() && object.all_of.is_empty()) {
        return None;
    }
    let format = object.format.as_deref();
    Some(match object.instance_type? {
        InstanceType::String if format == Some("byte") => ProtoScalar::Bytes,
        InstanceType::String => ProtoScalar::String,
        InstanceType::Integer if format == Some("int32") => ProtoScalar::Int32,
        InstanceType::Integer => ProtoScalar::Int64,
        InstanceType::Number if format == Some("float") => ProtoScalar::Float,
        InstanceType::Number => ProtoScalar::Double,
        InstanceType::Boolean => ProtoScalar::Bool,
        InstanceType::Object | InstanceType::Array => return None,
    })
}

/// An object whose keys are free: `additionalProperties` and no fixed properties.
pub(crate) fn is_map(object: &SchemaObject) -> bool {
    object.additional_properties.is_some() && object.properties.is_empty() && scalar(object).is_none()
}

/// A tagged union as serde writes an externally tagged enum: `oneOf` objects of exactly one property each.
/// Its message has one field per alternative.
pub(crate) fn is_union(object: &SchemaObject) -> bool {
    !object.one_of.is_empty()
        && object.one_of.iter().all(|alternative| match alternative {
            SchemaNode::Inline(alternative) => alternative.properties.len() == 1,
            SchemaNode::Ref(_) => false,
        })
}

/// The fields of a message body, by JSON name: a struct's properties, or a union's alternatives.
pub(crate) fn members(object: &SchemaObject) -> Vec<(&String, &SchemaNode)> {
    if object.properties.is_empty() && is_union(object) {
        object.one_of.iter().flat_map(|alternative| alternative.keywords().properties.iter()).collect()
    } else {
        object.properties.iter().collect()
    }
}

/// True when a definition's body is carried as JSON text rather than as fields (nothing structured to map).
pub(crate) fn is_raw_json(object: &SchemaObject) -> bool {
    let open = object.kubernetes.preserve_unknown_fields || object.instance_type.is_none();
    object.properties.is_empty()
        && !is_union(object)
        && (open || !object.any_of.is_empty() || !object.one_of.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(object: SchemaObject) -> SchemaNode {
        SchemaNode::inline(object)
    }

    #[test]
    fn scalars_follow_type_and_format() {
        let cases = [
            (SchemaObject::of_format(InstanceType::String, "byte"), ProtoScalar::Bytes),
            (SchemaObject::of_format(InstanceType::String, "date-time"), ProtoScalar::String),
            (SchemaObject::of_format(InstanceType::Integer, "int32"), ProtoScalar::Int32),
            (SchemaObject::of_type(InstanceType::Integer), ProtoScalar::Int64),
            (SchemaObject::of_format(InstanceType::Number, "float"), ProtoScalar::Float),
            (SchemaObject::of_format(InstanceType::Number, "double"), ProtoScalar::Double),
            (SchemaObject::of_type(InstanceType::Boolean), ProtoScalar::Bool),
        ];
        for (object, expected) in cases {
            assert_eq!(scalar(&object), Some(expected), "{object:?}");
        }
    }

    #[test]
    fn untyped_values_travel_as_json_bytes() {
        let mut open = SchemaObject::default();
        open.kubernetes.preserve_unknown_fields = true;
        assert!(matches!(shape(&node(open.clone())), Shape::Scalar(ProtoScalar::Bytes)));
        assert!(is_raw_json(&open));
        let struct_like = SchemaObject::of_type(InstanceType::Object);
        assert!(!is_raw_json(&struct_like), "an empty struct is an empty message");
    }

    #[test]
    fn single_property_alternatives_make_a_union() {
        let mut webhook = SchemaObject::of_type(InstanceType::Object);
        webhook.properties.insert("webhook".into(), node(SchemaObject::of_type(InstanceType::String)));
        let union = SchemaObject { one_of: vec![node(webhook)], ..SchemaObject::default() };
        assert!(is_union(&union));
        assert!(matches!(shape(&node(union.clone())), Shape::Inline(_)));
        assert_eq!(members(&union).len(), 1);
    }
}
