//! Large bodies in files the fast path sends with `sendfile(2)` straight from the page cache instead of copying
//! them from the process on every response — what nginx's `sendfile on` does for files on disk.
//!
//! Two kinds: a bundle's own file, opened when the bundle loads and kept open ([`BodyFile::opened`]), so the
//! bytes served are those of the inode read then even after `kapi generate` replaces the file by a rename; and
//! bytes the server made (a gzip copy, a protobuf encoding) written once to an unnamed file ([`BodyFile::of`]).
//!
//! The unnamed file is an `O_TMPFILE` in the temporary directory (`TMPDIR`, else `/tmp`): never linked into it,
//! gone when the last bundle holding it is dropped, and reopened read-only so no writable descriptor outlives its
//! writing. On a disk filesystem such a file's page cache is held in large folios, which `sendfile` looks up a
//! batch at a time; an in-memory file (`memfd`, shmem) is looked up one 4 KiB page at a time, which measured about
//! 15 % more server CPU per 595 KB response. Where the temporary directory cannot hold one, a sealed `memfd` is
//! used.

use std::fs::File;
use std::io::Write;
use std::os::unix::fs::{FileExt, MetadataExt};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// Bodies below this are written with the head in one vectored write: a second system call would cost more than
/// the copy it saves.
pub(crate) const SENDFILE_MIN_BYTES: usize = 64 * 1024;

/// How many bytes a body is read in at a time when it is hashed, compressed or copied.
const PIECE_BYTES: usize = 1 << 20;

/// A body's bytes in a file; clones share the file.
#[derive(Debug, Clone)]
pub(crate) struct BodyFile {
    file: Arc<Held>,
    len: usize,
    /// For a bundle's own file: its modification time when opened. A writer that rewrites the file in place
    /// (rather than replacing it) changes it, and the bytes are then no longer those the ETag names. (Not the
    /// change time: replacing the path by a rename changes the old file's link count, and so its change time.)
    opened_at: Option<(i64, i64)>,
}

/// An open file, and whether it counts against [`MADE_FILES`].
#[derive(Debug)]
struct Held {
    file: File,
    made: bool,
}

impl Drop for Held {
    fn drop(&mut self) {
        if self.made {
            MADE_FILES.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

/// Files the server made and holds open. They are a quarter of the open-files limit at most: past it, made bytes
/// stay in memory, so thousands of large documents never take the descriptors that connections (and the bundle's
/// own files, half of the limit) need.
static MADE_FILES: AtomicUsize = AtomicUsize::new(0);

fn made_files_budget() -> usize {
    static BUDGET: OnceLock<usize> = OnceLock::new();
    *BUDGET.get_or_init(|| budget_of(rustix::process::getrlimit(rustix::process::Resource::Nofile).current))
}

/// A quarter of the soft limit on open files (no limit: no budget).
fn budget_of(soft_limit: Option<u64>) -> usize {
    soft_limit.map_or(usize::MAX, |soft| usize::try_from(soft / 4).unwrap_or(usize::MAX))
}

/// Takes a place among the made files; `false` when they are all taken.
fn take_made_file() -> bool {
    take_place(&MADE_FILES, made_files_budget())
}

fn take_place(open: &AtomicUsize, budget: usize) -> bool {
    open.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |held| (held < budget).then_some(held + 1)).is_ok()
}

impl BodyFile {
    /// A file holding `bytes` when they are large enough to be worth it and the system has in-memory files;
    /// otherwise `None` and the body is written from memory.
    pub fn of(bytes: &[u8]) -> Option<Self> {
        if bytes.len() < SENDFILE_MIN_BYTES || !take_made_file() {
            return None;
        }
        match create(bytes) {
            Ok(file) => Some(Self { file: Arc::new(Held { file, made: true }), len: bytes.len(), opened_at: None }),
            Err(error) => {
                MADE_FILES.fetch_sub(1, Ordering::Relaxed);
                tracing::debug!(%error, "no in-memory file for a large body; it is written from memory");
                None
            }
        }
    }

    /// A bundle's file, already open, of `metadata` (read from the open descriptor).
    pub fn opened(file: File, metadata: &std::fs::Metadata) -> Self {
        let times = (metadata.mtime(), metadata.mtime_nsec());
        let len = usize::try_from(metadata.len()).unwrap_or(usize::MAX);
        Self { file: Arc::new(Held { file, made: false }), len, opened_at: Some(times) }
    }

    /// True when the bytes may no longer be those read when the file was opened: it was written, truncated or
    /// extended in place since (one `fstat`). Replacing it by a rename leaves the open inode as it was.
    pub fn changed_in_place(&self) -> bool {
        let Some(opened_at) = self.opened_at else { return false };
        match self.file.file.metadata() {
            Ok(now) => (now.mtime(), now.mtime_nsec()) != opened_at || now.len() != self.len as u64,
            Err(_) => true,
        }
    }

    /// Calls `visit` with the bytes, a piece at a time, in order.
    pub fn for_each_piece(&self, mut visit: impl FnMut(&[u8])) -> std::io::Result<()> {
        let mut buffer = vec![0; PIECE_BYTES.min(self.len)];
        let mut offset = 0;
        while offset < self.len {
            let want = (self.len - offset).min(buffer.len());
            let read = self.file.file.read_at(&mut buffer[..want], offset as u64)?;
            if read == 0 {
                return Err(std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "the file became shorter"));
            }
            visit(&buffer[..read]);
            offset += read;
        }
        Ok(())
    }

    /// The bytes from `offset`, at most `max` of them (fewer at the end).
    pub fn read_piece(&self, offset: usize, max: usize) -> std::io::Result<Vec<u8>> {
        let mut piece = vec![0; max.min(self.len.saturating_sub(offset))];
        self.file.file.read_exact_at(&mut piece, offset as u64)?;
        Ok(piece)
    }

    /// All the bytes, read into memory.
    pub fn read_all(&self) -> std::io::Result<Vec<u8>> {
        self.read_piece(0, self.len)
    }

    /// True when both are the same open file.
    pub fn same_file(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.file, &other.file)
    }

    /// The file.
    pub fn file(&self) -> &File {
        &self.file.file
    }

    /// The body's length.
    pub fn len(&self) -> usize {
        self.len
    }
}

#[cfg(target_os = "linux")]
fn create(bytes: &[u8]) -> std::io::Result<File> {
    unnamed_file(&std::env::temp_dir(), bytes).or_else(|error| {
        tracing::debug!(%error, "no unnamed file in the temporary directory for a large body; using a memfd");
        sealed_memfd(bytes)
    })
}

/// `bytes` in an `O_TMPFILE` under `dir`, returned open read-only.
#[cfg(target_os = "linux")]
fn unnamed_file(dir: &std::path::Path, bytes: &[u8]) -> std::io::Result<File> {
    use std::os::fd::AsRawFd;

    use rustix::fs::{Mode, OFlags, open};
    let mut file = File::from(open(dir, OFlags::TMPFILE | OFlags::RDWR | OFlags::CLOEXEC, Mode::RUSR | Mode::WUSR)?);
    file.write_all(bytes)?;
    // Through /proc the unnamed file can be opened again, read-only; the writable descriptor is then closed.
    Ok(File::open(format!("/proc/self/fd/{}", file.as_raw_fd())).unwrap_or(file))
}

/// `bytes` in a `memfd`, sealed: nothing can change the bytes behind the ETag computed from them.
#[cfg(target_os = "linux")]
fn sealed_memfd(bytes: &[u8]) -> std::io::Result<File> {
    use rustix::fs::{MemfdFlags, SealFlags, fcntl_add_seals, memfd_create};
    let mut file = File::from(memfd_create("kapi-body", MemfdFlags::CLOEXEC | MemfdFlags::ALLOW_SEALING)?);
    file.write_all(bytes)?;
    fcntl_add_seals(&file, SealFlags::WRITE | SealFlags::GROW | SealFlags::SHRINK | SealFlags::SEAL)?;
    Ok(file)
}

#[cfg(not(target_os = "linux"))]
fn create(_: &[u8]) -> std::io::Result<File> {
    Err(std::io::ErrorKind::Unsupported.into())
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use std::io::{Read, Seek};

    use super::*;

    fn sample() -> Vec<u8> {
        (0..SENDFILE_MIN_BYTES * 2).map(|i| (i % 251) as u8).collect()
    }

    fn contents(mut file: &File) -> Vec<u8> {
        file.rewind().expect("rewind");
        let mut read = Vec::new();
        file.read_to_end(&mut read).expect("read");
        read
    }

    #[test]
    fn large_bodies_get_a_read_only_file_with_the_same_bytes_and_small_ones_none() {
        assert!(BodyFile::of(&[1; SENDFILE_MIN_BYTES - 1]).is_none());
        let bytes = sample();
        let body = BodyFile::of(&bytes).expect("a file");
        assert_eq!(body.len(), bytes.len());
        assert_eq!(contents(body.file()), bytes);
        assert!(body.file().write_all(b"x").is_err(), "not writable");
    }

    #[test]
    fn made_files_stay_within_a_quarter_of_the_open_files_limit() {
        assert_eq!(budget_of(Some(20_000)), 5_000);
        assert_eq!(budget_of(None), usize::MAX);
        let open = AtomicUsize::new(0);
        assert!((0..3).all(|_| take_place(&open, 3)), "places up to the budget");
        assert!(!take_place(&open, 3), "none past it");
        open.fetch_sub(1, Ordering::Relaxed);
        assert!(take_place(&open, 3), "a place given back is taken again");
        // A made file gives its place back when the last copy of it is dropped.
        let before = MADE_FILES.load(Ordering::Relaxed);
        let file = BodyFile::of(&sample()).expect("a file");
        let copy = file.clone();
        assert_eq!(MADE_FILES.load(Ordering::Relaxed), before + 1);
        drop(file);
        assert_eq!(MADE_FILES.load(Ordering::Relaxed), before + 1, "a copy still holds it");
        drop(copy);
        assert_eq!(MADE_FILES.load(Ordering::Relaxed), before);
    }

    #[test]
    fn the_unnamed_file_leaves_no_name_in_its_directory() {
        let dir = std::env::temp_dir().join(format!("kapi-body-file-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a directory");
        let file = unnamed_file(&dir, &sample());
        let names = std::fs::read_dir(&dir).expect("listed").count();
        std::fs::remove_dir(&dir).expect("removed");
        let file = file.expect("O_TMPFILE works in the temporary directory");
        assert_eq!(names, 0);
        assert_eq!(contents(&file), sample());
        assert!((&file).write_all(b"x").is_err(), "reopened read-only");
    }

    #[test]
    fn the_memfd_fallback_is_sealed() {
        let file = sealed_memfd(&sample()).expect("a memfd");
        assert_eq!(contents(&file), sample());
        assert!((&file).write_all(b"x").is_err(), "sealed against writes");
    }

    #[test]
    fn an_opened_file_keeps_its_bytes_after_a_rename_and_notices_a_rewrite_in_place() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("doc.json");
        std::fs::write(&path, sample()).expect("written");
        let file = File::open(&path).expect("opens");
        let metadata = file.metadata().expect("stat");
        let body = BodyFile::opened(file, &metadata);
        // Replaced as `kapi generate` replaces files: the open inode keeps its bytes.
        let replacement = dir.path().join(".doc.json.tmp");
        std::fs::write(&replacement, b"new").expect("written");
        std::fs::rename(&replacement, &path).expect("renamed");
        assert!(!body.changed_in_place());
        assert_eq!(body.read_all().expect("reads"), sample());
        let mut pieces = Vec::new();
        body.for_each_piece(|piece| pieces.extend_from_slice(piece)).expect("reads");
        assert_eq!(pieces, sample());

        // Rewritten in place: noticed.
        let path = dir.path().join("other.json");
        std::fs::write(&path, sample()).expect("written");
        let file = File::open(&path).expect("opens");
        let metadata = file.metadata().expect("stat");
        let body = BodyFile::opened(file, &metadata);
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&path, vec![7; sample().len()]).expect("rewritten");
        assert!(body.changed_in_place());
    }
}
