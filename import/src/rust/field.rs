//! A property as a struct field: a Rust type whose schema is the property's, serde attributes that make it
//! required (or not) and give it its zero value (or not) as the derive decides those, and `#[kapi(...)]`
//! attributes for the keywords left. A property that cannot be written that way gets its schema from a function
//! (`schema_with`), which holds it verbatim.

use kapi_model::{InstanceType, SchemaNode, SchemaObject};
use serde_json::Value;

use super::context::{Context, Zero};
use super::doc::{Doc, doc};
use super::keywords::take_attributes;
use super::names::{serde_camel_case, string_literal};

/// A field, ready to write.
#[derive(Debug, Clone)]
pub struct Field {
    pub ident: String,
    pub rust_type: String,
    pub serde: Vec<String>,
    pub kapi: Vec<String>,
    pub doc: Option<Doc>,
}

/// A function supplying a schema the derive's vocabulary cannot spell: its name and text.
#[derive(Debug, Clone)]
pub struct SchemaFunction {
    pub name: String,
    pub text: String,
}

/// The field for property `json`, called `ident`.
pub fn field(
    cx: &Context<'_>,
    json: &str,
    ident: &str,
    node: &SchemaNode,
    required: bool,
) -> (Field, Option<SchemaFunction>) {
    let mut field =
        Field { ident: ident.to_owned(), rust_type: String::new(), serde: Vec::new(), kapi: Vec::new(), doc: None };
    if serde_camel_case(ident) != json {
        field.serde.push(format!("rename = {}", string_literal(json)));
    }
    if let Some(planned) = typed_field(cx, node, required) {
        field.rust_type = planned.rust_type;
        field.serde.extend(planned.serde);
        field.kapi = planned.kapi;
        field.doc = planned.doc;
        return (field, None);
    }
    // An associated function of the owning type: its field's name is unique there.
    let function =
        SchemaFunction { name: format!("schema_of_{}", ident.trim_matches('_')), text: schema_function_text(cx, node) };
    let nullable = node.keywords().nullable;
    field.kapi.push(format!("schema_with = Self::{}", function.name));
    if required && !nullable {
        field.rust_type = "serde_json::Value".into();
    } else {
        field.rust_type = "Option<serde_json::Value>".into();
        field.serde.push(OPTIONAL.into());
        if required {
            field.kapi.push("required".into());
        }
    }
    (field, Some(function))
}

/// JSON's number, for integers and numbers of no stated width.
pub(super) const NUMBER: &str = "serde_json::Number";

const OPTIONAL: &str = "default, skip_serializing_if = \"Option::is_none\"";

struct Planned {
    rust_type: String,
    serde: Vec<String>,
    kapi: Vec<String>,
    doc: Option<Doc>,
}

fn typed_field(cx: &Context<'_>, node: &SchemaNode, required: bool) -> Option<Planned> {
    let (base, zero, mut left, mut kapi) = typed(cx, node)?;
    let doc = left.description.take().map(|text| doc(&text));
    let wanted_zero = left.zero_value.take();
    let nullable = left.nullable;
    // Whether the field is an `Option`, and its serde attributes: the derive makes a field required when it is
    // not an `Option`, always serialised and not `default`; it gives a struct field its zero value when it is not
    // an `Option`, and a scalar one when it is also always serialised.
    let (option, serde, forced_required) = match (&wanted_zero, zero) {
        (Some(wanted), Zero::EmptyObject) if wanted == &Value::Object(Default::default()) => {
            (false, if required { vec![] } else { vec!["default".to_owned()] }, false)
        }
        (Some(wanted), Zero::Scalar(value)) if *wanted == value => {
            (false, if required { vec![] } else { vec!["default".to_owned()] }, false)
        }
        (Some(_), _) => return None,
        (None, Zero::None) if required && !nullable => (false, vec![], false),
        (None, _) if !cx.kubernetes && required && !nullable => (false, vec![], false),
        (None, _) => (true, vec![OPTIONAL.to_owned()], required),
    };
    if nullable && !option {
        return None;
    }
    // `serde_json::Number` has no `Default`, which the owning struct derives: a required one is an `Option` marked
    // `required`, which gives the same schema.
    let (option, serde, forced_required) = if base == NUMBER && !option && wanted_zero.is_none() {
        (true, vec![OPTIONAL.to_owned()], required)
    } else {
        (option, serde, forced_required)
    };
    // The derive checks that list map keys are fields of the item type; upstream has lists whose keys are not.
    if !left.kubernetes.list_map_keys.is_empty() {
        let item = node.keywords().items.as_deref().and_then(SchemaNode::target);
        if !item.is_some_and(|item| cx.has_fields(item, &left.kubernetes.list_map_keys)) {
            return None;
        }
    }
    kapi.extend(take_attributes(&mut left).ok()?);
    if forced_required {
        kapi.push("required".into());
    }
    if let Some(Doc::Attribute(attribute)) = &doc {
        kapi.push(attribute.clone());
    }
    if left != SchemaObject::default() {
        return None;
    }
    let mut serde = serde;
    if kapi.iter().any(|attribute| attribute == "bytes") {
        // Base64 text in JSON, as Go's `[]byte`.
        let adapter = if option { "optional" } else { "required" };
        serde.push(format!("with = \"kapi_meta::byte_string::{adapter}\""));
    }
    let rust_type = if option { format!("Option<{base}>") } else { base };
    Some(Planned { rust_type, serde, kapi, doc })
}

/// The Rust type whose schema `node` is, its zero value, the keywords of `node` the type does not give (for
/// attributes), and attributes the type itself needs (`bytes`).
pub(super) fn typed(cx: &Context<'_>, node: &SchemaNode) -> Option<(String, Zero, SchemaObject, Vec<String>)> {
    match node {
        SchemaNode::Ref(reference) => {
            let (path, zero) = cx.type_of(&reference.target)?;
            Some((path, zero, reference.siblings.clone(), Vec::new()))
        }
        SchemaNode::Inline(object) => {
            let mut left = (**object).clone();
            let format = left.format.clone();
            let (base, zero, kapi) = match (left.instance_type, format.as_deref()) {
                (Some(InstanceType::String), Some("byte")) => {
                    left.format = None;
                    ("Vec<u8>".to_owned(), Zero::None, vec!["bytes".to_owned()])
                }
                (Some(InstanceType::String), _) => ("String".into(), Zero::Scalar(Value::from("")), vec![]),
                (Some(InstanceType::Integer), Some("int32")) => {
                    left.format = None;
                    ("i32".into(), Zero::Scalar(Value::from(0)), vec![])
                }
                (Some(InstanceType::Integer), Some("int64")) => {
                    left.format = None;
                    ("i64".into(), Zero::Scalar(Value::from(0)), vec![])
                }
                (Some(InstanceType::Number), Some("double")) => {
                    left.format = None;
                    ("f64".into(), Zero::Scalar(Value::from(0)), vec![])
                }
                (Some(InstanceType::Number), Some("float")) => {
                    left.format = None;
                    ("f32".into(), Zero::Scalar(Value::from(0)), vec![])
                }
                // A number of no stated width: JSON's own number, an integer when the schema says so.
                (Some(InstanceType::Integer), None) => {
                    ("serde_json::Number".into(), Zero::Scalar(Value::from(0)), vec!["type = \"integer\"".to_owned()])
                }
                (Some(InstanceType::Number), None) => {
                    ("serde_json::Number".into(), Zero::Scalar(Value::from(0)), vec![])
                }
                (Some(InstanceType::Boolean), None) => ("bool".into(), Zero::Scalar(Value::from(false)), vec![]),
                (Some(InstanceType::Array), _) => {
                    let element = element(cx, left.items.take()?.as_ref())?;
                    (format!("Vec<{element}>"), Zero::None, vec![])
                }
                (Some(InstanceType::Object), _)
                    if left.properties.is_empty() && left.additional_properties.is_some() =>
                {
                    let element = element(cx, left.additional_properties.take()?.as_ref())?;
                    (format!("std::collections::BTreeMap<String, {element}>"), Zero::None, vec![])
                }
                // An object of any fields.
                (Some(InstanceType::Object), _)
                    if left.kubernetes.preserve_unknown_fields
                        && left.properties.is_empty()
                        && left.additional_properties.is_none() =>
                {
                    left.kubernetes.preserve_unknown_fields = false;
                    ("serde_json::Map<String, serde_json::Value>".into(), Zero::None, vec![])
                }
                (None, None) if left.kubernetes.preserve_unknown_fields && left.properties.is_empty() => {
                    left.kubernetes.preserve_unknown_fields = false;
                    ("serde_json::Value".into(), Zero::None, vec![])
                }
                _ => return None,
            };
            left.instance_type = None;
            Some((base, zero, left, kapi))
        }
    }
}

/// The Rust type of list items or map values: a type whose schema, with the zero value the derive gives elements,
/// is exactly `node`.
fn element(cx: &Context<'_>, node: &SchemaNode) -> Option<String> {
    let (base, zero, mut left, kapi) = typed(cx, node)?;
    if !kapi.is_empty() {
        return None;
    }
    let given = match zero {
        Zero::EmptyObject => Some(Value::Object(Default::default())),
        Zero::Scalar(value) => Some(value),
        Zero::None => None,
    };
    let wanted = left.zero_value.take();
    if left != SchemaObject::default() {
        return None;
    }
    match (wanted, given) {
        (wanted, given) if wanted == given => Some(base),
        // Zero values are written only under Kubernetes' conventions.
        _ if !cx.kubernetes => Some(base),
        // An element type with a zero value the position does not show: an optional element has none.
        (None, Some(_)) => Some(format!("Option<{base}>")),
        _ => None,
    }
}

/// A function returning `node` as written, registering the Rust types it refers to.
pub fn schema_function_text(cx: &Context<'_>, node: &SchemaNode) -> String {
    let mut targets = Vec::new();
    collect_targets(node, &mut targets);
    targets.sort();
    targets.dedup();
    let mut text = String::new();
    for target in targets {
        if let Some((path, _)) = cx.type_of(&kapi_model::DefName::new(target)) {
            text.push_str(&format!("    registry.register::<{path}>();\n"));
        }
    }
    if text.is_empty() {
        text.push_str("    let _ = registry;\n");
    }
    let json = serde_json::to_string(&cx.unlifted(node)).unwrap_or_default();
    text.push_str(&format!(
        "    serde_json::from_str({}).expect(\"kapi import wrote this schema from its model\")\n",
        string_literal(&json)
    ));
    text
}

fn collect_targets(node: &SchemaNode, out: &mut Vec<String>) {
    if let Some(target) = node.target() {
        out.push(target.as_str().to_owned());
    }
    let object = node.keywords();
    let lists = object.one_of.iter().chain(&object.any_of).chain(&object.all_of);
    let singles = object.not.as_deref().into_iter().chain(object.additional_properties.as_deref());
    for child in lists.chain(object.properties.values()).chain(singles).chain(object.items.as_deref()) {
        collect_targets(child, out);
    }
}
