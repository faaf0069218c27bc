//! Files written under temporary names beside their targets, flushed to disk together, then renamed into place.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::MetadataExt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::Error;

/// Files written under temporary names, waiting to be flushed and renamed; whatever is left is removed on drop, so
/// a failure leaves no temporary files behind.
#[derive(Default)]
pub(super) struct Staged {
    /// `(temporary, target)` pairs; each temporary file is written whole and closed.
    files: Vec<(PathBuf, PathBuf)>,
    /// The directories already made (or found) for staged files: tens of thousands of files share a few thousand.
    directories: BTreeSet<PathBuf>,
    /// For each file system (by device) holding a staged file, one of its staged files, kept open to flush it.
    file_systems: BTreeMap<u64, (PathBuf, fs::File)>,
}

impl Staged {
    pub(super) fn write(&mut self, target: PathBuf, bytes: &[u8]) -> Result<(), Error> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        // A dotfile name keeps a leftover temp file (after a crash) out of `check`'s extra list.
        let temp_name = format!(".{name}.tmp-{}-{}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed));
        let temp = target.with_file_name(temp_name);
        if let Some(parent) = target.parent().filter(|parent| !self.directories.contains(*parent)) {
            fs::create_dir_all(parent).map_err(|source| Error::io(parent, source))?;
            self.directories.insert(parent.to_path_buf());
        }
        let mut file = fs::File::create(&temp).map_err(|source| Error::io(&target, source))?;
        // Registered before writing, so a failed write is cleaned up with the rest.
        self.files.push((temp, target.clone()));
        file.write_all(bytes).map_err(|source| Error::io(&target, source))?;
        let device = file.metadata().map_err(|source| Error::io(&target, source))?.dev();
        self.file_systems.entry(device).or_insert((target, file));
        Ok(())
    }

    /// Puts every staged file's bytes on disk before any is renamed, so that after a crash each target holds its
    /// old bytes or its new ones, never a renamed file whose data never reached the disk.
    pub(super) fn sync(&mut self) -> Result<(), Error> {
        for (target, file) in std::mem::take(&mut self.file_systems).values() {
            flush_file_system(file, &self.files).map_err(|source| Error::io(target, source))?;
        }
        Ok(())
    }

    /// Moves every flushed file into place.
    pub(super) fn rename(&mut self) -> Result<(), Error> {
        while let Some((temp, target)) = self.files.pop() {
            if let Err(source) = fs::rename(&temp, &target) {
                let _ = fs::remove_file(&temp);
                return Err(Error::io(&target, source));
            }
        }
        Ok(())
    }
}

/// One `syncfs` writes out the whole file system `file` is on: a single journal commit for every staged file,
/// where one `fsync` per file cost a commit each (58 700 of them at 3 000 groups, most of the system time).
#[cfg(target_os = "linux")]
fn flush_file_system(file: &fs::File, _staged: &[(PathBuf, PathBuf)]) -> io::Result<()> {
    rustix::fs::syncfs(file).map_err(io::Error::from)
}

/// Without `syncfs`, each staged file is flushed on its own.
#[cfg(not(target_os = "linux"))]
fn flush_file_system(file: &fs::File, staged: &[(PathBuf, PathBuf)]) -> io::Result<()> {
    let device = file.metadata()?.dev();
    for (temp, _) in staged {
        let staged = fs::File::options().write(true).open(temp)?;
        if staged.metadata()?.dev() == device {
            staged.sync_all()?;
        }
    }
    Ok(())
}

impl Drop for Staged {
    fn drop(&mut self) {
        for (temp, _) in self.files.drain(..) {
            let _ = fs::remove_file(temp);
        }
    }
}
