//! The round-trip tests generated for each kind: every version to the hub and back, and the hub to it and back.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::args::Args;
use super::item::VersionedItem;
use crate::internals::attr::serde_attrs::{SerdeContainer, SerdeField};

/// A `#[cfg(test)]` module with a test per kind and version other than the hub.
pub fn tests(args: &Args, items: &[VersionedItem]) -> TokenStream {
    let krate = &args.krate;
    let hub = args.hub;
    let hub_name = &args.versions[hub].name;
    let mut tests = TokenStream::new();
    for item in items.iter().filter(|item| item.kind.is_some()) {
        let ident = item.ident();
        for spoke in (0..args.versions.len()).filter(|v| *v != hub) {
            let spoke_name = &args.versions[spoke].name;
            let test =
                format_ident!("{}_{spoke_name}_round_trips_through_{hub_name}", ident.to_string().to_lowercase());
            let (spoke_only, hub_only) = (only_in(args, items, spoke, hub), only_in(args, items, hub, spoke));
            tests.extend(quote! {
                #[test]
                fn #test() {
                    #krate::model::conversion::assert_round_trips::<#spoke_name::#ident, #hub_name::#ident>(&[#(#spoke_only),*]);
                    #krate::model::conversion::assert_round_trips::<#hub_name::#ident, #spoke_name::#ident>(&[#(#hub_only),*]);
                }
            });
        }
    }
    quote! {
        #[cfg(test)]
        mod __kapi_round_trips {
            use super::*;
            #tests
        }
    }
}

/// `(definition of the type in version a, [JSON names of the fields version b lacks])` for every type with some.
fn only_in(args: &Args, items: &[VersionedItem], a: usize, b: usize) -> Vec<TokenStream> {
    let krate = &args.krate;
    let module = &args.versions[a].name;
    let mut out = Vec::new();
    for item in items.iter().filter(|item| item.has_schema) {
        let Some(attrs) = item.struct_attrs() else { continue };
        let rename_all = SerdeContainer::from_attrs(attrs).rename_all;
        let names: Vec<String> = item
            .fields()
            .into_iter()
            .filter(|(_, history)| history.exists_in(a) && !history.exists_in(b))
            .filter_map(|(field, history)| {
                let serde = SerdeField::from_attrs(&field.attrs);
                let current = field.ident.as_ref()?;
                let rust = history.ident_in(a, current).to_string();
                let rust = rust.strip_prefix("r#").unwrap_or(&rust).to_owned();
                (!serde.flatten).then(|| {
                    serde.rename.unwrap_or_else(|| rename_all.map_or(rust.clone(), |r| r.apply_to_field(&rust)))
                })
            })
            .collect();
        if !names.is_empty() {
            let ident = item.ident();
            out.push(quote!((<#module::#ident as #krate::model::Schema>::definition_name(), &[#(#names),*])));
        }
    }
    out
}
