//! The JSON-level converter of each kind, for conversion webhooks: any version in, any version out, through the hub.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::args::Args;
use super::item::VersionedItem;

/// `converters()`, listing a `KindConverter` per kind of the module, and the function behind each.
pub fn converters(args: &Args, items: &[VersionedItem]) -> TokenStream {
    let krate = &args.krate;
    let conversion = quote!(#krate::model::conversion);
    let versions: Vec<String> = args.versions.iter().map(|v| v.name.to_string()).collect();
    let hub = &args.versions[args.hub].name;
    let hub_text = hub.to_string();
    let mut entries = Vec::new();
    let mut functions = TokenStream::new();
    for item in items {
        let Some(kind) = &item.kind else { continue };
        let ident = item.ident();
        let function = format_ident!("__kapi_convert_{}", ident.to_string().to_lowercase());
        let (group, name) = (&kind.group, &kind.name);
        let read = args.versions.iter().map(|version| {
            let (module, text) = (&version.name, version.name.to_string());
            let api_version = format!("{group}/{text}");
            if version.name == *hub {
                quote!(#text => #conversion::from_json::<#module::#ident>(object, #api_version)?)
            } else {
                quote!(#text => <#module::#ident as #conversion::Convert<#hub::#ident>>::convert(
                    #conversion::from_json::<#module::#ident>(object, #api_version)?)?)
            }
        });
        let identity = args.versions.iter().map(|version| {
            let (module, text) = (&version.name, version.name.to_string());
            let api_version = format!("{group}/{text}");
            quote!(#text => #conversion::to_json(&#conversion::from_json::<#module::#ident>(object, #api_version)?, #api_version))
        });
        let write = args.versions.iter().map(|version| {
            let (module, text) = (&version.name, version.name.to_string());
            let api_version = format!("{group}/{text}");
            if version.name == *hub {
                quote!(#text => #conversion::to_json(&hub, #api_version))
            } else {
                quote!(#text => #conversion::to_json(
                    &<#hub::#ident as #conversion::Convert<#module::#ident>>::convert(hub)?, #api_version))
            }
        });
        functions.extend(quote! {
            fn #function(object: #conversion::Value, to: &str)
                -> ::core::result::Result<#conversion::Value, #conversion::ConversionError>
            {
                let api_version = object.get("apiVersion").and_then(#conversion::Value::as_str).unwrap_or_default();
                let from = api_version.rsplit_once('/').map_or("", |(_, version)| version).to_owned();
                if from == to {
                    // Read and written again in its own version: what the version's type holds, and nothing else.
                    return match to {
                        #(#identity,)*
                        other => ::core::result::Result::Err(#conversion::ConversionError::new(
                            ::std::format!("{} {} has no version {other:?}", #group, #name))),
                    };
                }
                let hub: #hub::#ident = match from.as_str() {
                    #(#read,)*
                    other => return ::core::result::Result::Err(#conversion::ConversionError::new(
                        ::std::format!("{} {} has no version {other:?}", #group, #name))),
                };
                match to {
                    #(#write,)*
                    other => ::core::result::Result::Err(#conversion::ConversionError::new(
                        ::std::format!("{} {} has no version {other:?}", #group, #name))),
                }
            }
        });
        entries.push(quote! {
            #conversion::KindConverter {
                group: #group, kind: #name, versions: &[#(#versions),*], hub: #hub_text,
                convert: ::std::sync::Arc::new(#function),
            }
        });
    }
    quote! {
        /// A converter per kind of this module, converting objects between its versions through the storage version.
        pub fn converters() -> ::std::vec::Vec<#conversion::KindConverter> {
            ::std::vec![#(#entries),*]
        }
        #functions
    }
}
