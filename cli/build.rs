//! Embeds the generated corpus (`corpus/`, a link to the workspace's `generated/`, whose served files a packaged
//! crate carries) into the `kapi` binary, so `kapi serve` works with no files around.
//!
//! A build script rather than `include_dir!`: `include_dir!` only notices edits to files it already embeds (it
//! cannot tell cargo about files added or removed), so regenerating a corpus that gained a group-version would
//! leave a stale binary. `rerun-if-changed` on the directory makes cargo rescan it on every build, and the list
//! written here names exactly the files present. Only what the runtime serves (and the CRDs `kapi validate` reads) is
//! embedded: no JSON Schema files.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Top-level entries of the corpus the runtime reads, and the CRDs `kapi validate` checks custom resources against.
const SERVED: &[&str] = &["openapi", "discovery", "proto", "crds", "model.json", "version.json"];

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    // The link resolved: cargo watches the files themselves, wherever the link points.
    let corpus = manifest.join("corpus").canonicalize().expect("corpus/ (a link to the generated corpus) exists");
    println!("cargo:rerun-if-changed={}", corpus.display());
    let mut files = Vec::new();
    for entry in SERVED {
        collect(&corpus, &corpus.join(entry), &mut files);
    }
    files.sort();
    let mut source =
        String::from("/// The embedded corpus: relative path and bytes.\npub static FILES: &[(&str, &[u8])] = &[\n");
    for (relative, absolute) in &files {
        writeln!(source, "    ({relative:?}, include_bytes!({absolute:?})),").expect("write to string");
    }
    source.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded_corpus.rs");
    std::fs::write(out, source).expect("write the embedded corpus list");
}

/// Every regular file under `path` (or `path` itself), as (`/`-separated path relative to `root`, absolute path).
fn collect(root: &Path, path: &Path, files: &mut Vec<(String, String)>) {
    if path.is_dir() {
        let Ok(entries) = std::fs::read_dir(path) else { return };
        for entry in entries.flatten() {
            if !entry.file_name().to_string_lossy().starts_with('.') {
                collect(root, &entry.path(), files);
            }
        }
    } else if path.is_file() {
        let relative = path.strip_prefix(root).expect("under the corpus");
        let key = relative.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
        let absolute = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        files.push((key, absolute.to_string_lossy().into_owned()));
    }
}
