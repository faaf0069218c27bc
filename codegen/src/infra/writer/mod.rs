//! Puts artifacts on disk: write only what changed, never leave a half-written file, and report drift.

mod sink;
mod staged;
mod steps;

use std::fs;
use std::io;
use std::path::Path;

use crate::error::Error;
use crate::infra::artifacts::Artifacts;
use crate::infra::reuse::manifest;
pub use sink::Sink;
use staged::Staged;
pub use steps::WriteReport;
use steps::{checked_relative, extra_files, finish, stage};

/// How a directory differs from the artifacts ([`check`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Artifacts with no file on disk.
    pub missing: Vec<String>,
    /// Files whose bytes differ from the artifact (or cannot be read).
    pub stale: Vec<String>,
    /// Files on disk that the artifacts do not contain (dotfiles ignored).
    pub extra: Vec<String>,
}

impl CheckReport {
    /// True when the directory holds exactly the artifacts.
    pub fn is_clean(&self) -> bool {
        self.missing.is_empty() && self.stale.is_empty() && self.extra.is_empty()
    }
}

/// Writes every artifact under `dir` whose bytes differ from what is there, each through a temporary file in the
/// same directory and a rename, so readers see the old file or the new one, never a mix. When `dir` does not exist,
/// everything is written into a new directory beside it, which is renamed into place whole.
///
/// Every changed file is written to its temporary name first, then all of them are flushed to disk together, and
/// only then renamed into place: a crash leaves each file old or new. On Linux one `syncfs` flushes them all in one
/// journal commit; one flush per file cost a commit each (one after another, writing 5 000 files took a minute).
///
/// The record of reusable units ([`crate::reuse::manifest`]) is removed first and written last.
pub fn write(dir: &Path, artifacts: &Artifacts) -> Result<WriteReport, Error> {
    manifest::forget(dir)?;
    let mut report = WriteReport::default();
    let mut staged = Staged::for_dir(dir);
    for (relative, bytes) in artifacts {
        stage(relative, &[bytes], artifacts.kept_stamp(relative), &mut staged, &mut report)?;
    }
    finish(dir, artifacts, staged, report)
}

/// Compares `dir` with the artifacts without touching anything.
pub fn check(dir: &Path, artifacts: &Artifacts) -> CheckReport {
    let mut report = CheckReport::default();
    for (relative, bytes) in artifacts {
        let Ok(path) = checked_relative(relative) else {
            report.missing.push(relative.to_owned());
            continue;
        };
        let target = dir.join(path);
        match fs::read(&target) {
            Ok(existing) if existing == bytes => {}
            Ok(_) => report.stale.push(relative.to_owned()),
            Err(error) if error.kind() == io::ErrorKind::NotFound => report.missing.push(relative.to_owned()),
            // Unreadable counts as stale: the file is there but does not provably hold the artifact.
            Err(_) => report.stale.push(relative.to_owned()),
        }
    }
    // A missing directory has no extra files; any other listing failure is reported on the directory itself.
    report.extra = match extra_files(dir, artifacts) {
        Ok(extra) => extra,
        Err(error) if error.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(_) => vec![".".to_owned()],
    };
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Artifacts {
        let mut artifacts = Artifacts::new();
        artifacts.insert("openapi/v3/index.json", b"{}\n".to_vec());
        artifacts.insert("jsonschema/a.json", b"[]\n".to_vec());
        artifacts
    }

    #[test]
    fn writes_only_what_changed_and_checks_clean() {
        let dir = tempfile::tempdir().expect("tempdir");
        let artifacts = sample();
        let first = write(dir.path(), &artifacts).expect("write");
        assert_eq!(first.written.len(), 2);
        assert!(check(dir.path(), &artifacts).is_clean());

        let second = write(dir.path(), &artifacts).expect("rewrite");
        assert!(second.written.is_empty());
        assert_eq!(second.unchanged.len(), 2);

        let mut changed = artifacts.clone();
        changed.insert("jsonschema/a.json", b"[1]\n".to_vec());
        let third = write(dir.path(), &changed).expect("write change");
        assert_eq!(third.written, vec!["jsonschema/a.json".to_owned()]);
    }

    #[test]
    fn many_files_are_flushed_together_and_all_land() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut artifacts = Artifacts::new();
        for n in 0..300 {
            artifacts.insert(format!("jsonschema/d{}/f{n}.json", n % 7), format!("[{n}]\n").into_bytes());
        }
        let report = write(dir.path(), &artifacts).expect("write");
        assert_eq!(report.written.len(), 300);
        assert!(check(dir.path(), &artifacts).is_clean());
        let entries = (0..7).flat_map(|d| fs::read_dir(dir.path().join(format!("jsonschema/d{d}"))).expect("list"));
        let names = entries.filter_map(|entry| entry.ok()?.file_name().into_string().ok());
        let hidden: Vec<String> = names.filter(|name| name.starts_with('.')).collect();
        assert!(hidden.is_empty(), "temporary files left behind: {hidden:?}");
    }

    #[test]
    fn check_lists_missing_stale_and_extra_but_ignores_dotfiles() {
        let dir = tempfile::tempdir().expect("tempdir");
        let artifacts = sample();
        write(dir.path(), &artifacts).expect("write");
        fs::write(dir.path().join("jsonschema/a.json"), b"old").expect("stale");
        fs::write(dir.path().join("jsonschema/gone.json"), b"{}").expect("extra");
        fs::write(dir.path().join("jsonschema/.keep"), b"").expect("dotfile");
        fs::remove_file(dir.path().join("openapi/v3/index.json")).expect("remove");

        let report = check(dir.path(), &artifacts);
        assert_eq!(report.missing, vec!["openapi/v3/index.json".to_owned()]);
        assert_eq!(report.stale, vec!["jsonschema/a.json".to_owned()]);
        assert_eq!(report.extra, vec!["jsonschema/gone.json".to_owned()]);
        assert!(!report.is_clean());

        let written = write(dir.path(), &artifacts).expect("repair");
        assert_eq!(written.extra, vec!["jsonschema/gone.json".to_owned()]);
        assert!(dir.path().join("jsonschema/gone.json").exists(), "extra files are reported, not removed");
    }

    #[test]
    fn a_failed_rename_leaves_no_temporary_files() {
        let dir = tempfile::tempdir().expect("tempdir");
        // A directory where a file should go makes its rename fail after every file was written and flushed.
        fs::create_dir_all(dir.path().join("jsonschema/a.json/inside")).expect("blocking directory");
        let error = write(dir.path(), &sample()).expect_err("the rename over a directory fails");
        assert!(error.to_string().contains("a.json"), "{error}");
        let hidden: Vec<_> = fs::read_dir(dir.path().join("jsonschema"))
            .expect("list")
            .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
            .filter(|name| name.starts_with('.'))
            .collect();
        assert!(hidden.is_empty(), "temporary files left behind: {hidden:?}");
    }

    fn names_in(dir: &Path) -> Vec<String> {
        let entries = fs::read_dir(dir).expect("list").filter_map(|entry| entry.ok()?.file_name().into_string().ok());
        let mut names: Vec<String> = entries.collect();
        names.sort();
        names
    }

    #[test]
    fn an_absent_directory_is_made_whole_with_nothing_left_beside_it() {
        let parent = tempfile::tempdir().expect("tempdir");
        let dir = parent.path().join("nested/out");
        let report = write(&dir, &sample()).expect("write");
        assert_eq!(report.written, vec!["jsonschema/a.json".to_owned(), "openapi/v3/index.json".to_owned()]);
        assert!(report.extra.is_empty());
        assert!(check(&dir, &sample()).is_clean());
        assert_eq!(names_in(&parent.path().join("nested")), vec!["out".to_owned()], "the new tree was left beside it");
        assert!(names_in(&dir.join("jsonschema")).iter().all(|name| !name.starts_with('.')));
        // The next write finds the directory and compares file by file.
        let again = write(&dir, &sample()).expect("rewrite");
        assert_eq!(again.unchanged.len(), 2);
    }

    #[test]
    fn a_failure_in_an_absent_directory_leaves_it_absent() {
        let parent = tempfile::tempdir().expect("tempdir");
        let dir = parent.path().join("out");
        let mut artifacts = sample();
        // Sorted after the other files: the new tree holds them when this one is refused.
        artifacts.insert("zz/../escape.json", Vec::new());
        write(&dir, &artifacts).expect_err("rejected");
        assert!(names_in(parent.path()).is_empty(), "left behind: {:?}", names_in(parent.path()));
    }

    #[test]
    fn a_directory_made_meanwhile_is_not_replaced() {
        let parent = tempfile::tempdir().expect("tempdir");
        let dir = parent.path().join("out");
        let mut staged = Staged::for_dir(&dir);
        let mut report = WriteReport::default();
        stage("jsonschema/a.json", &[b"[]\n"], None, &mut staged, &mut report).expect("staged");
        fs::create_dir_all(dir.join("theirs")).expect("another writer's directory");
        let error = staged.rename().expect_err("the directory is not empty");
        assert!(error.to_string().contains("out"), "{error}");
        drop(staged);
        assert_eq!(names_in(parent.path()), vec!["out".to_owned()], "the new tree was not removed");
        assert_eq!(names_in(&dir), vec!["theirs".to_owned()]);
    }

    #[test]
    fn nothing_to_write_makes_an_empty_directory() {
        let parent = tempfile::tempdir().expect("tempdir");
        let dir = parent.path().join("out");
        let report = write(&dir, &Artifacts::new()).expect("write");
        assert!(report.written.is_empty());
        assert!(names_in(&dir).is_empty());
    }

    #[test]
    fn a_missing_directory_is_all_missing() {
        let dir = tempfile::tempdir().expect("tempdir");
        let report = check(&dir.path().join("absent"), &sample());
        assert_eq!(report.missing.len(), 2);
        assert!(report.extra.is_empty());
    }

    #[test]
    fn paths_cannot_escape_the_directory() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut artifacts = Artifacts::new();
        artifacts.insert("../escape.json", Vec::new());
        let error = write(dir.path(), &artifacts).expect_err("rejected");
        assert!(error.to_string().contains("../escape.json"));
    }
}
