//! A bundle's files: reading a directory tree into memory, and parsing one file as JSON.
//!
//! The tree is read as untrusted input: symbolic links are followed only while they stay inside the bundle
//! directory (and never around a loop), only regular files are read (a named pipe would block the loader), and no
//! file may exceed [`MAX_FILE_BYTES`]. Every refusal names the file.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::FileType;
use std::path::{Path, PathBuf};

use crate::error::BundleError;

/// The largest file a bundle may hold: above any generated document (the one OpenAPI v2 document of the corpus
/// plus 3 000 CRD groups is 228 MB, since v2 lists every group's paths and definitions in one document), and a bound
/// on what one hostile file can make the loader allocate.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024 * 1024;

/// Reads a directory tree into a map of `/`-separated relative paths to bytes.
pub fn read_tree(dir: &Path) -> Result<BTreeMap<String, Vec<u8>>, BundleError> {
    let root = dir
        .canonicalize()
        .map_err(|e| BundleError::general(format!("cannot read directory {}: {e}", dir.display())))?;
    let mut files = BTreeMap::new();
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
            let key = if prefix.is_empty() { name } else { format!("{prefix}/{name}") };
            let file_type = entry.file_type().map_err(|e| BundleError::in_file(&key, format!("cannot read: {e}")))?;
            let (path, file_type) = resolve(&root, entry.path(), file_type, &key)?;
            if file_type.is_dir() {
                if !visited.insert(path.clone()) {
                    return Err(BundleError::in_file(
                        &key,
                        "a symbolic link reaches this directory a second time (a loop or an alias)",
                    ));
                }
                pending.push((path, key));
            } else if file_type.is_file() {
                files.insert(key.clone(), read_file(&path, &key)?);
            } else {
                return Err(BundleError::in_file(&key, "not a regular file or directory"));
            }
        }
    }
    Ok(files)
}

/// Where an entry leads: itself, or for a symbolic link its target, which must lie inside `root`.
fn resolve(root: &Path, path: PathBuf, file_type: FileType, key: &str) -> Result<(PathBuf, FileType), BundleError> {
    if !file_type.is_symlink() {
        return Ok((path, file_type));
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
    Ok((target, metadata.file_type()))
}

/// The file's bytes, refused before reading when it is larger than [`MAX_FILE_BYTES`].
fn read_file(path: &Path, key: &str) -> Result<Vec<u8>, BundleError> {
    let size = std::fs::metadata(path).map_err(|e| BundleError::in_file(key, format!("cannot read: {e}")))?.len();
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
