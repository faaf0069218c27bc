//! Which `.proto` files a served directory's read keeps in memory: only those the codec compiles (the discovery
//! packages and what they import, [`encoded_of`]). A bundle's own groups' files, tens of megabytes for thousands of
//! groups, are never compiled or served. Those left unread are remembered by their package and imports, so that a
//! reload where a file changed can tell which are needed now without reading the others again.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use axum::body::Bytes;

use super::descriptors::{PROTO_DIR, ProtoFacts, encoded_of};
use crate::error::BundleError;
use crate::files::{Files, read_file};

/// The facts of the `.proto` files a read left out of memory, by key (path under the directory).
pub(crate) type Unread = BTreeMap<String, ProtoFacts>;

/// Whether `key` names one of the bundle's `.proto` files.
pub(crate) fn is_proto(key: &str) -> bool {
    key.starts_with(PROTO_DIR) && key.ends_with(".proto")
}

/// Takes out of `files` the `.proto` files the codec does not compile, and reads from `dir` those it compiles that
/// an earlier read left unread. `unread` holds, on entry, the facts of files an earlier read left unread and this
/// one found unchanged; on return, those of every file left unread. Returns how many files were read.
///
/// A file that is not UTF-8 stays in `files`, for the codec to report.
pub(crate) fn keep_compiled(dir: &Path, files: &mut Files, unread: &mut Unread) -> Result<usize, BundleError> {
    let mut facts = std::mem::take(unread);
    let held = files.range(PROTO_DIR.to_owned()..).take_while(|(key, _)| key.starts_with(PROTO_DIR));
    for (key, bytes) in held.filter(|(key, _)| is_proto(key)) {
        if let Ok(text) = std::str::from_utf8(bytes) {
            facts.insert(key.clone(), ProtoFacts::of(text));
        }
    }
    let by_name = facts.iter().map(|(key, facts)| (&key[PROTO_DIR.len()..], facts)).collect();
    let compiled: BTreeSet<String> = encoded_of(&by_name).iter().map(|name| format!("{PROTO_DIR}{name}")).collect();
    let mut read = 0;
    for (key, facts) in facts {
        match (compiled.contains(&key), files.contains_key(&key)) {
            (true, true) => {}
            (true, false) => {
                let path = dir.join(&key);
                let metadata =
                    std::fs::metadata(&path).map_err(|e| BundleError::in_file(&key, format!("cannot read: {e}")))?;
                let bytes = read_file(&path, &key, &metadata)?;
                files.insert(key, Bytes::from(bytes));
                read += 1;
            }
            (false, held) => {
                if held {
                    files.remove(&key);
                }
                unread.insert(key, facts);
            }
        }
    }
    Ok(read)
}
