//! `#[kapi(kube)]` on a kind: kube-core's `Resource` (what `kube::Api<K>` and the controller runtime need), and
//! `HasSpec`/`HasStatus` for a `spec` field and an `Option` `status` field. The kind's `metadata` must be
//! k8s-openapi's `ObjectMeta`, which `Resource::meta` returns; a type error at the field says so otherwise.
//!
//! Opt-in per kind rather than for every kind once the feature is on: a feature of kapi is on for every crate of a
//! build once one crate asks for it, and kinds whose metadata is kapi-meta's would then stop compiling.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::internals::ast::{Container, Data};

/// The names the kind is served under.
pub struct Names<'a> {
    pub group: &'a str,
    pub version: &'a str,
    pub kind: &'a str,
    pub plural: &'a str,
    pub cluster_scoped: bool,
}

pub fn impls(cont: &Container, names: Names) -> TokenStream {
    let krate = &cont.attrs.krate();
    let ident = cont.ident;
    let kube = quote!(#krate::model::kube);
    let Names { group, version, kind, plural, cluster_scoped } = names;
    let field = |name: &str| match &cont.data {
        Data::Struct(_, fields) => fields.iter().find(|f| matches!(&f.member, syn::Member::Named(i) if i == name)),
        Data::Enum(_) => None,
    };
    let scope = if cluster_scoped {
        quote!(#kube::k8s_openapi::ClusterResourceScope)
    } else {
        quote!(#kube::k8s_openapi::NamespaceResourceScope)
    };
    let meta_type = quote!(#kube::k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta);
    let meta = match field("metadata") {
        Some(metadata) => {
            let span = metadata.ty.span();
            let (get, get_mut) = (quote_spanned!(span=> &self.metadata), quote_spanned!(span=> &mut self.metadata));
            quote! {
                fn meta(&self) -> &#meta_type { #get }
                fn meta_mut(&mut self) -> &mut #meta_type { #get_mut }
            }
        }
        None => {
            let message =
                "#[kapi(kube)] needs a `metadata` field of k8s-openapi's ObjectMeta, which kube::Resource returns";
            quote_spanned!(ident.span()=> ::core::compile_error!(#message);)
        }
    };
    let spec = field("spec").map(|spec| {
        let ty = spec.ty;
        quote! {
            #[automatically_derived]
            impl #kube::kube_core::object::HasSpec for #ident {
                type Spec = #ty;
                fn spec(&self) -> &#ty { &self.spec }
                fn spec_mut(&mut self) -> &mut #ty { &mut self.spec }
            }
        }
    });
    let status = field("status").and_then(|status| option_inner(status.ty)).map(|inner| {
        quote! {
            #[automatically_derived]
            impl #kube::kube_core::object::HasStatus for #ident {
                type Status = #inner;
                fn status(&self) -> ::core::option::Option<&#inner> { self.status.as_ref() }
                fn status_mut(&mut self) -> &mut ::core::option::Option<#inner> { &mut self.status }
            }
        }
    });
    let constructor = constructor(cont, &meta_type);
    let cow = quote!(::std::borrow::Cow<'_, str>);
    quote! {
        #krate::model::__kube_impls! {
            #[automatically_derived]
            impl #kube::kube_core::Resource for #ident {
                type DynamicType = ();
                type Scope = #scope;
                fn kind(_: &()) -> #cow { ::std::borrow::Cow::Borrowed(#kind) }
                fn group(_: &()) -> #cow { ::std::borrow::Cow::Borrowed(#group) }
                fn version(_: &()) -> #cow { ::std::borrow::Cow::Borrowed(#version) }
                fn plural(_: &()) -> #cow { ::std::borrow::Cow::Borrowed(#plural) }
                #meta
            }
            #spec
            #status
            #constructor
        }
    }
}

/// kube-derive's `Kind::new(name, spec)`, for kinds shaped as kube-derive's are: `metadata`, `spec`, a `status`,
/// and flattened fields (a `kapi::kube::TypeMeta<Self>`), each of the others taking its default.
fn constructor(cont: &Container, meta_type: &TokenStream) -> Option<TokenStream> {
    let Data::Struct(_, fields) = &cont.data else { return None };
    let named = |f: &&crate::internals::ast::Field, name: &str| matches!(&f.member, syn::Member::Named(i) if i == name);
    let spec = fields.iter().find(|f| named(f, "spec"))?;
    fields.iter().find(|f| named(f, "metadata"))?;
    let others_defaulted =
        fields.iter().all(|f| ["metadata", "spec", "status"].iter().any(|n| named(&f, n)) || f.serde.flatten);
    if !others_defaulted {
        return None;
    }
    let defaulted = fields.iter().filter(|f| !named(f, "metadata") && !named(f, "spec")).map(|f| &f.member);
    let (ident, spec_type) = (cont.ident, spec.ty);
    let doc = format!("A `{ident}` named `name` asking for `spec`, as kube-derive's `new` makes it.");
    Some(quote! {
        impl #ident {
            #[doc = #doc]
            pub fn new(name: &str, spec: #spec_type) -> Self {
                Self {
                    metadata: #meta_type {
                        name: ::core::option::Option::Some(::std::borrow::ToOwned::to_owned(name)),
                        ..::core::default::Default::default()
                    },
                    spec,
                    #(#defaulted: ::core::default::Default::default(),)*
                }
            }
        }
    })
}

/// `T` of a field written `Option<T>`.
fn option_inner(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(path) = ty else { return None };
    let last = path.path.segments.last()?;
    if last.ident != "Option" {
        return None;
    }
    match &last.arguments {
        syn::PathArguments::AngleBracketed(args) => args.args.iter().find_map(|arg| match arg {
            syn::GenericArgument::Type(inner) => Some(inner),
            _ => None,
        }),
        _ => None,
    }
}
