//! Which source file of a crate uses which: the graph the "no import cycles between modules" rule is checked on.
//!
//! A file uses another when one of its `use` declarations or paths (`crate::a::B`, `super::x()`, `child::f()`,
//! also inside macro bodies) resolves to an item the other file defines. Re-exports are followed to the file that
//! defines the item, so `use crate::Registry` counts as a use of `registry.rs`, not of `lib.rs`. Declaring
//! `mod child;` is not a use; re-exporting from it (`pub use child::Item`) or calling into it is.

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
    pub(crate) parent: Option<usize>,
    pub(crate) children: BTreeMap<String, usize>,
    pub(crate) items: BTreeSet<String>,
    pub(crate) imports: BTreeMap<String, Vec<String>>,
    pub(crate) globs: Vec<Vec<String>>,
}

#[derive(Debug)]
pub(crate) struct Reference {
    pub(crate) module: usize,
    pub(crate) path: Vec<String>,
    pub(crate) line: usize,
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
