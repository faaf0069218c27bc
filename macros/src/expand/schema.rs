//! `impl Schema` for a checked container.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use serde_json::{Map, Value};

use crate::internals::ast::{Container, Data, Field, Style, Variant, option_inner, vec_item};
use crate::internals::attr::field::FieldAttrs;
use crate::internals::attr::keywords::insert;

pub fn impl_schema(cont: &Container) -> TokenStream {
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) = cont.generics.split_for_impl();
    let definition_name = definition_name(cont);
    let body = body(cont);
    let zero_value = zero_value(cont);
    let describe = describe_definition(cont);
    let json_fields = json_fields(cont);
    let key_checks = list_map_key_checks(cont);
    quote! {
        impl #impl_generics ::kapi::model::Schema for #ident #ty_generics #where_clause {
            fn definition_name() -> ::core::option::Option<::kapi::model::DefName> { #definition_name }
            fn schema(registry: &mut ::kapi::model::Registry) -> ::kapi::model::SchemaNode {
                use ::kapi::model::derive_support as __kapi;
                #body
            }
            fn zero_value() -> ::kapi::model::ZeroValue { #zero_value }
            fn describe_definition(info: &mut ::kapi::model::DefinitionInfo) { #describe }
        }
        #json_fields
        #key_checks
    }
}

fn definition_name(cont: &Container) -> TokenStream {
    let attrs = &cont.attrs;
    let type_name = cont.type_name();
    if attrs.inline.get().is_some() {
        quote!(::core::option::Option::None)
    } else if let Some(full) = attrs.definition.get() {
        quote!(::core::option::Option::Some(::kapi::model::DefName::new(#full)))
    } else if let Some(package) = attrs.package.get() {
        quote!(::core::option::Option::Some(::kapi::model::DefName::from_package(#package, #type_name)))
    } else {
        // Without a package, the Rust module path names the definition.
        quote!(::core::option::Option::Some(::kapi::model::DefName::new(
            ::std::format!("{}.{}", ::core::module_path!().replace("::", "."), #type_name)
        )))
    }
}

fn container_overlay(cont: &Container) -> String {
    let mut overlay = cont.attrs.keywords.overlay(cont.description.clone());
    if let (Some(discriminator), Data::Struct(_, fields), Value::Object(map)) =
        (cont.attrs.union_discriminator.get(), &cont.data, &mut overlay)
    {
        let mut members = Map::new();
        for field in fields {
            if let Some(value) = field.attrs.union_member.get() {
                members.insert(field.json_name.clone(), Value::from(value.clone()));
            }
        }
        let mut union = Map::new();
        if let Some(discriminator) = discriminator {
            union.insert("discriminator".to_owned(), Value::from(discriminator.clone()));
        }
        union.insert("fieldsToDiscriminateBy".to_owned(), Value::Object(members));
        insert(map, "kubernetes.unions", Value::Array(vec![Value::Object(union)]));
    }
    overlay.to_string()
}

fn body(cont: &Container) -> TokenStream {
    let overlay = container_overlay(cont);
    let node = match &cont.data {
        Data::Struct(_, fields) if cont.serde.transparent => {
            fields.iter().find(|f| !f.serde.skip).map_or_else(unit_object, field_type_schema)
        }
        Data::Struct(Style::Named, fields) => object_schema(fields),
        Data::Struct(Style::Newtype, fields) => fields.first().map_or_else(unit_object, field_type_schema),
        Data::Struct(Style::Tuple, fields) => {
            let length = fields.len() as u64;
            quote!(__kapi::tuple(#length))
        }
        Data::Struct(Style::Unit, _) => unit_object(),
        Data::Enum(variants) => enum_schema(cont, variants),
    };
    quote!(__kapi::finish(#node, #overlay))
}

fn unit_object() -> TokenStream {
    quote!(::kapi::model::SchemaNode::inline(__kapi::object()))
}

/// The type used for a field's schema: byte strings use kapi's marker type.
fn schema_type(field: &Field) -> TokenStream {
    if field.attrs.bytes.get().is_some() {
        if option_inner(field.ty).is_some() {
            return quote!(::core::option::Option<::kapi::model::ByteString>);
        }
        return quote!(::kapi::model::ByteString);
    }
    let ty = field.ty;
    quote!(#ty)
}

fn field_type_schema(field: &Field) -> TokenStream {
    let ty = schema_type(field);
    quote!(registry.schema_for::<#ty>())
}

fn object_schema(fields: &[Field]) -> TokenStream {
    let properties = fields.iter().filter(|f| !f.serde.skip).map(property);
    let wire_only = fields.iter().filter(|f| f.serde.skip && f.attrs.proto.get().is_some()).map(wire_only_field);
    quote! {{
        let mut object = __kapi::object();
        #(#properties)*
        #(#wire_only)*
        ::kapi::model::SchemaNode::inline(object)
    }}
}

/// A serde-skipped field with `proto = N`: no JSON property, but a field of the protobuf message.
fn wire_only_field(field: &Field) -> TokenStream {
    let ty = field.ty;
    let name = &field.json_name;
    let description = match &field.description {
        Some(text) => quote!(::core::option::Option::Some(#text)),
        None => quote!(::core::option::Option::None),
    };
    quote!(__kapi::wire_only::<#ty, Self>(registry, #name, #description);)
}

fn property(field: &Field) -> TokenStream {
    let ty = schema_type(field);
    if field.serde.flatten {
        return quote!(__kapi::flatten::<#ty>(registry, &mut object););
    }
    let name = &field.json_name;
    let overlay = field.attrs.keywords.overlay(field.description.clone()).to_string();
    let always_serialized = !field.serde.skip_serializing_if;
    let may_be_absent = field.serde.default || field.attrs.optional.get().is_some();
    let forced_required = field.attrs.required.get().is_some();
    let custom = if let Some(path) = field.attrs.schema_with.get() {
        Some(quote!(#path(registry)))
    } else if field.attrs.schemaless.get().is_some() {
        Some(quote!(::kapi::model::SchemaNode::inline(::core::default::Default::default())))
    } else {
        None
    };
    if let Some(node) = custom {
        let required = forced_required || (option_inner(field.ty).is_none() && always_serialized && !may_be_absent);
        return quote!(__kapi::property_node(&mut object, #name, #node, #required, #overlay););
    }
    quote! {
        __kapi::property::<#ty>(registry, &mut object, #name, ::kapi::model::FieldFacts {
            always_serialized: #always_serialized, may_be_absent: #may_be_absent, forced_required: #forced_required,
        }, #overlay);
    }
}

fn enum_schema(cont: &Container, variants: &[Variant]) -> TokenStream {
    let live: Vec<&Variant> = variants.iter().filter(|v| !v.serde.skip).collect();
    let all_unit = live.iter().all(|v| v.style == Style::Unit);
    if all_unit && !cont.serde.untagged && cont.serde.tag.is_none() {
        let names = live.iter().map(|v| &v.json_name);
        return quote!(__kapi::string_enum(&[#(#names),*]));
    }
    let shapes = live.iter().map(|variant| {
        let inner = variant_inner(variant);
        let name = &variant.json_name;
        let shape = match (&cont.serde.tag, &cont.serde.content, cont.serde.untagged) {
            (_, _, true) if variant.style == Style::Unit => quote!(__kapi::null_variant()),
            (_, _, true) => quote!(#inner.unwrap_or_else(__kapi::null_variant)),
            (Some(tag), Some(content), _) => quote!(__kapi::variant_adjacent(#tag, #content, #name, #inner)),
            (Some(tag), None, _) => quote!(__kapi::variant_internal(#tag, #name, #inner)),
            (None, _, _) => quote!(__kapi::variant_external(#name, #inner)),
        };
        match variant.attrs.keywords.description.get().or(variant.description.as_ref()) {
            Some(text) => quote!(__kapi::described(#shape, #text)),
            None => shape,
        }
    });
    let one_of = !cont.serde.untagged || cont.attrs.one_of.get().is_some();
    quote!(__kapi::alternatives(::std::vec![#(#shapes),*], #one_of))
}

fn variant_inner(variant: &Variant) -> TokenStream {
    match variant.style {
        Style::Unit => quote!(::core::option::Option::<::kapi::model::SchemaNode>::None),
        Style::Newtype => {
            let schema = variant.fields.first().map(field_type_schema).unwrap_or_else(unit_object);
            quote!(::core::option::Option::Some(#schema))
        }
        Style::Tuple => {
            let length = variant.fields.len() as u64;
            quote!(::core::option::Option::Some(__kapi::tuple(#length)))
        }
        Style::Named => {
            let object = object_schema(&variant.fields);
            quote!(::core::option::Option::Some(#object))
        }
    }
}

fn zero_value(cont: &Container) -> TokenStream {
    if let Some(value) = cont.attrs.zero_value.get() {
        let json = value.to_string();
        return quote!(::kapi::model::ZeroValue::Scalar(::kapi::model::derive_support::json(#json)));
    }
    match &cont.data {
        Data::Struct(Style::Named | Style::Unit, _) if !cont.serde.transparent => {
            quote!(::kapi::model::ZeroValue::EmptyObject)
        }
        _ => quote!(::kapi::model::ZeroValue::None),
    }
}

fn describe_definition(cont: &Container) -> TokenStream {
    let attrs = &cont.attrs;
    let package = attrs.package.get().map(|p| quote!(info.package = ::core::option::Option::Some(#p.to_owned());));
    let every = attrs.every_group_version.get().map(|_| {
        let kind = cont.type_name();
        quote!(info.kind_in_every_group_version = ::core::option::Option::Some(#kind.to_owned());)
    });
    let kinds = attrs.gvks.iter().map(|gvk| {
        let (group, version, kind) = (&gvk.group, &gvk.version, &gvk.kind);
        quote!(info.kinds.push(::kapi::model::GroupVersionKind { group: #group.to_owned(), version: #version.to_owned(), kind: #kind.to_owned() });)
    });
    let proto = proto_facts(cont);
    quote!(let _ = &info; #package #every #(#kinds)* #proto)
}

/// Records `proto = N` and `proto_wrapper = "..."` by JSON name: of a struct's fields, or of an enum's variants
/// (a tagged enum's message has one field per variant).
fn proto_facts(cont: &Container) -> TokenStream {
    let entries: Vec<(&String, &FieldAttrs)> = match &cont.data {
        Data::Struct(Style::Named, fields) => {
            // A skipped field with a number is wire-only: it has a number but no JSON property.
            let numbered = |f: &&Field| (!f.serde.skip || f.attrs.proto.get().is_some()) && !f.serde.flatten;
            fields.iter().filter(numbered).map(|f| (&f.json_name, &f.attrs)).collect()
        }
        Data::Enum(variants) => variants.iter().filter(|v| !v.serde.skip).map(|v| (&v.json_name, &v.attrs)).collect(),
        Data::Struct(..) => Vec::new(),
    };
    let mut facts = TokenStream::new();
    for (name, attrs) in entries {
        if let Some(number) = attrs.proto.get().and_then(|n| u32::try_from(*n).ok()) {
            facts.extend(quote!(info.proto.numbers.insert(#name.to_owned(), #number);));
        }
        if let Some(wrapper) = attrs.proto_wrapper.get() {
            facts.extend(quote!(info.proto.wrappers.insert(#name.to_owned(), #wrapper.to_owned());));
        }
    }
    facts
}

fn json_fields(cont: &Container) -> TokenStream {
    let Data::Struct(Style::Named, fields) = &cont.data else { return TokenStream::new() };
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) = cont.generics.split_for_impl();
    let names = fields.iter().filter(|f| !f.serde.skip && !f.serde.flatten).map(|f| &f.json_name);
    quote! {
        impl #impl_generics ::kapi::model::derive_support::JsonFields for #ident #ty_generics #where_clause {
            const JSON_FIELDS: &'static [&'static str] = &[#(#names),*];
        }
    }
}

/// A constant per key that fails to compile when the list's item type has no such field.
fn list_map_key_checks(cont: &Container) -> TokenStream {
    let Data::Struct(_, fields) = &cont.data else { return TokenStream::new() };
    let mut checks = TokenStream::new();
    for field in fields {
        let (Some(keys), Some(item)) = (field.attrs.keywords.list_map_keys.get(), vec_item(field.ty)) else { continue };
        for key in keys {
            let message = format!("list_map_keys: the list's item type has no field named `{}`", key.value());
            checks.extend(quote_spanned! {key.span()=>
                const _: () = ::core::assert!(
                    ::kapi::model::derive_support::has_field(<#item as ::kapi::model::derive_support::JsonFields>::JSON_FIELDS, #key),
                    #message
                );
            });
        }
    }
    checks
}
