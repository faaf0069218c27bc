//! Where the bytes of a bundle's documents are while it is built: the files read into memory (everything parsed
//! at load, and small documents), and large documents kept as open files ([`crate::Tree::read_keeping_open`]),
//! which are served from their files and never read whole into the heap.

use std::collections::BTreeMap;

use axum::body::Bytes;

use crate::body::Body;
use crate::body_file::BodyFile;
use crate::files::Files;

/// Large documents of a bundle directory by relative path, each the file as opened when it was read.
pub(crate) type OpenFiles = BTreeMap<String, BodyFile>;

/// A bundle's files: in memory, or open.
#[derive(Debug, Clone, Default)]
pub(crate) struct Sources {
    pub files: Files,
    pub open: OpenFiles,
}

impl Sources {
    /// The bytes of `path`, wherever they are.
    pub fn get(&self, path: &str) -> Option<Body> {
        match self.files.get(path) {
            Some(bytes) => Some(Body::Memory(bytes.clone())),
            None => self.open.get(path).cloned().map(Body::File),
        }
    }

    /// The bytes of `path` when they are in memory (every file a bundle parses at load is).
    pub fn bytes(&self, path: &str) -> Option<&Bytes> {
        self.files.get(path)
    }

    /// Takes `path` out.
    pub fn remove(&mut self, path: &str) {
        self.files.remove(path);
        self.open.remove(path);
    }
}
