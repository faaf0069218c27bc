//! The shape marker traits (`kapi::model::shape`) a derived type implements, so that the placement checks of the
//! types that use it know what it is: a struct with named fields is an object, a newtype is what its field is, and
//! `int_or_string` or `nullable` on a type declares its values to be such.

use kapi_model::Keyword;
use proc_macro2::TokenStream;
use quote::quote;

use crate::internals::ast::{Container, Data, Style};

/// The shape impls of the container, each beside the others in the derive's anonymous constant.
pub fn impl_shapes(cont: &Container, krate: &syn::Path) -> TokenStream {
    let shape = quote!(#krate::model::shape);
    let declared: Vec<&str> = [(Keyword::IntOrString, "IntOrStringShape"), (Keyword::Nullable, "NullableShape")]
        .into_iter()
        .filter(|(keyword, _)| cont.attrs.keywords.entry(*keyword).is_some())
        .map(|(_, name)| name)
        .collect();
    let mut out: TokenStream = declared.iter().map(|name| marker_impl(cont, &shape, name, None)).collect();
    let Data::Struct(style, fields) = &cont.data else {
        // An enum takes several shapes, one per variant.
        return out;
    };
    if cont.serde.transparent || *style == Style::Newtype {
        let inner = fields.iter().find(|f| !cont.serde.transparent || !f.serde.skip);
        for name in ["ObjectShape", "IntOrStringShape", "NullableShape"].into_iter().filter(|n| !declared.contains(n)) {
            out.extend(inner.map(|field| marker_impl(cont, &shape, name, Some(field.ty))));
        }
        out.extend(inner.map(|field| list_impl(cont, &shape, field.ty)));
    } else if matches!(style, Style::Named | Style::Unit) {
        out.extend(marker_impl(cont, &shape, "ObjectShape", None));
    }
    // A tuple is a fixed-length array of mixed items: no list keyword would describe it.
    out
}

/// `impl <shape>::<name> for <the type>`, when `inner` has the shape if one is given.
fn marker_impl(cont: &Container, shape: &TokenStream, name: &str, inner: Option<&syn::Type>) -> TokenStream {
    let marker = syn::Ident::new(name, proc_macro2::Span::call_site());
    let bound = quote!(#shape::#marker);
    let generics = with_forwarded_bound(cont.generics, inner, &bound);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let ident = cont.ident;
    quote! {
        #[automatically_derived]
        impl #impl_generics #shape::#marker for #ident #ty_generics #where_clause {}
    }
}

/// A newtype is a list when its field is, of the same items.
fn list_impl(cont: &Container, shape: &TokenStream, inner: &syn::Type) -> TokenStream {
    let bound = quote!(#shape::ListShape);
    let generics = with_forwarded_bound(cont.generics, Some(inner), &bound);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let ident = cont.ident;
    quote! {
        #[automatically_derived]
        impl #impl_generics #shape::ListShape for #ident #ty_generics #where_clause {
            type Item = <#inner as #shape::ListShape>::Item;
        }
    }
}

/// The container's generics plus `for<'__kapi> Inner: Bound`. The field's type is concrete, and a bound on
/// concrete types that does not hold is an error where the impl is written; a higher-ranked bound is not, so the
/// impl simply does not apply. That is the point: a newtype over a `String` is not a list, and is not an error.
fn with_forwarded_bound(generics: &syn::Generics, inner: Option<&syn::Type>, bound: &TokenStream) -> syn::Generics {
    let mut generics = generics.clone();
    if let Some(inner) = inner {
        generics.make_where_clause().predicates.push(syn::parse_quote!(for<'__kapi> #inner: #bound));
    }
    generics
}
