//! The workspace keeps to its layers (LAYERS.toml): every package is placed, no package depends on a higher layer,
//! and no source file uses an item of a higher layer's crate, directly or through re-exports.

use kapi_tests::layers::{Layers, Package, packages_from_metadata, upward_dependencies, upward_uses};
use kapi_tests::{project_root, workspace_metadata};

fn layers() -> Layers {
    let path = project_root().join("LAYERS.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    Layers::parse(&text).unwrap_or_else(|problem| panic!("{}: {problem}", path.display()))
}

fn packages() -> Vec<Package> {
    packages_from_metadata(&workspace_metadata()).expect("cargo metadata lists packages")
}

#[test]
fn every_workspace_package_is_in_exactly_one_layer() {
    let packages = packages();
    assert!(packages.len() > 20, "expected every workspace package, found {}", packages.len());
    let problems = layers().membership_problems(packages.iter().map(|package| package.name.as_str()));
    assert!(problems.is_empty(), "LAYERS.toml:\n  {}", problems.join("\n  "));
}

#[test]
fn no_package_depends_on_a_higher_layer() {
    let upward = upward_dependencies(&layers(), &packages());
    assert!(upward.is_empty(), "{} upward dependencies:\n  {}", upward.len(), upward.join("\n  "));
}

#[test]
fn no_source_file_uses_an_item_of_a_higher_layer() {
    let root = project_root();
    let findings = upward_uses(&layers(), &packages(), &root, &|path| std::fs::read_to_string(path).ok());
    assert!(findings.problems.is_empty(), "cannot read the sources:\n  {}", findings.problems.join("\n  "));
    // About 1 800 paths lead into other workspace crates today; far fewer means the check stopped seeing them.
    assert!(findings.cross_crate_paths > 1000, "only {} uses across crates seen", findings.cross_crate_paths);
    let upward = findings.upward_uses;
    assert!(upward.is_empty(), "{} upward uses:\n  {}", upward.len(), upward.join("\n  "));
}
