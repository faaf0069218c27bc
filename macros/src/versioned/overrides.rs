//! Per-version attributes: `#[versioned(since = V, before = W, kapi(...))]` or `#[versioned(versions(a, b),
//! kapi(...))]` on a type or a field gives the `#[kapi(...)]` entries to those versions only. A printer column,
//! scale paths or a CEL rule that names a renamed field is written once per name this way.

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::punctuated::Punctuated;
use syn::{Meta, Token};

use super::args::{Args, version_value};

/// One `#[versioned(..., kapi(...))]`: the versions it applies to and its entries.
struct Override {
    /// `applies[v]`: whether version `v` gets the entries.
    applies: Vec<bool>,
    entries: Vec<Meta>,
    /// The attribute, for errors found later.
    span: Span,
}

/// The per-version attributes of one type or field, in the order written.
#[derive(Default)]
pub struct Overrides(Vec<Override>);

impl Overrides {
    /// Reads and removes the per-version `#[versioned(...)]` attributes (those holding `kapi(...)`); a field's
    /// history attributes stay for [`super::history::History`].
    pub fn take(args: &Args, attrs: &mut Vec<syn::Attribute>) -> syn::Result<Self> {
        let mut out = Vec::new();
        let mut errors: Option<syn::Error> = None;
        for attr in attrs.iter().filter(|a| is_override(a)) {
            match parse(args, attr) {
                Ok(one) => out.push(one),
                Err(error) => match &mut errors {
                    Some(all) => all.combine(error),
                    None => errors = Some(error),
                },
            }
        }
        attrs.retain(|a| !is_override(a));
        match errors {
            Some(errors) => Err(errors),
            None => Ok(Self(out)),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The entries version `version` gets, in the order written.
    pub fn entries_in(&self, version: usize) -> Vec<&Meta> {
        self.0.iter().filter(|o| o.applies[version]).flat_map(|o| &o.entries).collect()
    }

    /// An attribute none of whose versions satisfies `exists` (a field's attributes for versions it is not in).
    pub fn first_outside(&self, exists: impl Fn(usize) -> bool) -> Option<Span> {
        let inside = |o: &Override| o.applies.iter().enumerate().any(|(v, applies)| *applies && exists(v));
        self.0.iter().find(|o| !inside(o)).map(|o| o.span)
    }

    /// The first entry whose key is one of `keys`, for refusing keys a place does not take.
    pub fn find_key(&self, keys: &[&str]) -> Option<&Meta> {
        self.0.iter().flat_map(|o| &o.entries).find(|e| keys.iter().any(|k| e.path().is_ident(k)))
    }
}

/// True for `#[versioned(...)]` with a `kapi(...)` among its top-level entries.
pub fn is_override(attr: &syn::Attribute) -> bool {
    let Meta::List(list) = &attr.meta else { return false };
    if !attr.path().is_ident("versioned") {
        return false;
    }
    let tokens: Vec<TokenTree> = list.tokens.clone().into_iter().collect();
    tokens.windows(2).any(|pair| {
        matches!(&pair[0], TokenTree::Ident(ident) if ident == "kapi")
            && matches!(&pair[1], TokenTree::Group(group) if group.delimiter() == proc_macro2::Delimiter::Parenthesis)
    })
}

fn parse(args: &Args, attr: &syn::Attribute) -> syn::Result<Override> {
    let (mut since, mut before, mut listed, mut entries) = (None, None, None::<Vec<usize>>, None);
    attr.parse_nested_meta(|meta| {
        if meta.path.is_ident("since") {
            since = Some(args.index_of(&version_value(&meta)?)?);
        } else if meta.path.is_ident("before") {
            let name = version_value(&meta)?;
            let index = args.index_of(&name)?;
            if index == 0 {
                return Err(syn::Error::new(name.span(), "the first version has no earlier one"));
            }
            before = Some(index);
        } else if meta.path.is_ident("versions") {
            let mut indexes = Vec::new();
            meta.parse_nested_meta(|version| {
                indexes.push(args.index_of(version.path.require_ident()?)?);
                Ok(())
            })?;
            if indexes.is_empty() {
                return Err(meta.error("`versions(...)` lists at least one version"));
            }
            listed = Some(indexes);
        } else if meta.path.is_ident("kapi") {
            let content;
            syn::parenthesized!(content in meta.input);
            let list = Punctuated::<Meta, Token![,]>::parse_terminated(&content)?;
            for entry in &list {
                if ["package", "version"].iter().any(|key| entry.path().is_ident(key)) {
                    let message = "set per version by #[kapi::versioned]; leave it out";
                    return Err(syn::Error::new_spanned(entry.path(), message));
                }
            }
            entries = Some(list.into_iter().collect::<Vec<_>>());
        } else {
            let message = "expected since = <version>, before = <version>, versions(...) or kapi(...) in a per-version \
                           attribute; write a field's history (added, removed, renamed, changed) in its own \
                           #[versioned(...)]";
            return Err(meta.error(message));
        }
        Ok(())
    })?;
    let entries = entries.unwrap_or_default();
    if since.is_none() && before.is_none() && listed.is_none() {
        let message =
            "say which versions take these attributes: since = <version>, before = <version> or versions(...)";
        return Err(syn::Error::new_spanned(attr, message));
    }
    if listed.is_some() && (since.is_some() || before.is_some()) {
        let message = "either versions(...) or since/before, not both";
        return Err(syn::Error::new_spanned(attr, message));
    }
    let applies: Vec<bool> = (0..args.versions.len())
        .map(|v| {
            since.is_none_or(|since| v >= since)
                && before.is_none_or(|before| v < before)
                && listed.as_ref().is_none_or(|listed| listed.contains(&v))
        })
        .collect();
    if !applies.contains(&true) {
        return Err(syn::Error::new_spanned(attr, "no version is both since and before the versions given"));
    }
    Ok(Override { applies, entries, span: syn::spanned::Spanned::span(attr) })
}

/// The entries as the tokens of one `#[kapi(...)]`.
pub fn tokens(entries: &[&Meta]) -> TokenStream {
    quote::quote!(#(#entries),*)
}
