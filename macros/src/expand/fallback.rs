//! What a derive emits beside the errors it reports: the impl it was asked for, with bodies that never run (the
//! crate does not compile). Without it every use of the type (`registry.register_resource::<Thing>()`) would add
//! an error of its own, listing every type that does implement the trait, to the one mistake the user made.

use proc_macro2::TokenStream;
use quote::quote;

/// `impl Schema` with a body that never runs.
pub fn schema(ident: &syn::Ident, generics: &syn::Generics, krate: &syn::Path) -> TokenStream {
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::model::Schema for #ident #ty_generics #where_clause {
            fn schema(_: &mut #krate::model::Registry) -> #krate::model::SchemaNode {
                ::core::unreachable!("kapi's derive reported errors")
            }
        }
    }
}

/// `impl Resource` with a body that never runs, in an anonymous constant like the real one.
pub fn resource(ident: &syn::Ident, generics: &syn::Generics, krate: &syn::Path) -> TokenStream {
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    quote! {
        #[allow(unused_qualifications)]
        const _: () = {
            #[automatically_derived]
            impl #impl_generics #krate::model::Resource for #ident #ty_generics #where_clause {
                fn resource_meta(_: &mut #krate::model::Registry) -> #krate::model::ResourceMeta {
                    ::core::unreachable!("kapi's derive reported errors")
                }
            }
        };
    }
}
