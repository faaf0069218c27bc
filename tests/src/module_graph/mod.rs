//! Which source file of a crate uses which: the graph the "no import cycles between modules" rule is checked on.
//!
//! A file uses another when one of its `use` declarations or paths (`crate::a::B`, `super::x()`, `child::f()`,
//! also inside macro bodies) resolves to an item the other file defines, or passes through a `use` binding of the
//! other file on the way there: `use crate::Registry` counts as a use of `registry.rs` and of `lib.rs`, which
//! re-exports it. Read either way, so a root file's re-exports cannot hide a circle. Declaring `mod child;` is not a
//! use; re-exporting from it (`pub use child::Item`) or calling into it is.
//!
//! Paths into other crates end the resolution with [`Target::Extern`]; the layers check ([`crate::layers`]) follows
//! them into the other crate's graph.

mod components;
mod read;
mod resolve;
mod syntax;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use components::strongly_connected;

/// The use graph of one crate: files, and for each file the files it uses with the line of the first use.
#[derive(Debug, Default)]
pub struct ModuleGraph {
    pub(crate) files: Vec<PathBuf>,
    pub(crate) modules: Vec<Module>,
    pub(crate) references: Vec<Reference>,
    /// Problems reading the crate (a declared module without a file, a file syn cannot parse).
    pub problems: Vec<String>,
}

#[derive(Debug, Default)]
pub(crate) struct Module {
    pub(crate) file: usize,
    /// Declared under `#[cfg(test)]` (or inside such a module): compiled only for the crate's own tests.
    pub(crate) test_only: bool,
    pub(crate) parent: Option<usize>,
    pub(crate) children: BTreeMap<String, usize>,
    pub(crate) items: BTreeSet<String>,
    pub(crate) imports: BTreeMap<String, Vec<String>>,
    pub(crate) globs: Vec<Vec<String>>,
}

#[derive(Debug, Default)]
pub(crate) struct Reference {
    pub(crate) module: usize,
    pub(crate) path: Vec<String>,
    pub(crate) line: usize,
    /// Written in an item under `#[cfg(test)]`.
    pub(crate) test_only: bool,
    /// Read from a macro call's tokens with a root other than `crate`/`super`/`self`: for the layers check only.
    pub(crate) in_macro_call: bool,
}

/// Where a path leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A file of this crate (its index in the graph).
    File(usize),
    /// Another crate, by the name the path gives it, and the path inside that crate.
    Extern(String, Vec<String>),
}

/// A path followed to where it leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolution {
    /// The files whose `use` bindings (re-exports, imports) the path passed through, in order.
    pub through: Vec<usize>,
    /// Where it ends; `None` for what the graph cannot see (the prelude, macro-made items).
    pub target: Option<Target>,
}

/// One use of a file by another.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Edge {
    pub from: PathBuf,
    pub to: PathBuf,
    /// The line in `from` of the first reference.
    pub line: usize,
}

impl ModuleGraph {
    /// Reads the crate whose root file is `root` (`src/lib.rs`, `src/main.rs`), following `mod` declarations.
    pub fn read_crate(root: &Path) -> Self {
        Self::read_with(root, &|path| std::fs::read_to_string(path).ok())
    }

    /// Builds a graph from in-memory files (path to source), rooted at `root`; for tests of the checker itself.
    pub fn from_sources(root: &str, sources: &BTreeMap<&str, &str>) -> Self {
        Self::read_with(Path::new(root), &|path| {
            sources.get(path.to_str().unwrap_or_default()).map(|s| (*s).to_owned())
        })
    }

    /// Reads the crate rooted at `root`, taking each file's text from `read` (`None`: no such file).
    pub fn read_with(root: &Path, read: &dyn Fn(&Path) -> Option<String>) -> Self {
        let mut graph = Self::default();
        graph.read_source(root, None, None, read);
        graph
    }

    /// Every path the crate's code writes outside `#[cfg(test)]` modules and items: the module it is written in, the
    /// path, and its line.
    pub fn paths_outside_tests(&self) -> impl Iterator<Item = (usize, &[String], usize)> {
        self.references
            .iter()
            .filter(|reference| !reference.test_only && !self.modules[reference.module].test_only)
            .map(|reference| (reference.module, reference.path.as_slice(), reference.line))
    }

    /// The file a module is in.
    pub fn file_of(&self, module: usize) -> &Path {
        &self.files[self.modules[module].file]
    }

    /// Every use of one file by another, deduplicated to the first line per pair of files: a path uses the file
    /// defining what it names and every file whose re-export it passes through.
    pub fn edges(&self) -> Vec<Edge> {
        let mut first: BTreeMap<(usize, usize), usize> = BTreeMap::new();
        for reference in self.references.iter().filter(|reference| !reference.in_macro_call) {
            let from = self.modules[reference.module].file;
            let resolution = self.resolve_path(reference.module, &reference.path);
            let defining = match resolution.target {
                Some(Target::File(file)) => Some(file),
                _ => None,
            };
            for to in resolution.through.into_iter().chain(defining) {
                if from != to {
                    let line = first.entry((from, to)).or_insert(reference.line);
                    *line = (*line).min(reference.line);
                }
            }
        }
        first
            .into_iter()
            .map(|((from, to), line)| Edge { from: self.files[from].clone(), to: self.files[to].clone(), line })
            .collect()
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
