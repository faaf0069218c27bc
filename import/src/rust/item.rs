//! One definition as a Rust item: a struct deriving `Schema` (and `Resource` for a kind), or, when its schema is
//! not an object kapi's attributes can spell, a type whose `Schema` implementation returns the schema verbatim.

use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{DefName, InstanceType, ResourceMeta, SchemaNode, SchemaObject};

use super::context::Context;
use super::doc::{Doc, comment_lines, doc};
use super::field::{field, schema_function_text};
use super::keywords::take_attributes;
use super::names::{snake_case, string_literal};
use crate::ImportedDefinition;

/// A rendered definition.
#[derive(Debug, Default)]
pub struct Item {
    pub text: String,
    /// How many of its fields are held verbatim (through a schema function of the type).
    pub verbatim_fields: usize,
    /// True when the definition's schema is held verbatim rather than as attributes.
    pub verbatim: bool,
}

/// How a definition is named in its `#[kapi(...)]`.
#[derive(Debug, Clone)]
pub enum Naming {
    /// `package = "k8s.io/api/apps/v1"`: the name follows from the package and the type's name.
    Package(String),
    /// `definition = "com.example.Full.Name"`.
    Definition(String),
    /// `inline`: no definition; the schema is written where the type is used.
    Inline,
}

impl Naming {
    fn attribute(&self) -> String {
        match self {
            Naming::Package(package) => format!("package = {}", string_literal(package)),
            Naming::Definition(name) => format!("definition = {}", string_literal(name)),
            Naming::Inline => "inline".to_owned(),
        }
    }
}

/// Renders definition `name` as the type `ident`.
pub fn item(
    cx: &Context<'_>,
    name: &DefName,
    definition: &ImportedDefinition,
    ident: &str,
    naming: &Naming,
    resource: Option<&ResourceMeta>,
) -> Result<Item, String> {
    if let Some(item) = as_struct(cx, definition, ident, naming, resource)? {
        return Ok(item);
    }
    if resource.is_some() {
        return Err(format!("`{name}` is a kind, but its schema is not an object kapi's attributes can spell"));
    }
    if let Naming::Inline = naming {
        let text = super::wrapper::string_enum(&definition.schema, ident)
            .or_else(|| super::wrapper::newtype(cx, &definition.schema, ident));
        if let Some(text) = text {
            return Ok(Item { text, verbatim_fields: 0, verbatim: false });
        }
    }
    Ok(verbatim(cx, name, definition, ident, naming))
}

fn is_struct_like(object: &SchemaObject) -> bool {
    object.instance_type == Some(InstanceType::Object)
        && object.additional_properties.is_none()
        && object.items.is_none()
}

/// The type-level facts of a definition written as a struct; `None` when it cannot be one.
struct StructForm {
    properties: indexmap::IndexMap<String, SchemaNode>,
    required: Vec<String>,
    description: Option<String>,
    attributes: Vec<String>,
    /// Union members: property name to the discriminator value selecting it.
    members: BTreeMap<String, String>,
}

fn struct_form(definition: &ImportedDefinition) -> Option<StructForm> {
    let SchemaNode::Inline(object) = &definition.schema else { return None };
    if !is_struct_like(object) {
        return None;
    }
    let mut left = (**object).clone();
    left.instance_type = None;
    let properties = std::mem::take(&mut left.properties);
    let required: Vec<String> = std::mem::take(&mut left.required);
    let description = left.description.take();
    let unions = std::mem::take(&mut left.kubernetes.unions);
    let mut attributes = take_attributes(&mut left).ok()?;
    if left != SchemaObject::default() || unions.len() > 1 {
        return None;
    }
    let mut members = BTreeMap::new();
    if let Some(union) = unions.into_iter().next() {
        attributes.push(format!("union(discriminator = {})", string_literal(union.discriminator.as_deref()?)));
        members = union.fields_to_discriminate_by;
    }
    Some(StructForm { properties, required, description, attributes, members })
}

/// True when `definition` is written as a struct (whose zero value is `{}`).
pub fn is_struct(definition: &ImportedDefinition) -> bool {
    struct_form(definition).is_some()
}

fn as_struct(
    cx: &Context<'_>,
    definition: &ImportedDefinition,
    ident: &str,
    naming: &Naming,
    resource: Option<&ResourceMeta>,
) -> Result<Option<Item>, String> {
    let Some(form) = struct_form(definition) else { return Ok(None) };
    let StructForm { properties, required, description, attributes: type_attributes, members } = form;
    let mut attributes = vec![naming.attribute()];
    attributes.extend(type_attributes);
    for kind in &definition.kinds {
        attributes.push(format!(
            "gvk(group = {}, version = {}, kind = {})",
            string_literal(&kind.group),
            string_literal(&kind.version),
            string_literal(&kind.kind)
        ));
    }
    if let Some(resource) = resource {
        attributes.extend(super::resource::attributes(cx, resource, ident)?);
    }
    let doc = description.as_deref().map(doc);
    if let Some(Doc::Attribute(text)) = &doc {
        attributes.push(text.clone());
    }

    let mut fields = Vec::new();
    let mut functions = Vec::new();
    let mut taken = BTreeSet::new();
    for json in ordered(&properties.keys().cloned().collect::<Vec<_>>(), &required) {
        let node = &properties[&json];
        let base = snake_case(&json);
        let mut field_ident = base.clone();
        let mut counter = 2;
        while !taken.insert(field_ident.clone()) {
            field_ident = format!("{base}{counter}");
            counter += 1;
        }
        let (mut planned, function) = field(cx, &json, &field_ident, node, required.contains(&json));
        if let Some(member) = members.get(&json) {
            planned.kapi.push(format!("union_member = {}", string_literal(member)));
        }
        fields.push(planned);
        functions.extend(function);
    }

    let mut text = String::new();
    if let Some(doc) = &doc {
        text.push_str(&comment_lines(doc, ""));
    }
    let derives = if resource.is_some() {
        "Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize, kapi::Schema, kapi::Resource"
    } else {
        "Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize, kapi::Schema"
    };
    text.push_str(&format!("#[derive({derives})]\n#[serde(rename_all = \"camelCase\")]\n"));
    text.push_str(&attribute_block("", &attributes));
    if fields.is_empty() {
        text.push_str(&format!("pub struct {ident} {{}}\n"));
    } else {
        text.push_str(&format!("pub struct {ident} {{\n"));
        for (index, field) in fields.iter().enumerate() {
            if index > 0 {
                text.push('\n');
            }
            if let Some(doc) = &field.doc {
                text.push_str(&comment_lines(doc, "    "));
            }
            if !field.serde.is_empty() {
                text.push_str(&format!("    #[serde({})]\n", field.serde.join(", ")));
            }
            if !field.kapi.is_empty() {
                text.push_str(&attribute_block("    ", &field.kapi));
            }
            text.push_str(&format!("    pub {}: {},\n", field.ident, field.rust_type));
        }
        text.push_str("}\n");
    }
    if !functions.is_empty() {
        text.push_str(&format!(
            "\n/// The schemas of the fields no attribute spells, as the document wrote them.\nimpl {ident} {{\n"
        ));
        for (index, function) in functions.iter().enumerate() {
            if index > 0 {
                text.push('\n');
            }
            let body = function.text.replace("\n    ", "\n        ");
            text.push_str(&format!(
                "    fn {}(registry: &mut kapi::Registry) -> kapi::model::SchemaNode {{\n        {}    }}\n",
                function.name,
                body.trim_start()
            ));
        }
        text.push_str("}\n");
    }
    let count = functions.len();
    Ok(Some(Item { text, verbatim_fields: count, verbatim: false }))
}

/// `#[kapi(a, b)]`, on several lines when long.
fn attribute_block(indent: &str, attributes: &[String]) -> String {
    let one_line = format!("{indent}#[kapi({})]\n", attributes.join(", "));
    if one_line.len() <= 120 {
        return one_line;
    }
    let mut text = format!("{indent}#[kapi(\n");
    for attribute in attributes {
        text.push_str(&format!("{indent}    {attribute},\n"));
    }
    text.push_str(&format!("{indent})]\n"));
    text
}

/// The properties in document order, except that the required ones come in the order `required` lists them (the
/// derive lists required fields in declaration order).
fn ordered(properties: &[String], required: &[String]) -> Vec<String> {
    let mut queue = required.iter().filter(|name| properties.contains(name));
    properties
        .iter()
        .map(|name| if required.contains(name) { queue.next().unwrap_or(name).clone() } else { name.clone() })
        .collect()
}

/// A definition held verbatim: a transparent wrapper of any JSON value whose `Schema` returns the schema as read.
fn verbatim(cx: &Context<'_>, name: &DefName, definition: &ImportedDefinition, ident: &str, naming: &Naming) -> Item {
    let mut describe = String::new();
    if let Naming::Package(package) = naming {
        describe.push_str(&format!("        info.package = Some({}.to_owned());\n", string_literal(package)));
    }
    for kind in &definition.kinds {
        describe.push_str(&format!(
            "        info.kinds.push(kapi::model::GroupVersionKind {{ group: {}.to_owned(), version: {}.to_owned(), kind: {}.to_owned() }});\n",
            string_literal(&kind.group),
            string_literal(&kind.version),
            string_literal(&kind.kind)
        ));
    }
    let body = schema_function_text(cx, &definition.schema).replace("\n    ", "\n        ");
    // A lifted type written in place has no definition of its own.
    let definition_name = match naming {
        Naming::Inline => "None".to_owned(),
        _ => format!("Some(kapi::model::DefName::new({}))", string_literal(name.as_str())),
    };
    let text = format!(
        "/// `{name}`, whose schema kapi's attributes cannot spell: held as written.\n\
         #[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]\n\
         #[serde(transparent)]\n\
         pub struct {ident}(pub serde_json::Value);\n\n\
         impl kapi::Schema for {ident} {{\n    \
             fn definition_name() -> Option<kapi::model::DefName> {{\n        \
                 {definition_name}\n    \
             }}\n\n    \
             fn schema(registry: &mut kapi::Registry) -> kapi::model::SchemaNode {{\n        {}    }}\n\n    \
             fn describe_definition(info: &mut kapi::model::DefinitionInfo) {{\n{describe}        let _ = info;\n    }}\n\
         }}\n",
        body.trim_start(),
    );
    Item { text, verbatim_fields: 0, verbatim: true }
}
