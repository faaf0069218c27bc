//! The wire rules on pairs of `.proto` trees (`wire_pairs/<case>/{old,new}/`), one change each, written by hand to
//! cover every rule of buf's `WIRE_JSON` category, and the trees the wire tests generate (`generated-*`): each
//! case's findings are those in its `kapi.txt`. tests/tests/peers_buf.rs runs buf on the same pairs and checks
//! that it finds the same, finding for finding; `KAPI_UPDATE_FIXTURES=1` (never under CI) rewrites the `kapi.txt`
//! files from what kapi finds, for review.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kapi_diff::{Api, Finding, Policy, Protos, Severity, compare};
use kapi_model::Registry;

/// The fixture pairs' directory.
pub fn pairs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wire_pairs")
}

/// Every case, by name.
pub fn cases() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(pairs_dir())
        .expect("wire_pairs/")
        .map(|entry| entry.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('_'))
        .collect();
    names.sort();
    names
}

/// Every `.proto` file under `dir`, by its path below `root`.
fn sources(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
    for entry in std::fs::read_dir(dir).expect("read_dir") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "proto") {
            let name = path.strip_prefix(root).expect("below root").to_string_lossy().replace('\\', "/");
            out.insert(name, std::fs::read_to_string(&path).expect("read"));
        }
    }
}

/// The `.proto` files of one side of a case (`old` or `new`): its own, and for the generated cases the files they
/// share, kept once in `wire_pairs/_imports/`.
pub fn side_dirs(case: &str, side: &str) -> Vec<PathBuf> {
    let mut dirs = vec![pairs_dir().join(case).join(side)];
    if case.starts_with("generated-") {
        dirs.push(pairs_dir().join("_imports"));
    }
    dirs
}

fn api(case: &str, side: &str) -> Api {
    let mut files = BTreeMap::new();
    for dir in side_dirs(case, side) {
        sources(&dir, &dir, &mut files);
    }
    let dir = pairs_dir().join(case).join(side);
    let protos = Protos::compile(files).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    Api { model: Registry::new(), protos: Some(protos) }
}

/// Every level held to the rules' own severity, as buf holds every package.
fn every_level() -> Policy {
    Policy { alpha: Some(Severity::Error), beta: Some(Severity::Error), generally_available: Some(Severity::Error) }
}

fn findings(case: &str) -> Vec<Finding> {
    compare(&api(case, "old"), &api(case, "new"), &every_level())
}

#[test]
fn every_pair_finds_what_its_kapi_txt_lists() {
    let update = std::env::var_os("KAPI_UPDATE_FIXTURES").is_some() && std::env::var_os("CI").is_none();
    let mut wrong = Vec::new();
    for case in cases() {
        let lines: String = findings(&case).iter().map(|f| f.to_line() + "\n").collect();
        let expected_path = pairs_dir().join(&case).join("kapi.txt");
        if update {
            std::fs::write(&expected_path, &lines).expect("write kapi.txt");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != lines {
            wrong.push(format!("{case}:\nexpected:\n{expected}found:\n{lines}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn integer_widths_are_json_incompatible() {
    for (case, breaks) in [
        ("int32-to-int64", true),
        ("int64-to-int32", true),
        ("uint32-to-uint64", true),
        ("sint32-to-sint64", true),
        ("int32-to-uint32", false),
        ("int64-to-uint64", false),
        ("fixed32-to-sfixed32", false),
    ] {
        let found: Vec<&str> = findings(case).iter().map(|f| f.rule.id()).collect();
        let expected: &[&str] = if breaks { &["proto.field-type-changed"] } else { &[] };
        assert_eq!(found, expected, "{case}");
    }
}
