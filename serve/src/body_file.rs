//! Large bodies kept a second time in an unnamed file, written once when the bundle loads, so the fast path can
//! have the kernel send them with `sendfile(2)` straight from the page cache instead of copying them from the
//! process on every response — what nginx's `sendfile on` does for files on disk.
//!
//! The file is an `O_TMPFILE` in the temporary directory (`TMPDIR`, else `/tmp`): never linked into it, gone when
//! the last bundle holding it is dropped, and reopened read-only so no writable descriptor outlives its writing.
//! On a disk filesystem such a file's page cache is held in large folios, which `sendfile` looks up a batch at a
//! time; an in-memory file (`memfd`, shmem) is looked up one 4 KiB page at a time, which measured about 15 % more
//! server CPU per 595 KB response. Where the temporary directory cannot hold one, a sealed `memfd` is used.

use std::fs::File;
use std::io::Write;
use std::sync::Arc;

/// Bodies below this are written with the head in one vectored write: a second system call would cost more than
/// the copy it saves.
pub(crate) const SENDFILE_MIN_BYTES: usize = 64 * 1024;

/// A body's bytes in an in-memory file; clones share the file.
#[derive(Debug, Clone)]
pub(crate) struct BodyFile {
    file: Arc<File>,
    len: usize,
}

impl BodyFile {
    /// A file holding `bytes` when they are large enough to be worth it and the system has in-memory files;
    /// otherwise `None` and the body is written from memory.
    pub fn of(bytes: &[u8]) -> Option<Self> {
        if bytes.len() < SENDFILE_MIN_BYTES {
            return None;
        }
        match create(bytes) {
            Ok(file) => Some(Self { file: Arc::new(file), len: bytes.len() }),
            Err(error) => {
                tracing::debug!(%error, "no in-memory file for a large body; it is written from memory");
                None
            }
        }
    }

    /// The file.
    pub fn file(&self) -> &File {
        &self.file
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
        assert!((&*body.file).write_all(b"x").is_err(), "not writable");
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
}
