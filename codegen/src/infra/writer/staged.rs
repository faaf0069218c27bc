//! Files written under temporary names beside their targets, flushed to disk together, then renamed into place.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::Error;

/// From how many staged files on flushes whole file systems rather than file by file ([`Staged::sync`]).
const WHOLE_FILE_SYSTEM_FROM: usize = 256;

/// Files written under temporary names, waiting to be flushed and renamed; whatever is left is removed on drop, so
/// a failure leaves no temporary files behind.
#[derive(Default)]
pub(super) struct Staged {
    /// `(temporary, target)` pairs; each temporary file is written whole and closed.
    files: Vec<(PathBuf, PathBuf)>,
    /// The directories already made (or found) for staged files: tens of thousands of files share a few thousand.
    directories: BTreeSet<PathBuf>,
    /// For each file system (by device) holding a staged file, one of its staged files, kept open to flush it
    /// (where file systems can be flushed whole).
    file_systems: BTreeMap<u64, (PathBuf, fs::File)>,
}

impl Staged {
    /// Writes `parts`, one after the other, under a temporary name beside `target`.
    pub(super) fn write(&mut self, target: PathBuf, parts: &[&[u8]]) -> Result<(), Error> {
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
        write_parts(&mut file, parts).map_err(|source| Error::io(&target, source))?;
        if let Some(device) = file_system_of(&file).map_err(|source| Error::io(&target, source))? {
            self.file_systems.entry(device).or_insert((target, file));
        }
        Ok(())
    }

    /// Puts every staged file's bytes on disk before any is renamed, so that after a crash each target holds its
    /// old bytes or its new ones, never a renamed file whose data never reached the disk.
    ///
    /// Many files are flushed with one `syncfs` per file system: a single journal commit for all of them, where
    /// one `fsync` per file cost a commit each (58 700 of them at 3 000 groups, most of the system time). A few
    /// are flushed one by one, as `syncfs` also waits for whatever else was written to the file system (a build
    /// script's handful of files beside a build's outputs).
    pub(super) fn sync(&mut self) -> Result<(), Error> {
        let file_systems = std::mem::take(&mut self.file_systems);
        if self.files.len() >= WHOLE_FILE_SYSTEM_FROM && !file_systems.is_empty() {
            for (target, file) in file_systems.values() {
                flush_file_system(file).map_err(|source| Error::io(target, source))?;
            }
            return Ok(());
        }
        for (temp, target) in &self.files {
            fs::File::open(temp).and_then(|file| file.sync_all()).map_err(|source| Error::io(target, source))?;
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

/// Many small parts are gathered into blocks, so a document of thousands of entries is not a write each.
fn write_parts(file: &mut fs::File, parts: &[&[u8]]) -> io::Result<()> {
    match parts {
        [whole] => file.write_all(whole),
        _ => {
            let mut writer = io::BufWriter::with_capacity(1 << 20, file);
            parts.iter().try_for_each(|part| writer.write_all(part))?;
            writer.flush()
        }
    }
}

/// The device of the file system `file` is on, where whole file systems can be flushed.
#[cfg(target_os = "linux")]
fn file_system_of(file: &fs::File) -> io::Result<Option<u64>> {
    use std::os::unix::fs::MetadataExt;
    Ok(Some(file.metadata()?.dev()))
}

#[cfg(not(target_os = "linux"))]
fn file_system_of(_file: &fs::File) -> io::Result<Option<u64>> {
    Ok(None)
}

#[cfg(target_os = "linux")]
fn flush_file_system(file: &fs::File) -> io::Result<()> {
    rustix::fs::syncfs(file).map_err(io::Error::from)
}

/// Never called: no file system is recorded where they cannot be flushed whole.
#[cfg(not(target_os = "linux"))]
fn flush_file_system(_file: &fs::File) -> io::Result<()> {
    Err(io::ErrorKind::Unsupported.into())
}

impl Drop for Staged {
    fn drop(&mut self) {
        for (temp, _) in self.files.drain(..) {
            let _ = fs::remove_file(temp);
        }
    }
}
