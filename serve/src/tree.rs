//! A bundle directory read again after a change: files whose stamp (device, inode, size, modification and change
//! times) is the one the last read saw are taken from that read, not read from disk, so a reload of a directory where
//! one group of thousands changed reads that group's files, and the bytes of every other file stay the memory the
//! serving bundle already holds.
//!
//! [`Tree::read_keeping_open`] reads only what a bundle parses when it loads, and small files; a large OpenAPI
//! document (most of the bytes of a large API: hundreds of megabytes) is opened and kept open instead, served from
//! its file. Keeping the descriptor, not the path, means the bytes served are the inode read at load even after
//! `kapi generate` replaces the file by a rename; only large files hold one (a few thousand for thousands of
//! groups, beside the connections: see [`crate::open_files`]).
//!
//! A stamp is trusted only for a file last changed well before the previous read began (as git treats "racily
//! clean" index entries): a file rewritten in the same instant the previous read saw it could keep its size and
//! times, so it is read again.

use std::collections::BTreeMap;
use std::fs::Metadata;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::time::{Duration, SystemTime};

use axum::body::Bytes;

use crate::body_file::{BodyFile, SENDFILE_MIN_BYTES};
use crate::error::BundleError;
use crate::files::{Files, MAX_FILE_BYTES, SERVED_ENTRIES, TopLevel, read_file, walk};
use crate::protobuf::held;
use crate::sources::{OpenFiles, Sources};

/// How much older than the previous read a file's change time must be for its stamp to be trusted: above the
/// granularity of file system timestamps, which the kernel takes from a clock that can lag the system clock.
const RACY_MARGIN: Duration = Duration::from_secs(1);

/// What identifies one version of a file without reading it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    device: u64,
    inode: u64,
    len: u64,
    modified: (i64, i64),
    changed: (i64, i64),
}

impl Stamp {
    fn of(metadata: &Metadata) -> Self {
        Self {
            device: metadata.dev(),
            inode: metadata.ino(),
            len: metadata.len(),
            modified: (metadata.mtime(), metadata.mtime_nsec()),
            changed: (metadata.ctime(), metadata.ctime_nsec()),
        }
    }

    /// True when the file last changed before `moment` (whole seconds and nanoseconds since the epoch).
    fn changed_before(&self, moment: (i64, i64)) -> bool {
        self.changed < moment
    }
}

/// A directory's files as read at one moment, with the stamp each had.
#[derive(Debug, Default)]
pub struct Tree {
    files: Files,
    /// Large documents kept open rather than read ([`Tree::read_keeping_open`]).
    open: OpenFiles,
    /// The `.proto` files the protobuf codec does not compile, left unread ([`Tree::read_keeping_open`]).
    unread_protos: held::Unread,
    stamps: BTreeMap<String, Stamp>,
    /// When this read began, as (seconds, nanoseconds) since the epoch.
    began: (i64, i64),
    read_from_disk: usize,
}

impl Tree {
    /// Reads the files of `dir` the runtime serves from ([`crate::SERVED_ENTRIES`]; hidden files and folders
    /// skipped), with [`crate::read_tree`]'s checks.
    pub fn read(dir: &Path) -> Result<Self, BundleError> {
        Self::read_reusing(dir, None)
    }

    /// [`Tree::read`], taking each file whose stamp has not changed since `previous` (an earlier read of the same
    /// directory) from it instead of from disk.
    pub fn read_reusing(dir: &Path, previous: Option<&Self>) -> Result<Self, BundleError> {
        Self::read_with(dir, previous, false)
    }

    /// [`Tree::read_reusing`] that keeps large OpenAPI documents (every file under `openapi/` but the indexes, from
    /// `SENDFILE_MIN_BYTES` on) open instead of reading them: [`crate::Bundle::from_tree_reusing`] serves them
    /// from their files. [`Tree::files`] then holds the other files only, and of the `.proto` files only those the
    /// protobuf codec compiles (`protobuf::held`).
    pub fn read_keeping_open(dir: &Path, previous: Option<&Self>) -> Result<Self, BundleError> {
        Self::read_with(dir, previous, true)
    }

    fn read_with(dir: &Path, previous: Option<&Self>, keep_open: bool) -> Result<Self, BundleError> {
        let began = since_epoch(SystemTime::now())?;
        let trusted_before = previous.map(|previous| {
            let (seconds, nanos) = previous.began;
            (seconds - RACY_MARGIN.as_secs() as i64, nanos)
        });
        let mut tree = Self { began, ..Self::default() };
        let (mut opened, descriptors) = (0, if keep_open { descriptor_budget() } else { 0 });
        walk(dir, TopLevel::Only(&SERVED_ENTRIES), |key, path, metadata| {
            let stamp = Stamp::of(metadata);
            // The previous read, when it saw this very file.
            let same = previous.zip(trusted_before).filter(|(previous, trusted_before)| {
                previous.stamps.get(&key).is_some_and(|seen| *seen == stamp) && stamp.changed_before(*trusted_before)
            });
            let same = same.map(|(previous, _)| previous);
            let unchanged = same.and_then(|previous| previous.files.get(&key));
            tree.stamps.insert(key.clone(), stamp);
            if keep_open
                && held::is_proto(&key)
                && let Some(facts) = same.and_then(|previous| previous.unread_protos.get(&key))
            {
                tree.unread_protos.insert(key, facts.clone());
                return Ok(());
            }
            if keep_open && kept_open(&key, metadata.len()) {
                let file = match same.and_then(|previous| previous.open.get(&key)) {
                    Some(file) => Some(file.clone()),
                    None if opened < descriptors => {
                        opened += 1;
                        tree.read_from_disk += 1;
                        Some(open_file(path, &key)?)
                    }
                    // Past the budget: read into memory like a small file (the same bytes, at the cost of memory).
                    None => None,
                };
                if let Some(file) = file {
                    tree.open.insert(key, file);
                    return Ok(());
                }
            }
            let bytes = match unchanged {
                Some(bytes) => bytes.clone(),
                None => {
                    tree.read_from_disk += 1;
                    Bytes::from(read_file(path, &key, metadata)?)
                }
            };
            tree.files.insert(key, bytes);
            Ok(())
        })?;
        if keep_open {
            tree.read_from_disk += held::keep_compiled(dir, &mut tree.files, &mut tree.unread_protos)?;
        }
        Ok(tree)
    }

    /// The files by relative path.
    pub fn files(&self) -> &Files {
        &self.files
    }

    /// Every file, those in memory and those kept open.
    pub(crate) fn sources(&self) -> Sources {
        Sources { files: self.files.clone(), open: self.open.clone() }
    }

    /// How many files this read took from disk (read, or opened); the others it took from the previous read.
    pub fn read_from_disk(&self) -> usize {
        self.read_from_disk
    }
}

/// True for a file served as it is and never parsed at load, large enough to be sent with `sendfile(2)`.
fn kept_open(key: &str, len: u64) -> bool {
    key.starts_with("openapi/") && !key.ends_with("/index.json") && len >= SENDFILE_MIN_BYTES as u64
}

/// How many more files a read may keep open: up to half the soft limit of open files, the rest left to the
/// connections and everything else (a shell's default of 1 024 keeps a few hundred documents open, and the others
/// in memory).
fn descriptor_budget() -> usize {
    let open_now = std::fs::read_dir("/proc/self/fd").map_or(0, Iterator::count);
    match rustix::process::getrlimit(rustix::process::Resource::Nofile).current {
        None => usize::MAX,
        Some(soft) => usize::try_from(soft / 2).unwrap_or(usize::MAX).saturating_sub(open_now),
    }
}

/// `path` opened read-only, with the checks [`read_file`] makes; its metadata is read from the open descriptor,
/// so it is the file kept.
fn open_file(path: &Path, key: &str) -> Result<BodyFile, BundleError> {
    let file = std::fs::File::open(path).map_err(|e| BundleError::in_file(key, format!("cannot open: {e}")))?;
    let metadata = file.metadata().map_err(|e| BundleError::in_file(key, format!("cannot read: {e}")))?;
    if !metadata.is_file() {
        return Err(BundleError::in_file(key, "not a regular file"));
    }
    if metadata.len() > MAX_FILE_BYTES {
        let message = format!("{} bytes, more than the {MAX_FILE_BYTES} a bundle file may have", metadata.len());
        return Err(BundleError::in_file(key, message));
    }
    Ok(BodyFile::opened(file, &metadata))
}

fn since_epoch(time: SystemTime) -> Result<(i64, i64), BundleError> {
    let elapsed = time
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_err(|_| BundleError::general("the system clock is before 1970"))?;
    Ok((elapsed.as_secs() as i64, i64::from(elapsed.subsec_nanos())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("a directory");
        std::fs::write(path, text).expect("written");
    }

    /// Sets a file's modification time back, which makes its change time now: the file counts as just changed.
    fn backdate(dir: &Path, name: &str) {
        let file = std::fs::File::options().write(true).open(dir.join(name)).expect("opens");
        file.set_modified(SystemTime::now() - Duration::from_secs(3600)).expect("set_modified");
    }

    /// A tree whose read began `seconds` later than it did, so files written before it count as long unchanged.
    fn aged(mut tree: Tree, seconds: i64) -> Tree {
        tree.began.0 += seconds;
        tree
    }

    #[test]
    fn unchanged_files_are_taken_from_the_previous_read_and_changed_ones_read_again() {
        let dir = tempfile::tempdir().expect("a directory");
        write(dir.path(), "model.json", "{}");
        write(dir.path(), "openapi/b.json", "[1]");
        write(dir.path(), "openapi/c.json", "[2]");
        // Not served: never read.
        write(dir.path(), "jsonschema/e.json", "{}");
        write(dir.path(), "crds/f.yaml", "{}");
        let first = aged(Tree::read(dir.path()).expect("reads"), 5);
        assert_eq!(first.read_from_disk(), 3);
        assert_eq!(first.files().keys().collect::<Vec<_>>(), ["model.json", "openapi/b.json", "openapi/c.json"]);

        // Replaced by a file of the same size (a new inode), edited in place, added, removed.
        let replacement = dir.path().join("openapi/.b.json.tmp");
        std::fs::write(&replacement, "[9]").expect("written");
        std::fs::rename(&replacement, dir.path().join("openapi/b.json")).expect("renamed");
        write(dir.path(), "openapi/c.json", "[33]");
        write(dir.path(), "discovery/d.json", "null");
        std::fs::remove_file(dir.path().join("model.json")).expect("removed");
        let second = Tree::read_reusing(dir.path(), Some(&first)).expect("reads");
        assert_eq!(second.read_from_disk(), 3);
        let text = |tree: &Tree, key: &str| tree.files().get(key).map(|b| String::from_utf8_lossy(b).into_owned());
        assert_eq!(text(&second, "openapi/b.json").as_deref(), Some("[9]"));
        assert_eq!(text(&second, "openapi/c.json").as_deref(), Some("[33]"));
        assert_eq!(text(&second, "discovery/d.json").as_deref(), Some("null"));
        assert_eq!(text(&second, "model.json"), None);

        let third = Tree::read_reusing(dir.path(), Some(&aged(second, 5))).expect("reads");
        assert_eq!(third.read_from_disk(), 0, "nothing changed");
    }

    #[test]
    fn only_the_proto_files_the_codec_compiles_are_held() {
        let dir = tempfile::tempdir().expect("a directory");
        let meta = "proto/k8s.io/apimachinery/pkg/apis/meta/v1/generated.proto";
        let discovery = "proto/k8s.io/api/apidiscovery/v2/generated.proto";
        let custom = "proto/com.example/v1/generated.proto";
        let import_meta = "import \"k8s.io/apimachinery/pkg/apis/meta/v1/generated.proto\";\n";
        write(
            dir.path(),
            discovery,
            &format!("syntax = \"proto2\";\npackage k8s.io.api.apidiscovery.v2;\n{import_meta}"),
        );
        write(dir.path(), meta, "syntax = \"proto2\";\npackage k8s.io.apimachinery.pkg.apis.meta.v1;\n");
        write(dir.path(), custom, "syntax = \"proto2\";\npackage com.example.v1;\n");
        write(dir.path(), "proto/field-numbers.json", "{}");
        let held =
            |tree: &Tree| tree.files().keys().filter(|key| key.starts_with("proto/")).cloned().collect::<Vec<_>>();
        let first = aged(Tree::read_keeping_open(dir.path(), None).expect("reads"), 5);
        assert_eq!(held(&first), ["proto/field-numbers.json", discovery, meta]);
        assert_eq!(first.read_from_disk(), 4);

        let second = aged(Tree::read_keeping_open(dir.path(), Some(&first)).expect("reads"), 5);
        assert_eq!(second.read_from_disk(), 0, "nothing changed: the custom group's file is not read again");
        assert_eq!(held(&second), held(&first));

        // meta/v1 now imports the custom group's file, which is then compiled: read, though it did not change.
        let importing = "syntax = \"proto2\";\npackage k8s.io.apimachinery.pkg.apis.meta.v1;\nimport \"com.example/v1/generated.proto\";\n";
        write(dir.path(), meta, importing);
        let third = Tree::read_keeping_open(dir.path(), Some(&second)).expect("reads");
        assert_eq!(third.read_from_disk(), 2);
        assert_eq!(held(&third), ["proto/com.example/v1/generated.proto", "proto/field-numbers.json", discovery, meta]);
        // Read for serving alone, every file is held.
        assert_eq!(held(&Tree::read(dir.path()).expect("reads")).len(), 4);
    }

    #[test]
    fn a_reused_file_is_the_same_memory() {
        let dir = tempfile::tempdir().expect("a directory");
        write(dir.path(), "model.json", "{\"big\": true}");
        let first = aged(Tree::read(dir.path()).expect("reads"), 5);
        let second = Tree::read_reusing(dir.path(), Some(&first)).expect("reads");
        let (before, after) = (&first.files()["model.json"], &second.files()["model.json"]);
        assert_eq!(before.as_ptr(), after.as_ptr());
    }

    #[test]
    fn a_file_changed_around_the_previous_read_is_read_again() {
        let dir = tempfile::tempdir().expect("a directory");
        write(dir.path(), "model.json", "{}");
        // Read right after the write: the file may have been written again in the same instant, so its stamp
        // proves nothing next time.
        let first = Tree::read(dir.path()).expect("reads");
        let second = Tree::read_reusing(dir.path(), Some(&first)).expect("reads");
        assert_eq!(second.read_from_disk(), 1);

        // A file whose modification time was set back (as `cp -p` or an archive does) has a new change time.
        backdate(dir.path(), "model.json");
        let third = Tree::read_reusing(dir.path(), Some(&aged(second, 5))).expect("reads");
        assert_eq!(third.read_from_disk(), 1);
    }

    #[test]
    fn large_openapi_documents_are_kept_open_and_the_rest_read() {
        let dir = tempfile::tempdir().expect("a directory");
        let large = "x".repeat(SENDFILE_MIN_BYTES);
        write(dir.path(), "openapi/v3/apis/g/v1.json", &large);
        write(dir.path(), "openapi/v3/index.json", &large);
        write(dir.path(), "openapi/v3/api/v1.json", "{}");
        write(dir.path(), "discovery/aggregated_v2.json", &large);
        write(dir.path(), "jsonschema/e.json", &large);
        let first = aged(Tree::read_keeping_open(dir.path(), None).expect("reads"), 5);
        assert_eq!(first.open.keys().collect::<Vec<_>>(), ["openapi/v3/apis/g/v1.json"]);
        assert_eq!(
            first.files().keys().collect::<Vec<_>>(),
            ["discovery/aggregated_v2.json", "openapi/v3/api/v1.json", "openapi/v3/index.json"]
        );
        assert_eq!(first.read_from_disk(), 4);
        // Unchanged: the same open file; replaced by a rename: opened anew, the old one keeping its bytes.
        let again = Tree::read_keeping_open(dir.path(), Some(&first)).expect("reads");
        assert_eq!(again.read_from_disk(), 0);
        assert!(again.open["openapi/v3/apis/g/v1.json"].same_file(&first.open["openapi/v3/apis/g/v1.json"]));
        let replacement = dir.path().join("openapi/v3/apis/g/.v1.json.tmp");
        std::fs::write(&replacement, "y".repeat(SENDFILE_MIN_BYTES)).expect("written");
        std::fs::rename(&replacement, dir.path().join("openapi/v3/apis/g/v1.json")).expect("renamed");
        let replaced = Tree::read_keeping_open(dir.path(), Some(&aged(again, 5))).expect("reads");
        assert_eq!(replaced.read_from_disk(), 1);
        assert_eq!(first.open["openapi/v3/apis/g/v1.json"].read_all().expect("reads"), large.as_bytes());
        assert_eq!(replaced.open["openapi/v3/apis/g/v1.json"].read_all().expect("reads")[0], b'y');
    }

    #[test]
    fn past_half_the_open_files_limit_large_documents_are_read_into_memory_instead() {
        use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
        let dir = tempfile::tempdir().expect("a directory");
        let large = "x".repeat(SENDFILE_MIN_BYTES);
        for i in 0..40 {
            write(dir.path(), &format!("openapi/v3/apis/g{i}/v1.json"), &large);
        }
        // A limit whose half leaves room for 10 more than are open now (this test runs in a process of its own).
        let open_now = std::fs::read_dir("/proc/self/fd").map_or(64, |entries| entries.count()) as u64;
        let limit = getrlimit(Resource::Nofile);
        let lowered = Rlimit { current: Some(2 * (open_now + 10)), maximum: limit.maximum };
        setrlimit(Resource::Nofile, lowered).expect("lowered");
        let tree = Tree::read_keeping_open(dir.path(), None);
        setrlimit(Resource::Nofile, limit).expect("restored");
        let tree = tree.expect("reads all the same");
        assert_eq!(tree.open.len() + tree.files().len(), 40);
        assert!((9..=11).contains(&tree.open.len()), "{} open", tree.open.len());
        assert!(tree.files().values().all(|bytes| bytes.len() == SENDFILE_MIN_BYTES));
    }
}
