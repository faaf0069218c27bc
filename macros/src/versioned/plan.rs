//! The kind's conversions as data (`ConversionPlan`): each field's JSON name per version, the versioned types its
//! value holds, and, computed in each version's module, the `Default` a version gives a field its source lacks.
//! The storage version's CRD settings carry it into the model, so `kapi serve --dir` converts without this code.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::{Fields, GenericArgument, Ident, PathArguments, Type};

use super::args::Args;
use super::history::History;
use super::item::{Shape, VersionedItem};
use super::kapi_attrs;
use crate::internals::attr::serde_attrs::{SerdeContainer, SerdeField};

fn default_function(item: &Ident, field: &Ident) -> Ident {
    format_ident!("__kapi_default_{}_{}", item, field)
}

/// Whether version `version` of a field needs a default: it has the field, and a version it converts from (the
/// hub, or for the hub any other) does not.
fn needs_default(args: &Args, history: &History, version: usize) -> bool {
    if !history.exists_in(version) {
        return false;
    }
    if version == args.hub {
        (0..args.versions.len()).any(|other| !history.exists_in(other))
    } else {
        !history.exists_in(args.hub)
    }
}

/// The default functions of version `version`, written inside its module so field types name its types.
pub fn defaults_in_version(args: &Args, items: &[VersionedItem], version: usize) -> TokenStream {
    let conversion = {
        let krate = &args.krate;
        quote!(#krate::model::conversion)
    };
    let mut out = TokenStream::new();
    for item in items {
        let Shape::Struct(declared, histories) = &item.shape else { continue };
        let Fields::Named(named) = &declared.fields else { continue };
        for (field, history) in named.named.iter().zip(histories) {
            if !needs_default(args, history, version) {
                continue;
            }
            let current = field.ident.as_ref().expect("named fields have names");
            let function = default_function(item.ident(), current);
            let ty = history.type_in(version, &field.ty);
            let skip = match SerdeField::from_attrs(&field.attrs).skip_serializing_if_fn {
                Some(path) => match syn::parse_str::<syn::Path>(&path) {
                    Ok(path) => quote!(|value: &#ty| #path(value)),
                    Err(_) => quote!(|_: &#ty| false),
                },
                None => quote!(|_: &#ty| false),
            };
            out.extend(quote! {
                #[doc(hidden)]
                #[allow(non_snake_case)]
                pub fn #function() -> ::core::option::Option<#conversion::Value> {
                    #conversion::default_value::<#ty>(#skip)
                }
            });
        }
    }
    out
}

/// A `fn` per kind returning its plan, and one registering all its versions.
pub fn functions(args: &Args, items: &[VersionedItem], names: &[Ident]) -> TokenStream {
    let krate = &args.krate;
    let conversion = quote!(#krate::model::conversion);
    let versions: Vec<String> = args.versions.iter().map(|v| v.name.to_string()).collect();
    let hub = versions[args.hub].clone();
    let mut reasons = Vec::new();
    let types: Vec<TokenStream> = items
        .iter()
        .map(|item| {
            let name = item.ident().to_string();
            let plan = type_plan(args, item, names, &conversion, &mut reasons);
            quote!((::std::string::String::from(#name), #plan))
        })
        .collect();
    let not_declarative = match reasons.first() {
        Some(reason) => quote!(::core::option::Option::Some(::std::string::String::from(#reason))),
        None => quote!(::core::option::Option::None),
    };
    let mut out = TokenStream::new();
    for item in items.iter().filter(|item| item.kind.is_some()) {
        let function = kapi_attrs::plan_function(item.ident());
        let register = kapi_attrs::register_versions_function(item.ident());
        let ident = item.ident();
        let root = ident.to_string();
        let version_names = args.versions.iter().map(|v| &v.name);
        out.extend(quote! {
            #[doc(hidden)]
            pub fn #register(registry: &mut #krate::model::Registry) {
                #(registry.register_resource::<#version_names::#ident>();)*
            }

            #[doc(hidden)]
            pub fn #function() -> #conversion::ConversionPlan {
                #conversion::ConversionPlan {
                    versions: ::std::vec![#(::std::string::String::from(#versions)),*],
                    hub: ::std::string::String::from(#hub),
                    root: ::std::string::String::from(#root),
                    types: ::std::collections::BTreeMap::from([#(#types),*]),
                    not_declarative: #not_declarative,
                }
            }
        });
    }
    out
}

fn type_plan(
    args: &Args,
    item: &VersionedItem,
    names: &[Ident],
    conversion: &TokenStream,
    reasons: &mut Vec<String>,
) -> TokenStream {
    let ident = item.ident();
    match &item.shape {
        Shape::Struct(declared, histories) => {
            let Fields::Named(named) = &declared.fields else {
                if declared.fields.iter().any(|field| value_plan(&field.ty, names).is_err_or_some()) {
                    reasons.push(format!("{ident} is a tuple struct holding a versioned type"));
                }
                return quote!(#conversion::TypePlan::Same);
            };
            let rename_all = SerdeContainer::from_attrs(&declared.attrs).rename_all;
            let mut open = false;
            let mut fields = Vec::new();
            for (field, history) in named.named.iter().zip(histories) {
                let current = field.ident.as_ref().expect("named fields have names");
                let serde = SerdeField::from_attrs(&field.attrs);
                if serde.skip {
                    continue;
                }
                if !history.changes.is_empty() {
                    reasons.push(format!(
                        "{ident}.{current} changes type between versions through functions of the crate \
                         (`changed(...)`)"
                    ));
                }
                if serde.flatten {
                    if value_plan(&field.ty, names).is_err_or_some() {
                        reasons.push(format!("{ident}.{current} flattens a versioned type"));
                    }
                    open = true;
                    continue;
                }
                let json_names = (0..args.versions.len()).map(|version| {
                    if !history.exists_in(version) {
                        return quote!(::core::option::Option::None);
                    }
                    let name = match &serde.rename {
                        Some(rename) => rename.clone(),
                        None => {
                            let rust = history.ident_in(version, current).to_string();
                            let rust = rust.strip_prefix("r#").unwrap_or(&rust).to_owned();
                            rename_all.map_or(rust.clone(), |rule| rule.apply_to_field(&rust))
                        }
                    };
                    quote!(::core::option::Option::Some(::std::string::String::from(#name)))
                });
                let defaults = (0..args.versions.len()).map(|version| {
                    if needs_default(args, history, version) {
                        let module = &args.versions[version].name;
                        let function = default_function(ident, current);
                        quote!(#module::#function())
                    } else {
                        quote!(::core::option::Option::None)
                    }
                });
                let value = match value_plan(&field.ty, names) {
                    Ok(plan) => option(plan.map(|plan| plan.tokens(conversion))),
                    Err(()) => {
                        reasons.push(format!(
                            "{ident}.{current} holds a versioned type in a container kapi cannot follow"
                        ));
                        option(None)
                    }
                };
                fields.push(quote!(#conversion::FieldPlan {
                    names: ::std::vec![#(#json_names),*],
                    defaults: ::std::vec![#(#defaults),*],
                    value: #value,
                }));
            }
            quote!(#conversion::TypePlan::Struct { fields: ::std::vec![#(#fields),*], open: #open })
        }
        Shape::Enum(declared) => {
            let serde = SerdeContainer::from_attrs(&declared.attrs);
            let tagging = match (&serde.tag, &serde.content, serde.untagged) {
                (_, _, true) => quote!(#conversion::Tagging::Untagged),
                (Some(tag), Some(content), _) => quote!(#conversion::Tagging::Adjacent {
                    tag: ::std::string::String::from(#tag), content: ::std::string::String::from(#content)
                }),
                (Some(tag), None, _) => {
                    quote!(#conversion::Tagging::Internal { tag: ::std::string::String::from(#tag) })
                }
                (None, _, _) => quote!(#conversion::Tagging::External),
            };
            let mut variants = Vec::new();
            for variant in &declared.variants {
                let own = SerdeContainer::from_attrs(&variant.attrs);
                let rust = variant.ident.to_string();
                let name = own
                    .rename
                    .clone()
                    .unwrap_or_else(|| serde.rename_all.map_or(rust.clone(), |r| r.apply_to_variant(&rust)));
                let mut plans = Vec::new();
                for field in &variant.fields {
                    match value_plan(&field.ty, names) {
                        Ok(plan) => plans.push(plan),
                        Err(()) => {
                            reasons.push(format!(
                                "{ident}::{rust} holds a versioned type in a container kapi cannot follow"
                            ));
                            plans.push(None);
                        }
                    }
                }
                let payload = if plans.iter().all(Option::is_none) {
                    quote!(#conversion::Payload::Plain)
                } else if serde.untagged {
                    reasons.push(format!("{ident} is an untagged enum holding versioned types"));
                    quote!(#conversion::Payload::Plain)
                } else {
                    match &variant.fields {
                        Fields::Unnamed(_) if plans.len() == 1 => {
                            let plan = plans.pop().flatten().expect("one plan").tokens(conversion);
                            quote!(#conversion::Payload::Newtype { value: #plan })
                        }
                        Fields::Unnamed(_) => {
                            let values = plans.into_iter().map(|plan| option(plan.map(|p| p.tokens(conversion))));
                            quote!(#conversion::Payload::Tuple { values: ::std::vec![#(#values),*] })
                        }
                        _ => {
                            let variant_rename_all = own.rename_all;
                            let entries = variant.fields.iter().zip(plans).filter_map(|(field, plan)| {
                                let plan = plan?.tokens(conversion);
                                let field_serde = SerdeField::from_attrs(&field.attrs);
                                let rust = field.ident.as_ref()?.to_string();
                                let json = field_serde.rename.unwrap_or_else(|| {
                                    variant_rename_all.map_or(rust.clone(), |r| r.apply_to_field(&rust))
                                });
                                Some(quote!((::std::string::String::from(#json), #plan)))
                            });
                            quote!(#conversion::Payload::Fields { fields: ::std::collections::BTreeMap::from([#(#entries),*]) })
                        }
                    }
                };
                variants.push(
                    quote!(#conversion::VariantPlan { name: ::std::string::String::from(#name), payload: #payload }),
                );
            }
            quote!(#conversion::TypePlan::Enum { tagging: #tagging, variants: ::std::vec![#(#variants),*] })
        }
    }
}

fn option(tokens: Option<TokenStream>) -> TokenStream {
    match tokens {
        Some(tokens) => quote!(::core::option::Option::Some(#tokens)),
        None => quote!(::core::option::Option::None),
    }
}

/// A versioned type inside a field's type, and the containers around it.
struct Found {
    containers: Vec<&'static str>,
    type_name: String,
}

impl Found {
    fn tokens(&self, conversion: &TokenStream) -> TokenStream {
        let containers = self.containers.iter().map(|c| {
            let variant = format_ident!("{c}");
            quote!(#conversion::Container::#variant)
        });
        let name = &self.type_name;
        quote!(#conversion::ValuePlan {
            containers: ::std::vec![#(#containers),*],
            type_name: ::std::string::String::from(#name),
        })
    }
}

trait ErrOrSome {
    fn is_err_or_some(&self) -> bool;
}

impl ErrOrSome for Result<Option<Found>, ()> {
    fn is_err_or_some(&self) -> bool {
        !matches!(self, Ok(None))
    }
}

/// Where `ty` holds a versioned type: none, one under lists and maps, or `Err` when it does some other way.
fn value_plan(ty: &Type, names: &[Ident]) -> Result<Option<Found>, ()> {
    match ty {
        Type::Array(array) => nested(&array.elem, names, Some("List")),
        Type::Slice(slice) => nested(&slice.elem, names, Some("List")),
        Type::Paren(inner) => value_plan(&inner.elem, names),
        Type::Group(inner) => value_plan(&inner.elem, names),
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else { return Ok(None) };
            if path.path.segments.len() == 1 && names.contains(&last.ident) && last.arguments.is_empty() {
                return Ok(Some(Found { containers: Vec::new(), type_name: last.ident.to_string() }));
            }
            let arguments: Vec<&Type> = match &last.arguments {
                PathArguments::AngleBracketed(generics) => generics
                    .args
                    .iter()
                    .filter_map(|arg| match arg {
                        GenericArgument::Type(ty) => Some(ty),
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            };
            let container = last.ident.to_string();
            match (container.as_str(), arguments.as_slice()) {
                ("Option" | "Box" | "Rc" | "Arc", [inner]) => value_plan(inner, names),
                ("Vec" | "VecDeque" | "BTreeSet" | "HashSet" | "IndexSet", [inner]) => {
                    nested(inner, names, Some("List"))
                }
                ("BTreeMap" | "HashMap" | "IndexMap", [key, value]) => {
                    if mentions(key, names) {
                        return Err(());
                    }
                    nested(value, names, Some("Map"))
                }
                _ => {
                    if mentions(ty, names) {
                        Err(())
                    } else {
                        Ok(None)
                    }
                }
            }
        }
        other => {
            if mentions(other, names) {
                Err(())
            } else {
                Ok(None)
            }
        }
    }
}

fn nested(inner: &Type, names: &[Ident], container: Option<&'static str>) -> Result<Option<Found>, ()> {
    Ok(value_plan(inner, names)?.map(|mut found| {
        found.containers.splice(0..0, container);
        found
    }))
}

fn mentions(ty: &Type, names: &[Ident]) -> bool {
    fn walk(tokens: TokenStream, names: &[Ident]) -> bool {
        tokens.into_iter().any(|token| match token {
            proc_macro2::TokenTree::Ident(ident) => names.contains(&ident),
            proc_macro2::TokenTree::Group(group) => walk(group.stream(), names),
            _ => false,
        })
    }
    walk(quote!(#ty), names)
}
