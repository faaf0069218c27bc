//! Reading and extending a type's `#[kapi(...)]` attributes: each version gets its package, a kind its version,
//! and the storage or deprecated version's `crd(...)` its marks.

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

/// What one version adds to a kind's `crd(...)`: `storage`, and `deprecated` with its warning.
pub struct CrdMarks {
    pub storage: bool,
    pub deprecated: Option<Option<syn::LitStr>>,
}

/// Rewrites the `#[kapi(...)]` attributes of a type for one version: `crd(...)` gets `marks`, and the attribute list
/// gains `extra` (`package = ...`, `version = ...`).
pub fn for_version(attrs: &[syn::Attribute], extra: TokenStream, marks: &CrdMarks) -> syn::Result<Vec<syn::Attribute>> {
    let mut out = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("kapi") {
            out.push(attr.clone());
            continue;
        }
        let list = attr.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)?;
        let rewritten = list.into_iter().map(|entry| mark_crd(entry, marks));
        out.push(syn::parse_quote!(#[kapi(#(#rewritten),*)]));
    }
    out.push(syn::parse_quote!(#[kapi(#extra)]));
    Ok(out)
}

fn mark_crd(entry: Meta, marks: &CrdMarks) -> TokenStream {
    if !entry.path().is_ident("crd") {
        return quote!(#entry);
    }
    let mut added = Vec::new();
    if marks.storage {
        added.push(quote!(storage));
    }
    match &marks.deprecated {
        Some(Some(warning)) => added.push(quote!(deprecated, deprecation_warning = #warning)),
        Some(None) => added.push(quote!(deprecated)),
        None => {}
    }
    match entry {
        Meta::List(list) if !list.tokens.is_empty() => {
            let tokens = &list.tokens;
            quote!(crd(#tokens #(, #added)*))
        }
        _ => quote!(crd(#(#added),*)),
    }
}
