//! Reading and extending a type's `#[kapi(...)]` attributes: each version gets its package, a kind its version,
//! its own per-version entries, and its `crd(...)` the version's marks (storage, served, deprecated).

use proc_macro2::TokenStream;
use quote::quote;
use syn::punctuated::Punctuated;
use syn::{Expr, Lit, Meta, Token};

/// The entries of every `#[kapi(...)]` on an item, in order.
fn entries(attrs: &[syn::Attribute]) -> syn::Result<Vec<Meta>> {
    let mut out = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("kapi")) {
        out.extend(attr.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)?);
    }
    Ok(out)
}

/// The string value of `key = "..."` in the type's `#[kapi(...)]`, when written.
pub fn string_value(attrs: &[syn::Attribute], key: &str) -> syn::Result<Option<String>> {
    for entry in entries(attrs)? {
        if let Meta::NameValue(pair) = entry
            && pair.path.is_ident(key)
            && let Expr::Lit(literal) = &pair.value
            && let Lit::Str(text) = &literal.lit
        {
            return Ok(Some(text.value()));
        }
    }
    Ok(None)
}

/// Refuses the keys the versioned macro sets itself.
pub fn refuse_own_keys(attrs: &[syn::Attribute]) -> syn::Result<()> {
    for entry in entries(attrs)? {
        for key in ["package", "version"] {
            if entry.path().is_ident(key) {
                let message = format!("`{key}` is set per version by #[kapi::versioned]; leave it out");
                return Err(syn::Error::new_spanned(entry.path(), message));
            }
        }
    }
    Ok(())
}

/// The function returning a kind's conversion plan, which the storage version's `crd(__conversion_plan = ...)`
/// names (written by the plan module).
pub fn plan_function(kind: &syn::Ident) -> syn::Ident {
    quote::format_ident!("__kapi_conversion_plan_{}", kind.to_string().to_lowercase())
}

/// The function registering every version of a kind, which each version's `__register_versions = ...` names
/// (written by the plan module), so the kind's CRD can be generated from any version.
pub fn register_versions_function(kind: &syn::Ident) -> syn::Ident {
    quote::format_ident!("__kapi_register_versions_{}", kind.to_string().to_lowercase())
}

/// What one version adds to a kind's `crd(...)`: `storage`, `served = false`, and `deprecated` with its warning.
pub struct CrdMarks {
    pub storage: bool,
    pub served: Option<bool>,
    pub deprecated: Option<Option<syn::LitStr>>,
    /// On the storage version of a kind: the function returning its conversion plan, in the outer module.
    pub plan: Option<syn::Ident>,
}

/// Rewrites the `#[kapi(...)]` attributes of a type for one version: `crd(...)` gets that version's per-version
/// `crd(...)` entries and `marks`, and a last attribute holds `extra` (`package = ...`, `version = ...`) and the
/// version's other per-version entries.
pub fn for_version(
    attrs: &[syn::Attribute],
    extra: TokenStream,
    marks: &CrdMarks,
    overrides: &[&Meta],
) -> syn::Result<Vec<syn::Attribute>> {
    let (crd_overrides, others): (Vec<&Meta>, Vec<&Meta>) = overrides.iter().partition(|e| e.path().is_ident("crd"));
    let mut added = Vec::new();
    for entry in crd_overrides {
        added.extend(crd_entries(entry)?);
    }
    added.extend(marks.entries());
    let mut out = Vec::new();
    let mut has_crd = false;
    for attr in attrs {
        if !attr.path().is_ident("kapi") {
            out.push(attr.clone());
            continue;
        }
        let list = attr.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)?;
        let mut rewritten = Vec::new();
        for entry in list {
            if entry.path().is_ident("crd") {
                has_crd = true;
                let mut inner = crd_entries(&entry)?;
                inner.extend(added.iter().cloned());
                rewritten.push(crd_tokens(entry.path(), &inner));
            } else {
                rewritten.push(quote!(#entry));
            }
        }
        out.push(syn::parse_quote!(#[kapi(#(#rewritten),*)]));
    }
    let mut last = vec![extra];
    // A kind that is a CRD in some versions only (`#[versioned(since = v1, kapi(crd(...)))]`).
    if !has_crd && overrides.iter().any(|e| e.path().is_ident("crd")) {
        last.push(crd_tokens(&syn::parse_quote!(crd), &added));
    }
    last.extend(others.iter().map(|entry| quote!(#entry)));
    out.push(syn::parse_quote!(#[kapi(#(#last),*)]));
    Ok(out)
}

impl CrdMarks {
    fn entries(&self) -> Vec<Meta> {
        let mut out: Vec<Meta> = Vec::new();
        if self.storage {
            out.push(syn::parse_quote!(storage));
        }
        if let Some(served) = self.served {
            out.push(syn::parse_quote!(served = #served));
        }
        match &self.deprecated {
            Some(Some(warning)) => {
                out.push(syn::parse_quote!(deprecated));
                out.push(syn::parse_quote!(deprecation_warning = #warning));
            }
            Some(None) => out.push(syn::parse_quote!(deprecated)),
            None => {}
        }
        if let Some(plan) = &self.plan {
            out.push(syn::parse_quote!(__conversion_plan = super::#plan));
        }
        out
    }
}

/// `crd(entries)`, or a bare `crd` when there are none: the derive reads `crd()` as a list missing its entries.
fn crd_tokens(path: &syn::Path, entries: &[Meta]) -> TokenStream {
    if entries.is_empty() { quote!(#path) } else { quote!(#path(#(#entries),*)) }
}

/// The entries of `crd(...)` (none for a bare `crd`), parsed one by one so that a trailing comma is no matter.
fn crd_entries(entry: &Meta) -> syn::Result<Vec<Meta>> {
    match entry {
        Meta::List(list) => {
            Ok(list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)?.into_iter().collect())
        }
        Meta::Path(_) => Ok(Vec::new()),
        Meta::NameValue(pair) => Err(syn::Error::new_spanned(pair, "write `crd` or `crd(...)`")),
    }
}
