//! `#[kapi::versioned(...)]` on a module: the module's types written once, with each field's history, become one
//! module per version, with conversions between each version and the storage version, a JSON converter per kind
//! for conversion webhooks, and round-trip tests.

use proc_macro2::TokenStream;
use quote::quote;
use syn::Ident;

mod args;
mod convert;
mod converter;
mod history;
mod item;
mod kapi_attrs;
mod overrides;
mod plan;
mod round_trips;

use args::Args;
use item::VersionedItem;

/// Expands the attribute; every mistake found is reported, each at its span.
pub fn expand(args: TokenStream, input: TokenStream) -> syn::Result<TokenStream> {
    let args = Args::parse(args)?;
    let module: syn::ItemMod = syn::parse2(input)?;
    let Some((_, content)) = &module.content else {
        return Err(syn::Error::new_spanned(
            &module,
            "#[kapi::versioned] needs a module with a body: `mod name { ... }`",
        ));
    };
    let mut errors: Option<syn::Error> = None;
    let mut note = |error: syn::Error| match &mut errors {
        Some(all) => all.combine(error),
        None => errors = Some(error),
    };
    let (mut items, mut others) = (Vec::new(), Vec::new());
    for item in content {
        match VersionedItem::read(&args, item) {
            Ok(Some(versioned)) => items.push(versioned),
            Ok(None) => others.push(item),
            Err(error) => note(error),
        }
    }
    let mut modules = TokenStream::new();
    for (index, version) in args.versions.iter().enumerate() {
        let mut declarations = TokenStream::new();
        for item in &items {
            match item.in_version(&args, index) {
                Ok(tokens) => declarations.extend(tokens),
                Err(error) => note(error),
            }
        }
        declarations.extend(plan::defaults_in_version(&args, &items, index));
        let name = &version.name;
        let doc = format!("The types as of `{name}`.");
        modules.extend(quote! {
            #[doc = #doc]
            pub mod #name {
                #[allow(unused_imports)]
                use super::*;
                #declarations
            }
        });
    }
    if let Some(errors) = errors {
        return Err(errors);
    }
    let names: Vec<Ident> = items.iter().map(|item| item.ident().clone()).collect();
    let conversions = items.iter().map(|item| convert::impls(&args, item, &names));
    let converters = converter::converters(&args, &items);
    let plans = plan::functions(&args, &items, &names);
    let tests = round_trips::tests(&args, &items);
    let syn::ItemMod { attrs, vis, ident, .. } = &module;
    Ok(quote! {
        #(#attrs)*
        #vis mod #ident {
            #(#others)*
            #modules
            #(#conversions)*
            #converters
            #plans
            #tests
        }
    })
}

#[cfg(test)]
mod tests;
