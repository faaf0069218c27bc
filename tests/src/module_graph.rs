//! Which source file of a crate uses which: the graph the "no import cycles between modules" rule is checked on.
//!
//! A file uses another when one of its `use` declarations or paths (`crate::a::B`, `super::x()`, `child::f()`,
//! also inside macro bodies) resolves to an item the other file defines. Re-exports are followed to the file that
//! defines the item, so `use crate::Registry` counts as a use of `registry.rs`, not of `lib.rs`. Declaring
//! `mod child;` is not a use; re-exporting from it (`pub use child::Item`) or calling into it is.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

/// The use graph of one crate: files, and for each file the files it uses with the line of the first use.
#[derive(Debug, Default)]
pub struct ModuleGraph {
    files: Vec<PathBuf>,
    modules: Vec<Module>,
    references: Vec<Reference>,
    /// Problems reading the crate (a declared module without a file, a file syn cannot parse).
    pub problems: Vec<String>,
}

#[derive(Debug, Default)]
struct Module {
    file: usize,
    parent: Option<usize>,
    children: BTreeMap<String, usize>,
    items: BTreeSet<String>,
    imports: BTreeMap<String, Vec<String>>,
    globs: Vec<Vec<String>>,
}

#[derive(Debug)]
struct Reference {
    module: usize,
    path: Vec<String>,
    line: usize,
}

/// One use of a file by another.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Edge {
    pub from: PathBuf,
    pub to: PathBuf,
    /// The line in `from` of the first reference.
    pub line: usize,
}

const MAX_RESOLVE_DEPTH: usize = 24;

impl ModuleGraph {
    /// Reads the crate whose root file is `root` (`src/lib.rs`, `src/main.rs`), following `mod` declarations.
    pub fn read_crate(root: &Path) -> Self {
        let mut graph = Self::default();
        graph.read_file(root, None, None);
        graph
    }

    /// Builds a graph from in-memory files (path to source), rooted at `root`; for tests of the checker itself.
    pub fn from_sources(root: &str, sources: &BTreeMap<&str, &str>) -> Self {
        let mut graph = Self::default();
        graph.read_source(Path::new(root), None, None, &|path| {
            sources.get(path.to_str().unwrap_or_default()).map(|s| (*s).to_owned())
        });
        graph
    }

    fn read_file(&mut self, path: &Path, parent: Option<usize>, name: Option<&str>) {
        self.read_source(path, parent, name, &|path| std::fs::read_to_string(path).ok());
    }

    fn read_source(
        &mut self,
        path: &Path,
        parent: Option<usize>,
        name: Option<&str>,
        read: &dyn Fn(&Path) -> Option<String>,
    ) {
        let Some(text) = read(path) else {
            self.problems.push(format!("cannot read {}", path.display()));
            return;
        };
        let file = match syn::parse_file(&text) {
            Ok(file) => file,
            Err(error) => {
                self.problems.push(format!("cannot parse {}: {error}", path.display()));
                return;
            }
        };
        let file_index = self.files.len();
        self.files.push(path.to_path_buf());
        let module = self.add_module(file_index, parent, name);
        // Crate roots and files named mod.rs own their directory; others own a directory named after them.
        let owns_directory = parent.is_none() || path.file_name().is_some_and(|name| name == "mod.rs");
        let directory = if owns_directory {
            path.parent().map(Path::to_path_buf).unwrap_or_default()
        } else {
            path.with_extension("")
        };
        self.read_items(&file.items, module, &directory, read);
    }

    fn add_module(&mut self, file: usize, parent: Option<usize>, name: Option<&str>) -> usize {
        let index = self.modules.len();
        self.modules.push(Module { file, parent, ..Module::default() });
        if let (Some(parent), Some(name)) = (parent, name) {
            self.modules[parent].children.insert(name.to_owned(), index);
        }
        index
    }

    fn read_items(
        &mut self,
        items: &[syn::Item],
        module: usize,
        directory: &Path,
        read: &dyn Fn(&Path) -> Option<String>,
    ) {
        for item in items {
            match item {
                syn::Item::Mod(declared) => self.read_module(declared, module, directory, read),
                syn::Item::Use(declaration) => {
                    let line = declaration.use_token.span.start().line;
                    self.read_use(&declaration.tree, Vec::new(), module, line);
                }
                other => {
                    if let Some(name) = item_name(other) {
                        self.modules[module].items.insert(name);
                    }
                    let mut collector = PathCollector { found: Vec::new() };
                    collector.visit_item(other);
                    for (path, line) in collector.found {
                        self.references.push(Reference { module, path, line });
                    }
                }
            }
        }
    }

    fn read_module(
        &mut self,
        declared: &syn::ItemMod,
        parent: usize,
        directory: &Path,
        read: &dyn Fn(&Path) -> Option<String>,
    ) {
        let name = declared.ident.to_string();
        if let Some((_, items)) = &declared.content {
            let file = self.modules[parent].file;
            let module = self.add_module(file, Some(parent), Some(&name));
            self.read_items(items, module, &directory.join(&name), read);
            return;
        }
        let explicit = declared.attrs.iter().find(|a| a.path().is_ident("path")).and_then(|a| match &a.meta {
            syn::Meta::NameValue(syn::MetaNameValue {
                value: syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(text), .. }),
                ..
            }) => Some(text.value()),
            _ => None,
        });
        let candidates = match explicit {
            // `#[path]` is relative to the declaring file's directory.
            Some(relative) => vec![self.files[self.modules[parent].file].with_file_name(relative)],
            None => vec![directory.join(format!("{name}.rs")), directory.join(&name).join("mod.rs")],
        };
        match candidates.iter().find(|candidate| read(candidate).is_some()) {
            Some(path) => self.read_source(&path.clone(), Some(parent), Some(&name), read),
            None => self.problems.push(format!("module `{name}` has no file among {candidates:?}")),
        }
    }

    fn read_use(&mut self, tree: &syn::UseTree, mut prefix: Vec<String>, module: usize, line: usize) {
        match tree {
            syn::UseTree::Path(path) => {
                prefix.push(path.ident.to_string());
                self.read_use(&path.tree, prefix, module, line);
            }
            syn::UseTree::Name(name) => {
                let binding = name.ident.to_string();
                let full = if binding == "self" { prefix.clone() } else { with(&prefix, &binding) };
                let bound = if binding == "self" { prefix.last().cloned().unwrap_or_default() } else { binding };
                self.modules[module].imports.insert(bound, full.clone());
                self.references.push(Reference { module, path: full, line });
            }
            syn::UseTree::Rename(rename) => {
                let original = rename.ident.to_string();
                let full = if original == "self" { prefix.clone() } else { with(&prefix, &original) };
                self.modules[module].imports.insert(rename.rename.to_string(), full.clone());
                self.references.push(Reference { module, path: full, line });
            }
            syn::UseTree::Glob(_) => {
                self.modules[module].globs.push(prefix.clone());
                self.references.push(Reference { module, path: prefix, line });
            }
            syn::UseTree::Group(group) => {
                for tree in &group.items {
                    self.read_use(tree, prefix.clone(), module, line);
                }
            }
        }
    }

    /// Every use of one file by another, deduplicated to the first line per pair of files.
    pub fn edges(&self) -> Vec<Edge> {
        let mut first: BTreeMap<(usize, usize), usize> = BTreeMap::new();
        for reference in &self.references {
            let from = self.modules[reference.module].file;
            let Some(to) = self.resolve(reference.module, &reference.path, 0) else { continue };
            if from != to {
                let line = first.entry((from, to)).or_insert(reference.line);
                *line = (*line).min(reference.line);
            }
        }
        first
            .into_iter()
            .map(|((from, to), line)| Edge { from: self.files[from].clone(), to: self.files[to].clone(), line })
            .collect()
    }

    /// The file defining what `path` names when written in `module`; `None` for other crates and the prelude.
    fn resolve(&self, module: usize, path: &[String], depth: usize) -> Option<usize> {
        let (first, rest) = path.split_first()?;
        if depth > MAX_RESOLVE_DEPTH {
            return None;
        }
        let start = match first.as_str() {
            "crate" => self.root_of(module),
            "super" => self.modules[module].parent?,
            "self" => module,
            name => return self.resolve_name(module, name, rest, depth),
        };
        self.walk(start, rest, depth)
    }

    /// A path starting with a name in scope in `module`.
    fn resolve_name(&self, module: usize, name: &str, rest: &[String], depth: usize) -> Option<usize> {
        let current = &self.modules[module];
        if let Some(&child) = current.children.get(name) {
            return self.walk(child, rest, depth);
        }
        if let Some(import) = current.imports.get(name) {
            return self.resolve(module, &[import.clone(), rest.to_vec()].concat(), depth + 1);
        }
        if current.items.contains(name) {
            return Some(current.file);
        }
        for glob in &current.globs {
            if let Some(source) = self.module_at(module, glob, depth + 1)
                && self.defines(source, name)
            {
                return self.resolve_name(source, name, rest, depth + 1);
            }
        }
        None
    }

    /// Descends from `module` along `rest`, following re-exports.
    fn walk(&self, module: usize, rest: &[String], depth: usize) -> Option<usize> {
        let mut current = module;
        for (index, segment) in rest.iter().enumerate() {
            if segment == "super" {
                current = self.modules[current].parent?;
                continue;
            }
            let here = &self.modules[current];
            if let Some(&child) = here.children.get(segment) {
                current = child;
                continue;
            }
            if here.imports.contains_key(segment) || (!here.items.contains(segment) && !here.globs.is_empty()) {
                return self
                    .resolve_name(current, segment, &rest[index + 1..], depth + 1)
                    .or(Some(self.modules[current].file));
            }
            return Some(here.file);
        }
        Some(self.modules[current].file)
    }

    /// The module `path` names from `module`, when it names a module of this crate.
    fn module_at(&self, module: usize, path: &[String], depth: usize) -> Option<usize> {
        let (first, rest) = path.split_first()?;
        if depth > MAX_RESOLVE_DEPTH {
            return None;
        }
        let mut current = match first.as_str() {
            "crate" => self.root_of(module),
            "super" => self.modules[module].parent?,
            "self" => module,
            name => match (self.modules[module].children.get(name), self.modules[module].imports.get(name)) {
                (Some(&child), _) => child,
                (None, Some(import)) => self.module_at(module, import, depth + 1)?,
                (None, None) => return None,
            },
        };
        for segment in rest {
            current = match segment.as_str() {
                "super" => self.modules[current].parent?,
                name => match (self.modules[current].children.get(name), self.modules[current].imports.get(name)) {
                    (Some(&child), _) => child,
                    (None, Some(import)) => self.module_at(current, import, depth + 1)?,
                    (None, None) => return None,
                },
            };
        }
        Some(current)
    }

    fn defines(&self, module: usize, name: &str) -> bool {
        let here = &self.modules[module];
        here.children.contains_key(name) || here.imports.contains_key(name) || here.items.contains(name)
    }

    fn root_of(&self, mut module: usize) -> usize {
        while let Some(parent) = self.modules[module].parent {
            module = parent;
        }
        module
    }

    /// Groups of files that use each other in a circle (strongly connected components of more than one file), each
    /// with the uses that close the circle; empty when the crate's files form a hierarchy.
    pub fn cycles(&self) -> Vec<Vec<Edge>> {
        let edges = self.edges();
        let index: BTreeMap<&PathBuf, usize> = self.files.iter().enumerate().map(|(i, f)| (f, i)).collect();
        let mut successors = vec![Vec::new(); self.files.len()];
        for edge in &edges {
            successors[index[&edge.from]].push(index[&edge.to]);
        }
        let components = strongly_connected(&successors);
        components
            .into_iter()
            .filter(|component| component.len() > 1)
            .map(|component| {
                let members: BTreeSet<&PathBuf> = component.iter().map(|&i| &self.files[i]).collect();
                edges.iter().filter(|e| members.contains(&e.from) && members.contains(&e.to)).cloned().collect()
            })
            .collect()
    }
}

fn with(prefix: &[String], last: &str) -> Vec<String> {
    let mut path = prefix.to_vec();
    path.push(last.to_owned());
    path
}

fn item_name(item: &syn::Item) -> Option<String> {
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
struct PathCollector {
    found: Vec<(Vec<String>, usize)>,
}

impl<'ast> Visit<'ast> for PathCollector {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() && path.segments.len() > 1 {
            let segments = path.segments.iter().map(|s| s.ident.to_string()).collect();
            let line = path.segments.first().map(|s| s.ident.span().start().line).unwrap_or_default();
            self.found.push((segments, line));
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_item_use(&mut self, declaration: &'ast syn::ItemUse) {
        // A `use` inside a function body: its path is a use of the file it names.
        let mut paths = Vec::new();
        flatten_use(&declaration.tree, Vec::new(), &mut paths);
        let line = declaration.use_token.span.start().line;
        self.found.extend(paths.into_iter().map(|path| (path, line)));
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        scan_tokens(mac.tokens.clone(), &mut self.found);
    }
}

fn flatten_use(tree: &syn::UseTree, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    match tree {
        syn::UseTree::Path(path) => flatten_use(&path.tree, with(&prefix, &path.ident.to_string()), out),
        syn::UseTree::Name(name) => out.push(with(&prefix, &name.ident.to_string())),
        syn::UseTree::Rename(rename) => out.push(with(&prefix, &rename.ident.to_string())),
        syn::UseTree::Glob(_) => out.push(prefix),
        syn::UseTree::Group(group) => group.items.iter().for_each(|tree| flatten_use(tree, prefix.clone(), out)),
    }
}

/// Finds `crate :: a :: b` (and `super`/`self`) sequences in a macro's tokens, at any depth.
fn scan_tokens(tokens: TokenStream, found: &mut Vec<(Vec<String>, usize)>) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut index = 0;
    while index < trees.len() {
        match &trees[index] {
            TokenTree::Group(group) => scan_tokens(group.stream(), found),
            TokenTree::Ident(ident) if ["crate", "super", "self"].contains(&ident.to_string().as_str()) => {
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

/// Tarjan's algorithm, iteratively: the strongly connected components of a graph given by successor lists.
fn strongly_connected(successors: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let count = successors.len();
    let (mut index_of, mut low) = (vec![usize::MAX; count], vec![0; count]);
    let (mut on_stack, mut stack, mut components) = (vec![false; count], Vec::new(), Vec::new());
    let mut next_index = 0;
    for start in 0..count {
        if index_of[start] != usize::MAX {
            continue;
        }
        let mut work = vec![(start, 0usize)];
        while let Some(&mut (node, ref mut child)) = work.last_mut() {
            if *child == 0 && index_of[node] == usize::MAX {
                index_of[node] = next_index;
                low[node] = next_index;
                next_index += 1;
                stack.push(node);
                on_stack[node] = true;
            }
            if let Some(&successor) = successors[node].get(*child) {
                *child += 1;
                if index_of[successor] == usize::MAX {
                    work.push((successor, 0));
                } else if on_stack[successor] {
                    low[node] = low[node].min(index_of[successor]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == index_of[node] {
                let mut component = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component.push(member);
                    if member == node {
                        break;
                    }
                }
                components.push(component);
            }
        }
    }
    components
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cycles(sources: &[(&str, &str)]) -> Vec<Vec<(String, String)>> {
        let sources: BTreeMap<&str, &str> = sources.iter().copied().collect();
        let graph = ModuleGraph::from_sources("src/lib.rs", &sources);
        assert!(graph.problems.is_empty(), "{:?}", graph.problems);
        graph
            .cycles()
            .into_iter()
            .map(|edges| {
                edges.into_iter().map(|e| (e.from.display().to_string(), e.to.display().to_string())).collect()
            })
            .collect()
    }

    #[test]
    fn a_child_importing_from_its_parent_that_uses_it_is_a_cycle() {
        let found = cycles(&[
            ("src/lib.rs", "mod emit; pub struct Options; pub fn run() { emit::go() }"),
            ("src/emit.rs", "use crate::Options; pub fn go() {}"),
        ]);
        assert_eq!(
            found,
            [vec![("src/lib.rs".into(), "src/emit.rs".into()), ("src/emit.rs".into(), "src/lib.rs".into())]]
        );
    }

    #[test]
    fn re_exports_resolve_to_the_defining_file() {
        let found = cycles(&[
            ("src/lib.rs", "mod a; mod b; pub use a::A; pub use b::B;"),
            ("src/a.rs", "use crate::B; pub struct A;"),
            ("src/b.rs", "pub struct B;"),
        ]);
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn siblings_using_each_other_through_paths_in_code_and_macros_are_a_cycle() {
        let found = cycles(&[
            ("src/lib.rs", "mod a; mod b;"),
            ("src/a.rs", "pub fn f() { crate::b::g() }"),
            ("src/b/mod.rs", "mod inner;"),
            ("src/b/inner.rs", "pub fn h() { vec![super::super::a::f()]; }"),
        ]);
        // `g` is not defined anywhere, so `crate::b::g` resolves to b/mod.rs; b/mod.rs does not use inner.rs.
        assert!(found.is_empty(), "{found:?}");
        let found = cycles(&[
            ("src/lib.rs", "mod a; mod b; mod c;"),
            ("src/a.rs", "use super::b::B; pub struct A;"),
            ("src/b.rs", "pub struct B; fn f() { println!(\"{:?}\", crate::c::C); }"),
            ("src/c.rs", "pub struct C; macro_rules! m { () => { crate::a::A } }"),
        ]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].len(), 3);
    }

    #[test]
    fn glob_imports_and_inline_modules_resolve() {
        let found = cycles(&[
            ("src/lib.rs", "pub mod meta { pub use crate::types::*; } mod types; mod user;"),
            ("src/types.rs", "pub struct T; fn f() -> crate::user::U { todo!() }"),
            ("src/user.rs", "pub struct U; fn g() -> crate::meta::T { todo!() }"),
        ]);
        assert_eq!(found.len(), 1, "{found:?}");
    }
}
