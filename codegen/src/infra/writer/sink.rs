//! Writing while generating: a generation for an output directory hands each finished file to the sink, which
//! stages it at once (or finds the directory already holds it) and lets its bytes go, so a large output is never
//! held in memory whole. [`Sink::finish`] then flushes and renames everything as [`super::write`] does: readers
//! still see each file old or new, and nothing is renamed into place before every file was staged.

use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};
#[cfg(test)]
use std::sync::Arc;
use std::sync::{Mutex, PoisonError};

use super::staged::Staged;
use super::steps::{WriteReport, finish, stage};
use crate::error::Error;
use crate::infra::artifacts::{Artifacts, FileSink};
use crate::infra::reuse::manifest;
use crate::infra::reuse::record::Stamp;

/// Where a generation streams its files ([`crate::generate_into`]).
pub struct Sink {
    dir: PathBuf,
    state: Mutex<State>,
}

struct State {
    staged: Staged,
    report: WriteReport,
    /// Paths already taken: each may come once.
    taken: BTreeSet<String>,
    /// The first failure; generation goes on without writing more, and [`Sink::finish`] returns it.
    failed: Option<Error>,
}

impl State {
    fn for_dir(dir: &Path) -> Self {
        Self { staged: Staged::for_dir(dir), report: WriteReport::default(), taken: BTreeSet::new(), failed: None }
    }
}

impl Sink {
    /// A sink for `dir`. Nothing there changes before [`Sink::finish`]: files are staged under temporary names, or
    /// in a new directory beside `dir` when it does not exist.
    pub fn open(dir: &Path) -> Self {
        Self { dir: dir.to_path_buf(), state: Mutex::new(State::for_dir(dir)) }
    }

    /// Stages one finished file, given in parts (unless `dir` already holds its bytes).
    fn put_file(&self, relative: &str, parts: &[&[u8]], kept: Option<&Stamp>) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let State { staged, report, taken, failed } = &mut *state;
        if failed.is_some() {
            return;
        }
        if !taken.insert(relative.to_owned()) {
            *failed = Some(Error::invalid_artifact_path(&format!("{relative} (generated twice)")));
            return;
        }
        if let Err(error) = stage(relative, parts, kept, staged, report) {
            *failed = Some(error);
        }
    }

    /// Stages the files `artifacts` still holds, then flushes and renames everything and records the units.
    pub fn finish(&self, artifacts: &Artifacts) -> Result<WriteReport, Error> {
        for (relative, bytes) in artifacts {
            self.put_file(relative, &[bytes], artifacts.kept_stamp(relative));
        }
        let state = std::mem::replace(
            &mut *self.state.lock().unwrap_or_else(PoisonError::into_inner),
            State::for_dir(&self.dir),
        );
        let State { staged, mut report, failed, .. } = state;
        // In path order, as `write` reports them.
        report.written.sort_unstable();
        report.unchanged.sort_unstable();
        match failed {
            // Dropping `staged` removes every temporary file.
            Some(error) => Err(error),
            None => {
                // As `write`: the record goes before any file is renamed into place, and comes back last.
                manifest::forget(&self.dir)?;
                finish(&self.dir, artifacts, staged, report)
            }
        }
    }
}

impl FileSink for Sink {
    fn put(&self, relative: &str, parts: &[&[u8]], kept: Option<&Stamp>) {
        self.put_file(relative, parts, kept);
    }
}

impl fmt::Debug for Sink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Sink").field("dir", &self.dir).finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    fn hidden_files(dir: &Path) -> Vec<String> {
        let entries = fs::read_dir(dir).expect("list").filter_map(|entry| entry.ok()?.file_name().into_string().ok());
        entries.filter(|name| name.starts_with('.')).collect()
    }

    #[test]
    fn nothing_is_in_place_before_finish_and_then_everything_is() {
        let dir = tempfile::tempdir().expect("tempdir");
        let sink = Arc::new(Sink::open(dir.path()));
        let mut artifacts = Artifacts::streaming_to(sink.clone(), |path| path.starts_with("crds/"));
        artifacts.insert("openapi/v3/index.json", b"{}\n".to_vec());
        artifacts.insert("crds/a.b.json", b"[]\n".to_vec());
        assert!(!dir.path().join("openapi/v3/index.json").exists(), "renamed into place before the end");
        assert_eq!(artifacts.get("openapi/v3/index.json"), None, "handed over, not held");
        assert_eq!(artifacts.get("crds/a.b.json"), Some(&b"[]\n"[..]), "a file read back is held");
        let report = sink.finish(&artifacts).expect("finishes");
        assert_eq!(report.written, vec!["crds/a.b.json".to_owned(), "openapi/v3/index.json".to_owned()]);
        assert_eq!(fs::read(dir.path().join("openapi/v3/index.json")).expect("written"), b"{}\n");
        assert!(hidden_files(&dir.path().join("openapi/v3")).is_empty());
    }

    #[test]
    fn a_failure_leaves_the_directory_as_it_was() {
        let dir = tempfile::tempdir().expect("tempdir");
        fs::create_dir_all(dir.path().join("openapi/v3")).expect("dir");
        fs::write(dir.path().join("openapi/v3/index.json"), b"old").expect("old file");
        let sink = Arc::new(Sink::open(dir.path()));
        let mut artifacts = Artifacts::streaming_to(sink.clone(), |_| false);
        artifacts.insert("openapi/v3/index.json", b"new".to_vec());
        artifacts.insert("../escape.json", b"{}".to_vec());
        let error = sink.finish(&artifacts).expect_err("a path outside the directory fails the whole write");
        assert!(error.to_string().contains("../escape.json"), "{error}");
        assert_eq!(fs::read(dir.path().join("openapi/v3/index.json")).expect("kept"), b"old");
        assert!(hidden_files(&dir.path().join("openapi/v3")).is_empty(), "temporary files left behind");
    }

    #[test]
    fn a_file_given_twice_is_an_error() {
        let dir = tempfile::tempdir().expect("tempdir");
        let sink = Arc::new(Sink::open(dir.path()));
        let mut artifacts = Artifacts::streaming_to(sink.clone(), |_| false);
        artifacts.insert("docs/index.md", b"a".to_vec());
        artifacts.insert("docs/index.md", b"b".to_vec());
        let error = sink.finish(&artifacts).expect_err("twice");
        assert!(error.to_string().contains("generated twice"), "{error}");
        assert!(!dir.path().join("docs/index.md").exists());
    }
}
