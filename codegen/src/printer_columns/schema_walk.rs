//! Where a parsed column path leads in a version's schema, as the printer would walk an object of it: fields
//! through `properties` (and `additionalProperties`), indexes, slices and filters through a list's `items`, and the
//! object metadata every custom resource carries, which a CRD schema leaves as a bare `type: object`.

use serde_json::{Value, json};

use super::jsonpath::Step;

/// Where a walk stands.
#[derive(Debug, Clone, Copy)]
enum Place<'s> {
    /// A node of the schema.
    Schema(&'s Value),
    /// Somewhere the schema does not describe (kept unknown fields, a literal, below a recursive descent): any
    /// path may lead somewhere from here.
    Open,
}

/// Whether `steps`, from the root of an object of `schema`, can reach a value.
pub(crate) fn leads_somewhere(schema: &Value, steps: &[Step]) -> bool {
    !walk(vec![Place::Schema(schema)], steps, &Root { object: Some(schema), metadata: &OBJECT_META }).is_empty()
}

/// What a walk starts from: the object's schema (none inside a filter, which starts at an element) and the
/// metadata schema that stands in for its `metadata`.
struct Root<'s> {
    object: Option<&'s Value>,
    metadata: &'s Value,
}

fn walk<'s>(mut places: Vec<Place<'s>>, steps: &[Step], root: &Root<'s>) -> Vec<Place<'s>> {
    for step in steps {
        places = places.into_iter().flat_map(|place| advance(place, step, root)).collect();
        if places.is_empty() {
            break;
        }
    }
    places
}

fn advance<'s>(place: Place<'s>, step: &Step, root: &Root<'s>) -> Vec<Place<'s>> {
    let Place::Schema(node) = place else { return vec![Place::Open] };
    if preserves_unknown(node) && !matches!(step, Step::Index | Step::Filter(_)) {
        return vec![Place::Open];
    }
    match step {
        Step::Field(name) => field(node, name, root).into_iter().collect(),
        Step::Wildcard => children(node),
        Step::Recursive | Step::Literal => vec![Place::Open],
        Step::Index => items(node).into_iter().collect(),
        Step::Filter(operands) => {
            let Some(Place::Schema(item)) = items(node) else { return items(node).into_iter().collect() };
            // `@.type` in `[?(@.type=="Ready")]` is read from each element: it must name something there too.
            let sub_root = Root { object: None, metadata: root.metadata };
            let holds = operands.iter().all(|operand| !walk(vec![Place::Schema(item)], operand, &sub_root).is_empty());
            if holds { vec![Place::Schema(item)] } else { Vec::new() }
        }
        Step::Union(members) => members.iter().flat_map(|member| walk(vec![place], member, root)).collect(),
    }
}

/// The field `name` of an object node; `metadata` at the root is the object metadata the server fills in.
fn field<'s>(node: &'s Value, name: &str, root: &Root<'s>) -> Option<Place<'s>> {
    if root.object.is_some_and(|object| std::ptr::eq(node, object)) {
        match name {
            "metadata" => return Some(Place::Schema(root.metadata)),
            "apiVersion" | "kind" => return Some(Place::Schema(&STRING)),
            _ => {}
        }
    }
    if let Some(property) = node.get("properties").and_then(|p| p.get(name)) {
        return Some(Place::Schema(property));
    }
    match node.get("additionalProperties") {
        Some(Value::Bool(true)) => Some(Place::Open),
        Some(values @ Value::Object(_)) => Some(Place::Schema(values)),
        _ => None,
    }
}

/// Every value of an object, or every element of a list.
fn children(node: &Value) -> Vec<Place<'_>> {
    let mut out: Vec<Place<'_>> = match node.get("properties").and_then(Value::as_object) {
        Some(properties) => properties.values().map(Place::Schema).collect(),
        None => Vec::new(),
    };
    out.extend(field_values(node));
    out.extend(items(node));
    out
}

fn field_values(node: &Value) -> Option<Place<'_>> {
    match node.get("additionalProperties")? {
        Value::Bool(true) => Some(Place::Open),
        values @ Value::Object(_) => Some(Place::Schema(values)),
        _ => None,
    }
}

fn items(node: &Value) -> Option<Place<'_>> {
    if preserves_unknown(node) && node.get("items").is_none() {
        return Some(Place::Open);
    }
    node.get("items").map(Place::Schema)
}

fn preserves_unknown(node: &Value) -> bool {
    node.get("x-kubernetes-preserve-unknown-fields") == Some(&Value::Bool(true))
}

static STRING: std::sync::LazyLock<Value> = std::sync::LazyLock::new(|| json!({"type": "string"}));

/// The fields of `metav1.ObjectMeta` a column can name, as the server serves them; built once, as every column
/// of every CRD is walked against it.
static OBJECT_META: std::sync::LazyLock<Value> = std::sync::LazyLock::new(object_meta);

fn object_meta() -> Value {
    let string = json!({"type": "string"});
    let strings = json!({"type": "object", "additionalProperties": {"type": "string"}});
    let owner = json!({"type": "object", "properties": {
        "apiVersion": string, "kind": string, "name": string, "uid": string,
        "controller": {"type": "boolean"}, "blockOwnerDeletion": {"type": "boolean"},
    }});
    let managed = json!({"type": "object", "properties": {
        "manager": string, "operation": string, "apiVersion": string, "time": string,
        "fieldsType": string, "fieldsV1": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
        "subresource": string,
    }});
    json!({"type": "object", "properties": {
        "name": string, "generateName": string, "namespace": string, "selfLink": string, "uid": string,
        "resourceVersion": string, "generation": {"type": "integer"},
        "creationTimestamp": {"type": "string", "format": "date-time"},
        "deletionTimestamp": {"type": "string", "format": "date-time"},
        "deletionGracePeriodSeconds": {"type": "integer"},
        "labels": strings, "annotations": strings,
        "ownerReferences": {"type": "array", "items": owner},
        "finalizers": {"type": "array", "items": string},
        "managedFields": {"type": "array", "items": managed},
    }})
}
