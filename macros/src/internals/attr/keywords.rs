//! Schema keywords that may stand on a type or a field. Which keys exist and what value each takes come from the
//! model's one declaration of the vocabulary (`kapi_model::keyword::attributes`), so the derive accepts exactly
//! the keywords the model can hold.

use kapi_model::Keyword;
use kapi_model::keyword::{self, Attribute, ValueForm};
use proc_macro2::TokenStream;
use quote::ToTokens;
use serde_json::Value;
use syn::meta::ParseNestedMeta;

use super::values;
use crate::internals::ctxt::Ctxt;

/// A CEL rule as written in `validation(...)`.
pub struct Validation {
    pub rule: String,
    pub message: Option<String>,
    pub message_expression: Option<String>,
    pub reason: Option<String>,
    pub field_path: Option<String>,
    pub optional_old_self: Option<bool>,
}

/// A keyword's value as written, checked against the form the model declares for it.
pub enum Parsed {
    Text(String),
    Number(serde_json::Number),
    Count(u64),
    Flag,
    /// The literal (for type checks and spans) and its JSON value.
    Json(syn::Expr, Value),
    Strings(Vec<syn::LitStr>),
    /// The choice enum and variant identifiers in the model, and the name written.
    Choice {
        type_name: &'static str,
        variant: &'static str,
        name: String,
    },
    Rule(Validation),
}

/// One keyword set by an attribute.
pub struct Entry {
    pub attribute: Attribute,
    /// Where it was written, for later errors.
    pub tokens: TokenStream,
    pub value: Parsed,
}

/// The schema keywords of one type or field, in the order written.
#[derive(Default)]
pub struct Keywords {
    entries: Vec<Entry>,
}

impl Keywords {
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses `meta` if it is a schema keyword; returns false when the key is not one.
    pub fn parse(&mut self, cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<bool> {
        let key = values::path_name(meta);
        let Some((attribute, json_text)) = lookup(&key) else { return Ok(false) };
        let value = match attribute.form {
            ValueForm::Text => values::string(cx, meta)?.map(Parsed::Text),
            ValueForm::Number => values::number(cx, meta)?.map(Parsed::Number),
            ValueForm::Count => values::unsigned(cx, meta)?.map(Parsed::Count),
            ValueForm::Flag => values::flag(cx, meta)?.then_some(Parsed::Flag),
            ValueForm::Json if json_text => values::json_text(cx, meta)?.map(|(expr, v)| Parsed::Json(expr, v)),
            ValueForm::Json => values::json_literal(cx, meta)?.map(|(expr, v)| Parsed::Json(expr, v)),
            ValueForm::StringValues if json_text => {
                values::json_text(cx, meta)?.and_then(|(expr, value)| scalar_list(cx, expr, value))
            }
            ValueForm::Strings | ValueForm::StringValues => values::string_list(cx, meta)?.map(Parsed::Strings),
            ValueForm::Schemas | ValueForm::Schema if json_text => {
                values::json_text(cx, meta)?.and_then(|(expr, value)| subschemas(cx, attribute.form, expr, value))
            }
            ValueForm::Schemas | ValueForm::Schema => {
                let name = attribute.name.unwrap_or_default();
                cx.error_spanned_by(&meta.path, format!("write subschemas as JSON text: `{name}_json = \"...\"`"));
                values::skip_value(meta)?;
                None
            }
            ValueForm::Choice(choices) => {
                let names: Vec<&str> = choices.names().collect();
                let name = values::choice(cx, meta, &names)?;
                name.and_then(|name| {
                    Some(Parsed::Choice { type_name: choices.type_name, variant: choices.variant(&name)?, name })
                })
            }
            ValueForm::Rule => parse_validation(cx, meta)?.map(Parsed::Rule),
            ValueForm::Unions => None,
        };
        if let Some(value) = value {
            self.insert(cx, attribute, meta.path.to_token_stream(), value);
        }
        Ok(true)
    }

    fn insert(&mut self, cx: &Ctxt, attribute: Attribute, tokens: TokenStream, value: Parsed) {
        // A rule may be written several times; any other keyword once, in whichever spelling.
        if attribute.form != ValueForm::Rule && self.entry(attribute.keyword).is_some() {
            let name = attribute.name.unwrap_or_default();
            cx.error_spanned_by(tokens, format!("duplicate kapi attribute `{name}`"));
            return;
        }
        self.entries.push(Entry { attribute, tokens, value });
    }

    /// Every keyword set, in the order written.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The (first) entry setting `keyword`.
    pub fn entry(&self, keyword: Keyword) -> Option<&Entry> {
        self.entries.iter().find(|entry| entry.attribute.keyword == keyword)
    }

    /// Where `keyword` was written, when it was.
    pub fn tokens(&self, keyword: Keyword) -> Option<&TokenStream> {
        self.entry(keyword).map(|entry| &entry.tokens)
    }

    pub fn text(&self, keyword: Keyword) -> Option<&str> {
        match &self.entry(keyword)?.value {
            Parsed::Text(text) => Some(text),
            _ => None,
        }
    }

    pub fn number(&self, keyword: Keyword) -> Option<&serde_json::Number> {
        match &self.entry(keyword)?.value {
            Parsed::Number(number) => Some(number),
            _ => None,
        }
    }

    pub fn count(&self, keyword: Keyword) -> Option<u64> {
        match self.entry(keyword)?.value {
            Parsed::Count(count) => Some(count),
            _ => None,
        }
    }

    pub fn json(&self, keyword: Keyword) -> Option<(&syn::Expr, &Value)> {
        match &self.entry(keyword)?.value {
            Parsed::Json(expr, value) => Some((expr, value)),
            _ => None,
        }
    }

    pub fn strings(&self, keyword: Keyword) -> Option<&[syn::LitStr]> {
        match &self.entry(keyword)?.value {
            Parsed::Strings(strings) => Some(strings),
            _ => None,
        }
    }

    /// The name written for a choice keyword (`list_type = "map"` gives `map`).
    pub fn choice(&self, keyword: Keyword) -> Option<&str> {
        match &self.entry(keyword)?.value {
            Parsed::Choice { name, .. } => Some(name),
            _ => None,
        }
    }
}

/// The attribute `key` names: the keyword's own name, or `<name>_json` for JSON text of a JSON-valued keyword,
/// of an enum of values other than strings (`enum_values_json = "[301, 302]"`), or of subschemas.
fn lookup(key: &str) -> Option<(Attribute, bool)> {
    if let Some(attribute) = keyword::attribute(key) {
        return Some((attribute, false));
    }
    let attribute = keyword::attribute(key.strip_suffix("_json")?)?;
    let json =
        matches!(attribute.form, ValueForm::Json | ValueForm::StringValues | ValueForm::Schemas | ValueForm::Schema);
    json.then_some((attribute, true))
}

/// An enum's values as JSON: a list of scalars.
fn scalar_list(cx: &Ctxt, expr: syn::Expr, value: Value) -> Option<Parsed> {
    let scalars = value.as_array().is_some_and(|items| items.iter().all(|item| !item.is_array() && !item.is_object()));
    if !scalars {
        cx.error_spanned_by(&expr, "expects a JSON list of scalar values, like \"[301, 302]\"");
        return None;
    }
    Some(Parsed::Json(expr, value))
}

/// Subschemas as JSON, checked against the model's schema form now so that derived code cannot fail later.
fn subschemas(cx: &Ctxt, form: ValueForm, expr: syn::Expr, value: Value) -> Option<Parsed> {
    let checked = match form {
        ValueForm::Schemas => serde_json::from_value::<Vec<kapi_model::SchemaNode>>(value.clone()).err(),
        _ => serde_json::from_value::<kapi_model::SchemaNode>(value.clone()).err(),
    };
    if let Some(error) = checked {
        cx.error_spanned_by(&expr, format!("not a schema in kapi's model form: {error}"));
        return None;
    }
    Some(Parsed::Json(expr, value))
}

fn parse_validation(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<Validation>> {
    let mut rule = None;
    let mut validation = Validation {
        rule: String::new(),
        message: None,
        message_expression: None,
        reason: None,
        field_path: None,
        optional_old_self: None,
    };
    meta.parse_nested_meta(|inner| {
        let key = values::path_name(&inner);
        match key.as_str() {
            "rule" => rule = values::string(cx, &inner)?,
            "message" => validation.message = values::string(cx, &inner)?,
            "message_expression" => validation.message_expression = values::string(cx, &inner)?,
            "reason" => validation.reason = values::string(cx, &inner)?,
            "field_path" => validation.field_path = values::string(cx, &inner)?,
            "optional_old_self" => validation.optional_old_self = values::boolean(cx, &inner)?,
            _ => {
                cx.error_spanned_by(&inner.path, format!("unknown key `{key}` in validation(...); expected rule, message, message_expression, reason, field_path or optional_old_self"));
                values::skip_value(&inner)?;
            }
        }
        Ok(())
    })?;
    match rule {
        Some(rule) => Ok(Some(Validation { rule, ..validation })),
        None => {
            cx.error_spanned_by(&meta.path, "validation(...) needs `rule = \"<CEL expression>\"`");
            Ok(None)
        }
    }
}
