//! What the graph reads off syntax: item names, the paths in code and `use` trees, and `crate::` paths inside
//! macro bodies.

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

pub(super) fn with(prefix: &[String], last: &str) -> Vec<String> {
    let mut path = prefix.to_vec();
    path.push(last.to_owned());
    path
}

pub(super) fn item_name(item: &syn::Item) -> Option<String> {
    let ident = match item {
        syn::Item::Const(item) => &item.ident,
        syn::Item::Enum(item) => &item.ident,
        syn::Item::Fn(item) => &item.sig.ident,
        syn::Item::Macro(item) => item.ident.as_ref()?,
        syn::Item::Static(item) => &item.ident,
        syn::Item::Struct(item) => &item.ident,
        syn::Item::Trait(item) => &item.ident,
        syn::Item::TraitAlias(item) => &item.ident,
        syn::Item::Type(item) => &item.ident,
        syn::Item::Union(item) => &item.ident,
        _ => return None,
    };
    Some(ident.to_string())
}

/// Collects paths of two or more segments, and `crate::`/`super::`/`self::` paths inside macro bodies.
#[derive(Default)]
pub(super) struct PathCollector {
    pub(super) found: Vec<(Vec<String>, usize)>,
    /// Other paths written in a macro call's tokens (`assert_eq!(other_crate::f(), 1)`): what they name is only
    /// known once resolved, so only the layers check reads them, for the crates they lead into.
    pub(super) in_macro_calls: Vec<(Vec<String>, usize)>,
}

/// An item's attributes.
pub(super) fn attributes(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Const(item) => &item.attrs,
        syn::Item::Enum(item) => &item.attrs,
        syn::Item::ExternCrate(item) => &item.attrs,
        syn::Item::Fn(item) => &item.attrs,
        syn::Item::ForeignMod(item) => &item.attrs,
        syn::Item::Impl(item) => &item.attrs,
        syn::Item::Macro(item) => &item.attrs,
        syn::Item::Mod(item) => &item.attrs,
        syn::Item::Static(item) => &item.attrs,
        syn::Item::Struct(item) => &item.attrs,
        syn::Item::Trait(item) => &item.attrs,
        syn::Item::TraitAlias(item) => &item.attrs,
        syn::Item::Type(item) => &item.attrs,
        syn::Item::Union(item) => &item.attrs,
        syn::Item::Use(item) => &item.attrs,
        _ => &[],
    }
}

/// `#[cfg(test)]`: what follows is compiled only for the crate's own tests.
pub(super) fn is_cfg_test(attribute: &syn::Attribute) -> bool {
    attribute.path().is_ident("cfg")
        && attribute.parse_args::<syn::Path>().is_ok_and(|condition| condition.is_ident("test"))
}

impl<'ast> Visit<'ast> for PathCollector {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.segments.len() > 1 {
            // `::name::…` names another crate; "::" stands first so resolution does not look in scope.
            let colon = path.leading_colon.map(|_| "::".to_owned());
            let segments = colon.into_iter().chain(path.segments.iter().map(|s| s.ident.to_string())).collect();
            let line = path.segments.first().map(|s| s.ident.span().start().line).unwrap_or_default();
            self.found.push((segments, line));
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_attribute(&mut self, attribute: &'ast syn::Attribute) {
        // `#[derive(other_crate::Trait)]`: derive paths are tokens to syn, not paths.
        if attribute.path().is_ident("derive") {
            let _ignored_when_not_paths = attribute.parse_nested_meta(|meta| {
                self.visit_path(&meta.path);
                Ok(())
            });
        }
        syn::visit::visit_attribute(self, attribute);
    }

    fn visit_item_use(&mut self, declaration: &'ast syn::ItemUse) {
        // A `use` inside a function body: its path is a use of the file it names.
        let mut paths = Vec::new();
        let prefix = if declaration.leading_colon.is_some() { vec!["::".to_owned()] } else { Vec::new() };
        flatten_use(&declaration.tree, prefix, &mut paths);
        let line = declaration.use_token.span.start().line;
        self.found.extend(paths.into_iter().map(|path| (path, line)));
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        scan_tokens(mac.tokens.clone(), &|root| EVERY_ROOT.contains(&root), &mut self.found);
        // quote!'s tokens are code being written for someone else, not used here.
        let quoting =
            mac.path.segments.last().is_some_and(|name| QUOTING_MACROS.contains(&name.ident.to_string().as_str()));
        if !quoting {
            scan_tokens(mac.tokens.clone(), &|root| !EVERY_ROOT.contains(&root), &mut self.in_macro_calls);
        }
    }

    fn visit_item_macro(&mut self, item: &'ast syn::ItemMacro) {
        if item.ident.is_none() {
            return syn::visit::visit_item_macro(self, item);
        }
        // A `macro_rules!` body's `super::` and `self::` mean the module it is expanded in, not this one; only its
        // `crate::` paths name a file for certain.
        self.visit_path(&item.mac.path);
        scan_tokens(item.mac.tokens.clone(), &|root| root == "crate", &mut self.found);
    }
}

/// The path roots whose meaning inside a macro's tokens does not depend on where a path is written.
const EVERY_ROOT: [&str; 3] = ["crate", "super", "self"];

/// Macros whose tokens are generated code.
const QUOTING_MACROS: [&str; 4] = ["quote", "quote_spanned", "parse_quote", "parse_quote_spanned"];

fn flatten_use(tree: &syn::UseTree, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    match tree {
        syn::UseTree::Path(path) => flatten_use(&path.tree, with(&prefix, &path.ident.to_string()), out),
        syn::UseTree::Name(name) => out.push(with(&prefix, &name.ident.to_string())),
        syn::UseTree::Rename(rename) => out.push(with(&prefix, &rename.ident.to_string())),
        syn::UseTree::Glob(_) => out.push(prefix),
        syn::UseTree::Group(group) => group.items.iter().for_each(|tree| flatten_use(tree, prefix.clone(), out)),
    }
}

/// Finds `root :: a :: b` sequences in a macro's tokens, at any depth, for the roots `is_root` accepts.
fn scan_tokens(tokens: TokenStream, is_root: &dyn Fn(&str) -> bool, found: &mut Vec<(Vec<String>, usize)>) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut index = 0;
    while index < trees.len() {
        match &trees[index] {
            TokenTree::Group(group) => scan_tokens(group.stream(), is_root, found),
            TokenTree::Ident(ident) if is_root(&ident.to_string()) => {
                let preceded_by_colons =
                    index > 0 && matches!(&trees[index - 1], TokenTree::Punct(p) if p.as_char() == ':');
                let mut path = vec![ident.to_string()];
                let mut next = index + 1;
                while let (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)), Some(TokenTree::Ident(segment))) =
                    (trees.get(next), trees.get(next + 1), trees.get(next + 2))
                {
                    if a.as_char() != ':' || b.as_char() != ':' {
                        break;
                    }
                    path.push(segment.to_string());
                    next += 3;
                }
                if path.len() > 1 && !preceded_by_colons {
                    found.push((path, ident.span().start().line));
                }
                index = next.max(index + 1);
                continue;
            }
            _ => {}
        }
        index += 1;
    }
}
