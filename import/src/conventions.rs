//! Which imported definitions are Kubernetes' own, published with Kubernetes' conventions, and what that changes
//! in how their schemas are held: upstream's generator writes Go zero values as defaults, which the model keeps apart
//! as zero values (a user's default is checked against its schema; a zero value is what the type is when unset).

use kapi_model::{InstanceType, SchemaNode, SchemaObject};
use serde_json::Value;

/// The namespace of Kubernetes' own definitions (`io.k8s.api.apps.v1.Deployment`, `io.k8s.kube-aggregator...`).
const KUBERNETES_NAMESPACE: &str = "io.k8s.";

/// True for a definition named into Kubernetes' namespace.
pub fn is_kubernetes(name: &str) -> bool {
    name.starts_with(KUBERNETES_NAMESPACE)
}

/// Moves every default that is its position's Go zero value into `zero_value`, through the whole schema.
pub fn zero_defaults_as_zero_values(node: &mut SchemaNode) {
    let is_reference = node.target().is_some();
    let object = node.keywords_mut();
    if let Some(default) = &object.default
        && is_zero(default, object, is_reference)
    {
        object.zero_value = object.default.take();
    }
    let lists = object.one_of.iter_mut().chain(object.any_of.iter_mut()).chain(object.all_of.iter_mut());
    let singles = object.not.as_deref_mut().into_iter().chain(object.additional_properties.as_deref_mut());
    for child in lists.chain(object.properties.values_mut()).chain(singles).chain(object.items.as_deref_mut()) {
        zero_defaults_as_zero_values(child);
    }
}

fn is_zero(value: &Value, object: &SchemaObject, is_reference: bool) -> bool {
    match value {
        Value::Object(map) => map.is_empty() && (is_reference || object.instance_type == Some(InstanceType::Object)),
        Value::String(text) => text.is_empty() && object.instance_type == Some(InstanceType::String),
        Value::Number(number) => {
            number.as_f64() == Some(0.0)
                && matches!(object.instance_type, Some(InstanceType::Integer | InstanceType::Number))
        }
        Value::Bool(flag) => !flag && object.instance_type == Some(InstanceType::Boolean),
        _ => false,
    }
}

/// True when `node` or anything below it has an `enum`, closed or open (`x-extensible-enum`).
pub fn has_enum(node: &SchemaNode) -> bool {
    let object = node.keywords();
    if !object.enum_values.is_empty() || !object.known_values.is_empty() {
        return true;
    }
    let lists = object.one_of.iter().chain(&object.any_of).chain(&object.all_of);
    let singles = object.not.as_deref().into_iter().chain(object.additional_properties.as_deref());
    let mut children = lists.chain(object.properties.values()).chain(singles).chain(object.items.as_deref());
    children.any(has_enum)
}
