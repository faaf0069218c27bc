//! `impl Schema` for a checked container.

use kapi_model::Keyword;
use proc_macro2::TokenStream;
use quote::quote;

use super::fallback;
use super::placement::placement_checks;
use super::settings::{json, setting, settings};
use super::shapes::impl_shapes;
use crate::internals::ast::{Container, Data, Field, Style, Variant, option_inner};
use crate::internals::attr::field::FieldAttrs;
use crate::internals::check_enum::{is_open, is_string_enum};

/// `impl Schema`, with the field-name table, the type's shape and the placement checks, in one anonymous constant
/// so nothing leaks into the user's scope.
pub fn impl_schema(cont: &Container) -> TokenStream {
    let krate = &cont.attrs.krate();
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) = cont.generics.split_for_impl();
    let definition_name = definition_name(cont, krate);
    let body = body(cont, krate);
    let zero_value = zero_value(cont, krate);
    let describe = describe_definition(cont, krate);
    // An inline type has no definition, but when another type embeds it the wire still gives it a message.
    let inline_message = cont.attrs.inline.get().map(|_| {
        let name = cont.type_name();
        quote!(fn inline_message_name() -> ::core::option::Option<&'static str> { ::core::option::Option::Some(#name) })
    });
    let schema = quote! {
        #[automatically_derived]
        impl #impl_generics #krate::model::Schema for #ident #ty_generics #where_clause {
            fn definition_name() -> ::core::option::Option<#krate::model::DefName> { #definition_name }
            fn schema(registry: &mut #krate::model::Registry) -> #krate::model::SchemaNode {
                use #krate::model::derive_support as __kapi;
                #body
            }
            fn zero_value() -> #krate::model::ZeroValue { #zero_value }
            fn describe_definition(info: &mut #krate::model::DefinitionInfo) { #describe }
            #inline_message
        }
    };
    with_companions(cont, schema)
}

/// For a type whose attributes had mistakes: a fallback `impl Schema`, so uses of the type add no errors, and
/// everything else as usual, so the placement checks report their mistakes in the same compile.
pub fn fallback_schema(cont: &Container) -> TokenStream {
    with_companions(cont, fallback::schema(cont.ident, cont.generics, &cont.attrs.krate()))
}

fn with_companions(cont: &Container, schema: TokenStream) -> TokenStream {
    let krate = &cont.attrs.krate();
    let json_fields = json_fields(cont, krate);
    let shapes = impl_shapes(cont, krate);
    let checks = placement_checks(cont, krate);
    quote! {
        // Paths are written in full for hygiene; from where a user's `crate = "..."` path points they may read as
        // needlessly qualified.
        #[allow(unused_qualifications)]
        const _: () = {
            #schema
            #json_fields
            #shapes
            #checks
        };
    }
}

fn definition_name(cont: &Container, krate: &syn::Path) -> TokenStream {
    let attrs = &cont.attrs;
    let type_name = cont.type_name();
    if attrs.inline.get().is_some() {
        quote!(::core::option::Option::None)
    } else if let Some(full) = attrs.definition.get() {
        quote!(::core::option::Option::Some(#krate::model::DefName::new(#full)))
    } else if let Some(package) = attrs.package.get() {
        quote!(::core::option::Option::Some(#krate::model::DefName::from_package(#package, #type_name)))
    } else {
        // Without a package, the Rust module path names the definition.
        quote!(::core::option::Option::Some(#krate::model::DefName::new(
            ::std::format!("{}.{}", ::core::module_path!().replace("::", "."), #type_name)
        )))
    }
}

/// The type's own keywords, and its union when it declares one.
fn container_settings(cont: &Container, krate: &syn::Path) -> Vec<TokenStream> {
    let mut out = settings(&cont.attrs.keywords, cont.description.as_deref(), krate);
    if let (Some(discriminator), Data::Struct(_, fields)) = (cont.attrs.union_discriminator.get(), &cont.data) {
        let members = fields.iter().filter_map(|field| {
            let value = field.attrs.union_member.get()?;
            let name = &field.json_name;
            Some(quote!((#name, #value)))
        });
        let discriminator = match discriminator {
            Some(name) => quote!(::core::option::Option::Some(#name)),
            None => quote!(::core::option::Option::None),
        };
        let union = quote!(::std::vec![__kapi::union(#discriminator, &[#(#members),*])]);
        out.push(setting(krate, Keyword::Unions, union));
    }
    out
}

fn body(cont: &Container, krate: &syn::Path) -> TokenStream {
    let settings = container_settings(cont, krate);
    let node = match &cont.data {
        Data::Struct(_, fields) if cont.serde.transparent => {
            fields.iter().find(|f| !f.serde.skip).map_or_else(|| unit_object(krate), |f| wrapped_field_schema(f, krate))
        }
        Data::Struct(Style::Named, fields) => object_schema(fields, krate),
        Data::Struct(Style::Newtype, fields) => {
            fields.first().map_or_else(|| unit_object(krate), |f| wrapped_field_schema(f, krate))
        }
        Data::Struct(Style::Tuple, fields) => {
            let length = fields.len() as u64;
            quote!(__kapi::tuple(#length))
        }
        Data::Struct(Style::Unit, _) => unit_object(krate),
        Data::Enum(variants) => enum_schema(cont, variants, krate),
    };
    quote!(__kapi::finish(#node, [#(#settings),*]))
}

fn unit_object(krate: &syn::Path) -> TokenStream {
    quote!(#krate::model::SchemaNode::inline(__kapi::object()))
}

/// The type used for a field's schema: byte strings use kapi's marker type.
fn schema_type(field: &Field, krate: &syn::Path) -> TokenStream {
    if field.attrs.bytes.get().is_some() {
        if option_inner(field.ty).is_some() {
            return quote!(::core::option::Option<#krate::model::ByteString>);
        }
        return quote!(#krate::model::ByteString);
    }
    let ty = field.ty;
    quote!(#ty)
}

fn field_type_schema(field: &Field, krate: &syn::Path) -> TokenStream {
    let ty = schema_type(field, krate);
    if field.attrs.schemars.get().is_some() {
        return quote!(#krate::schemars::field_schema::<#ty>(registry));
    }
    quote!(registry.schema_for::<#ty>())
}

/// The schema of the one field a newtype or transparent struct wraps, with the field's own keywords
/// (`struct Host(#[kapi(max_length = 253)] String)`); the type's documentation describes it.
fn wrapped_field_schema(field: &Field, krate: &syn::Path) -> TokenStream {
    let node = field_type_schema(field, krate);
    let settings = settings(&field.attrs.keywords, None, krate);
    quote!(__kapi::finish(#node, [#(#settings),*]))
}

fn object_schema(fields: &[Field], krate: &syn::Path) -> TokenStream {
    let properties = fields.iter().filter(|f| !f.serde.skip).map(|f| property(f, krate));
    let wire_only = fields.iter().filter(|f| f.serde.skip && f.attrs.proto.get().is_some()).map(wire_only_field);
    let embedded = fields.iter().filter(|f| f.serde.flatten && f.attrs.proto.get().is_some()).map(embedded_field);
    quote! {{
        let mut object = __kapi::object();
        #(#properties)*
        #(#wire_only)*
        #(#embedded)*
        #krate::model::SchemaNode::inline(object)
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

/// A flattened field with `proto = N`: its properties merge into the JSON object, while the protobuf message
/// carries them in one embedded message field, as go-to-protobuf writes Go's embedded structs.
fn embedded_field(field: &Field) -> TokenStream {
    let ty = field.ty;
    let name = &field.json_name;
    let description = match &field.description {
        Some(text) => quote!(::core::option::Option::Some(#text)),
        None => quote!(::core::option::Option::None),
    };
    quote!(__kapi::embedded::<#ty, Self>(registry, #name, #description);)
}

fn property(field: &Field, krate: &syn::Path) -> TokenStream {
    let ty = schema_type(field, krate);
    if field.serde.flatten {
        return quote!(__kapi::flatten::<#ty>(registry, &mut object););
    }
    let name = &field.json_name;
    let settings = settings(&field.attrs.keywords, field.description.as_deref(), krate);
    let always_serialized = !field.serde.skip_serializing_if;
    let may_be_absent = field.serde.default || field.attrs.optional.get().is_some();
    let forced_required = field.attrs.required.get().is_some();
    let custom = if let Some(path) = field.attrs.schema_with.get() {
        Some(quote!(#path(registry)))
    } else if field.attrs.schemars.get().is_some() {
        // An absent field is expressed by `required`, so an `Option<T>` field takes `T`'s schema, as others do.
        let ty = option_inner(field.ty).unwrap_or(field.ty);
        Some(quote!(#krate::schemars::field_schema::<#ty>(registry)))
    } else if field.attrs.schemaless.get().is_some() {
        Some(quote!(#krate::model::SchemaNode::inline(::core::default::Default::default())))
    } else {
        None
    };
    if let Some(node) = custom {
        let required = forced_required || (option_inner(field.ty).is_none() && always_serialized && !may_be_absent);
        return quote!(__kapi::property_node(&mut object, #name, #node, #required, [#(#settings),*]););
    }
    quote! {
        __kapi::property::<#ty>(registry, &mut object, #name, #krate::model::FieldFacts {
            always_serialized: #always_serialized, may_be_absent: #may_be_absent, forced_required: #forced_required,
        }, [#(#settings),*]);
    }
}

fn enum_schema(cont: &Container, variants: &[Variant], krate: &syn::Path) -> TokenStream {
    let live: Vec<&Variant> = variants.iter().filter(|v| !v.serde.skip).collect();
    if is_string_enum(cont, variants) {
        // A `#[serde(other)]` catch-all is where unknown values land, not a value of its own.
        let names = live.iter().filter(|v| !v.serde.other).map(|v| &v.json_name);
        if is_open(cont, variants) {
            return quote!(__kapi::open_string_enum(&[#(#names),*]));
        }
        return quote!(__kapi::string_enum(&[#(#names),*]));
    }
    let shapes = live.iter().map(|variant| {
        let inner = variant_inner(variant, krate);
        let name = &variant.json_name;
        let shape = match (&cont.serde.tag, &cont.serde.content, cont.serde.untagged) {
            (_, _, true) if variant.style == Style::Unit => quote!(__kapi::null_variant()),
            (_, _, true) => quote!(#inner.unwrap_or_else(__kapi::null_variant)),
            (Some(tag), Some(content), _) => quote!(__kapi::variant_adjacent(#tag, #content, #name, #inner)),
            (Some(tag), None, _) => quote!(__kapi::variant_internal(#tag, #name, #inner)),
            (None, _, _) => quote!(__kapi::variant_external(#name, #inner)),
        };
        match variant.attrs.keywords.text(Keyword::Description).or(variant.description.as_deref()) {
            Some(text) => quote!(__kapi::described(#shape, #text)),
            None => shape,
        }
    });
    let one_of = !cont.serde.untagged || cont.attrs.one_of.get().is_some();
    quote!(__kapi::alternatives(::std::vec![#(#shapes),*], #one_of))
}

fn variant_inner(variant: &Variant, krate: &syn::Path) -> TokenStream {
    match variant.style {
        Style::Unit => quote!(::core::option::Option::<#krate::model::SchemaNode>::None),
        Style::Newtype => {
            let schema =
                variant.fields.first().map(|f| field_type_schema(f, krate)).unwrap_or_else(|| unit_object(krate));
            quote!(::core::option::Option::Some(#schema))
        }
        Style::Tuple => {
            let length = variant.fields.len() as u64;
            quote!(::core::option::Option::Some(__kapi::tuple(#length)))
        }
        Style::Named => {
            let object = object_schema(&variant.fields, krate);
            quote!(::core::option::Option::Some(#object))
        }
    }
}

fn zero_value(cont: &Container, krate: &syn::Path) -> TokenStream {
    if let Some(value) = cont.attrs.zero_value.get() {
        let value = json(value, krate);
        return quote!(#krate::model::ZeroValue::Scalar(#value));
    }
    match &cont.data {
        Data::Struct(Style::Named | Style::Unit, _) if !cont.serde.transparent => {
            quote!(#krate::model::ZeroValue::EmptyObject)
        }
        _ => quote!(#krate::model::ZeroValue::None),
    }
}

fn describe_definition(cont: &Container, krate: &syn::Path) -> TokenStream {
    let attrs = &cont.attrs;
    let package = attrs.package.get().map(|p| quote!(info.package = ::core::option::Option::Some(#p.to_owned());));
    let every = attrs.every_group_version.get().map(|_| {
        let kind = cont.type_name();
        quote!(info.kind_in_every_group_version = ::core::option::Option::Some(#kind.to_owned());)
    });
    let kinds = attrs.gvks.iter().map(|gvk| {
        let (group, version, kind) = (&gvk.group, &gvk.version, &gvk.kind);
        quote!(info.kinds.push(#krate::model::GroupVersionKind { group: #group.to_owned(), version: #version.to_owned(), kind: #kind.to_owned() });)
    });
    let proto = proto_facts(cont);
    quote!(let _ = &info; #package #every #(#kinds)* #proto)
}

/// Records `proto = N`, `proto_wrapper = "..."` and `proto_name = "..."` by JSON name: of a struct's fields, or of an enum's variants
/// (a tagged enum's message has one field per variant).
fn proto_facts(cont: &Container) -> TokenStream {
    let entries: Vec<(&String, &FieldAttrs)> = match &cont.data {
        Data::Struct(Style::Named, fields) => {
            // A skipped field with a number is wire-only: it has a number but no JSON property. A flattened one
            // with a number is an embedded message on the wire.
            let numbered = |f: &&Field| !(f.serde.skip || f.serde.flatten) || f.attrs.proto.get().is_some();
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
        if let Some(proto_name) = attrs.proto_name.get() {
            facts.extend(quote!(info.proto.names.insert(#name.to_owned(), #proto_name.to_owned());));
        }
    }
    facts
}

fn json_fields(cont: &Container, krate: &syn::Path) -> TokenStream {
    let Data::Struct(Style::Named, fields) = &cont.data else { return TokenStream::new() };
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) = cont.generics.split_for_impl();
    let names = fields.iter().filter(|f| !f.serde.skip && !f.serde.flatten).map(|f| &f.json_name);
    // An embedded type (flattened with `proto = N`) is a derived struct whose fields join the object's in JSON.
    let embedded: Vec<_> =
        fields.iter().filter(|f| f.serde.flatten && f.attrs.proto.get().is_some()).map(|f| f.ty).collect();
    let support = quote!(#krate::model::derive_support);
    let value = if embedded.is_empty() {
        quote!(&[#(#names),*])
    } else {
        quote! {{
            const PARTS: &[&[&str]] = &[&[#(#names),*], #(<#embedded as #support::JsonFields>::JSON_FIELDS),*];
            const ALL: [&str; #support::count_fields(PARTS)] = #support::join_fields(PARTS);
            &ALL
        }}
    };
    quote! {
        #[automatically_derived]
        impl #impl_generics #support::JsonFields for #ident #ty_generics #where_clause {
            const JSON_FIELDS: &'static [&'static str] = #value;
        }
    }
}
