//! The checker on small made-up crates.

use std::collections::BTreeMap;

use super::{ModuleGraph, Target};

fn cycles(sources: &[(&str, &str)]) -> Vec<Vec<(String, String)>> {
    let sources: BTreeMap<&str, &str> = sources.iter().copied().collect();
    let graph = ModuleGraph::from_sources("src/lib.rs", &sources);
    assert!(graph.problems.is_empty(), "{:?}", graph.problems);
    graph
        .cycles()
        .into_iter()
        .map(|edges| edges.into_iter().map(|e| (e.from.display().to_string(), e.to.display().to_string())).collect())
        .collect()
}

#[test]
fn a_child_importing_from_its_parent_that_uses_it_is_a_cycle() {
    let found = cycles(&[
        ("src/lib.rs", "mod emit; pub struct Options; pub fn run() { emit::go() }"),
        ("src/emit.rs", "use crate::Options; pub fn go() {}"),
    ]);
    assert_eq!(found, [vec![("src/lib.rs".into(), "src/emit.rs".into()), ("src/emit.rs".into(), "src/lib.rs".into())]]);
}

#[test]
fn a_use_through_a_re_export_uses_the_re_exporting_file_and_the_defining_one() {
    // lib.rs re-exports a.rs's item, and a.rs names b.rs's item through lib.rs: a circle lib.rs → a.rs → lib.rs.
    let found = cycles(&[
        ("src/lib.rs", "mod a; mod b; pub use a::A; pub use b::B;"),
        ("src/a.rs", "use crate::B; pub struct A;"),
        ("src/b.rs", "pub struct B;"),
    ]);
    assert_eq!(found, [vec![("src/lib.rs".into(), "src/a.rs".into()), ("src/a.rs".into(), "src/lib.rs".into())]]);
    // Named by its own module's path, the item is a use of b.rs only: no circle.
    let found = cycles(&[
        ("src/lib.rs", "mod a; mod b; pub use a::A; pub use b::B;"),
        ("src/a.rs", "use crate::b::B; pub struct A;"),
        ("src/b.rs", "pub struct B;"),
    ]);
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn a_circle_through_a_nested_re_exporting_file_is_found() {
    // options.rs names the emitter's type through emit/mod.rs's re-export; the emitter names options.rs.
    let found = cycles(&[
        ("src/lib.rs", "mod emit; mod options;"),
        ("src/options.rs", "pub struct Options { pub ledger: crate::emit::Ledger }"),
        ("src/emit/mod.rs", "mod ledger; pub use ledger::Ledger; pub fn run(_: &crate::options::Options) {}"),
        ("src/emit/ledger.rs", "pub struct Ledger;"),
    ]);
    assert_eq!(
        found,
        [vec![
            ("src/emit/mod.rs".into(), "src/options.rs".into()),
            ("src/options.rs".into(), "src/emit/mod.rs".into())
        ]]
    );
}

#[test]
fn paths_into_other_crates_end_in_extern_targets() {
    let sources: BTreeMap<&str, &str> = [(
        "src/lib.rs",
        "mod a; pub use kapi_x::Thing; use kapi_y as y; extern crate kapi_z as z;\nfn f(_: y::T, _: z::U, _: ::kapi_w::V) {}",
    ), ("src/a.rs", "fn g(_: crate::Thing) {}")]
    .into_iter()
    .collect();
    let graph = ModuleGraph::from_sources("src/lib.rs", &sources);
    assert!(graph.problems.is_empty(), "{:?}", graph.problems);
    let targets: Vec<(String, Vec<usize>, Option<Target>)> = graph
        .paths_outside_tests()
        .map(|(module, path, _)| {
            let resolution = graph.resolve_path(module, path);
            (path.join("::"), resolution.through, resolution.target)
        })
        .collect();
    let extern_target = |name: &str, rest: &[&str]| {
        Some(Target::Extern(name.to_owned(), rest.iter().map(|s| (*s).to_owned()).collect()))
    };
    assert!(targets.contains(&("kapi_x::Thing".into(), vec![], extern_target("kapi_x", &["Thing"]))), "{targets:?}");
    assert!(targets.contains(&("y::T".into(), vec![0], extern_target("kapi_y", &["T"]))), "{targets:?}");
    assert!(targets.contains(&("z::U".into(), vec![0], extern_target("kapi_z", &["U"]))), "{targets:?}");
    assert!(targets.contains(&("::::kapi_w::V".into(), vec![], extern_target("kapi_w", &["V"]))), "{targets:?}");
    // a.rs reaches the other crate through lib.rs's re-export: lib.rs is on the way.
    assert!(targets.contains(&("crate::Thing".into(), vec![0], extern_target("kapi_x", &["Thing"]))), "{targets:?}");
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
fn super_paths_in_a_macro_definition_are_the_expansion_site_s() {
    // The macro writes `super::Item` for the module that invokes it; its own parent is not used.
    let found = cycles(&[
        ("src/lib.rs", "mod shapes; mod values; pub use values::Item;"),
        ("src/shapes.rs", "macro_rules! boxed { () => { pub struct Boxed(super::Item); } }"),
        ("src/values.rs", "pub struct Item; fn f() -> crate::shapes::Unknown { todo!() }"),
    ]);
    assert!(found.is_empty(), "{found:?}");
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
