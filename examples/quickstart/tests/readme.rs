//! The README's quick start is this crate, byte for byte: its ```toml block is the `[dependencies]` table of
//! Cargo.toml and its ```rust block is src/main.rs. And the program runs: CI runs it here.

use std::process::Command;

const README: &str = include_str!("../../../README.md");
const MANIFEST: &str = include_str!("../Cargo.toml");
const MAIN: &str = include_str!("../src/main.rs");

/// The lines of the README's "Quick start" section, up to the next `## ` heading.
fn quick_start() -> Vec<&'static str> {
    let lines = README.lines().skip_while(|line| !line.starts_with("## Quick start"));
    let section: Vec<_> = lines.enumerate().take_while(|(i, line)| *i == 0 || !line.starts_with("## ")).collect();
    assert!(!section.is_empty(), "README.md has no `## Quick start` section");
    section.into_iter().map(|(_, line)| line).collect()
}

/// The one fenced block of `language` in the quick start, each line ending in `\n`.
fn fenced_block(language: &str) -> String {
    let lines = quick_start();
    let opening = format!("```{language}");
    let starts: Vec<usize> = (0..lines.len()).filter(|&i| lines[i] == opening).collect();
    assert_eq!(starts.len(), 1, "the README's quick start should have exactly one {opening} block");
    let body = lines[starts[0] + 1..].iter().take_while(|line| **line != "```");
    body.map(|line| format!("{line}\n")).collect()
}

/// The `[dependencies]` table of Cargo.toml, from its header to the line before the next table.
fn dependencies_table() -> String {
    let lines = MANIFEST.lines().skip_while(|line| *line != "[dependencies]");
    let mut table: Vec<&str> =
        lines.enumerate().take_while(|(i, line)| *i == 0 || !line.starts_with('[')).map(|(_, l)| l).collect();
    while table.last().is_some_and(|line| line.trim().is_empty()) {
        table.pop();
    }
    table.iter().map(|line| format!("{line}\n")).collect()
}

/// Fails with the first line where `readme` and `file` differ, a few lines of each around it.
fn assert_same(readme: &str, file: &str, file_name: &str) {
    if readme == file {
        return;
    }
    let (ours, theirs): (Vec<&str>, Vec<&str>) = (readme.lines().collect(), file.lines().collect());
    let first = (0..ours.len().max(theirs.len())).find(|&i| ours.get(i) != theirs.get(i)).unwrap_or(0);
    let context = |lines: &[&str]| -> String {
        let end = (first + 3).min(lines.len());
        (first.saturating_sub(2)..end).map(|i| format!("  {:>4} | {}\n", i + 1, lines[i])).collect()
    };
    panic!(
        "the README's quick start and examples/quickstart/{file_name} differ from line {} of the block on \
         (a missing final newline counts):\n- README.md:\n{}+ {file_name}:\n{}edit both so they stay identical",
        first + 1,
        context(&ours),
        context(&theirs),
    );
}

#[test]
fn the_readme_rust_block_is_src_main_rs() {
    assert_same(&fenced_block("rust"), MAIN, "src/main.rs");
}

#[test]
fn the_readme_toml_block_is_the_dependencies_table_of_cargo_toml() {
    assert_same(&fenced_block("toml"), &dependencies_table(), "Cargo.toml");
}

#[test]
fn the_program_writes_the_api_and_prints_an_object_with_its_api_version_and_kind() {
    let out = tempfile::tempdir().expect("a temporary directory");
    let run = Command::new(env!("CARGO_BIN_EXE_quickstart")).arg(out.path()).output().expect("quickstart runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{stdout}{}", String::from_utf8_lossy(&run.stderr));
    assert!(stdout.contains(r#"{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"#), "{stdout}");

    let path = out.path().join("openapi/v3/apis/stable.example.com/v1.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let document: serde_json::Value = serde_json::from_str(&text).expect("the document is JSON");
    let schemas = &document["components"]["schemas"];
    for kind in ["CronTab", "CronTabList"] {
        let properties = &schemas[format!("com.example.stable.v1.{kind}")]["properties"];
        assert!(properties["apiVersion"].is_object() && properties["kind"].is_object(), "{kind}: {properties}");
    }
    assert!(out.path().join("discovery/apis__stable.example.com__v1.json").is_file());
}
