//! Files written under temporary names beside their targets, flushed in batches, then renamed into place.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::Error;

/// Files written under temporary names, waiting to be flushed and renamed; whatever is left is removed on drop, so
/// a failure leaves no temporary files behind.
#[derive(Default)]
pub(super) struct Staged {
    /// `(temporary, target)` pairs, with the open temporary file until it is flushed.
    files: Vec<(PathBuf, PathBuf, Option<fs::File>)>,
    /// How many of them are still open.
    open: usize,
}

/// How many files are flushed at once.
const SYNC_THREADS: usize = 16;

/// How many written files may wait, open, for their flush.
const SYNC_BATCH: usize = 256;

impl Staged {
    pub(super) fn write(&mut self, target: PathBuf, bytes: &[u8]) -> Result<(), Error> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        // A dotfile name keeps a leftover temp file (after a crash) out of `check`'s extra list.
        let temp_name = format!(".{name}.tmp-{}-{}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed));
        let temp = target.with_file_name(temp_name);
        let mut file = fs::File::create(&temp).map_err(|source| Error::io(&target, source))?;
        // Registered before writing, so a failed write is cleaned up with the rest.
        let result = file.write_all(bytes);
        self.files.push((temp, target.clone(), Some(file)));
        result.map_err(|source| Error::io(&target, source))?;
        self.open += 1;
        // Flushing in batches bounds the open files (and so the descriptors) to a batch.
        if self.open == SYNC_BATCH { self.sync() } else { Ok(()) }
    }

    /// Flushes every staged file still open to disk, several at a time, and closes it.
    pub(super) fn sync(&mut self) -> Result<(), Error> {
        self.open = 0;
        let mut open: Vec<(&Path, fs::File)> =
            self.files.iter_mut().filter_map(|(_, target, file)| Some((target.as_path(), file.take()?))).collect();
        let chunk = open.len().div_ceil(SYNC_THREADS).max(1);
        std::thread::scope(|scope| {
            let workers: Vec<_> = open
                .chunks_mut(chunk)
                .map(|files| {
                    scope.spawn(move || {
                        files.iter().try_for_each(|(target, file)| file.sync_all().map_err(|e| Error::io(target, e)))
                    })
                })
                .collect();
            workers
                .into_iter()
                .try_for_each(|worker| worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
        })
    }

    /// Moves every flushed file into place.
    pub(super) fn rename(&mut self) -> Result<(), Error> {
        while let Some((temp, target, _)) = self.files.pop() {
            if let Err(source) = fs::rename(&temp, &target) {
                let _ = fs::remove_file(&temp);
                return Err(Error::io(&target, source));
            }
        }
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        for (temp, _, _) in self.files.drain(..) {
            let _ = fs::remove_file(temp);
        }
    }
}
