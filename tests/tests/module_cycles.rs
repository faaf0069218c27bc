//! No two source files of a workspace crate use each other, directly or in a longer circle: modules form a
//! hierarchy, so each can be read, tested and moved with what it depends on and nothing that depends on it. A path
//! uses the file defining its item and every file whose re-export it passes through (`crate::Bundle` uses
//! `lib.rs` too), so a root or `mod.rs` re-exporting its children cannot hide a circle.

use std::path::PathBuf;

use kapi_tests::module_graph::ModuleGraph;
use kapi_tests::{project_root, workspace_metadata};

/// The root files of every library, binary and test target of the workspace's packages.
fn crate_roots() -> Vec<PathBuf> {
    let metadata = workspace_metadata();
    let mut roots = Vec::new();
    for package in metadata["packages"].as_array().expect("packages") {
        for target in package["targets"].as_array().expect("targets") {
            let kinds: Vec<&str> =
                target["kind"].as_array().expect("kinds").iter().filter_map(|k| k.as_str()).collect();
            if kinds.iter().any(|k| ["lib", "proc-macro", "bin", "test"].contains(k)) {
                roots.push(PathBuf::from(target["src_path"].as_str().expect("src_path")));
            }
        }
    }
    roots.sort();
    roots
}

#[test]
fn no_source_files_use_each_other_in_a_circle() {
    let roots = crate_roots();
    assert!(roots.len() > 20, "expected every workspace target, found {roots:?}");
    let root = project_root();
    let mut report = Vec::new();
    for crate_root in &roots {
        let graph = ModuleGraph::read_crate(crate_root);
        assert!(graph.problems.is_empty(), "{}: {:?}", crate_root.display(), graph.problems);
        for cycle in graph.cycles() {
            let uses: Vec<String> = cycle
                .iter()
                .map(|edge| {
                    let from = edge.from.strip_prefix(&root).unwrap_or(&edge.from);
                    let to = edge.to.strip_prefix(&root).unwrap_or(&edge.to);
                    format!("  {}:{} uses {}", from.display(), edge.line, to.display())
                })
                .collect();
            report.push(uses.join("\n"));
        }
    }
    assert!(report.is_empty(), "{} import cycle(s):\n{}", report.len(), report.join("\n\n"));
}
