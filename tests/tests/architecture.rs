//! docs/ARCHITECTURE.md stays true: the serving core names no feature, and the code the page shows is the code.

use std::fs;
use std::path::{Path, PathBuf};

use kapi_tests::project_root;

/// The features, as a word anywhere in a file of the core would name them.
const FEATURE_WORDS: [&str; 7] = ["identity", "lease", "leases", "watchable", "aggregator", "conversion", "docs"];

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).expect("a readable directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// True for the files only tests compile (`tests.rs`, `*_tests.rs`, `test_files.rs`): they test the core on
/// Kubernetes' own data (a Lease message encoded, the `identity` content coding asked for), which is no feature.
fn test_only(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    name == "tests.rs" || name.ends_with("_tests.rs") || name == "test_files.rs"
}

/// The feature words of `line`, as whole words (so `aggregator_discovery_aggregation_count`, Kubernetes' metric of
/// the discovery aggregation, is not one), outside a path to the repository's `docs/` pages.
fn feature_words(line: &str) -> Vec<&'static str> {
    let mut found = Vec::new();
    for word in line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
        let lower = word.to_ascii_lowercase();
        if let Some(feature) = FEATURE_WORDS.iter().find(|feature| **feature == lower) {
            let docs_page = lower == "docs" && line.contains(&format!("{word}/")) && line.contains(".md");
            if !docs_page {
                found.push(*feature);
            }
        }
    }
    found
}

#[test]
fn core_knows_no_feature() {
    let core = project_root().join("serve/src");
    let files: Vec<PathBuf> = rust_files(&core).into_iter().filter(|path| !test_only(path)).collect();
    assert!(files.len() > 40, "expected the serving core's files, found {}", files.len());
    let mut named = Vec::new();
    for path in &files {
        let text = fs::read_to_string(path).expect("a readable file");
        for (index, line) in text.lines().enumerate() {
            for word in feature_words(line) {
                let relative = path.strip_prefix(project_root()).unwrap_or(path).display().to_string();
                named.push(format!("{relative}:{}: `{word}` in {}", index + 1, line.trim()));
            }
        }
    }
    assert!(named.is_empty(), "the serving core names a feature:\n{}", named.join("\n"));
}

#[test]
fn feature_words_are_found_as_words() {
    assert_eq!(feature_words("use kapi_identity::LeaseStore; // the leases"), ["leases"]);
    assert_eq!(feature_words("Identity leases"), ["identity", "leases"]);
    assert_eq!(feature_words("\"aggregator_discovery_aggregation_count\","), [] as [&str; 0]);
    assert_eq!(feature_words("see `docs/BENCHMARKS.md`"), [] as [&str; 0]);
    assert_eq!(feature_words("the docs site"), ["docs"]);
}

/// Each ```rust block of the page, with the file the sentence before it names (`` `features/…/lib.rs` ``).
fn excerpts(page: &str) -> Vec<(String, String)> {
    let mut excerpts = Vec::new();
    let mut last_file = None;
    let mut lines = page.lines();
    while let Some(line) = lines.next() {
        if line == "```rust" {
            let block: Vec<&str> = lines.by_ref().take_while(|line| *line != "```").collect();
            let file: String = last_file.clone().expect("a ```rust block after a sentence naming its file");
            excerpts.push((file, block.join("\n")));
            continue;
        }
        for piece in line.split('`').skip(1).step_by(2) {
            if piece.ends_with(".rs") {
                last_file = Some(piece.to_owned());
            }
        }
    }
    excerpts
}

#[test]
fn the_code_the_architecture_page_shows_is_the_code() {
    let page = fs::read_to_string(project_root().join("docs/ARCHITECTURE.md")).expect("the page");
    let shown = excerpts(&page);
    assert!(!shown.is_empty(), "the page shows the smallest feature's code");
    for (file, block) in shown {
        let source = fs::read_to_string(project_root().join(&file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(source.contains(&block), "docs/ARCHITECTURE.md shows code that is not in {file}:\n{block}");
    }
}
