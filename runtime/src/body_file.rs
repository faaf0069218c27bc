//! Large bodies kept a second time in an anonymous in-memory file (`memfd`), written once when the bundle loads,
//! so the fast path can have the kernel send them with `sendfile(2)` straight from those pages instead of
//! copying them from the process on every response — what nginx's `sendfile on` does for files on disk.

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
    use rustix::fs::{MemfdFlags, SealFlags, fcntl_add_seals, memfd_create};
    let mut file = File::from(memfd_create("kapi-body", MemfdFlags::CLOEXEC | MemfdFlags::ALLOW_SEALING)?);
    file.write_all(bytes)?;
    // Sealed: nothing can change the bytes behind the ETag computed from them.
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

    #[test]
    fn large_bodies_get_a_sealed_file_with_the_same_bytes_and_small_ones_none() {
        assert!(BodyFile::of(&[1; SENDFILE_MIN_BYTES - 1]).is_none());
        let bytes: Vec<u8> = (0..SENDFILE_MIN_BYTES * 2).map(|i| (i % 251) as u8).collect();
        let body = BodyFile::of(&bytes).expect("a file");
        assert_eq!(body.len(), bytes.len());
        let mut file = body.file();
        file.rewind().expect("rewind");
        let mut read = Vec::new();
        file.read_to_end(&mut read).expect("read");
        assert_eq!(read, bytes);
        assert!((&*body.file).write_all(b"x").is_err(), "sealed against writes");
    }
}
