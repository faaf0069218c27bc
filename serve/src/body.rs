//! A document's bytes, wherever they are kept: in memory, or in a file ([`BodyFile`]) when they are large, so a
//! bundle of hundreds of megabytes does not live in the process's heap and large responses go out with
//! `sendfile(2)`.

use std::io;

use axum::body::Bytes;

use crate::body_file::{BodyFile, SENDFILE_MIN_BYTES};

/// The bytes of one body.
#[derive(Debug, Clone)]
pub(crate) enum Body {
    Memory(Bytes),
    File(BodyFile),
}

impl Body {
    /// Bytes the server made (a gzip copy, a protobuf encoding), kept in an unnamed file when they are large
    /// enough to be sent from one, else in memory.
    pub fn kept(mut bytes: Vec<u8>) -> Self {
        if bytes.len() >= SENDFILE_MIN_BYTES
            && let Some(file) = BodyFile::of(&bytes)
        {
            return Self::File(file);
        }
        // `Bytes` keeps a vector's whole allocation, and an encoder's guess at the size (a gzip copy is made in a
        // quarter of its document's size, and comes out at about a tenth) would be held for as long as the body.
        bytes.shrink_to_fit();
        Self::Memory(Bytes::from(bytes))
    }

    pub fn len(&self) -> usize {
        match self {
            Self::Memory(bytes) => bytes.len(),
            Self::File(file) => file.len(),
        }
    }

    /// The bytes when they are in memory.
    pub fn in_memory(&self) -> Option<&Bytes> {
        match self {
            Self::Memory(bytes) => Some(bytes),
            Self::File(_) => None,
        }
    }

    /// The file when they are in one.
    pub fn file(&self) -> Option<&BodyFile> {
        match self {
            Self::Memory(_) => None,
            Self::File(file) => Some(file),
        }
    }

    /// Calls `visit` with the bytes, a piece at a time, in order (from a file without holding it whole).
    pub fn for_each_piece(&self, mut visit: impl FnMut(&[u8])) -> io::Result<()> {
        match self {
            Self::Memory(bytes) => {
                visit(bytes);
                Ok(())
            }
            Self::File(file) => file.for_each_piece(visit),
        }
    }

    /// The bytes in memory: shared when they are there already, read when they are in a file.
    pub fn to_bytes(&self) -> io::Result<Bytes> {
        match self {
            Self::Memory(bytes) => Ok(bytes.clone()),
            Self::File(file) => file.read_all().map(Bytes::from),
        }
    }

    /// True when the bytes may no longer be the ones read at load: a bundle file rewritten in place.
    pub fn changed_in_place(&self) -> bool {
        self.file().is_some_and(BodyFile::changed_in_place)
    }

    /// True when both hold the same bytes; at once when they are the same memory or the same open file (what a
    /// reload takes over from the bundle it replaces), otherwise by comparing them.
    pub fn same_as(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Memory(a), Self::Memory(b)) => crate::files::same_bytes(a, b),
            (Self::File(a), Self::File(b)) if a.same_file(b) => true,
            _ if self.len() != other.len() => false,
            _ => match (self.to_bytes(), other.to_bytes()) {
                (Ok(a), Ok(b)) => a == b,
                _ => false,
            },
        }
    }
}

impl From<Bytes> for Body {
    fn from(bytes: Bytes) -> Self {
        Self::Memory(bytes)
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn large_made_bytes_go_to_a_file_and_small_ones_stay_in_memory() {
        let large = vec![3; SENDFILE_MIN_BYTES];
        let kept = Body::kept(large.clone());
        assert!(kept.file().is_some());
        assert_eq!(kept.to_bytes().expect("reads"), large);
        assert!(Body::kept(vec![3; 10]).in_memory().is_some());
        assert!(kept.same_as(&Body::Memory(Bytes::from(large))));
        assert!(!kept.same_as(&Body::Memory(Bytes::from(vec![4; SENDFILE_MIN_BYTES]))));
    }

    #[test]
    fn small_made_bytes_hold_no_more_memory_than_their_length() {
        let mut made = Vec::with_capacity(40_000);
        made.extend_from_slice(&[5; 4_000]);
        let Body::Memory(bytes) = Body::kept(made) else { panic!("a small body is kept in memory") };
        let held = bytes.try_into_mut().expect("the only handle").capacity();
        assert!(held < 8_000, "{held} bytes held for 4 000");
    }
}
