//! The templates' own filters (askama looks them up in a module named `filters`).

use super::text::{paragraphs_html, text_html};

/// Reference text as HTML: escaped, backtick spans as `<code>`; used as `{{ text|code|safe }}`.
#[askama::filter_fn]
pub(crate) fn code<T: std::fmt::Display>(value: T, _: &dyn askama::Values) -> askama::Result<String> {
    Ok(text_html(&value.to_string()))
}

/// Reference text as HTML paragraphs (split at blank lines), each as [`code`] renders it.
#[askama::filter_fn]
pub(crate) fn paragraphs<T: std::fmt::Display>(value: T, _: &dyn askama::Values) -> askama::Result<String> {
    Ok(paragraphs_html(&value.to_string()))
}
