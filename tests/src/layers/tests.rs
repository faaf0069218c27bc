//! The layer checks on small made-up workspaces.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::{Dependency, DependencyKind, Layers, Package, Target, TargetKind, upward_dependencies, upward_uses};

const LAYERS: &str = r#"
[[layer]]
name = "core"
packages = ["kapi-low", "kapi-core"]

[[layer]]
name = "features"
packages = ["kapi-high"]

[[layer]]
name = "facade"
packages = ["kapi-facade"]
"#;

/// A package whose library is `<dir>/src/lib.rs`, depending on the named packages.
fn package(name: &str, dir: &str, dependencies: &[(&str, DependencyKind)]) -> Package {
    Package {
        name: name.to_owned(),
        targets: vec![Target {
            crate_name: name.replace('-', "_"),
            kind: TargetKind::Library,
            root: PathBuf::from(format!("{dir}/src/lib.rs")),
        }],
        dependencies: dependencies
            .iter()
            .map(|(package, kind)| Dependency {
                package: (*package).to_owned(),
                extern_name: package.replace('-', "_"),
                kind: *kind,
            })
            .collect(),
    }
}

fn uses(packages: &[Package], sources: &[(&str, &str)]) -> Vec<String> {
    let layers = Layers::parse(LAYERS).expect("the test table parses");
    let sources: BTreeMap<&str, &str> = sources.iter().copied().collect();
    let read = |path: &Path| sources.get(path.to_str().unwrap_or_default()).map(|text| (*text).to_owned());
    let findings = upward_uses(&layers, packages, Path::new(""), &read);
    assert!(findings.problems.is_empty(), "{:?}", findings.problems);
    findings.upward_uses
}

use DependencyKind::{Dev, Normal};

#[test]
fn an_upward_use_names_the_file_the_line_and_both_layers() {
    let packages = [
        package("kapi-core", "core", &[("kapi-high", Normal), ("kapi-low", Normal)]),
        package("kapi-high", "high", &[]),
        package("kapi-low", "low", &[]),
    ];
    let found = uses(
        &packages,
        &[
            ("core/src/lib.rs", "mod handle; use kapi_low::Thing;"),
            (
                "core/src/handle.rs",
                "use std::sync::Arc;\nfn f() -> Arc<kapi_high::LeaseStore> { todo!() }\n\
                 fn g() { assert!(kapi_high::ready()); }\nfn h() -> String { quote!(kapi_high::Written) }",
            ),
            ("high/src/lib.rs", "pub struct LeaseStore; pub fn ready() -> bool { true }"),
            ("low/src/lib.rs", "pub struct Thing;"),
        ],
    );
    // A path in a macro's arguments counts; one in quote!'s generated code does not.
    assert_eq!(
        found,
        [
            "core/src/handle.rs:2 uses kapi_high::LeaseStore (layer features) from layer core",
            "core/src/handle.rs:3 uses kapi_high::ready (layer features) from layer core",
        ]
    );
    let layers = Layers::parse(LAYERS).expect("the test table parses");
    assert_eq!(
        upward_dependencies(&layers, &packages),
        ["kapi-core depends on kapi-high (layer features) from layer core"]
    );
}

#[test]
fn an_upward_use_through_a_re_export_is_caught_in_every_crate_on_the_way() {
    let packages = [
        package("kapi-core", "core", &[("kapi-low", Normal)]),
        package("kapi-low", "low", &[("kapi-high", Normal)]),
        package("kapi-high", "high", &[("kapi-facade", Normal)]),
        package("kapi-facade", "facade", &[("kapi-core", Normal)]),
    ];
    let found = uses(
        &packages,
        &[
            // Names only a crate of its own layer, which re-exports the higher crate's item.
            ("core/src/lib.rs", "pub struct Bundle;\nfn f(_: kapi_low::LeaseStore) {}"),
            ("low/src/lib.rs", "mod reexports;\npub use reexports::*;\nfn g(_: crate::LeaseStore) {}"),
            ("low/src/reexports.rs", "pub use kapi_high::LeaseStore;"),
            // The facade re-exports the core's item: naming it from a feature is still an upward use.
            ("high/src/lib.rs", "pub struct LeaseStore;\nfn h(_: kapi_facade::Bundle) {}"),
            ("facade/src/lib.rs", "pub use kapi_core::Bundle;"),
        ],
    );
    assert_eq!(
        found,
        [
            "core/src/lib.rs:2 uses kapi_low::LeaseStore, defined in kapi_high (layer features), from layer core",
            "high/src/lib.rs:2 uses kapi_facade::Bundle (layer facade) from layer features",
            "low/src/lib.rs:3 uses crate::LeaseStore, defined in kapi_high (layer features), from layer core",
            "low/src/reexports.rs:1 uses kapi_high::LeaseStore (layer features) from layer core",
        ]
    );
}

#[test]
fn an_upward_use_through_a_glob_re_export_is_caught() {
    let packages =
        [package("kapi-core", "core", &[("kapi-low", Normal)]), package("kapi-low", "low", &[("kapi-high", Normal)])];
    let found = uses(
        &packages,
        &[
            ("core/src/lib.rs", "fn f(_: kapi_low::LeaseStore, _: kapi_low::Own) {}"),
            ("low/src/lib.rs", "mod own;\npub use own::*;\npub use kapi_high::*;"),
            ("low/src/own.rs", "pub struct Own;"),
            ("high/src/lib.rs", "pub struct LeaseStore;"),
        ],
    );
    assert_eq!(
        found,
        [
            "core/src/lib.rs:1 uses kapi_low::LeaseStore, defined in kapi_high (layer features), from layer core",
            "low/src/lib.rs:3 uses kapi_high (layer features) from layer core",
        ]
    );
}

#[test]
fn a_re_export_by_a_higher_crate_of_a_lower_item_is_named_as_such() {
    let packages = [
        package("kapi-core", "core", &[("kapi-facade", Normal)]),
        package("kapi-facade", "facade", &[("kapi-low", Normal)]),
        package("kapi-low", "low", &[]),
    ];
    let found = uses(
        &packages,
        &[
            ("core/src/lib.rs", "use crate::inner::Thing;\nmod inner { pub use kapi_facade::Thing; }"),
            ("facade/src/lib.rs", "pub use kapi_low::Thing;"),
            ("low/src/lib.rs", "pub struct Thing;"),
        ],
    );
    assert_eq!(
        found,
        [
            "core/src/lib.rs:1 uses crate::inner::Thing, re-exported by kapi_facade (layer facade), from layer core",
            "core/src/lib.rs:2 uses kapi_facade::Thing (layer facade) from layer core",
        ]
    );
}

#[test]
fn downward_uses_tests_and_dev_dependencies_are_allowed() {
    let packages = [
        package("kapi-high", "high", &[("kapi-core", Normal), ("kapi-facade", Dev)]),
        package("kapi-core", "core", &[]),
        package("kapi-facade", "facade", &[]),
    ];
    let found = uses(
        &packages,
        &[
            (
                "high/src/lib.rs",
                "use kapi_core::Bundle;\n#[cfg(test)]\nmod tests;\n#[cfg(test)] mod more { use kapi_facade::X; }",
            ),
            ("high/src/tests.rs", "use kapi_facade::Bundle;"),
            ("core/src/lib.rs", "pub struct Bundle;"),
            ("facade/src/lib.rs", "pub struct Bundle; pub struct X;"),
        ],
    );
    assert!(found.is_empty(), "{found:?}");
    let layers = Layers::parse(LAYERS).expect("the test table parses");
    assert!(upward_dependencies(&layers, &packages).is_empty());
}

#[test]
fn code_under_cfg_test_is_exempt_like_dev_dependencies() {
    // kapi_low re-exports a feature's item (that line is flagged); the core's tests may still use it.
    let packages =
        [package("kapi-core", "core", &[("kapi-low", Normal)]), package("kapi-low", "low", &[("kapi-high", Normal)])];
    let found = uses(
        &packages,
        &[
            (
                "core/src/lib.rs",
                "#[cfg(test)]\nmod tests;\n#[cfg(test)]\nmod more { use kapi_low::LeaseStore; }\n\
                 #[cfg(test)]\nuse kapi_low::LeaseStore;\n#[cfg(test)]\nfn helper(_: kapi_low::LeaseStore) {}",
            ),
            ("core/src/tests.rs", "mod nested; use kapi_low::LeaseStore;"),
            ("core/src/tests/nested.rs", "fn f(_: kapi_low::LeaseStore) {}"),
            ("low/src/lib.rs", "pub use kapi_high::LeaseStore;"),
        ],
    );
    assert_eq!(found, ["low/src/lib.rs:1 uses kapi_high::LeaseStore (layer features) from layer core"]);
}

#[test]
fn every_package_is_in_exactly_one_layer() {
    let layers = Layers::parse(LAYERS).expect("the test table parses");
    assert_eq!(
        layers.membership_problems(["kapi-core", "kapi-high", "kapi-facade", "kapi-new"]),
        [
            "layer `core` lists `kapi-low`, which is not a workspace package",
            "package `kapi-new` is in no layer: add it to the layer it belongs to",
        ]
    );
    let twice = "[[layer]]\nname = \"a\"\npackages = [\"x\"]\n[[layer]]\nname = \"b\"\npackages = [\"x\"]\n";
    assert_eq!(Layers::parse(twice).expect_err("x twice"), "package `x` is in layer `a` and in layer `b`");
    assert!(Layers::parse("[[layer]]\nname = \"a\"\n").is_err());
}
