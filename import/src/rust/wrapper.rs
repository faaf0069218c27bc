//! Types written in place that are not objects: a closed list of strings as a Rust enum, and list items or map
//! values with keywords of their own (a pattern, a format, a description, bounds) as a newtype whose field carries
//! them. Both are `#[kapi(inline)]`, so the derive writes their schema where they are used, as the document had it.

use std::collections::BTreeSet;

use kapi_model::{InstanceType, SchemaNode, SchemaObject};

use super::context::Context;
use super::doc::{Doc, comment_lines, doc};
use super::field::typed;
use super::keywords::take_attributes;
use super::names::{identifier, string_literal};
use crate::case::upper_camel;

/// A string enum for `node` (`{type: string, enum: [...]}` and keywords of the type), named `ident`.
pub fn string_enum(node: &SchemaNode, ident: &str) -> Option<String> {
    let SchemaNode::Inline(object) = node else { return None };
    if object.instance_type != Some(InstanceType::String) || object.enum_values.is_empty() || object.nullable {
        return None;
    }
    let values: Vec<&str> = object.enum_values.iter().map(|value| value.as_str()).collect::<Option<_>>()?;
    let mut left = (**object).clone();
    left.instance_type = None;
    left.enum_values.clear();
    let description = left.description.take().map(|text| doc(&text));
    let mut attributes = vec!["inline".to_owned()];
    attributes.extend(take_attributes(&mut left).ok()?);
    if left != SchemaObject::default() {
        return None;
    }
    if let Some(Doc::Attribute(text)) = &description {
        attributes.push(text.clone());
    }
    let mut text = String::new();
    if let Some(doc) = &description {
        text.push_str(&comment_lines(doc, ""));
    }
    text.push_str(
        "#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, \
         serde::Deserialize, kapi::Schema)]\n",
    );
    text.push_str(&format!("#[kapi({})]\npub enum {ident} {{\n", attributes.join(", ")));
    for (index, (variant, value)) in variant_names(&values).iter().zip(&values).enumerate() {
        if index == 0 {
            // The first value is the Rust default (a required field's `Default`); the schema has none.
            text.push_str("    #[default]\n");
        }
        if variant != value {
            text.push_str(&format!("    #[serde(rename = {})]\n", string_literal(value)));
        }
        text.push_str(&format!("    {variant},\n"));
    }
    text.push_str("}\n");
    Some(text)
}

/// A variant name per value: upper camel case, made distinct (`HTTP/1.1` is `Http11`, `""` is `Empty`).
fn variant_names(values: &[&str]) -> Vec<String> {
    let mut taken = BTreeSet::new();
    values
        .iter()
        .map(|value| {
            let words = upper_camel(value);
            let base = match words.as_str() {
                "" if value.is_empty() => "Empty".to_owned(),
                "" => "Value".to_owned(),
                _ if words.starts_with(|c: char| c.is_ascii_digit()) => format!("V{words}"),
                _ => identifier(&lowered_runs(&words)),
            };
            let mut name = base.clone();
            let mut counter = 2;
            while !taken.insert(name.clone()) {
                name = format!("{base}{counter}");
                counter += 1;
            }
            name
        })
        .collect()
}

/// `HTTPRoute` as `HttpRoute`: Rust's naming for acronyms inside type and variant names.
fn lowered_runs(words: &str) -> String {
    let chars: Vec<char> = words.chars().collect();
    let mut out = String::new();
    for (index, &c) in chars.iter().enumerate() {
        let previous_upper = index > 0 && chars[index - 1].is_ascii_uppercase();
        let next_lower = chars.get(index + 1).is_some_and(|n| n.is_ascii_lowercase());
        if c.is_ascii_uppercase() && previous_upper && !next_lower {
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// A newtype for `node`: the Rust type of its schema, with the keywords that type does not give on its field and
/// the description as the type's documentation.
pub fn newtype(cx: &Context<'_>, node: &SchemaNode, ident: &str) -> Option<String> {
    let (base, _zero, mut left, mut attributes) = typed(cx, node)?;
    let description = left.description.take().map(|text| doc(&text));
    let nullable = left.nullable;
    attributes.extend(take_attributes(&mut left).ok()?);
    if left != SchemaObject::default() {
        return None;
    }
    // A null value is an absent one in Rust.
    let inner = if nullable { format!("Option<{base}>") } else { base };
    let mut field_serde = String::new();
    if attributes.iter().any(|attribute| attribute == "bytes") {
        let adapter = if nullable { "optional" } else { "required" };
        field_serde = format!("#[serde(with = \"kapi_meta::byte_string::{adapter}\")] ");
    }
    let mut container = vec!["inline".to_owned()];
    if let Some(Doc::Attribute(text)) = &description {
        container.push(text.clone());
    }
    let mut text = String::new();
    if let Some(doc) = &description {
        text.push_str(&comment_lines(doc, ""));
    }
    // A newtype is an element type (list items, map values), which needs no `Default`; JSON's number has none.
    let default = if inner == super::field::NUMBER { "" } else { "Default, " };
    text.push_str(&format!(
        "#[derive(Debug, Clone, {default}PartialEq, serde::Serialize, serde::Deserialize, kapi::Schema)]\n"
    ));
    text.push_str(&format!("#[serde(transparent)]\n#[kapi({})]\n", container.join(", ")));
    let field_kapi = if attributes.is_empty() { String::new() } else { format!("#[kapi({})] ", attributes.join(", ")) };
    text.push_str(&format!("pub struct {ident}({field_serde}{field_kapi}pub {inner});\n"));
    Some(text)
}
