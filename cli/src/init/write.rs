//! Puts the scaffold on disk all at once: files go into a hidden staging directory beside the target, which is
//! renamed into place, so a failure leaves no half-written crate.

use std::fs;
use std::path::{Path, PathBuf};

/// Writes `files` (relative path, contents) as the new directory `target`, which must not exist or be empty.
pub fn write_new_directory(target: &Path, files: &[(String, Vec<u8>)]) -> Result<(), String> {
    check_free(target)?;
    let staging = staging_path(target);
    let result = write_all(&staging, files).and_then(|()| {
        if target.exists() {
            fs::remove_dir(target).map_err(|e| format!("cannot replace the empty {}: {e}", target.display()))?;
        }
        fs::rename(&staging, target).map_err(|e| format!("cannot create {}: {e}", target.display()))
    });
    if result.is_err() {
        let _ = fs::remove_dir_all(&staging);
    }
    result
}

/// Refuses a target that is a file, or a directory with anything in it.
pub fn check_free(target: &Path) -> Result<(), String> {
    match fs::read_dir(target).map(|mut entries| entries.next().is_none()) {
        Ok(true) => Ok(()),
        Ok(false) => Err(format!("{} already exists and is not empty; kapi writes only new crates", target.display())),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(format!("{} exists and is not an empty directory: {error}", target.display())),
    }
}

fn staging_path(target: &Path) -> PathBuf {
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    target.with_file_name(format!(".{name}.kapi-init-{}", std::process::id()))
}

fn write_all(root: &Path, files: &[(String, Vec<u8>)]) -> Result<(), String> {
    for (relative, bytes) in files {
        let path = root.join(relative);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        fs::write(&path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}
