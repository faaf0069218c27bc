//! `#[kapi(...)]` on a field or enum variant.

use syn::meta::ParseNestedMeta;

use super::keywords::Keywords;
use super::values::{self, Attr, set_flag};
use crate::internals::ctxt::Ctxt;

/// Everything `#[kapi(...)]` may say about a field.
pub struct FieldAttrs {
    pub optional: Attr<()>,
    pub required: Attr<()>,
    pub bytes: Attr<()>,
    pub schemaless: Attr<()>,
    pub union_member: Attr<String>,
    pub proto: Attr<u64>,
    pub proto_wrapper: Attr<String>,
    /// The protobuf field name, when it is not the JSON name (go-to-protobuf's `uID`, `Webhooks`).
    pub proto_name: Attr<String>,
    pub schema_with: Attr<syn::Path>,
    /// The field's type implements `schemars::JsonSchema`, whose schema the field takes (kapi's `schemars` feature).
    pub schemars: Attr<()>,
    pub keywords: Keywords,
    /// Every key written, in order (to tell a wire-only field, which may carry only `proto`).
    pub keys: Vec<String>,
}

impl FieldAttrs {
    pub fn from_attrs(cx: &Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut out = Self {
            optional: Attr::none("optional"),
            required: Attr::none("required"),
            bytes: Attr::none("bytes"),
            schemaless: Attr::none("schemaless"),
            union_member: Attr::none("union_member"),
            proto: Attr::none("proto"),
            proto_wrapper: Attr::none("proto_wrapper"),
            proto_name: Attr::none("proto_name"),
            schema_with: Attr::none("schema_with"),
            schemars: Attr::none("schemars"),
            keywords: Keywords::new(),
            keys: Vec::new(),
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
        self.keys.push(key.clone());
        match key.as_str() {
            "optional" => set_flag(cx, meta, &mut self.optional)?,
            "required" => set_flag(cx, meta, &mut self.required)?,
            "bytes" => set_flag(cx, meta, &mut self.bytes)?,
            "schemaless" => set_flag(cx, meta, &mut self.schemaless)?,
            "union_member" => self.union_member.set_opt(cx, &path, values::string(cx, meta)?),
            "proto" => self.proto.set_opt(cx, &path, values::unsigned(cx, meta)?),
            "proto_wrapper" => self.proto_wrapper.set_opt(cx, &path, values::string(cx, meta)?),
            "proto_name" => self.proto_name.set_opt(cx, &path, values::string(cx, meta)?),
            "schema_with" => self.schema_with.set_opt(cx, &path, values::path(cx, meta)?),
            "schemars" => set_flag(cx, meta, &mut self.schemars)?,
            _ => {
                if !self.keywords.parse(cx, meta)? {
                    cx.error_spanned_by(&path, format!("unknown kapi attribute `{key}` on a field"));
                    values::skip_value(meta)?;
                }
            }
        }
        Ok(())
    }
}
