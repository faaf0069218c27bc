//! The round-trip check `#[kapi::versioned]` generates a test from: a sample of one version, converted to another
//! and back, comes back with every field both versions hold unchanged.

use std::collections::BTreeMap;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::convert::Convert;
use super::sample::sample_instance;
use crate::names::DefName;
use crate::registry::Registry;
use crate::schema::SchemaNode;
use crate::traits::Schema;

/// Converts a sample `A` (every field set, see [`sample_instance`]) to `B` and back, and panics unless it comes back
/// equal, apart from the fields only `A` has: `only_in_a` lists their JSON names per definition of `A`'s version.
///
/// # Panics
/// When the sample does not deserialise, a conversion fails, or a field both versions hold changed.
pub fn assert_round_trips<A, B>(only_in_a: &[(Option<DefName>, &[&str])])
where
    A: Schema + Serialize + DeserializeOwned + Convert<B>,
    B: Convert<A>,
{
    let (a, b) = (std::any::type_name::<A>(), std::any::type_name::<B>());
    let mut registry = Registry::new();
    let node = registry.schema_for::<A>();
    let sample = sample_instance(&registry, &node);
    let first: A = serde_json::from_value(sample.clone())
        .unwrap_or_else(|error| panic!("the sample of {a} does not deserialise: {error}\n{sample:#}"));
    let mut before = serde_json::to_value(&first).expect("a deserialised value serialises");
    let there: B = first.convert().unwrap_or_else(|error| panic!("converting {a} to {b} failed: {error}"));
    let back: A = there.convert().unwrap_or_else(|error| panic!("converting {b} back to {a} failed: {error}"));
    let mut after = serde_json::to_value(&back).expect("a converted value serialises");
    let only: BTreeMap<&DefName, &[&str]> =
        only_in_a.iter().filter_map(|(name, fields)| name.as_ref().map(|name| (name, *fields))).collect();
    strip(&registry, &node, &mut before, &only);
    strip(&registry, &node, &mut after, &only);
    assert_eq!(after, before, "{a} -> {b} -> {a} changed a field both versions hold");
}

/// Removes the fields `only` names from `value`, walking it along its schema.
fn strip(registry: &Registry, node: &SchemaNode, value: &mut Value, only: &BTreeMap<&DefName, &[&str]>) {
    if let SchemaNode::Ref(reference) = node {
        if let (Some(fields), Some(object)) = (only.get(&reference.target), value.as_object_mut()) {
            for field in *fields {
                object.remove(*field);
            }
        }
        if let Some(definition) = registry.definition(&reference.target) {
            strip(registry, &definition.schema, value, only);
        }
        return;
    }
    let schema = node.keywords();
    for branch in &schema.all_of {
        strip(registry, branch, value, only);
    }
    match value {
        Value::Object(object) => {
            for (name, child) in object.iter_mut() {
                match schema.properties.get(name) {
                    Some(property) => strip(registry, property, child, only),
                    None => {
                        if let Some(values) = &schema.additional_properties {
                            strip(registry, values, child, only);
                        }
                    }
                }
            }
        }
        Value::Array(items) => {
            if let Some(item) = &schema.items {
                for child in items {
                    strip(registry, item, child, only);
                }
            }
        }
        _ => {}
    }
}
