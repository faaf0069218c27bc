//! A bundle's files: reading a directory tree into memory, and parsing one file as JSON.

use std::collections::BTreeMap;
use std::path::Path;

use crate::error::BundleError;

/// Reads a directory tree into a map of `/`-separated relative paths to bytes.
pub fn read_tree(dir: &Path) -> Result<BTreeMap<String, Vec<u8>>, BundleError> {
    let mut files = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        let entries = std::fs::read_dir(&current)
            .map_err(|e| BundleError::general(format!("cannot read directory {}: {e}", current.display())))?;
        for entry in entries {
            let entry = entry.map_err(|e| BundleError::general(format!("{}: {e}", current.display())))?;
            let path = entry.path();
            // Editors and writers put temporary files beside the real ones; they are not part of the bundle.
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            if path.is_dir() {
                pending.push(path);
                continue;
            }
            let relative = path.strip_prefix(dir).map_err(|e| BundleError::general(e.to_string()))?;
            let key = relative.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
            let bytes = std::fs::read(&path).map_err(|e| BundleError::in_file(&key, format!("cannot read: {e}")))?;
            files.insert(key, bytes);
        }
    }
    Ok(files)
}

/// Parses a bundle file as JSON, naming the file on failure.
pub(crate) fn parse_json(path: &str, bytes: &[u8]) -> Result<serde_json::Value, BundleError> {
    serde_json::from_slice(bytes).map_err(|e| BundleError::in_file(path, format!("not valid JSON: {e}")))
}
