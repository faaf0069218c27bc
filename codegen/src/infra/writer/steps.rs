//! The steps of one write, shared by [`super::write`] and the [`super::Sink`]: stage each file unless the
//! directory already holds it, then flush, rename, list the extra files and record the units.

use std::collections::BTreeSet;
use std::fs;
use std::io::{self, Read};
use std::path::{Component, Path, PathBuf};

use super::staged::Staged;
use crate::error::Error;
use crate::infra::artifacts::Artifacts;
use crate::infra::reuse::manifest;
use crate::infra::reuse::record::{self, Stamp};

/// What [`super::write()`] did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WriteReport {
    /// Files created or replaced because their bytes differed.
    pub written: Vec<String>,
    /// Files that already had the right bytes and were left alone.
    pub unchanged: Vec<String>,
    /// Files under the directory that the artifacts do not contain; reported, never deleted.
    pub extra: Vec<String>,
}

/// Stages one file, given as the parts its bytes are made of, unless the output directory already holds its bytes,
/// and notes which it was.
pub(super) fn stage(
    relative: &str,
    parts: &[&[u8]],
    kept: Option<&Stamp>,
    staged: &mut Staged,
    report: &mut WriteReport,
) -> Result<(), Error> {
    let target = staged.root().join(checked_relative(relative)?);
    // A file taken from the previous output in this directory, untouched since, is not read again.
    let kept = || kept.is_some_and(|kept| record::stamp(&target).ok().as_ref() == Some(kept));
    if !staged.is_new_tree() && (kept() || holds(&target, parts).unwrap_or(false)) {
        report.unchanged.push(relative.to_owned());
        return Ok(());
    }
    staged.write(target, parts)?;
    report.written.push(relative.to_owned());
    Ok(())
}

/// Whether the file at `path` holds exactly the concatenation of `parts`; read in blocks, so comparing a large
/// file holds neither it nor the parts joined.
fn holds(path: &Path, parts: &[&[u8]]) -> io::Result<bool> {
    let mut file = fs::File::open(path)?;
    let len: usize = parts.iter().map(|part| part.len()).sum();
    if file.metadata()?.len() != len as u64 {
        return Ok(false);
    }
    let mut block = vec![0; len.min(1 << 20)];
    for part in parts {
        for expected in part.chunks(block.len().max(1)) {
            let read = &mut block[..expected.len()];
            if file.read_exact(read).is_err() || read != expected {
                return Ok(false);
            }
        }
    }
    // Nothing after the last part: the file may have grown since its length was read.
    Ok(file.read(&mut [0])? == 0)
}

/// Flushes and renames what was staged, lists the extra files and records the units.
pub(super) fn finish(
    dir: &Path,
    artifacts: &Artifacts,
    mut staged: Staged,
    mut report: WriteReport,
) -> Result<WriteReport, Error> {
    staged.sync()?;
    staged.rename()?;
    if !staged.is_new_tree() {
        report.extra = extra_files(dir, artifacts).map_err(|source| Error::io(dir, source))?;
    }
    manifest::record(dir, artifacts)?;
    Ok(report)
}

/// Rejects absolute paths and `..` so artifacts cannot land outside the output directory.
pub(super) fn checked_relative(relative: &str) -> Result<PathBuf, Error> {
    let path = Path::new(relative);
    let normal = path.components().all(|component| matches!(component, Component::Normal(_)));
    if relative.is_empty() || !normal {
        return Err(Error::invalid_artifact_path(relative));
    }
    Ok(path.to_path_buf())
}

/// Non-dot files under `dir`, as `/`-separated relative paths, that the artifacts do not contain.
pub(super) fn extra_files(dir: &Path, artifacts: &Artifacts) -> io::Result<Vec<String>> {
    let mut found = BTreeSet::new();
    collect_files(dir, "", &mut found)?;
    Ok(found.into_iter().filter(|path| !artifacts.contains(path)).collect())
}

fn collect_files(dir: &Path, prefix: &str, found: &mut BTreeSet<String>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let relative = if prefix.is_empty() { name } else { format!("{prefix}/{name}") };
        if entry.file_type()?.is_dir() {
            collect_files(&entry.path(), &relative, found)?;
        } else {
            found.insert(relative);
        }
    }
    Ok(())
}
