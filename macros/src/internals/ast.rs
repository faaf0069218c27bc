//! The derive input as kapi sees it: fields and variants with their parsed attributes and JSON names.

use super::attr::container::ContainerAttrs;
use super::attr::field::FieldAttrs;
use super::attr::serde_attrs::{SerdeContainer, SerdeField};
use super::case::RenameRule;
use super::ctxt::Ctxt;
use super::docs;

pub struct Container<'a> {
    pub ident: &'a syn::Ident,
    pub generics: &'a syn::Generics,
    pub data: Data<'a>,
    pub attrs: ContainerAttrs,
    pub serde: SerdeContainer,
    pub description: Option<String>,
}

pub enum Data<'a> {
    Struct(Style, Vec<Field<'a>>),
    Enum(Vec<Variant<'a>>),
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Named,
    Newtype,
    Tuple,
    Unit,
}

pub struct Field<'a> {
    pub member: syn::Member,
    pub json_name: String,
    pub ty: &'a syn::Type,
    pub attrs: FieldAttrs,
    pub serde: SerdeField,
    pub description: Option<String>,
    pub original: &'a syn::Field,
}

pub struct Variant<'a> {
    pub json_name: String,
    pub style: Style,
    pub fields: Vec<Field<'a>>,
    pub serde: SerdeContainer,
    pub attrs: FieldAttrs,
    pub description: Option<String>,
}

impl<'a> Container<'a> {
    /// Parses the input; problems go to `cx`. Unions are rejected here.
    pub fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Self> {
        let attrs = ContainerAttrs::from_attrs(cx, &input.attrs);
        let serde = SerdeContainer::from_attrs(&input.attrs);
        let data = match &input.data {
            syn::Data::Struct(data) => {
                let (style, fields) = fields_of(cx, &data.fields, serde.rename_all);
                Data::Struct(style, fields)
            }
            syn::Data::Enum(data) => {
                Data::Enum(data.variants.iter().map(|v| variant_of(cx, v, serde.rename_all)).collect())
            }
            syn::Data::Union(_) => {
                cx.error_spanned_by(&input.ident, "kapi cannot derive a schema for a union");
                return None;
            }
        };
        let description = docs::description(&input.attrs);
        Some(Self { ident: &input.ident, generics: &input.generics, data, attrs, serde, description })
    }

    /// Every field: a struct's, or those of every variant of an enum.
    pub fn all_fields(&self) -> Vec<&Field<'a>> {
        match &self.data {
            Data::Struct(_, fields) => fields.iter().collect(),
            Data::Enum(variants) => variants.iter().flat_map(|v| v.fields.iter()).collect(),
        }
    }

    /// The type-name part of the definition name.
    pub fn type_name(&self) -> String {
        self.attrs.rename.get().cloned().or_else(|| self.serde.rename.clone()).unwrap_or_else(|| self.ident.to_string())
    }
}

fn fields_of<'a>(cx: &Ctxt, fields: &'a syn::Fields, rename_all: Option<RenameRule>) -> (Style, Vec<Field<'a>>) {
    let style = match fields {
        syn::Fields::Named(_) => Style::Named,
        syn::Fields::Unnamed(unnamed) if unnamed.unnamed.len() == 1 => Style::Newtype,
        syn::Fields::Unnamed(_) => Style::Tuple,
        syn::Fields::Unit => Style::Unit,
    };
    let parsed = fields.iter().enumerate().map(|(index, field)| field_of(cx, index, field, rename_all)).collect();
    (style, parsed)
}

fn field_of<'a>(cx: &Ctxt, index: usize, field: &'a syn::Field, rename_all: Option<RenameRule>) -> Field<'a> {
    let serde = SerdeField::from_attrs(&field.attrs);
    let member = match &field.ident {
        Some(ident) => syn::Member::Named(ident.clone()),
        None => syn::Member::Unnamed(index.into()),
    };
    let json_name = match (&serde.rename, &field.ident) {
        (Some(rename), _) => rename.clone(),
        (None, Some(ident)) => {
            let name = ident.to_string();
            let name = name.strip_prefix("r#").unwrap_or(&name).to_owned();
            rename_all.map_or(name.clone(), |rule| rule.apply_to_field(&name))
        }
        (None, None) => index.to_string(),
    };
    Field {
        member,
        json_name,
        ty: &field.ty,
        attrs: FieldAttrs::from_attrs(cx, &field.attrs),
        serde,
        description: docs::description(&field.attrs),
        original: field,
    }
}

fn variant_of<'a>(cx: &Ctxt, variant: &'a syn::Variant, rename_all: Option<RenameRule>) -> Variant<'a> {
    let serde = SerdeContainer::from_attrs(&variant.attrs);
    let json_name = serde.rename.clone().unwrap_or_else(|| {
        rename_all.map_or(variant.ident.to_string(), |rule| rule.apply_to_variant(&variant.ident.to_string()))
    });
    let (style, fields) = fields_of(cx, &variant.fields, serde.rename_all);
    Variant {
        json_name,
        style,
        fields,
        attrs: FieldAttrs::from_attrs(cx, &variant.attrs),
        serde,
        description: docs::description(&variant.attrs),
    }
}

/// The `T` of `Option<T>` when the type is written that way.
pub fn option_inner(ty: &syn::Type) -> Option<&syn::Type> {
    generic_inner(ty, "Option")
}

/// The `T` of `Vec<T>` (possibly inside `Option`).
pub fn vec_item(ty: &syn::Type) -> Option<&syn::Type> {
    generic_inner(option_inner(ty).unwrap_or(ty), "Vec")
}

/// The single type argument of `Name<T>` when `ty` is written as a path ending in `Name`.
pub fn generic_inner<'t>(ty: &'t syn::Type, name: &str) -> Option<&'t syn::Type> {
    let syn::Type::Path(path) = ty else { return None };
    let last = path.path.segments.last()?;
    if last.ident != name {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else { return None };
    match args.args.first()? {
        syn::GenericArgument::Type(inner) if args.args.len() == 1 => Some(inner),
        _ => None,
    }
}

/// The last path segment's name (`String`, `i32`, …) with `Option` stripped.
pub fn simple_name(ty: &syn::Type) -> Option<String> {
    let ty = option_inner(ty).unwrap_or(ty);
    let syn::Type::Path(path) = ty else { return None };
    let last = path.path.segments.last()?;
    matches!(last.arguments, syn::PathArguments::None).then(|| last.ident.to_string())
}
