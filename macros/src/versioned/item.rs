//! One type of a versioned module: its declaration as written (with the `#[versioned]` attributes taken off), each
//! field's history, and whether it is a kind.

use proc_macro2::TokenStream;
use quote::quote;
use syn::punctuated::Punctuated;
use syn::{Fields, Ident, Item, ItemEnum, ItemStruct, Token};

use super::args::Args;
use super::history::History;
use super::kapi_attrs::{self, CrdMarks};
use super::overrides::{self, Overrides};

/// A kind: a type with `group = "..."` in its `#[kapi(...)]`.
pub struct Kind {
    pub group: String,
    pub name: String,
}

pub enum Shape {
    /// A struct, with one history per field (empty for tuple and unit structs).
    Struct(ItemStruct, Vec<History>),
    Enum(ItemEnum),
}

pub struct VersionedItem {
    pub shape: Shape,
    pub kind: Option<Kind>,
    /// Derives `Schema`, so it takes `#[kapi(...)]` attributes and has a definition.
    pub has_schema: bool,
    /// The type's per-version `#[kapi(...)]` entries.
    pub per_version: Overrides,
}

impl VersionedItem {
    /// Reads a struct or enum of the module; other items are `Ok(None)` and stay as written.
    pub fn read(args: &Args, item: &Item) -> syn::Result<Option<Self>> {
        let per_version;
        let (attrs, generics, shape) = match item {
            Item::Struct(declared) => {
                let mut declared = declared.clone();
                per_version = Overrides::take(args, &mut declared.attrs)?;
                let mut histories = Vec::new();
                for field in declared.fields.iter_mut() {
                    let history = History::take(args, &mut field.attrs)?;
                    if let Some(span) = history.per_version.first_outside(|v| history.exists_in(v)) {
                        let message = "the field exists in none of these versions";
                        return Err(syn::Error::new(span, message));
                    }
                    if field.ident.is_none() && !history.renames.is_empty() {
                        return Err(syn::Error::new_spanned(&field.ty, "a tuple field has no name to rename"));
                    }
                    histories.push(history);
                }
                (declared.attrs.clone(), declared.generics.clone(), Shape::Struct(declared, histories))
            }
            Item::Enum(declared) => {
                for variant in &declared.variants {
                    let fields = variant.fields.iter().flat_map(|f| &f.attrs);
                    if let Some(attr) = variant.attrs.iter().chain(fields).find(|a| a.path().is_ident("versioned")) {
                        let message = "#[versioned(...)] is for struct fields; an enum's variants are the same in \
                                       every version";
                        return Err(syn::Error::new_spanned(attr, message));
                    }
                }
                let mut declared = declared.clone();
                per_version = Overrides::take(args, &mut declared.attrs)?;
                (declared.attrs.clone(), declared.generics.clone(), Shape::Enum(declared))
            }
            _ => return Ok(None),
        };
        if !generics.params.is_empty() {
            return Err(syn::Error::new_spanned(generics, "#[kapi::versioned] types cannot be generic"));
        }
        kapi_attrs::refuse_own_keys(&attrs)?;
        let kind = match kapi_attrs::string_value(&attrs, "group")? {
            Some(group) => {
                let name = kapi_attrs::string_value(&attrs, "kind")?.unwrap_or_else(|| ident(&shape).to_string());
                Some(Kind { group, name })
            }
            None => None,
        };
        let has_schema = derives(&attrs, "Schema")?;
        if !has_schema {
            let fields = match &shape {
                Shape::Struct(_, histories) => histories.iter().any(|h| !h.per_version.is_empty()),
                Shape::Enum(_) => false,
            };
            if !per_version.is_empty() || fields {
                let message = "per-version #[kapi(...)] attributes need #[derive(Schema)] on the type";
                return Err(syn::Error::new_spanned(ident(&shape), message));
            }
        }
        if let Shape::Struct(_, histories) = &shape
            && let Some(entry) = histories.iter().find_map(|h| h.per_version.find_key(&["crd", "scale", "group"]))
        {
            let message = "a kind's setting; write it in a #[versioned(..., kapi(...))] on the type";
            return Err(syn::Error::new_spanned(entry.path(), message));
        }
        Ok(Some(Self { shape, kind, has_schema, per_version }))
    }

    pub fn ident(&self) -> &Ident {
        ident(&self.shape)
    }

    /// The attributes of a struct (none for enums).
    pub fn struct_attrs(&self) -> Option<&[syn::Attribute]> {
        match &self.shape {
            Shape::Struct(declared, _) => Some(&declared.attrs),
            Shape::Enum(_) => None,
        }
    }

    /// The fields of a struct with their histories (none for enums).
    pub fn fields(&self) -> Vec<(&syn::Field, &History)> {
        match &self.shape {
            Shape::Struct(declared, histories) => declared.fields.iter().zip(histories).collect(),
            Shape::Enum(_) => Vec::new(),
        }
    }

    /// The declaration in version `index`: its fields as they were then, its package and version set.
    pub fn in_version(&self, args: &Args, index: usize) -> syn::Result<TokenStream> {
        let version = args.versions[index].name.to_string();
        let package = format!("{}/{version}", args.package);
        let mut extra = quote!(package = #package);
        if self.kind.is_some() {
            let register = kapi_attrs::register_versions_function(self.ident());
            extra.extend(quote!(, version = #version, __register_versions = super::#register));
        }
        let version = &args.versions[index];
        let storage = index == args.hub;
        let plan = self.kind.as_ref().filter(|_| storage).map(|_| kapi_attrs::plan_function(self.ident()));
        let marks = CrdMarks { storage, served: version.served, deprecated: version.deprecated.clone(), plan };
        let own = self.per_version.entries_in(index);
        let attrs = |attrs: &[syn::Attribute]| -> syn::Result<Vec<syn::Attribute>> {
            if self.has_schema {
                kapi_attrs::for_version(attrs, extra.clone(), &marks, &own)
            } else {
                Ok(attrs.to_vec())
            }
        };
        match &self.shape {
            Shape::Struct(declared, histories) => {
                let mut out = declared.clone();
                out.attrs = attrs(&declared.attrs)?;
                if let Fields::Named(named) = &mut out.fields {
                    let kept = named.named.iter().zip(histories).filter(|(_, history)| history.exists_in(index));
                    let fields = kept.map(|(field, history)| {
                        let mut field = field.clone();
                        let current = field.ident.clone().expect("named fields have names");
                        field.ident = Some(history.ident_in(index, &current).clone());
                        field.ty = history.type_in(index, &field.ty).clone();
                        let entries = history.per_version.entries_in(index);
                        if !entries.is_empty() {
                            let entries = overrides::tokens(&entries);
                            field.attrs.push(syn::parse_quote!(#[kapi(#entries)]));
                        }
                        field
                    });
                    named.named = fields.collect::<Punctuated<_, Token![,]>>();
                } else if histories.iter().any(|h| {
                    !h.changes.is_empty() || h.added.is_some() || h.removed.is_some() || !h.per_version.is_empty()
                }) {
                    let message = "only named fields can have a history; name the fields";
                    return Err(syn::Error::new_spanned(&declared.fields, message));
                }
                Ok(quote!(#out))
            }
            Shape::Enum(declared) => {
                let mut out = declared.clone();
                out.attrs = attrs(&declared.attrs)?;
                Ok(quote!(#out))
            }
        }
    }
}

fn ident(shape: &Shape) -> &Ident {
    match shape {
        Shape::Struct(declared, _) => &declared.ident,
        Shape::Enum(declared) => &declared.ident,
    }
}

/// True when `#[derive(...)]` names `trait_name` (by its last path segment).
fn derives(attrs: &[syn::Attribute], trait_name: &str) -> syn::Result<bool> {
    for attr in attrs.iter().filter(|a| a.path().is_ident("derive")) {
        let paths = attr.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated)?;
        if paths.iter().any(|p| p.segments.last().is_some_and(|s| s.ident == trait_name)) {
            return Ok(true);
        }
    }
    Ok(false)
}
