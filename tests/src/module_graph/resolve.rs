//! Resolving a path written in one module to the file that defines what it names, following `use` bindings,
//! re-exports and glob imports.

use super::ModuleGraph;

/// How many `use` bindings a resolution may follow before it gives up (they cannot loop in a compiling crate).
const MAX_RESOLVE_DEPTH: usize = 24;

impl ModuleGraph {
    /// The file defining what `path` names when written in `module`; `None` for other crates and the prelude.
    pub(super) fn resolve(&self, module: usize, path: &[String], depth: usize) -> Option<usize> {
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
}
