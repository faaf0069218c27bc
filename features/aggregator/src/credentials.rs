//! A bearer token read from a file, as kube-aggregator's clients and kubectl's `tokenFile` read one: re-read when
//! the file changes (a rotated service-account token), and never shown in logs, errors or `Debug` output.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use hyper::header::HeaderValue;

/// The file's identity as last read: a rotation changes its modification time or its length.
type Stamp = (Option<SystemTime>, u64);

/// A bearer token kept in a file.
pub struct BearerToken {
    file: PathBuf,
    last_read: Mutex<(Stamp, HeaderValue)>,
}

impl std::fmt::Debug for BearerToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BearerToken").field("file", &self.file).finish_non_exhaustive()
    }
}

impl BearerToken {
    /// Reads the token in `file` now, so a missing or empty file is an error at startup rather than at the first
    /// request.
    pub fn from_file(file: &Path) -> Result<Self, String> {
        let (stamp, header) = read(file)?;
        Ok(Self { file: file.to_owned(), last_read: Mutex::new((stamp, header)) })
    }

    /// The file the token is read from.
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// `Authorization: Bearer …` with the token as the file holds it now: one `stat` per request, and a read only
    /// when the file changed. A file that went missing or empty after startup keeps the last good token (the
    /// server then says whether it still accepts it).
    pub fn header(&self) -> HeaderValue {
        let mut last_read = self.last_read.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if stamp(&self.file).is_ok_and(|now| now != last_read.0) {
            match read(&self.file) {
                Ok(fresh) => *last_read = fresh,
                Err(error) => tracing::warn!(%error, "keeping the bearer token last read"),
            }
        }
        last_read.1.clone()
    }
}

fn stamp(file: &Path) -> Result<Stamp, String> {
    let metadata =
        std::fs::metadata(file).map_err(|e| format!("cannot read the token file {}: {e}", file.display()))?;
    Ok((metadata.modified().ok(), metadata.len()))
}

/// The file's stamp and its token as a header value (marked sensitive, so HTTP tooling does not print it).
fn read(file: &Path) -> Result<(Stamp, HeaderValue), String> {
    let stamp = stamp(file)?;
    let text =
        std::fs::read_to_string(file).map_err(|e| format!("cannot read the token file {}: {e}", file.display()))?;
    let token = text.trim();
    if token.is_empty() {
        return Err(format!("the token file {} is empty", file.display()));
    }
    if token.contains(char::is_whitespace) {
        return Err(format!("the token file {} holds more than one word; a bearer token is one", file.display()));
    }
    let mut header = HeaderValue::from_str(&format!("Bearer {token}"))
        .map_err(|_| format!("the token file {} holds characters a header cannot carry", file.display()))?;
    header.set_sensitive(true);
    Ok((stamp, header))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_is_read_trimmed_and_reread_when_the_file_changes() {
        let dir = std::env::temp_dir().join(format!("kapi-token-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let file = dir.join("token");
        std::fs::write(&file, "first-token\n").expect("write");
        let token = BearerToken::from_file(&file).expect("read");
        assert_eq!(token.header(), "Bearer first-token");
        assert!(token.header().is_sensitive());
        // A different length is a change even where the clock's resolution hides the write.
        std::fs::write(&file, "the-second-token").expect("write");
        assert_eq!(token.header(), "Bearer the-second-token");
        std::fs::remove_file(&file).expect("remove");
        assert_eq!(token.header(), "Bearer the-second-token", "a vanished file keeps the last token");
        let shown = format!("{token:?}");
        assert!(shown.contains("token") && !shown.contains("second"), "{shown}");
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }

    #[test]
    fn missing_empty_or_malformed_files_are_named() {
        let dir = std::env::temp_dir().join(format!("kapi-token-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let missing = BearerToken::from_file(&dir.join("absent")).expect_err("missing");
        assert!(missing.contains("cannot read the token file") && missing.contains("absent"), "{missing}");
        for (name, content, needle) in [
            ("empty", " \n", "is empty"),
            ("two", "a b", "more than one word"),
            ("control", "a\u{7f}b", "cannot carry"),
        ] {
            std::fs::write(dir.join(name), content).expect("write");
            let error = BearerToken::from_file(&dir.join(name)).expect_err(name);
            assert!(error.contains(needle) && error.contains(name), "{name}: {error}");
        }
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }
}
