//! Merging the shapes two variants give one field, and finding what a branch checks beyond the merged shape.

use kapi_model::{InstanceType, SchemaNode, SchemaObject};

use super::super::special::int_or_string;
use super::shape::shape_type;

/// One shape for a field two branches both declare. Under `allOf` (`all`) both apply, so required fields add up;
/// between alternatives only the fields both require stay required.
pub(super) fn merge(a: &SchemaObject, b: &SchemaObject, all: bool) -> Result<SchemaObject, String> {
    if a == b {
        return Ok(a.clone());
    }
    let (ta, tb) = (shape_type(a), shape_type(b));
    // An integer in one variant and a string in another: the one mixed type a structural schema has.
    if !all
        && matches!(
            (ta, tb),
            (Some(InstanceType::Integer), Some(InstanceType::String))
                | (Some(InstanceType::String), Some(InstanceType::Integer))
        )
    {
        let mut either = int_or_string();
        either.description = a.description.clone().filter(|d| Some(d) == b.description.as_ref());
        return Ok(either);
    }
    if ta.is_some() && tb.is_some() && ta != tb {
        return Err(format!("variants give one field two types ({} and {})", name(ta), name(tb)));
    }
    let mut out = a.clone();
    out.instance_type = ta.or(tb);
    // Under `allOf` both descriptions speak of the one value; between alternatives two different ones each speak
    // of their own variant only, so the merged field keeps neither.
    out.description = match (&a.description, &b.description) {
        (x, y) if x == y => x.clone(),
        (x, y) if all => x.clone().or_else(|| y.clone()),
        _ => None,
    };
    if a.format != b.format {
        out.format = None;
    }
    if a.default != b.default {
        out.default = None;
    }
    if a.bounds != b.bounds {
        out.bounds = Default::default();
    }
    out.enum_values = merge_enums(&a.enum_values, &b.enum_values);
    merge_rules(&mut out, b, all)?;
    for (property, shape) in &b.properties {
        let merged = match a.properties.get(property) {
            Some(existing) => merge(existing.keywords(), shape.keywords(), all)
                .map_err(|conflict| format!("field `{property}`: {conflict}"))?,
            None => shape.keywords().clone(),
        };
        out.properties.insert(property.clone(), SchemaNode::inline(merged));
    }
    out.required = if all {
        let mut union = a.required.clone();
        union.extend(b.required.iter().filter(|r| !a.required.contains(r)).cloned());
        union
    } else {
        a.required.iter().filter(|r| b.required.contains(r)).cloned().collect()
    };
    match (&a.items, &b.items) {
        (Some(x), Some(y)) => {
            let merged = merge(x.keywords(), y.keywords(), all).map_err(|c| format!("list items: {c}"))?;
            out.items = Some(Box::new(SchemaNode::inline(merged)));
        }
        (None, Some(y)) => out.items = Some(y.clone()),
        _ => {}
    }
    if a.additional_properties.is_some()
        && b.additional_properties.is_some()
        && a.additional_properties != b.additional_properties
    {
        return Err("variants give one map two value types".to_owned());
    }
    out.additional_properties = a.additional_properties.clone().or_else(|| b.additional_properties.clone());
    Ok(out)
}

fn name(instance_type: Option<InstanceType>) -> &'static str {
    instance_type.map_or("untyped", |t| t.as_str())
}

/// Enumerations widen to allow every branch's values; no enumeration on one side means any value.
fn merge_enums(a: &[serde_json::Value], b: &[serde_json::Value]) -> Vec<serde_json::Value> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut out = a.to_vec();
    out.extend(b.iter().filter(|v| !a.contains(v)).cloned());
    out
}

/// CEL rules cannot live in a junctor, so alternatives must agree on them; `allOf` adds them up.
fn merge_rules(out: &mut SchemaObject, b: &SchemaObject, all: bool) -> Result<(), String> {
    let rules = &mut out.kubernetes.validations;
    if all {
        rules.extend(b.kubernetes.validations.iter().filter(|r| !rules.contains(r)).cloned().collect::<Vec<_>>());
        Ok(())
    } else if *rules == b.kubernetes.validations {
        Ok(())
    } else {
        Err("variants carry different validation rules, which a CRD can only place outside the variants".to_owned())
    }
}

/// What `shape` checks beyond `structural`: a narrower enum, bounds, format, extra required fields, and the same
/// for its properties and items. Nothing else may appear inside a junctor.
pub(super) fn value_checks(shape: &SchemaObject, structural: &SchemaObject) -> SchemaObject {
    let mut out = SchemaObject::default();
    if !shape.enum_values.is_empty() && shape.enum_values != structural.enum_values {
        out.enum_values = shape.enum_values.clone();
    }
    if shape.bounds != structural.bounds {
        out.bounds = shape.bounds.clone();
    }
    if shape.format.is_some() && shape.format != structural.format {
        out.format = shape.format.clone();
    }
    out.required = shape.required.iter().filter(|r| !structural.required.contains(r)).cloned().collect();
    for (property, node) in &shape.properties {
        if let Some(declared) = structural.properties.get(property) {
            let checks = value_checks(node.keywords(), declared.keywords());
            if !checks.is_empty() {
                out.properties.insert(property.clone(), SchemaNode::inline(checks));
            }
        }
    }
    if let (Some(items), Some(declared)) = (&shape.items, &structural.items) {
        let checks = value_checks(items.keywords(), declared.keywords());
        if !checks.is_empty() {
            out.items = Some(Box::new(SchemaNode::inline(checks)));
        }
    }
    out
}
