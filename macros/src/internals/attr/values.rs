//! Typed readers for attribute values: each consumes its value, records a spanned error on a mismatch, and
//! returns `None` so parsing carries on with the next key.

use proc_macro2::TokenStream;
use quote::ToTokens;
use serde_json::Value;
use syn::meta::ParseNestedMeta;
use syn::{Expr, ExprLit, Lit, Token};

use crate::internals::ctxt::Ctxt;

/// A value set at most once, remembering where it was set.
pub struct Attr<T> {
    name: &'static str,
    tokens: TokenStream,
    value: Option<T>,
}

impl<T> Attr<T> {
    pub fn none(name: &'static str) -> Self {
        Self { name, tokens: TokenStream::new(), value: None }
    }

    /// Stores `value`, or records a duplicate-key error at `at`.
    pub fn set<A: ToTokens>(&mut self, cx: &Ctxt, at: A, value: T) {
        let tokens = at.into_token_stream();
        if self.value.is_some() {
            cx.error_spanned_by(tokens, format!("duplicate kapi attribute `{}`", self.name));
        } else {
            self.tokens = tokens;
            self.value = Some(value);
        }
    }

    pub fn set_opt<A: ToTokens>(&mut self, cx: &Ctxt, at: A, value: Option<T>) {
        if let Some(value) = value {
            self.set(cx, at, value);
        }
    }

    pub fn get(&self) -> Option<&T> {
        self.value.as_ref()
    }

    /// Where the value was written, for later errors.
    pub fn tokens(&self) -> &TokenStream {
        &self.tokens
    }
}

/// Reads a flag into `attr` (a value is reported and skipped).
pub fn set_flag(cx: &Ctxt, meta: &ParseNestedMeta, attr: &mut Attr<()>) -> syn::Result<()> {
    if flag(cx, meta)? {
        attr.set(cx, &meta.path, ());
    }
    Ok(())
}

/// Reads `= <expr>`; a missing `=` is a syntax error that stops this attribute. A value a `macro_rules!` macro
/// passed in (`version = $version` with `$version:literal`) arrives in an invisible group, which is looked through.
pub fn expr(meta: &ParseNestedMeta) -> syn::Result<Expr> {
    let mut value: Expr = meta.value()?.parse()?;
    while let Expr::Group(group) = value {
        value = *group.expr;
    }
    Ok(value)
}

/// Reads a flag (no value); a value is reported and skipped.
pub fn flag(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<bool> {
    if meta.input.peek(Token![=]) {
        let value = expr(meta)?;
        cx.error_spanned_by(value, format!("`{}` is a flag and takes no value", path_name(meta)));
        return Ok(false);
    }
    Ok(true)
}

/// The key as written.
pub fn path_name(meta: &ParseNestedMeta) -> String {
    meta.path.to_token_stream().to_string().replace(' ', "")
}

/// `= "text"`.
pub fn string(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<String>> {
    let value = expr(meta)?;
    match &value {
        Expr::Lit(ExprLit { lit: Lit::Str(text), .. }) => Ok(Some(text.value())),
        _ => {
            cx.error_spanned_by(&value, format!("`{}` expects a string literal", path_name(meta)));
            Ok(None)
        }
    }
}

/// `= "one" | "two"`: a string from a fixed set.
pub fn choice(cx: &Ctxt, meta: &ParseNestedMeta, allowed: &[&str]) -> syn::Result<Option<String>> {
    let value = expr(meta)?;
    if let Expr::Lit(ExprLit { lit: Lit::Str(text), .. }) = &value
        && allowed.contains(&text.value().as_str())
    {
        return Ok(Some(text.value()));
    }
    let options = allowed.iter().map(|a| format!("\"{a}\"")).collect::<Vec<_>>().join(", ");
    cx.error_spanned_by(&value, format!("`{}` expects one of {options}", path_name(meta)));
    Ok(None)
}

/// `= 12`: a non-negative integer.
pub fn unsigned(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<u64>> {
    let value = expr(meta)?;
    if let Expr::Lit(ExprLit { lit: Lit::Int(int), .. }) = &value
        && let Ok(number) = int.base10_parse::<u64>()
    {
        return Ok(Some(number));
    }
    cx.error_spanned_by(&value, format!("`{}` expects a non-negative integer", path_name(meta)));
    Ok(None)
}

/// `= -1.5`: any number.
pub fn number(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<serde_json::Number>> {
    let value = expr(meta)?;
    match literal(&value) {
        Some(Value::Number(number)) => Ok(Some(number)),
        _ => {
            cx.error_spanned_by(&value, format!("`{}` expects a number", path_name(meta)));
            Ok(None)
        }
    }
}

/// `= true`.
pub fn boolean(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<bool>> {
    let value = expr(meta)?;
    match &value {
        Expr::Lit(ExprLit { lit: Lit::Bool(b), .. }) => Ok(Some(b.value)),
        _ => {
            cx.error_spanned_by(&value, format!("`{}` expects true or false", path_name(meta)));
            Ok(None)
        }
    }
}

/// `= ["a", "b"]`.
pub fn string_list(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<Vec<syn::LitStr>>> {
    let value = expr(meta)?;
    let message = format!("`{}` expects a list of string literals, like [\"a\", \"b\"]", path_name(meta));
    let Expr::Array(array) = &value else {
        cx.error_spanned_by(&value, message);
        return Ok(None);
    };
    let mut out = Vec::new();
    for element in &array.elems {
        match element {
            Expr::Lit(ExprLit { lit: Lit::Str(text), .. }) => out.push(text.clone()),
            other => {
                cx.error_spanned_by(other, &message);
                return Ok(None);
            }
        }
    }
    Ok(Some(out))
}

/// `= <literal>`: a string, number or bool, kept with the expression for type checks.
pub fn json_literal(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<(Expr, Value)>> {
    let value = expr(meta)?;
    match literal(&value) {
        Some(json) => Ok(Some((value, json))),
        None => {
            let name = path_name(meta);
            cx.error_spanned_by(
                &value,
                format!("`{name}` expects a literal (string, number or bool); use `{name}_json` for others"),
            );
            Ok(None)
        }
    }
}

/// `= "<json text>"`, parsed now so a mistake is a compile error.
pub fn json_text(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<(Expr, Value)>> {
    let value = expr(meta)?;
    if let Expr::Lit(ExprLit { lit: Lit::Str(text), .. }) = &value {
        return match serde_json::from_str::<Value>(&text.value()) {
            Ok(json) => Ok(Some((value, json))),
            Err(error) => {
                cx.error_spanned_by(&value, format!("`{}` is not valid JSON: {error}", path_name(meta)));
                Ok(None)
            }
        };
    }
    cx.error_spanned_by(&value, format!("`{}` expects JSON text in a string literal", path_name(meta)));
    Ok(None)
}

/// `= some::path`, or the same path in a string literal.
pub fn path(cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<Option<syn::Path>> {
    let value = expr(meta)?;
    match &value {
        Expr::Path(path) => Ok(Some(path.path.clone())),
        Expr::Lit(ExprLit { lit: Lit::Str(text), .. }) => match text.parse::<syn::Path>() {
            Ok(path) => Ok(Some(path)),
            Err(_) => {
                cx.error_spanned_by(&value, format!("`{}` expects a path", path_name(meta)));
                Ok(None)
            }
        },
        _ => {
            cx.error_spanned_by(&value, format!("`{}` expects a path", path_name(meta)));
            Ok(None)
        }
    }
}

/// Skips the value of a key that is reported as unknown, whatever its form.
pub fn skip_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        expr(meta)?;
    } else if meta.input.peek(syn::token::Paren) {
        let content;
        syn::parenthesized!(content in meta.input);
        content.parse::<TokenStream>()?;
    }
    Ok(())
}

/// A literal expression as JSON (negative numbers included).
pub fn literal(expr: &Expr) -> Option<Value> {
    match expr {
        Expr::Lit(ExprLit { lit, .. }) => match lit {
            Lit::Str(text) => Some(Value::from(text.value())),
            Lit::Bool(b) => Some(Value::from(b.value)),
            Lit::Int(int) => int.base10_parse::<i64>().ok().map(Value::from),
            Lit::Float(float) => {
                float.base10_parse::<f64>().ok().and_then(serde_json::Number::from_f64).map(Value::Number)
            }
            _ => None,
        },
        Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. }) => match literal(expr)? {
            Value::Number(n) => n
                .as_i64()
                .map(|i| Value::from(-i))
                .or_else(|| n.as_f64().and_then(|f| serde_json::Number::from_f64(-f)).map(Value::Number)),
            _ => None,
        },
        Expr::Group(group) => literal(&group.expr),
        _ => None,
    }
}
