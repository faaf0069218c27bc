//! Definitions as readers see them: a type's shape in words, and its properties as rows.

use kapi_model::{DefName, InstanceType, SchemaNode, SchemaObject, ValidationRule};

use super::constraints::{constraints, default_text, type_constraints};
use super::homes::Homes;
use crate::page::{Field, Rule, TypePart, TypeSection, TypeText};

/// The section explaining definition `name` under `anchor`.
pub fn type_section(homes: &Homes, name: &DefName, anchor: &str, schema: &SchemaNode) -> TypeSection {
    let object = schema.keywords();
    let mut fields = Vec::new();
    push_fields(homes, anchor, "", object, None, &mut fields);
    TypeSection {
        name: name.short_name().to_owned(),
        definition: name.as_str().to_owned(),
        anchor: anchor.to_owned(),
        description: object.description.clone(),
        shape: object.properties.is_empty().then(|| type_text(homes, schema)),
        constraints: type_constraints(object),
        fields,
        rules: rules(&object.kubernetes.validations),
        deprecated: object.deprecated,
    }
}

/// Rows for `object`'s properties in name order (a model read back from `model.json` has no other order), each
/// followed by the properties of an inline object under it, named `parent.child` (`parent[].child` through a list
/// of inline objects); then the properties of its inline `oneOf`/`anyOf` variants, each row saying which variant.
fn push_fields(
    homes: &Homes,
    anchor: &str,
    prefix: &str,
    object: &SchemaObject,
    variant: Option<&str>,
    fields: &mut Vec<Field>,
) {
    let mut properties: Vec<(&String, &SchemaNode)> = object.properties.iter().collect();
    properties.sort_by_key(|(name, _)| *name);
    for (property, node) in properties {
        let name = format!("{prefix}{property}");
        let keywords = node.keywords();
        let mut constraints = constraints(node);
        constraints.splice(0..0, variant.map(str::to_owned));
        fields.push(Field {
            anchor: unique_anchor(fields, format!("{anchor}.{name}")),
            type_text: type_text(homes, node),
            required: object.required.contains(property),
            default: keywords.default.as_ref().map(default_text),
            constraints,
            description: keywords.description.clone(),
            rules: rules(&keywords.kubernetes.validations),
            deprecated: keywords.deprecated,
            name: name.clone(),
        });
        if node.target().is_some() {
            continue;
        }
        if let Some(SchemaNode::Inline(items)) = keywords.items.as_deref()
            && keywords.properties.is_empty()
        {
            push_fields(homes, anchor, &format!("{name}[]."), items, variant, fields);
        } else {
            push_fields(homes, anchor, &format!("{name}."), keywords, variant, fields);
        }
    }
    let variants = if object.one_of.is_empty() { &object.any_of } else { &object.one_of };
    for (index, node) in variants.iter().enumerate() {
        if let SchemaNode::Inline(inline) = node {
            let which = format!("in variant {} of {}", index + 1, variants.len());
            push_fields(homes, anchor, prefix, inline, Some(&which), fields);
        }
    }
}

/// `wanted`, or with `-2`, `-3`… appended when two variants have a property of the same name.
fn unique_anchor(fields: &[Field], wanted: String) -> String {
    let taken = |candidate: &str| fields.iter().any(|field| field.anchor == candidate);
    if !taken(&wanted) {
        return wanted;
    }
    (2..).map(|n| format!("{wanted}-{n}")).find(|candidate| !taken(candidate)).unwrap_or(wanted)
}

fn rules(validations: &[ValidationRule]) -> Vec<Rule> {
    validations
        .iter()
        .map(|rule| Rule {
            rule: rule.rule.clone(),
            message: rule.message.clone(),
            message_expression: rule.message_expression.clone(),
            field_path: rule.field_path.clone(),
            reason: rule.reason.clone(),
        })
        .collect()
}

/// The type at a schema position: a link to a named definition, or the shape of an inline schema.
pub fn type_text(homes: &Homes, node: &SchemaNode) -> TypeText {
    let mut text = TypeText::default();
    write_type(homes, node, &mut text);
    text
}

fn write_type(homes: &Homes, node: &SchemaNode, out: &mut TypeText) {
    let object = match node {
        SchemaNode::Ref(reference) => {
            let text = reference.target.short_name().to_owned();
            match homes.place(&reference.target) {
                Some(link) => out.parts.push(TypePart::Link { text, link: link.clone() }),
                None => push_text(out, &text),
            }
            return;
        }
        SchemaNode::Inline(object) => object,
    };
    let extensions = &object.kubernetes;
    if extensions.int_or_string {
        return push_text(out, "int-or-string");
    }
    if let [only] = object.all_of.as_slice()
        && object.instance_type.is_none()
        && object.properties.is_empty()
    {
        return write_type(homes, only, out);
    }
    let choices = if object.one_of.is_empty() { &object.any_of } else { &object.one_of };
    if !choices.is_empty() && object.instance_type.is_none() {
        push_text(out, if object.one_of.is_empty() { "any of: " } else { "one of: " });
        for (index, choice) in choices.iter().enumerate() {
            if index > 0 {
                push_text(out, " | ");
            }
            write_type(homes, choice, out);
        }
        return;
    }
    match object.instance_type {
        Some(InstanceType::Array) => {
            push_text(out, "[]");
            match object.items.as_deref() {
                Some(items) => write_type(homes, items, out),
                None => push_text(out, "any"),
            }
        }
        Some(InstanceType::Object) | None if object.additional_properties.is_some() => {
            push_text(out, "map[string]");
            if let Some(values) = object.additional_properties.as_deref() {
                write_type(homes, values, out);
            }
        }
        Some(InstanceType::Object) if extensions.embedded_resource => push_text(out, "object (embedded resource)"),
        Some(InstanceType::Object) if extensions.preserve_unknown_fields && object.properties.is_empty() => {
            push_text(out, "object (any fields)")
        }
        Some(InstanceType::Object) => push_text(out, "object"),
        Some(scalar) => match &object.format {
            Some(format) => push_text(out, &format!("{} ({format})", scalar.as_str())),
            None => push_text(out, scalar.as_str()),
        },
        None if !object.properties.is_empty() => push_text(out, "object"),
        None => push_text(out, "any"),
    }
}

/// Appends text, merging with a text part before it so plain types stay one part.
fn push_text(out: &mut TypeText, text: &str) {
    if let Some(TypePart::Text(last)) = out.parts.last_mut() {
        last.push_str(text);
    } else {
        out.parts.push(TypePart::Text(text.to_owned()));
    }
}
