//! The serde attributes kapi honours. serde itself reports malformed ones, so problems here are ignored.

use syn::meta::ParseNestedMeta;

use super::values;
use crate::internals::case::RenameRule;

/// serde attributes of a container or enum variant.
#[derive(Default)]
pub struct SerdeContainer {
    pub rename: Option<String>,
    pub rename_all: Option<RenameRule>,
    pub tag: Option<String>,
    pub content: Option<String>,
    pub untagged: bool,
    pub transparent: bool,
    pub default: bool,
    pub skip: bool,
    /// `#[serde(other)]` on a unit variant: the catch-all that unknown values deserialise into.
    pub other: bool,
    /// Where `untagged` was written, for conflict errors.
    pub untagged_span: Option<syn::Path>,
}

/// serde attributes of a field.
#[derive(Default)]
pub struct SerdeField {
    pub rename: Option<String>,
    pub skip: bool,
    pub skip_serializing_if: bool,
    /// The function `skip_serializing_if` names, as written.
    pub skip_serializing_if_fn: Option<String>,
    pub default: bool,
    pub flatten: bool,
}

fn for_each_serde(attrs: &[syn::Attribute], mut f: impl FnMut(&str, &ParseNestedMeta) -> syn::Result<()>) {
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ignored = attr.parse_nested_meta(|meta| {
            let key = values::path_name(&meta);
            f(&key, &meta)?;
            Ok(())
        });
    }
}

/// `rename = "x"` or `rename(serialize = "x")`.
fn renamed(meta: &ParseNestedMeta) -> syn::Result<Option<String>> {
    if meta.input.peek(syn::token::Paren) {
        let mut found = None;
        meta.parse_nested_meta(|inner| {
            let value: syn::LitStr = inner.value()?.parse()?;
            if inner.path.is_ident("serialize") {
                found = Some(value.value());
            }
            Ok(())
        })?;
        return Ok(found);
    }
    let value: syn::LitStr = meta.value()?.parse()?;
    Ok(Some(value.value()))
}

fn string_value(meta: &ParseNestedMeta) -> syn::Result<String> {
    Ok(meta.value()?.parse::<syn::LitStr>()?.value())
}

impl SerdeContainer {
    pub fn from_attrs(attrs: &[syn::Attribute]) -> Self {
        let mut out = Self::default();
        for_each_serde(attrs, |key, meta| {
            match key {
                "rename" => out.rename = renamed(meta)?,
                "rename_all" => out.rename_all = renamed(meta)?.and_then(|r| RenameRule::parse(&r)),
                "tag" => out.tag = Some(string_value(meta)?),
                "content" => out.content = Some(string_value(meta)?),
                "untagged" => {
                    out.untagged = true;
                    out.untagged_span = Some(meta.path.clone());
                }
                "transparent" => out.transparent = true,
                "default" => {
                    out.default = true;
                    values::skip_value(meta)?;
                }
                "skip" | "skip_serializing" => out.skip = true,
                "other" => out.other = true,
                _ => values::skip_value(meta)?,
            }
            Ok(())
        });
        out
    }
}

impl SerdeField {
    pub fn from_attrs(attrs: &[syn::Attribute]) -> Self {
        let mut out = Self::default();
        for_each_serde(attrs, |key, meta| {
            match key {
                "rename" => out.rename = renamed(meta)?,
                "skip" | "skip_serializing" => out.skip = true,
                "skip_serializing_if" => {
                    out.skip_serializing_if = true;
                    out.skip_serializing_if_fn = Some(string_value(meta)?);
                }
                "default" => {
                    out.default = true;
                    values::skip_value(meta)?;
                }
                "flatten" => out.flatten = true,
                _ => values::skip_value(meta)?,
            }
            Ok(())
        });
        out
    }
}
