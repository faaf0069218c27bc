//! `#[kapi(...)]` on a struct or enum: naming, definition-level extensions and resource metadata.

use serde_json::Value;
use syn::meta::ParseNestedMeta;

use super::keywords::Keywords;
use super::resource::ResourceAttrs;
use super::values::{self, Attr, set_flag};
use crate::internals::ctxt::Ctxt;

/// An explicit group-version-kind.
pub struct Gvk {
    pub group: String,
    pub version: String,
    pub kind: String,
}

/// Everything `#[kapi(...)]` may say about a type.
pub struct ContainerAttrs {
    pub package: Attr<String>,
    pub definition: Attr<String>,
    pub rename: Attr<String>,
    pub inline: Attr<()>,
    pub union_discriminator: Attr<Option<String>>,
    pub every_group_version: Attr<()>,
    pub gvks: Vec<Gvk>,
    pub zero_value: Attr<Value>,
    pub one_of: Attr<()>,
    /// `open`: an enum of unit variants whose list of values may grow (an open enum, see `kapi_model::open_enum`).
    pub open: Attr<()>,
    /// `crate = "path"`: where the expansion finds kapi, for crates that re-export it.
    pub krate: Attr<syn::Path>,
    pub keywords: Keywords,
    pub resource: ResourceAttrs,
}

impl ContainerAttrs {
    /// The path the expansion names kapi by: `crate = "..."`, or `::kapi`.
    pub fn krate(&self) -> syn::Path {
        self.krate.get().cloned().unwrap_or_else(|| syn::parse_quote!(::kapi))
    }

    pub fn from_attrs(cx: &Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut out = Self {
            package: Attr::none("package"),
            definition: Attr::none("definition"),
            rename: Attr::none("rename"),
            inline: Attr::none("inline"),
            union_discriminator: Attr::none("union"),
            every_group_version: Attr::none("registered_in_every_group_version"),
            gvks: Vec::new(),
            zero_value: Attr::none("zero_value"),
            one_of: Attr::none("one_of"),
            open: Attr::none("open"),
            krate: Attr::none("crate"),
            keywords: Keywords::new(),
            resource: ResourceAttrs::new(),
        };
        for attr in attrs.iter().filter(|a| a.path().is_ident("kapi")) {
            if let Err(error) = attr.parse_nested_meta(|meta| out.parse_key(cx, &meta)) {
                cx.syn_error(error);
            }
        }
        out
    }

    fn parse_key(&mut self, cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<()> {
        let key = values::path_name(meta);
        let path = meta.path.clone();
        match key.as_str() {
            "package" => self.package.set_opt(cx, &path, values::string(cx, meta)?),
            "definition" => self.definition.set_opt(cx, &path, values::string(cx, meta)?),
            "rename" => self.rename.set_opt(cx, &path, values::string(cx, meta)?),
            "inline" => set_flag(cx, meta, &mut self.inline)?,
            "registered_in_every_group_version" => set_flag(cx, meta, &mut self.every_group_version)?,
            "one_of" => set_flag(cx, meta, &mut self.one_of)?,
            "open" => set_flag(cx, meta, &mut self.open)?,
            "crate" => self.krate.set_opt(cx, &path, values::path(cx, meta)?),
            "zero_value" => self.zero_value.set_opt(cx, &path, values::json_literal(cx, meta)?.map(|(_, v)| v)),
            "union" => {
                let discriminator = parse_union(cx, meta)?;
                self.union_discriminator.set(cx, &path, discriminator);
            }
            "gvk" => {
                if let Some(gvk) = parse_gvk(cx, meta)? {
                    self.gvks.push(gvk);
                }
            }
            _ => {
                if !self.keywords.parse(cx, meta)? && !self.resource.parse(cx, meta)? {
                    cx.error_spanned_by(&path, format!("unknown kapi attribute `{key}` on a type"));
                    values::skip_value(meta)?;
                }
            }
        }
        Ok(())
    }
}

fn parse_union(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<String>> {
    let mut discriminator = None;
    if meta.input.peek(syn::token::Paren) {
        meta.parse_nested_meta(|inner| {
            if inner.path.is_ident("discriminator") {
                discriminator = values::string(cx, &inner)?;
            } else {
                cx.error_spanned_by(&inner.path, "unknown key in union(...); expected `discriminator`");
                values::skip_value(&inner)?;
            }
            Ok(())
        })?;
    }
    Ok(discriminator)
}

fn parse_gvk(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<Gvk>> {
    let (mut group, mut version, mut kind) = (None, None, None);
    meta.parse_nested_meta(|inner| {
        let key = values::path_name(&inner);
        match key.as_str() {
            "group" => group = values::string(cx, &inner)?,
            "version" => version = values::string(cx, &inner)?,
            "kind" => kind = values::string(cx, &inner)?,
            _ => {
                cx.error_spanned_by(
                    &inner.path,
                    format!("unknown key `{key}` in gvk(...); expected group, version, kind"),
                );
                values::skip_value(&inner)?;
            }
        }
        Ok(())
    })?;
    match (group, version, kind) {
        (Some(group), Some(version), Some(kind)) => Ok(Some(Gvk { group, version, kind })),
        _ => {
            cx.error_spanned_by(&meta.path, "gvk(...) needs group, version and kind");
            Ok(None)
        }
    }
}
