//! A bundle's files: reading a directory tree into memory, and parsing one file as JSON.
//!
//! The tree is read as untrusted input: symbolic links are followed only while they stay inside the bundle
//! directory (and never around a loop), only regular files are read (a named pipe would block the loader), and no
//! file may exceed [`MAX_FILE_BYTES`]. Every refusal names the file.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::Metadata;
use std::path::{Path, PathBuf};

use axum::body::Bytes;

use crate::error::BundleError;

/// The largest file a bundle may hold: above any generated document (the one OpenAPI v2 document of the corpus
/// plus 3 000 CRD groups is 228 MB, since v2 lists every group's paths and definitions in one document), and a bound
/// on what one hostile file can make the loader allocate.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024 * 1024;

/// A bundle's files by `/`-separated relative path. The bytes are shared: a reload's unchanged files, and the
/// documents served from them, point at the memory of the bundle serving now.
pub type Files = BTreeMap<String, Bytes>;

/// `files` as [`Files`] (owned bytes are taken over, not copied; static ones are referenced).
pub fn shared<B: Into<Bytes>>(files: BTreeMap<String, B>) -> Files {
    files.into_iter().map(|(path, bytes)| (path, bytes.into())).collect()
}

/// True when `a` and `b` hold the same bytes; at once when they are the same memory (a file a reload took over
/// from the bundle it replaces), which spares comparing a gigabyte of unchanged documents byte by byte.
pub fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    (a.as_ptr() == b.as_ptr() && a.len() == b.len()) || a == b
}

/// The top-level entries of a bundle directory the runtime serves from. `kapi generate` writes others beside them
/// (`jsonschema/`, `crds/`: more than half the files of a large API) that nothing served is made of.
pub const SERVED_ENTRIES: [&str; 5] = ["discovery", "model.json", "openapi", "proto", "version.json"];

/// Which entries of a directory's top level to read.
#[derive(Debug, Clone, Copy)]
pub(crate) enum TopLevel {
    Every,
    Only(&'static [&'static str]),
}

/// Reads a directory tree into a map of `/`-separated relative paths to bytes.
pub fn read_tree(dir: &Path) -> Result<BTreeMap<String, Vec<u8>>, BundleError> {
    let mut files = BTreeMap::new();
    walk(dir, TopLevel::Every, |key, path, metadata| {
        let bytes = read_file(path, &key, metadata)?;
        files.insert(key, bytes);
        Ok(())
    })?;
    Ok(files)
}

/// Calls `visit` with the key, path and metadata of every regular file under `dir` (symbolic links resolved) and
/// the `top_level` entries, in no particular order.
pub(crate) fn walk(
    dir: &Path,
    top_level: TopLevel,
    mut visit: impl FnMut(String, &Path, &Metadata) -> Result<(), BundleError>,
) -> Result<(), BundleError> {
    let root = dir
        .canonicalize()
        .map_err(|e| BundleError::general(format!("cannot read directory {}: {e}", dir.display())))?;
    let mut visited = BTreeSet::from([root.clone()]);
    let mut pending = vec![(root.clone(), String::new())];
    while let Some((current, prefix)) = pending.pop() {
        let entries = std::fs::read_dir(&current)
            .map_err(|e| BundleError::general(format!("cannot read directory {}: {e}", current.display())))?;
        for entry in entries {
            let entry = entry.map_err(|e| BundleError::general(format!("{}: {e}", current.display())))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            // Editors and writers put temporary files beside the real ones; they are not part of the bundle.
            if name.starts_with('.') {
                continue;
            }
            if let (TopLevel::Only(names), true) = (top_level, prefix.is_empty())
                && !names.contains(&name.as_str())
            {
                continue;
            }
            let key = if prefix.is_empty() { name } else { format!("{prefix}/{name}") };
            let metadata = entry.metadata().map_err(|e| BundleError::in_file(&key, format!("cannot read: {e}")))?;
            let (path, metadata) = resolve(&root, entry.path(), metadata, &key)?;
            if metadata.is_dir() {
                if !visited.insert(path.clone()) {
                    return Err(BundleError::in_file(
                        &key,
                        "a symbolic link reaches this directory a second time (a loop or an alias)",
                    ));
                }
                pending.push((path, key));
            } else if metadata.is_file() {
                visit(key, &path, &metadata)?;
            } else {
                return Err(BundleError::in_file(&key, "not a regular file or directory"));
            }
        }
    }
    Ok(())
}

/// Where an entry leads: itself, or for a symbolic link its target, which must lie inside `root`.
fn resolve(root: &Path, path: PathBuf, metadata: Metadata, key: &str) -> Result<(PathBuf, Metadata), BundleError> {
    if !metadata.file_type().is_symlink() {
        return Ok((path, metadata));
    }
    let target =
        path.canonicalize().map_err(|e| BundleError::in_file(key, format!("cannot follow the symbolic link: {e}")))?;
    if !target.starts_with(root) {
        return Err(BundleError::in_file(
            key,
            format!("the symbolic link leads outside the bundle directory (to {})", target.display()),
        ));
    }
    let metadata = std::fs::metadata(&target).map_err(|e| BundleError::in_file(key, format!("cannot read: {e}")))?;
    Ok((target, metadata))
}

/// The file's bytes, refused before reading when it is larger than [`MAX_FILE_BYTES`].
pub(crate) fn read_file(path: &Path, key: &str, metadata: &Metadata) -> Result<Vec<u8>, BundleError> {
    let size = metadata.len();
    if size > MAX_FILE_BYTES {
        return Err(BundleError::in_file(
            key,
            format!("{size} bytes, more than the {MAX_FILE_BYTES} a bundle file may have"),
        ));
    }
    std::fs::read(path).map_err(|e| BundleError::in_file(key, format!("cannot read: {e}")))
}

/// Parses a bundle file as JSON, naming the file on failure.
pub(crate) fn parse_json(path: &str, bytes: &[u8]) -> Result<serde_json::Value, BundleError> {
    serde_json::from_slice(bytes).map_err(|e| BundleError::in_file(path, format!("not valid JSON: {e}")))
}
