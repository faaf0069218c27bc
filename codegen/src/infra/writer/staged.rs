//! Files written under temporary names beside their targets, flushed to disk together, then renamed into place;
//! or, when the output directory does not exist yet, written under their own names into a new directory beside it
//! that is renamed into place whole.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::Error;

/// From how many staged files on flushes whole file systems rather than file by file ([`Staged::sync`]).
const WHOLE_FILE_SYSTEM_FROM: usize = 256;

/// Files written under temporary names, waiting to be flushed and renamed; whatever is left is removed on drop, so
/// a failure leaves no temporary files behind.
pub(super) struct Staged {
    /// Where the files go: the output directory, or the new tree that will become it.
    root: PathBuf,
    /// Set when the output directory did not exist.
    new_tree: Option<NewTree>,
    /// `(temporary, target)` pairs; each temporary file is written whole and closed. In a new tree both are the
    /// file's own path there.
    files: Vec<(PathBuf, PathBuf)>,
    /// The directories already made (or found) for staged files: tens of thousands of files share a few thousand.
    directories: BTreeSet<PathBuf>,
    /// For each file system (by device) holding a staged file, one of its staged files, kept open to flush it
    /// (where file systems can be flushed whole).
    file_systems: BTreeMap<u64, (PathBuf, fs::File)>,
}

/// A whole output written into a directory of its own beside the one asked for, which does not exist yet. Nothing
/// there can be old, so no file needs a temporary name (tens of thousands of renames and failed lookups at scale),
/// and one rename of the directory puts all of them in place at once.
struct NewTree {
    /// The output directory asked for.
    target: PathBuf,
    /// Whether the tree was made on disk (at the first file).
    made: bool,
    /// Whether it was renamed into place.
    placed: bool,
}

impl Staged {
    /// Nothing staged yet, for the output directory `dir`.
    pub(super) fn for_dir(dir: &Path) -> Self {
        let absent = matches!(fs::symlink_metadata(dir), Err(error) if error.kind() == io::ErrorKind::NotFound);
        let new_tree = absent.then(|| new_tree_path(dir)).flatten();
        let (root, new_tree) = match new_tree {
            Some(root) => (root, Some(NewTree { target: dir.to_path_buf(), made: false, placed: false })),
            None => (dir.to_path_buf(), None),
        };
        Self { root, new_tree, files: Vec::new(), directories: BTreeSet::new(), file_systems: BTreeMap::new() }
    }

    /// The directory the files go under: the output directory, or the new tree that becomes it.
    pub(super) fn root(&self) -> &Path {
        &self.root
    }

    /// Whether the output directory did not exist: then nothing there can hold a file already, or be extra.
    pub(super) fn is_new_tree(&self) -> bool {
        self.new_tree.is_some()
    }

    /// Writes `parts`, one after the other, under a temporary name beside `target` (under [`Self::root`]); in a
    /// new tree, under `target` itself.
    pub(super) fn write(&mut self, target: PathBuf, parts: &[&[u8]]) -> Result<(), Error> {
        if let Some(tree) = self.new_tree.as_mut().filter(|tree| !tree.made) {
            if let Some(parent) = tree.target.parent().filter(|parent| !parent.as_os_str().is_empty()) {
                fs::create_dir_all(parent).map_err(|source| Error::io(parent, source))?;
            }
            // `create_dir`, not `create_dir_all`: a tree of the same name is another generation's, not ours to use.
            fs::create_dir(&self.root).map_err(|source| Error::io(&self.root, source))?;
            tree.made = true;
        }
        if self.new_tree.is_some() {
            return self.write_as(target.clone(), target, parts);
        }
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        // A dotfile name keeps a leftover temp file (after a crash) out of `check`'s extra list.
        let temp_name = format!(".{name}.tmp-{}-{}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed));
        let temp = target.with_file_name(temp_name);
        self.write_as(temp, target, parts)
    }

    /// Writes `parts` to `temp`, the file that becomes `target`.
    fn write_as(&mut self, temp: PathBuf, target: PathBuf, parts: &[&[u8]]) -> Result<(), Error> {
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

    /// Moves every flushed file into place: the new tree, or each file.
    pub(super) fn rename(&mut self) -> Result<(), Error> {
        if let Some(tree) = self.new_tree.as_mut() {
            if !tree.made {
                // Nothing was written: the output is an empty directory.
                return fs::create_dir_all(&tree.target).map_err(|source| Error::io(&tree.target, source));
            }
            // Fails, leaving the tree to be removed on drop, when the directory appeared since (unless empty).
            fs::rename(&self.root, &tree.target).map_err(|source| Error::io(&tree.target, source))?;
            tree.placed = true;
            self.files.clear();
            return Ok(());
        }
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

/// A hidden sibling of `dir` for its new tree, unique to this process and moment; none when `dir` has no name.
fn new_tree_path(dir: &Path) -> Option<PathBuf> {
    let name = dir.file_name()?.to_string_lossy();
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    Some(dir.with_file_name(format!(".{name}.kapi-new-{}-{nanos}", std::process::id())))
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Some(tree) = &self.new_tree {
            if tree.made && !tree.placed {
                let _ = fs::remove_dir_all(&self.root);
            }
            return;
        }
        for (temp, _) in self.files.drain(..) {
            let _ = fs::remove_file(temp);
        }
    }
}
