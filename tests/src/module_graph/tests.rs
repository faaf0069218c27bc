//! The checker on small made-up crates.

use std::collections::BTreeMap;

use super::ModuleGraph;

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
fn re_exports_resolve_to_the_defining_file() {
    let found = cycles(&[
        ("src/lib.rs", "mod a; mod b; pub use a::A; pub use b::B;"),
        ("src/a.rs", "use crate::B; pub struct A;"),
        ("src/b.rs", "pub struct B;"),
    ]);
    assert!(found.is_empty(), "{found:?}");
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
fn glob_imports_and_inline_modules_resolve() {
    let found = cycles(&[
        ("src/lib.rs", "pub mod meta { pub use crate::types::*; } mod types; mod user;"),
        ("src/types.rs", "pub struct T; fn f() -> crate::user::U { todo!() }"),
        ("src/user.rs", "pub struct U; fn g() -> crate::meta::T { todo!() }"),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
}
