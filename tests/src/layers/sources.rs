//! The second rule: no source file uses an item of a crate in a higher layer, whether its path names that crate or
//! reaches the item through re-exports: every crate a path passes through on the way to the item's definition is
//! judged, so a lower crate re-exporting a higher crate's item, and a facade's re-export used from below, are both
//! caught. Code under `#[cfg(test)]`, like dev-dependencies, is exempt.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::packages::{DependencyKind, Package, TargetKind};
use super::table::Layers;
use crate::module_graph::{ModuleGraph, Target};

/// How many crates one path may pass through before the check gives up on it (re-exports cannot loop across crates
/// that compile).
const MAX_CRATE_HOPS: usize = 16;

/// What the source check found.
#[derive(Debug, Default)]
pub struct SourceFindings {
    /// Every upward use, as `file:line uses path (layer …) from layer …`; sorted.
    pub upward_uses: Vec<String>,
    /// Files that could not be read or parsed.
    pub problems: Vec<String>,
    /// How many written paths led into another workspace crate: proof the check saw the uses it judges.
    pub cross_crate_paths: usize,
}

/// A crate as resolution sees it: its files, and which package each of its extern crate names is.
struct CrateView<'a> {
    graph: ModuleGraph,
    externs: BTreeMap<String, &'a str>,
}

/// Checks every library, binary and build script of the listed packages; `read` gives a file's text (paths are as
/// the packages' targets give them), `root` is stripped from the file names in the findings.
pub fn upward_uses(
    layers: &Layers,
    packages: &[Package],
    root: &Path,
    read: &dyn Fn(&Path) -> Option<String>,
) -> SourceFindings {
    let mut findings = SourceFindings::default();
    let mut libraries: BTreeMap<&str, CrateView<'_>> = BTreeMap::new();
    for package in packages {
        for target in package.targets.iter().filter(|target| target.kind == TargetKind::Library) {
            let graph = ModuleGraph::read_with(&target.root, read);
            let externs = externs_of(package, TargetKind::Library);
            libraries.insert(&package.name, CrateView { graph, externs });
        }
    }
    let mut found = BTreeSet::new();
    for package in packages {
        let Some(own_layer) = layers.layer_of(&package.name) else { continue };
        let package_name = package.name.as_str();
        for target in &package.targets {
            let separate;
            let view = match target.kind {
                TargetKind::TestOnly => continue,
                TargetKind::Library => match libraries.get(package.name.as_str()) {
                    Some(view) => view,
                    None => continue,
                },
                kind => {
                    separate = CrateView {
                        graph: ModuleGraph::read_with(&target.root, read),
                        externs: externs_of(package, kind),
                    };
                    &separate
                }
            };
            findings.problems.extend(view.graph.problems.iter().cloned());
            let judge = Judge { layers, packages, libraries: &libraries, root, own_layer };
            for (module, path, line) in view.graph.paths_outside_tests() {
                let crates = judge.crates_passed(view, view.graph.resolve_path(module, path).target);
                findings.cross_crate_paths += usize::from(crates.iter().any(|package| *package != package_name));
                if let Some(message) = judge.use_of(view, &crates, module, path, line) {
                    found.insert(message);
                }
            }
        }
    }
    findings.upward_uses = found.into_iter().collect();
    findings.problems.sort();
    findings.problems.dedup();
    findings
}

/// The extern crate names a target of `package` can write, and the workspace packages they are.
fn externs_of(package: &Package, kind: TargetKind) -> BTreeMap<String, &str> {
    let usable = |dependency: DependencyKind| match kind {
        TargetKind::BuildScript => dependency == DependencyKind::Build,
        _ => dependency == DependencyKind::Normal,
    };
    let mut externs: BTreeMap<String, &str> = package
        .dependencies
        .iter()
        .filter(|dependency| usable(dependency.kind))
        .map(|dependency| (dependency.extern_name.clone(), dependency.package.as_str()))
        .collect();
    if kind == TargetKind::Binary
        && let Some(library) = package.targets.iter().find(|target| target.kind == TargetKind::Library)
    {
        externs.insert(library.crate_name.clone(), &package.name);
    }
    externs
}

struct Judge<'a, 'b> {
    layers: &'a Layers,
    packages: &'a [Package],
    libraries: &'a BTreeMap<&'b str, CrateView<'b>>,
    root: &'a Path,
    own_layer: usize,
}

impl Judge<'_, '_> {
    /// The finding for one path written in `module` of `view`, which passes through `crates`.
    fn use_of(
        &self,
        view: &CrateView<'_>,
        crates: &[&str],
        module: usize,
        path: &[String],
        line: usize,
    ) -> Option<String> {
        // The first crate on the way that sits higher than the user: the one the reader has to move or stop naming.
        let (position, offender, layer) = crates.iter().enumerate().find_map(|(position, package)| {
            let layer = self.layers.layer_of(package)?;
            (layer > self.own_layer).then_some((position, *package, layer))
        })?;
        let file = view.graph.file_of(module);
        let file = file.strip_prefix(self.root).unwrap_or(file).display();
        let written = display_path(path);
        let (layer, own) = (self.layers.name(layer), self.layers.name(self.own_layer));
        Some(if position == 0 && written.trim_start_matches("::").starts_with(&self.crate_name(offender)) {
            format!("{file}:{line} uses {written} (layer {layer}) from layer {own}")
        } else {
            let how = if position + 1 == crates.len() { "defined in" } else { "re-exported by" };
            format!(
                "{file}:{line} uses {written}, {how} {} (layer {layer}), from layer {own}",
                self.crate_name(offender)
            )
        })
    }

    /// The workspace packages a resolution enters, in order, following re-exports from crate to crate.
    fn crates_passed<'c>(&'c self, view: &'c CrateView<'_>, mut target: Option<Target>) -> Vec<&'c str> {
        let mut crates = Vec::new();
        let mut externs = &view.externs;
        while let Some(Target::Extern(name, rest)) = target {
            let Some(&package) = externs.get(&name) else { break };
            crates.push(package);
            let Some(library) = self.libraries.get(package) else { break };
            if crates.len() > MAX_CRATE_HOPS {
                break;
            }
            target = library.graph.resolve_from_root(&rest).target;
            externs = &library.externs;
        }
        crates
    }

    fn crate_name(&self, package: &str) -> String {
        self.packages
            .iter()
            .find(|candidate| candidate.name == package)
            .and_then(|candidate| candidate.targets.iter().find(|target| target.kind == TargetKind::Library))
            .map_or_else(|| package.replace('-', "_"), |target| target.crate_name.clone())
    }
}

/// A path as written: `a::b::C`, `::a::B`.
fn display_path(path: &[String]) -> String {
    match path.split_first() {
        Some((first, rest)) if first == "::" => format!("::{}", rest.join("::")),
        _ => path.join("::"),
    }
}
