//! Doc comments to descriptions.

mod links;

use links::without_intra_doc_links;

/// Joins `///` lines into a description: lines of a paragraph with spaces, paragraphs with a blank line, and
/// rustdoc's links to Rust items reduced to their text (readers of an API document cannot follow them).
pub fn description(attrs: &[syn::Attribute]) -> Option<String> {
    let mut lines = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("doc")) {
        if let syn::Meta::NameValue(nv) = &attr.meta
            && let syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(text), .. }) = &nv.value
        {
            let value = text.value();
            if value.trim().is_empty() {
                lines.push(String::new());
            }
            lines.extend(value.lines().map(|line| without_intra_doc_links(line.trim())));
        }
    }
    let mut paragraphs: Vec<String> = Vec::new();
    let mut current: Vec<String> = Vec::new();
    for line in lines {
        if line.is_empty() {
            if !current.is_empty() {
                paragraphs.push(current.join(" "));
                current.clear();
            }
        } else {
            current.push(line);
        }
    }
    if !current.is_empty() {
        paragraphs.push(current.join(" "));
    }
    (!paragraphs.is_empty()).then(|| paragraphs.join("\n\n"))
}
