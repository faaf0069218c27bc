//! The checks Kubernetes' own types carry only in CRD schemas ([`kapi_meta::crd_constraints`]), laid over their
//! inlined definitions.

use kapi_model::SchemaObject;

/// `inlined`, the definition `name` written out, with the constraints its CRD form adds.
pub(crate) fn with_crd_constraints(name: &str, mut inlined: SchemaObject) -> SchemaObject {
    let Some(constraints) = kapi_meta::crd_constraints::crd_constraints(name) else { return inlined };
    for (property, added) in &constraints.properties {
        if let Some(node) = inlined.properties.get_mut(property) {
            add_checks(node.keywords_mut(), added.keywords());
        }
    }
    for name in constraints.required {
        if inlined.properties.contains_key(&name) && !inlined.required.contains(&name) {
            inlined.required.push(name);
        }
    }
    inlined
}

/// The value checks of `added` (an enumeration, bounds) laid over `field`'s.
fn add_checks(field: &mut SchemaObject, added: &SchemaObject) {
    if !added.enum_values.is_empty() {
        field.enum_values = added.enum_values.clone();
    }
    let (bounds, new) = (&mut field.bounds, &added.bounds);
    for (slot, value) in [(&mut bounds.min_length, new.min_length), (&mut bounds.max_length, new.max_length)] {
        if value.is_some() {
            *slot = value;
        }
    }
    if new.pattern.is_some() {
        bounds.pattern = new.pattern.clone();
    }
    if new.minimum.is_some() {
        bounds.minimum = new.minimum.clone();
    }
}
