//! The generator's output: relative paths to file bytes, held in memory until a writer puts them on disk, or
//! handed to a [`FileSink`] as each is finished when generating for an output directory.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::Arc;

use crate::infra::reuse::record::{Stamp, UnitRecord};

/// Which files a streaming generation holds rather than hands over: those read back once written.
pub(crate) type ReadBack = fn(&str) -> bool;

/// Where a streaming generation's finished files go ([`crate::writer::Sink`]).
pub(crate) trait FileSink: Send + Sync + fmt::Debug {
    /// Takes one finished file, given as the parts its bytes are made of, in order; `kept` is the stamp it had in
    /// the previous output it was taken from.
    fn put(&self, path: &str, parts: &[&[u8]], kept: Option<&Stamp>);
}

/// A file taken out of the artifacts for a while ([`Artifacts::take_held`]).
#[derive(Debug)]
pub(crate) struct HeldFile {
    pub path: String,
    pub bytes: Vec<u8>,
    /// The stamp it had in the previous output it was taken from, if it was.
    kept: Option<Stamp>,
}

/// Generated files by relative path (`/`-separated), in path order, and the warnings generating them raised.
#[derive(Debug, Clone, Default)]
pub struct Artifacts {
    files: BTreeMap<String, Vec<u8>>,
    warnings: Vec<String>,
    /// The reusable units the files came in ([`crate::reuse`]), for the next generation.
    units: BTreeMap<String, UnitRecord>,
    /// The units taken from a previous generation rather than rendered.
    reused: BTreeSet<String>,
    /// Files taken from the previous output, with the stamp they had there: the writer leaves such a file alone
    /// without reading it when it still has that stamp.
    kept: BTreeMap<String, Stamp>,
    /// Where finished files go at once, when generating for a directory, and which files stay held instead
    /// (those generation reads back).
    sink: Option<(Arc<dyn FileSink>, ReadBack)>,
    /// The files handed to the sink: part of the output, no longer held.
    streamed: BTreeSet<String>,
}

/// Equal when the files and warnings are. The unit records are bookkeeping for the next generation: whether a
/// unit was reused, or what its fingerprint saw (which includes facts the model file does not keep, such as which
/// Rust type defined a schema), does not make the output different.
impl PartialEq for Artifacts {
    fn eq(&self, other: &Self) -> bool {
        self.files == other.files && self.warnings == other.warnings
    }
}

impl Eq for Artifacts {}

impl Artifacts {
    /// No files.
    pub fn new() -> Self {
        Self::default()
    }

    /// No files; every finished file goes to `sink` at once instead of being held, but those `read_back` names
    /// (a later emitter or the caller reads them).
    pub(crate) fn streaming_to(sink: Arc<dyn FileSink>, read_back: ReadBack) -> Self {
        Self { sink: Some((sink, read_back)), ..Self::default() }
    }

    /// Adds or replaces a file; returns the bytes it replaced (never those of a file already streamed).
    pub fn insert(&mut self, path: impl Into<String>, bytes: Vec<u8>) -> Option<Vec<u8>> {
        let path = path.into();
        self.kept.remove(&path);
        if self.stream(&path, &[&bytes], None) {
            return None;
        }
        self.files.insert(path, bytes)
    }

    /// Adds or replaces a file given as the parts its bytes are made of, in order: a sink writes them one after the
    /// other, so a document of hundreds of megabytes assembled from its entries is never copied into one buffer.
    pub(crate) fn insert_parts(&mut self, path: impl Into<String>, parts: Vec<Cow<'_, [u8]>>) {
        let path = path.into();
        self.kept.remove(&path);
        if !self.stream(&path, &parts, None) {
            self.files.insert(path, parts.concat());
        }
    }

    /// Hands a file to the sink when there is one and nothing reads the file back.
    fn stream(&mut self, path: &str, parts: &[impl AsRef<[u8]>], kept: Option<&Stamp>) -> bool {
        let Some((sink, read_back)) = &self.sink else { return false };
        if read_back(path) {
            return false;
        }
        let parts: Vec<&[u8]> = parts.iter().map(AsRef::as_ref).collect();
        sink.put(path, &parts, kept);
        self.files.remove(path);
        self.streamed.insert(path.to_owned());
        true
    }

    /// Records a warning for whoever runs the generator (the CLI prints them; a build script can pass them to
    /// cargo as `cargo:warning=`).
    pub fn warn(&mut self, warning: String) {
        self.warnings.push(warning);
    }

    /// Adds a file taken from the previous output, where it had `stamp`.
    pub(crate) fn insert_kept(&mut self, path: String, bytes: Vec<u8>, stamp: Stamp) {
        if self.stream(&path, &[&bytes], Some(&stamp)) {
            return;
        }
        self.kept.insert(path.clone(), stamp);
        self.files.insert(path, bytes);
    }

    /// Takes out the held files `wanted` names, with the stamps of those taken from the previous output, until
    /// [`Artifacts::hand_over`] gives them back: what reads them can borrow them while this is being added to.
    pub(crate) fn take_held(&mut self, wanted: impl Fn(&str) -> bool) -> Vec<HeldFile> {
        let paths: Vec<String> = self.files.keys().filter(|path| wanted(path)).cloned().collect();
        let take = |path: String| {
            let bytes = self.files.remove(&path).unwrap_or_default();
            let kept = self.kept.remove(&path);
            HeldFile { path, bytes, kept }
        };
        paths.into_iter().map(take).collect()
    }

    /// Gives back files [`Artifacts::take_held`] took, as finished: with a sink they go to it now, even those a
    /// later emitter would otherwise read back, so they are no longer held.
    pub(crate) fn hand_over(&mut self, files: Vec<HeldFile>) {
        for HeldFile { path, bytes, kept } in files {
            match &self.sink {
                Some((sink, _)) => {
                    sink.put(&path, &[&bytes], kept.as_ref());
                    self.streamed.insert(path);
                }
                None => {
                    if let Some(stamp) = kept {
                        self.kept.insert(path.clone(), stamp);
                    }
                    self.files.insert(path, bytes);
                }
            }
        }
    }

    /// The stamp `path` had in the previous output it was taken from, if it was.
    pub(crate) fn kept_stamp(&self, path: &str) -> Option<&Stamp> {
        self.kept.get(path)
    }

    /// Moves `other`'s files and warnings (after this one's) in.
    pub(crate) fn absorb(&mut self, other: Artifacts) {
        for (path, bytes) in other.files {
            let kept = other.kept.get(&path).copied();
            match kept {
                Some(stamp) => self.insert_kept(path, bytes, stamp),
                None => drop(self.insert(path, bytes)),
            }
        }
        self.streamed.extend(other.streamed);
        self.warnings.extend(other.warnings);
        self.units.extend(other.units);
        self.reused.extend(other.reused);
    }

    /// Records a unit of reusable output; `reused` says it came from the previous generation.
    pub(crate) fn record_unit(&mut self, name: String, record: UnitRecord, reused: bool) {
        if reused {
            self.reused.insert(name.clone());
        }
        self.units.insert(name, record);
    }

    /// The reusable units of this output and what each produced.
    pub fn units(&self) -> &BTreeMap<String, UnitRecord> {
        &self.units
    }

    /// The units taken from the previous generation instead of rendered, in name order.
    pub fn reused_units(&self) -> &BTreeSet<String> {
        &self.reused
    }

    /// Problems that did not stop generation, such as a required field with a default.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The bytes of one file (`None` for a file already streamed to a sink).
    pub fn get(&self, path: &str) -> Option<&[u8]> {
        self.files.get(path).map(Vec::as_slice)
    }

    /// True when `path` is one of the files (held or streamed).
    pub fn contains(&self, path: &str) -> bool {
        self.files.contains_key(path) || self.streamed.contains(path)
    }

    /// Files held, in path order (without those streamed to a sink).
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[u8])> {
        self.files.iter().map(|(path, bytes)| (path.as_str(), bytes.as_slice()))
    }

    /// Paths in order, held or streamed.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        let mut paths: Vec<&str> = self.files.keys().chain(&self.streamed).map(String::as_str).collect();
        paths.sort_unstable();
        paths.into_iter()
    }

    /// Number of files, held or streamed.
    pub fn len(&self) -> usize {
        self.files.len() + self.streamed.len()
    }

    /// True when there are no files.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<'a> IntoIterator for &'a Artifacts {
    type Item = (&'a str, &'a [u8]);
    type IntoIter = Box<dyn Iterator<Item = (&'a str, &'a [u8])> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}
