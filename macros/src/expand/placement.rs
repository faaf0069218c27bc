//! Placement checks: for every keyword whose attribute needs a shape (a list, an object, ...), a check that the
//! field's type has it, written at the attribute so that the compiler's error points there. They are checks on
//! types rather than on how a type is written, so aliases, `Option`s and newtypes are seen through.

use kapi_model::Keyword;
use kapi_model::shape::Placement;
use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{format_ident, quote};

use crate::internals::ast::Container;
use crate::internals::attr::keywords::{Entry, Keywords, Parsed};

/// The checks for the type's own keywords and for its fields' keywords.
pub fn placement_checks(cont: &Container, krate: &syn::Path) -> TokenStream {
    // A generic type is already an error, and its fields' types could not be named outside the type.
    if cont.generics.type_params().next().is_some() {
        return TokenStream::new();
    }
    let ident = cont.ident;
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let mut out = checks(cont, &quote!(#ident #ty_generics), &cont.attrs.keywords, Site::Type, krate);
    // Attributes on skipped and flattened fields are errors of their own; checking them too would say it twice.
    for field in cont.all_fields().into_iter().filter(|f| !f.serde.skip && !f.serde.flatten) {
        let ty = field.ty;
        out.extend(checks(cont, &quote!(#ty), &field.attrs.keywords, Site::Field, krate));
    }
    out
}

/// Where the keywords stand.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Site {
    Type,
    Field,
}

/// One constant checking the keywords of one type or field against `ty`; nothing when none needs a shape.
fn checks(cont: &Container, ty: &TokenStream, keywords: &Keywords, site: Site, krate: &syn::Path) -> TokenStream {
    let alias = format_ident!("__KapiChecked");
    let lifetimes: Vec<_> = cont.generics.lifetimes().map(|param| &param.lifetime).collect();
    let statics = lifetimes.iter().map(|_| quote!('static));
    let checked = if lifetimes.is_empty() { quote!(#alias) } else { quote!(#alias<#(#statics),*>) };
    let body: TokenStream = keywords.entries().iter().map(|entry| check(entry, &checked, site, krate)).collect();
    if body.is_empty() {
        return body;
    }
    // The type is named once, through an alias, with the spans it was written with: a type that does not resolve
    // is then reported once, where it is written, and only the checks carry the attribute's span.
    quote! {
        const _: () = {
            type #alias<#(#lifetimes),*> = #ty;
            #body
        };
    }
}

fn check(entry: &Entry, checked: &TokenStream, site: Site, krate: &syn::Path) -> TokenStream {
    let Some(name) = entry.attribute.name else { return TokenStream::new() };
    let support = quote!(#krate::model::placement);
    let needs = match (entry.attribute.placement, site) {
        (Placement::List, Site::Field) if entry.attribute.keyword == Keyword::ListMapKeys => {
            return list_map_key_check(entry, checked, &support);
        }
        // On a type it is an error of its own (`check_container_keywords`).
        (Placement::List, Site::Type) if entry.attribute.keyword == Keyword::ListMapKeys => return TokenStream::new(),
        (Placement::List, _) => "NeedsList",
        (Placement::Object, _) => "NeedsObject",
        (Placement::IntOrString, Site::Field) => "NeedsIntOrString",
        (Placement::Nullable, Site::Field) => "NeedsNullable",
        // On a type, these declare what the type's values are (see `expand::shapes`); there is nothing to check.
        (Placement::IntOrString | Placement::Nullable, Site::Type) | (Placement::Any, _) => {
            return TokenStream::new();
        }
    };
    let (needs, marker) = (format_ident!("{needs}"), format_ident!("{name}"));
    at_attribute(&entry.tokens, quote!(let () = <#checked as #support::#needs<#support::attribute::#marker>>::FITS;))
}

/// `list_map_keys` needs a list of structs, and every key must be a field of them.
fn list_map_key_check(entry: &Entry, checked: &TokenStream, support: &TokenStream) -> TokenStream {
    let Parsed::Strings(keys) = &entry.value else { return TokenStream::new() };
    let fields = at_attribute(&entry.tokens, quote!(<#checked as #support::KeyedList>::ITEM_FIELDS));
    let key_checks = keys.iter().map(|key| {
        let message = format!("list_map_keys: the list's item type has no field named `{}`", key.value());
        let check = quote!(::core::assert!(#support::has_field(ITEM_FIELDS, #key), #message));
        respanned(check, key.span())
    });
    // When the field is not a list of structs, `ITEM_FIELDS` is the one error: constants reading it are not
    // evaluated, so they add none.
    quote! {
        const ITEM_FIELDS: &[&str] = #fields;
        #(const _: () = #key_checks;)*
    }
}

/// `check` with every token (the path to kapi too) at the attribute `key`: the compiler points at a whole path,
/// and a path spanning both the derive and the attribute would be shown at the derive.
fn at_attribute(key: &TokenStream, check: TokenStream) -> TokenStream {
    let span = key.clone().into_iter().next().map_or_else(Span::call_site, |token| token.span());
    respanned(check, span)
}

/// `tokens`, every one of them (groups too) at `span`.
fn respanned(tokens: TokenStream, span: Span) -> TokenStream {
    let respan = |tree: TokenTree| -> TokenTree {
        let mut tree = match tree {
            TokenTree::Group(group) => Group::new(group.delimiter(), respanned(group.stream(), span)).into(),
            other => other,
        };
        tree.set_span(span);
        tree
    };
    tokens.into_iter().map(respan).collect()
}
