//! Hashes the generator's own source (and, inside the kapi workspace, the model and meta crates it renders) into
//! `KAPI_CODEGEN_SOURCE_HASH`, so output reused from a previous generation is only trusted when the same code made
//! it ([`crate::infra::reuse`]).

use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let mut roots = vec![manifest_dir.join("src")];
    for sibling in ["model", "meta"] {
        let source = manifest_dir.join("..").join(sibling).join("src");
        if source.is_dir() {
            roots.push(source);
        }
    }
    let mut files = Vec::new();
    for root in &roots {
        println!("cargo:rerun-if-changed={}", root.display());
        collect(root, &mut files);
    }
    files.sort();
    // FNV-1a over every file's path and bytes: no dependency needed, and only equality matters.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for file in &files {
        let relative = file.strip_prefix(&manifest_dir).unwrap_or(file);
        let bytes = fs::read(file).unwrap_or_default();
        for byte in relative.to_string_lossy().as_bytes().iter().chain([0u8].iter()).chain(bytes.iter()) {
            hash ^= u64::from(*byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    println!("cargo:rustc-env=KAPI_CODEGEN_SOURCE_HASH={hash:016x}");
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files.push(path);
        }
    }
}
