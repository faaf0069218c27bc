//! Rules for the protobuf attributes (`proto = N`, `proto_wrapper = "..."`, `proto_name = "..."`): numbers protobuf
//! accepts, no number used twice in one message, wrappers only around lists, names protobuf accepts.

use std::collections::BTreeMap;

use super::ast::{Container, Data, option_inner, vec_item};
use super::attr::field::FieldAttrs;
use super::ctxt::Ctxt;

/// The largest field number protobuf allows (2^29 - 1).
const MAX_NUMBER: u64 = 536_870_911;
/// Numbers protobuf keeps for its own implementation.
const IMPLEMENTATION_RESERVED: std::ops::RangeInclusive<u64> = 19_000..=19_999;

/// Runs every protobuf rule on a `#[derive(Schema)]` input.
pub fn check_proto(cx: &Ctxt, cont: &Container) {
    let mut message_fields: Vec<(&FieldAttrs, Option<&syn::Type>)> = Vec::new();
    match &cont.data {
        Data::Struct(_, fields) => message_fields.extend(fields.iter().map(|f| (&f.attrs, Some(f.ty)))),
        Data::Enum(variants) => {
            message_fields.extend(variants.iter().map(|v| (&v.attrs, None)));
            for field in variants.iter().flat_map(|v| &v.fields) {
                check_not_in_variant(cx, &field.attrs);
            }
        }
    }
    for (attrs, ty) in &message_fields {
        check_number_range(cx, attrs);
        check_wrapper_on_list(cx, attrs, *ty);
        check_proto_name(cx, attrs);
    }
    check_numbers_unique(cx, message_fields.iter().map(|(attrs, _)| *attrs));
}

/// Protobuf field numbers run from 1 to 2^29 - 1, and 19000-19999 belong to protobuf itself.
fn check_number_range(cx: &Ctxt, attrs: &FieldAttrs) {
    let Some(&number) = attrs.proto.get() else { return };
    if number == 0 || number > MAX_NUMBER {
        cx.error_spanned_by(attrs.proto.tokens(), "protobuf field numbers run from 1 to 536870911");
    } else if IMPLEMENTATION_RESERVED.contains(&number) {
        cx.error_spanned_by(attrs.proto.tokens(), "protobuf reserves field numbers 19000 to 19999 for itself");
    }
}

/// Two fields with one number would be read as each other on the wire.
fn check_numbers_unique<'a>(cx: &Ctxt, all: impl Iterator<Item = &'a FieldAttrs>) {
    let mut seen = BTreeMap::new();
    for attrs in all {
        let Some(&number) = attrs.proto.get() else { continue };
        if seen.insert(number, ()).is_some() {
            cx.error_spanned_by(attrs.proto.tokens(), format!("protobuf field number {number} is used twice"));
        }
    }
}

/// A wrapper message holds `repeated` items, so only a list, or a map whose values are lists, can be wrapped.
fn check_wrapper_on_list(cx: &Ctxt, attrs: &FieldAttrs, ty: Option<&syn::Type>) {
    let wrapper = &attrs.proto_wrapper;
    let Some(name) = wrapper.get() else { return };
    let wrappable = ty.is_some_and(|ty| vec_item(ty).is_some() || map_value(ty).and_then(vec_item).is_some());
    if !wrappable {
        cx.error_spanned_by(wrapper.tokens(), "`proto_wrapper` needs a `Vec<...>` field or a map of `Vec<...>`");
    }
    let mut chars = name.chars();
    let identifier = chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric());
    if !identifier {
        cx.error_spanned_by(wrapper.tokens(), "`proto_wrapper` names a message: letters and digits, a letter first");
    }
}

/// A protobuf field name is an identifier: a letter or `_` first, then letters, digits and `_`.
fn check_proto_name(cx: &Ctxt, attrs: &FieldAttrs) {
    let Some(name) = attrs.proto_name.get() else { return };
    let mut chars = name.chars();
    let first = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    if !first || !chars.all(|c| c.is_ascii_alphanumeric() || c == '_') {
        cx.error_spanned_by(
            attrs.proto_name.tokens(),
            "`proto_name` is a protobuf field name: letters, digits and `_`, a letter or `_` first",
        );
    }
}

/// The value type `V` of a field written `BTreeMap<K, V>` or `HashMap<K, V>` (possibly inside `Option`).
fn map_value(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(path) = option_inner(ty).unwrap_or(ty) else { return None };
    let last = path.path.segments.last()?;
    if last.ident != "BTreeMap" && last.ident != "HashMap" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else { return None };
    match args.args.iter().nth(1)? {
        syn::GenericArgument::Type(value) if args.args.len() == 2 => Some(value),
        _ => None,
    }
}

/// The fields inside an enum variant live in a message kapi derives and numbers through its ledger.
fn check_not_in_variant(cx: &Ctxt, attrs: &FieldAttrs) {
    for tokens in [attrs.proto.tokens(), attrs.proto_wrapper.tokens(), attrs.proto_name.tokens()] {
        if !tokens.is_empty() {
            cx.error_spanned_by(
                tokens,
                "protobuf attributes go on a struct's fields or on enum variants, not inside a variant; kapi numbers \
                 those fields in its ledger",
            );
        }
    }
}
