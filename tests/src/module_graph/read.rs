//! Reading a crate's files into modules: their child modules, the items they define, what their `use`
//! declarations bind, and every path they write.

use std::path::Path;

use syn::visit::Visit;

use super::syntax::{PathCollector, attributes, is_cfg_test, item_name, with};
use super::{Module, ModuleGraph, Reference};

impl ModuleGraph {
    pub(super) fn read_source(
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
        let test_only = parent.is_some_and(|parent| self.modules[parent].test_only);
        self.modules.push(Module { file, parent, test_only, ..Module::default() });
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
            let first_reference = self.references.len();
            match item {
                syn::Item::Mod(declared) => self.read_module(declared, module, directory, read),
                syn::Item::Use(declaration) => {
                    let line = declaration.use_token.span.start().line;
                    let prefix = if declaration.leading_colon.is_some() { vec!["::".to_owned()] } else { Vec::new() };
                    self.read_use(&declaration.tree, prefix, module, line);
                }
                syn::Item::ExternCrate(declaration) if declaration.ident != "self" => {
                    let name = declaration.ident.to_string();
                    let bound = declaration.rename.as_ref().map_or(name.clone(), |(_, rename)| rename.to_string());
                    let line = declaration.extern_token.span.start().line;
                    self.modules[module].imports.insert(bound, vec!["::".to_owned(), name.clone()]);
                    let path = vec!["::".to_owned(), name];
                    self.references.push(Reference { module, path, line, ..Reference::default() });
                }
                other => {
                    if let Some(name) = item_name(other) {
                        self.modules[module].items.insert(name);
                    }
                    let mut collector = PathCollector::default();
                    collector.visit_item(other);
                    for (path, line) in collector.found {
                        self.references.push(Reference { module, path, line, ..Reference::default() });
                    }
                    for (path, line) in collector.in_macro_calls {
                        self.references.push(Reference {
                            module,
                            path,
                            line,
                            in_macro_call: true,
                            ..Reference::default()
                        });
                    }
                }
            }
            if attributes(item).iter().any(is_cfg_test) {
                self.references[first_reference..].iter_mut().for_each(|reference| reference.test_only = true);
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
        let test_only = declared.attrs.iter().any(is_cfg_test);
        if let Some((_, items)) = &declared.content {
            let file = self.modules[parent].file;
            let module = self.add_module(file, Some(parent), Some(&name));
            self.modules[module].test_only |= test_only;
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
            Some(path) => {
                let first_module = self.modules.len();
                self.read_source(&path.clone(), Some(parent), Some(&name), read);
                // The file's modules come after its own: all of them are test-only when it is.
                if test_only {
                    self.modules[first_module..].iter_mut().for_each(|module| module.test_only = true);
                }
            }
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
                self.references.push(Reference { module, path: full, line, ..Reference::default() });
            }
            syn::UseTree::Rename(rename) => {
                let original = rename.ident.to_string();
                let full = if original == "self" { prefix.clone() } else { with(&prefix, &original) };
                self.modules[module].imports.insert(rename.rename.to_string(), full.clone());
                self.references.push(Reference { module, path: full, line, ..Reference::default() });
            }
            syn::UseTree::Glob(_) => {
                self.modules[module].globs.push(prefix.clone());
                self.references.push(Reference { module, path: prefix, line, ..Reference::default() });
            }
            syn::UseTree::Group(group) => {
                for tree in &group.items {
                    self.read_use(tree, prefix.clone(), module, line);
                }
            }
        }
    }
}
