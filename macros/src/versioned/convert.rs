//! `Convert` between each version of a type and the hub (the storage version), both ways.

use proc_macro2::{TokenStream, TokenTree};
use quote::{format_ident, quote};
use syn::{Fields, Ident};

use super::args::Args;
use super::history::History;
use super::item::{Shape, VersionedItem};

/// The conversions of `item` between every other version and the hub.
pub fn impls(args: &Args, item: &VersionedItem, names: &[Ident]) -> TokenStream {
    let mut out = TokenStream::new();
    for spoke in (0..args.versions.len()).filter(|v| *v != args.hub) {
        out.extend(conversion(args, item, names, spoke, args.hub));
        out.extend(conversion(args, item, names, args.hub, spoke));
    }
    out
}

fn conversion(args: &Args, item: &VersionedItem, names: &[Ident], from: usize, to: usize) -> TokenStream {
    let krate = &args.krate;
    let (source, target) = (&args.versions[from].name, &args.versions[to].name);
    let ident = item.ident();
    let body = match &item.shape {
        Shape::Struct(declared, histories) => struct_body(krate, declared, histories, names, (from, to), target),
        Shape::Enum(declared) => {
            let arms = declared.variants.iter().map(|variant| {
                let name = &variant.ident;
                match &variant.fields {
                    Fields::Unit => quote!(#source::#ident::#name => #target::#ident::#name),
                    Fields::Unnamed(fields) => {
                        let bound: Vec<Ident> = (0..fields.unnamed.len()).map(|i| format_ident!("field{i}")).collect();
                        let values = fields.unnamed.iter().zip(&bound).map(|(f, b)| same_type(krate, &f.ty, quote!(#b), names));
                        quote!(#source::#ident::#name(#(#bound),*) => #target::#ident::#name(#(#values),*))
                    }
                    Fields::Named(fields) => {
                        let bound: Vec<&Ident> = fields.named.iter().filter_map(|f| f.ident.as_ref()).collect();
                        let values = fields.named.iter().zip(&bound).map(|(f, b)| same_type(krate, &f.ty, quote!(#b), names));
                        quote!(#source::#ident::#name { #(#bound),* } => #target::#ident::#name { #(#bound: #values),* })
                    }
                }
            });
            quote!(match self { #(#arms,)* })
        }
    };
    quote! {
        impl #krate::model::conversion::Convert<#target::#ident> for #source::#ident {
            fn convert(self) -> ::core::result::Result<#target::#ident, #krate::model::conversion::ConversionError> {
                ::core::result::Result::Ok(#body)
            }
        }
    }
}

fn struct_body(
    krate: &syn::Path,
    declared: &syn::ItemStruct,
    histories: &[History],
    names: &[Ident],
    (from, to): (usize, usize),
    target: &Ident,
) -> TokenStream {
    let ident = &declared.ident;
    match &declared.fields {
        Fields::Named(fields) => {
            let values = fields.named.iter().zip(histories).filter(|(_, h)| h.exists_in(to)).map(|(field, history)| {
                let current = field.ident.as_ref().expect("named fields have names");
                let name = history.ident_in(to, current);
                if !history.exists_in(from) {
                    // The source version cannot say it: the target's default, as for a field left out of a manifest.
                    return quote!(#name: ::core::default::Default::default());
                }
                let source_name = history.ident_in(from, current);
                let value = field_value(krate, history, &field.ty, names, (from, to), quote!(self.#source_name));
                quote!(#name: #value)
            });
            quote!(#target::#ident { #(#values),* })
        }
        Fields::Unnamed(fields) => {
            let values = fields.unnamed.iter().enumerate().map(|(i, field)| {
                let index = syn::Index::from(i);
                same_type(krate, &field.ty, quote!(self.#index), names)
            });
            quote!(#target::#ident(#(#values),*))
        }
        Fields::Unit => quote!(#target::#ident),
    }
}

/// A field's value in the target version: through each type change crossed, or converted element by element.
fn field_value(
    krate: &syn::Path,
    history: &History,
    current: &syn::Type,
    names: &[Ident],
    (from, to): (usize, usize),
    source: TokenStream,
) -> TokenStream {
    let changes = history.changes_between(from, to);
    if changes.is_empty() {
        return same_type(krate, history.type_in(from, current), source, names);
    }
    changes.into_iter().fold(source, |value, (change, upwards)| {
        let function = if upwards { &change.up } else { &change.down };
        quote!(#function(#value)?)
    })
}

/// A value whose type is written the same in both versions: moved as it is, unless it names a versioned type,
/// whose other version is a different Rust type.
fn same_type(krate: &syn::Path, ty: &syn::Type, value: TokenStream, names: &[Ident]) -> TokenStream {
    if mentions(quote!(#ty), names) { quote!(#krate::model::conversion::Convert::convert(#value)?) } else { value }
}

/// Whether a type names a versioned type; `Self` is the kind itself (a field of `kapi::kube::TypeMeta<Self>`).
fn mentions(tokens: TokenStream, names: &[Ident]) -> bool {
    tokens.into_iter().any(|token| match token {
        TokenTree::Ident(ident) => ident == "Self" || names.contains(&ident),
        TokenTree::Group(group) => mentions(group.stream(), names),
        _ => false,
    })
}
