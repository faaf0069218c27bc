//! A sample instance of a schema: every property filled with a value the schema accepts, so a round trip through
//! another version exercises every field.

use serde_json::{Map, Number, Value, json};

use crate::extensions::KubernetesExtensions;
use crate::registry::Registry;
use crate::schema::{InstanceType, SchemaNode, SchemaObject};

/// Below this depth only required properties are filled, so recursive types (a schema of schemas) end.
const OPTIONAL_DEPTH: usize = 6;

/// An instance of `node` with every property set (optional ones down to a depth), resolving references in
/// `registry`. Strings honour formats and length bounds, numbers their bounds, enums take their first value.
///
/// A reference `registry` does not define (a type described by a name generation fills in, such as k8s-openapi's
/// meta types under the `kube` feature) has no sample: a property of that type is left out, a list of it is empty.
pub fn sample_instance(registry: &Registry, node: &SchemaNode) -> Value {
    sample(registry, node, 0).unwrap_or(Value::Null)
}

fn sample(registry: &Registry, node: &SchemaNode, depth: usize) -> Option<Value> {
    if let SchemaNode::Ref(reference) = node {
        let definition = registry.definition(&reference.target)?;
        return sample(registry, &definition.schema, depth);
    }
    let object = node.keywords();
    if let Some(value) = object.enum_values.iter().find(|v| !v.is_null()) {
        return Some(value.clone());
    }
    if let Some(first) = object.one_of.first().or(object.any_of.first()) {
        return sample(registry, first, depth);
    }
    if !object.all_of.is_empty() && object.instance_type.is_none() {
        // Every part holds: objects' properties merged (a tagged variant is its payload's `$ref` and its tag).
        let mut parts = object.all_of.iter().filter_map(|part| sample(registry, part, depth));
        let first = parts.next().unwrap_or(Value::Null);
        return Some(parts.fold(first, |mut merged, part| {
            if let (Some(merged), Value::Object(part)) = (merged.as_object_mut(), part) {
                merged.extend(part);
            }
            merged
        }));
    }
    Some(match object.instance_type {
        Some(InstanceType::Object) => sample_object(registry, object, depth),
        Some(InstanceType::Array) => {
            Value::Array(object.items.iter().filter_map(|items| sample(registry, items, depth + 1)).collect())
        }
        Some(InstanceType::String) => Value::String(sample_string(object)),
        Some(InstanceType::Integer) => Value::Number(sample_integer(object).into()),
        Some(InstanceType::Number) => sample_number(object),
        Some(InstanceType::Boolean) => Value::Bool(true),
        None => untyped(&object.kubernetes),
    })
}

fn sample_object(registry: &Registry, object: &SchemaObject, depth: usize) -> Value {
    let mut out = Map::new();
    for (name, property) in &object.properties {
        if (depth < OPTIONAL_DEPTH || object.required.contains(name))
            && let Some(value) = sample(registry, property, depth + 1)
        {
            out.insert(name.clone(), value);
        }
    }
    if let Some(values) = &object.additional_properties
        && depth < OPTIONAL_DEPTH
        && let Some(value) = sample(registry, values, depth + 1)
    {
        out.insert("sample-key".to_owned(), value);
    }
    Value::Object(out)
}

/// Int-or-string and preserved unknown fields are the untyped schemas Kubernetes allows.
fn untyped(kubernetes: &KubernetesExtensions) -> Value {
    if kubernetes.int_or_string {
        json!(1)
    } else if kubernetes.preserve_unknown_fields || kubernetes.embedded_resource {
        json!({})
    } else {
        Value::Null
    }
}

fn sample_string(object: &SchemaObject) -> String {
    let by_format = match object.format.as_deref() {
        Some("date-time") => Some("2024-05-01T03:00:00Z"),
        Some("date") => Some("2024-05-01"),
        Some("byte") => Some("c2FtcGxl"),
        Some("int-or-string" | "quantity") => Some("1"),
        Some("duration") => Some("1m"),
        _ => None,
    };
    if let Some(text) = by_format {
        return text.to_owned();
    }
    let min = object.bounds.min_length.unwrap_or(0);
    let max = object.bounds.max_length.unwrap_or(u64::MAX);
    let mut text = "sample".to_owned();
    while (text.len() as u64) < min {
        text.push('x');
    }
    text.truncate(usize::try_from(max.max(min)).unwrap_or(usize::MAX));
    text
}

fn sample_integer(object: &SchemaObject) -> i64 {
    let minimum = object.bounds.minimum.as_ref().and_then(Number::as_i64);
    let maximum = object.bounds.maximum.as_ref().and_then(Number::as_i64);
    let mut value = minimum.map_or(1, |min| if object.bounds.exclusive_minimum { min + 1 } else { min }.max(1));
    if let Some(max) = maximum {
        value = value.min(if object.bounds.exclusive_maximum { max - 1 } else { max });
    }
    value
}

fn sample_number(object: &SchemaObject) -> Value {
    let minimum = object.bounds.minimum.as_ref().and_then(Number::as_f64).unwrap_or(0.0);
    let maximum = object.bounds.maximum.as_ref().and_then(Number::as_f64).unwrap_or(f64::MAX);
    let value = (minimum + 0.5).min(maximum);
    Number::from_f64(value).map_or(Value::Null, Value::Number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::DefName;

    #[test]
    fn every_property_is_filled_within_its_bounds() {
        let mut spec = SchemaObject::of_type(InstanceType::Object);
        let mut replicas = SchemaObject::of_type(InstanceType::Integer);
        replicas.bounds.minimum = Some(3.into());
        let mut name = SchemaObject::of_type(InstanceType::String);
        name.bounds.min_length = Some(8);
        let mut phase = SchemaObject::of_type(InstanceType::String);
        phase.enum_values = vec![json!("Ready"), json!("Failed")];
        spec.properties.insert("replicas".into(), SchemaNode::inline(replicas));
        spec.properties.insert("name".into(), SchemaNode::inline(name));
        spec.properties.insert("phase".into(), SchemaNode::inline(phase));
        spec.properties.insert("next".into(), SchemaNode::reference(DefName::new("Spec")));
        let mut registry = Registry::new();
        registry.import_definition(DefName::new("Spec"), SchemaNode::inline(spec), "test");
        let value = sample_instance(&registry, &SchemaNode::reference(DefName::new("Spec")));
        assert_eq!(value["replicas"], json!(3));
        assert_eq!(value["name"], json!("samplexx"));
        assert_eq!(value["phase"], json!("Ready"));
        assert_eq!(value["next"]["next"]["replicas"], json!(3), "recursion continues to the optional depth");
        let mut depth = 0;
        let mut cursor = &value;
        while let Some(next) = cursor.get("next") {
            depth += 1;
            cursor = next;
        }
        assert_eq!(depth, OPTIONAL_DEPTH, "and stops there");
    }

    #[test]
    fn a_type_the_registry_only_names_is_left_out() {
        // What a kind holding k8s-openapi's ObjectMeta and Conditions describes: references generation fills in.
        let named = || SchemaNode::reference(DefName::new("io.k8s.apimachinery.pkg.apis.meta.v1.Condition"));
        let mut conditions = SchemaObject::of_type(InstanceType::Array);
        conditions.items = Some(Box::new(named()));
        let mut status = SchemaObject::of_type(InstanceType::Object);
        status.properties.insert("metadata".into(), named());
        status.properties.insert("conditions".into(), SchemaNode::inline(conditions));
        status.properties.insert("replicas".into(), SchemaNode::inline(SchemaObject::of_type(InstanceType::Integer)));
        let value = sample_instance(&Registry::new(), &SchemaNode::inline(status));
        assert_eq!(value, json!({"conditions": [], "replicas": 1}));
    }
}
