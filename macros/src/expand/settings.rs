//! Keyword values as typed `Setting` expressions: the expansion builds the model's values directly, so nothing is
//! parsed, and nothing can fail, when derived code runs.

use kapi_model::Keyword;
use kapi_model::keyword::ValueForm;
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;
use serde_json::Value;

use crate::internals::attr::keywords::{Entry, Keywords, Parsed, Validation};

/// The `Setting`s of `keywords`, led by the doc comment's description unless an attribute gives one.
pub fn settings(keywords: &Keywords, description: Option<&str>, krate: &syn::Path) -> Vec<TokenStream> {
    let mut out = Vec::new();
    if keywords.entry(Keyword::Description).is_none()
        && let Some(text) = description
    {
        out.push(setting(krate, Keyword::Description, quote!(::std::string::String::from(#text))));
    }
    out.extend(keywords.entries().iter().map(|entry| setting(krate, entry.attribute.keyword, payload(entry, krate))));
    out
}

/// `<krate>::model::Setting::<Keyword>(<payload>)`.
pub fn setting(krate: &syn::Path, keyword: Keyword, payload: TokenStream) -> TokenStream {
    let variant = Ident::new(keyword.variant_name(), Span::call_site());
    quote!(#krate::model::Setting::#variant(#payload))
}

fn payload(entry: &Entry, krate: &syn::Path) -> TokenStream {
    match (&entry.value, entry.attribute.form) {
        (Parsed::Text(text), _) => quote!(::std::string::String::from(#text)),
        (Parsed::Number(value), _) => number(value, krate),
        (Parsed::Count(count), _) => {
            let count = Literal::u64_suffixed(*count);
            quote!(#count)
        }
        (Parsed::Flag, _) => quote!(true),
        (Parsed::Json(_, Value::Array(items)), ValueForm::StringValues) => {
            let items = items.iter().map(|item| json(item, krate));
            quote!(::std::vec![#(#items),*])
        }
        (Parsed::Json(_, value), ValueForm::Schemas) => {
            let (support, value) = (support(krate), json(value, krate));
            quote!(#support::schemas(#value))
        }
        (Parsed::Json(_, value), ValueForm::Schema) => {
            let (support, value) = (support(krate), json(value, krate));
            quote!(#support::boxed_schema(#value))
        }
        (Parsed::Json(_, value), _) => json(value, krate),
        (Parsed::Strings(strings), ValueForm::StringValues) => {
            let support = support(krate);
            quote!(::std::vec![#(#support::Value::String(::std::string::String::from(#strings))),*])
        }
        (Parsed::Strings(strings), _) => quote!(::std::vec![#(::std::string::String::from(#strings)),*]),
        (Parsed::Choice { type_name, variant, .. }, _) => {
            let ty = Ident::new(type_name, Span::call_site());
            let variant = Ident::new(variant, Span::call_site());
            quote!(#krate::model::#ty::#variant)
        }
        (Parsed::Rule(validation), _) => rule(validation, krate),
    }
}

fn support(krate: &syn::Path) -> TokenStream {
    quote!(#krate::model::derive_support)
}

/// A JSON number: integers exactly, other numbers through `f64` (the derive accepts only finite ones).
fn number(number: &serde_json::Number, krate: &syn::Path) -> TokenStream {
    let support = support(krate);
    if let Some(integer) = number.as_i64() {
        let literal = Literal::i64_suffixed(integer);
        quote!(#support::Number::from(#literal))
    } else if let Some(integer) = number.as_u64() {
        let literal = Literal::u64_suffixed(integer);
        quote!(#support::Number::from(#literal))
    } else {
        let literal = Literal::f64_suffixed(number.as_f64().unwrap_or_default());
        quote!(#support::float(#literal))
    }
}

/// An expression building `value`.
pub fn json(value: &Value, krate: &syn::Path) -> TokenStream {
    let support = support(krate);
    match value {
        Value::Null => quote!(#support::Value::Null),
        Value::Bool(flag) => quote!(#support::Value::Bool(#flag)),
        Value::Number(n) => {
            let n = number(n, krate);
            quote!(#support::Value::Number(#n))
        }
        Value::String(text) => quote!(#support::Value::String(::std::string::String::from(#text))),
        Value::Array(items) => {
            let items = items.iter().map(|item| json(item, krate));
            quote!(#support::Value::Array(::std::vec![#(#items),*]))
        }
        Value::Object(entries) => {
            let entries = entries.iter().map(|(key, item)| {
                let item = json(item, krate);
                quote!((#key, #item))
            });
            quote!(#support::json_object([#(#entries),*]))
        }
    }
}

fn optional_text(text: &Option<String>) -> TokenStream {
    match text {
        Some(text) => quote!(::core::option::Option::Some(::std::string::String::from(#text))),
        None => quote!(::core::option::Option::None),
    }
}

fn rule(validation: &Validation, krate: &syn::Path) -> TokenStream {
    let text = &validation.rule;
    let message = optional_text(&validation.message);
    let message_expression = optional_text(&validation.message_expression);
    let reason = optional_text(&validation.reason);
    let field_path = optional_text(&validation.field_path);
    let optional_old_self = match validation.optional_old_self {
        Some(flag) => quote!(::core::option::Option::Some(#flag)),
        None => quote!(::core::option::Option::None),
    };
    // Every field is named, so a field the model adds to rules cannot be forgotten here.
    quote!(#krate::model::ValidationRule {
        rule: ::std::string::String::from(#text),
        message: #message,
        message_expression: #message_expression,
        reason: #reason,
        field_path: #field_path,
        optional_old_self: #optional_old_self,
    })
}
