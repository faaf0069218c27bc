//! Small pieces of a hand-built [`Reference`](crate::Reference), for the renderers' tests.

use crate::page::{Field, Link, TypePart, TypeSection, TypeText};

pub fn link(page: &str, anchor: &str) -> Link {
    Link { page: page.to_owned(), anchor: anchor.to_owned() }
}

/// `prefix` then a link to type `name`'s section on `page` (`[]` `Container`).
pub fn linked(prefix: &str, name: &str, page: &str) -> TypeText {
    let mut parts = Vec::new();
    if !prefix.is_empty() {
        parts.push(TypePart::Text(prefix.to_owned()));
    }
    parts.push(TypePart::Link { text: name.to_owned(), link: link(page, name) });
    TypeText { parts }
}

pub fn plain(text: &str) -> TypeText {
    TypeText { parts: vec![TypePart::Text(text.to_owned())] }
}

/// An optional field of `owner` with nothing but a type.
pub fn field(owner: &str, name: &str, type_text: TypeText) -> Field {
    Field {
        name: name.to_owned(),
        anchor: format!("{owner}.{name}"),
        type_text,
        required: false,
        default: None,
        constraints: Vec::new(),
        description: None,
        rules: Vec::new(),
        deprecated: false,
    }
}

/// An object type named `name` (anchored at its name) with `fields` and nothing else.
pub fn section(name: &str, fields: Vec<Field>) -> TypeSection {
    TypeSection {
        name: name.to_owned(),
        definition: format!("com.example.{name}"),
        anchor: name.to_owned(),
        description: None,
        shape: None,
        constraints: Vec::new(),
        fields,
        rules: Vec::new(),
        deprecated: false,
    }
}
