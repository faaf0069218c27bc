//! Builds Rust types for every message under `generated/proto` with prost-build, parsing the files with protox
//! (no protoc needed), and keeps the descriptor set for the reflection-based transcoder.

use std::error::Error;
use std::path::{Path, PathBuf};

fn main() -> Result<(), Box<dyn Error>> {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").ok_or("cargo sets CARGO_MANIFEST_DIR")?);
    let root = manifest.join("../../generated/proto");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    collect(&root, &root, &mut files)?;
    files.sort();
    for file in &files {
        println!("cargo:rerun-if-changed={}", root.join(file).display());
    }
    let descriptors = protox::compile(&files, [&root])?;
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("cargo sets OUT_DIR")?);
    std::fs::write(out.join("descriptors.bin"), prost::Message::encode_to_vec(&descriptors))?;
    prost_build::Config::new().include_file("messages.rs").btree_map(["."]).compile_fds(descriptors)?;
    Ok(())
}

/// Every `.proto` file under `dir`, relative to `root` with `/` separators (the names imports use).
fn collect(root: &Path, dir: &Path, files: &mut Vec<String>) -> Result<(), Box<dyn Error>> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect(root, &path, files)?;
        } else if path.extension().is_some_and(|e| e == "proto") {
            let relative = path.strip_prefix(root)?.components();
            files.push(relative.map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/"));
        }
    }
    Ok(())
}
