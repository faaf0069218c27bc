//! Resolving a path written in one module to the file that defines what it names, following `use` bindings,
//! re-exports and glob imports, and noting every file whose binding it passes through.

use super::{ModuleGraph, Resolution, Target};

/// How many `use` bindings a resolution may follow before it gives up (they cannot loop in a compiling crate).
const MAX_RESOLVE_DEPTH: usize = 24;

impl ModuleGraph {
    /// Where `path`, written in `module`, leads, and the files whose `use` bindings it passes through.
    pub fn resolve_path(&self, module: usize, path: &[String]) -> Resolution {
        let mut through = Vec::new();
        let target = self.resolve(module, path, 0, &mut through);
        Resolution { through, target }
    }

    /// Where `path` leads when another crate names it from this crate's root (`other_crate::a::B`).
    pub fn resolve_from_root(&self, path: &[String]) -> Resolution {
        let mut rooted = vec!["crate".to_owned()];
        rooted.extend_from_slice(path);
        if self.modules.is_empty() {
            return Resolution { through: Vec::new(), target: None };
        }
        self.resolve_path(0, &rooted)
    }

    fn resolve(&self, module: usize, path: &[String], depth: usize, through: &mut Vec<usize>) -> Option<Target> {
        let (first, rest) = path.split_first()?;
        if depth > MAX_RESOLVE_DEPTH {
            return None;
        }
        let start = match first.as_str() {
            "crate" => self.root_of(module),
            "super" => self.modules[module].parent?,
            "self" => module,
            // `::name::…`: only another crate.
            "::" => {
                let (name, rest) = rest.split_first()?;
                return Some(Target::Extern(name.clone(), rest.to_vec()));
            }
            name => {
                // A first segment nothing in scope defines names another crate (or the prelude, or a local).
                return self
                    .resolve_name(module, name, rest, depth, through)
                    .or_else(|| Some(Target::Extern(name.to_owned(), rest.to_vec())));
            }
        };
        self.walk(start, rest, depth, through)
    }

    /// A path starting with a name in scope in `module`; `None` when nothing in scope defines it.
    fn resolve_name(
        &self,
        module: usize,
        name: &str,
        rest: &[String],
        depth: usize,
        through: &mut Vec<usize>,
    ) -> Option<Target> {
        let current = &self.modules[module];
        if let Some(&child) = current.children.get(name) {
            return self.walk(child, rest, depth, through);
        }
        if let Some(import) = current.imports.get(name) {
            through.push(current.file);
            if import.len() == 1 && import[0] == name {
                // `use other_crate;` binds the crate's own name.
                return Some(Target::Extern(name.to_owned(), rest.to_vec()));
            }
            return self.resolve(module, &[import.clone(), rest.to_vec()].concat(), depth + 1, through);
        }
        if current.items.contains(name) {
            return Some(Target::File(current.file));
        }
        for glob in &current.globs {
            if let Some(source) = self.module_at(module, glob, depth + 1)
                && self.defines(source, name)
            {
                through.push(current.file);
                return self.resolve_name(source, name, rest, depth + 1, through);
            }
        }
        // Not from this crate's globs: perhaps from a glob of another crate's items (`pub use other::*`).
        let foreign = |glob: &&Vec<String>| {
            !matches!(glob.first().map(String::as_str), Some("crate" | "super" | "self"))
                && self.module_at(module, glob, depth + 1).is_none()
        };
        if let Some(glob) = current.globs.iter().find(foreign) {
            through.push(current.file);
            let path: Vec<String> = glob.iter().chain([&name.to_owned()]).chain(rest).cloned().collect();
            return self.resolve(module, &path, depth + 1, through);
        }
        None
    }

    /// Descends from `module` along `rest`, following re-exports.
    fn walk(&self, module: usize, rest: &[String], depth: usize, through: &mut Vec<usize>) -> Option<Target> {
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
                    .resolve_name(current, segment, &rest[index + 1..], depth + 1, through)
                    .or(Some(Target::File(self.modules[current].file)));
            }
            return Some(Target::File(here.file));
        }
        Some(Target::File(self.modules[current].file))
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
