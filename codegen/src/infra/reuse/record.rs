//! What a reusable unit left behind, and the stamp that says a file was not touched since; shared by the artifacts
//! (which carry both) and the record on disk.

use std::fs;
use std::io;
use std::path::Path;
use std::time::UNIX_EPOCH;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// What one unit produced: the fingerprint of its inputs, the files its output is in, the warnings rendering it
/// raised, and what its emitter needs to reuse it without reading the output again (a content hash, where a
/// fragment sits in a shared file).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitRecord {
    pub fingerprint: String,
    pub files: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub data: Value,
}

/// A file's size and modification time (nanoseconds since the epoch): what says it was not touched since.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Stamp {
    size: u64,
    modified_ns: u128,
}

pub(crate) fn stamp(path: &Path) -> io::Result<Stamp> {
    let metadata = fs::metadata(path)?;
    let modified = metadata.modified()?.duration_since(UNIX_EPOCH).map_err(io::Error::other)?;
    Ok(Stamp { size: metadata.len(), modified_ns: modified.as_nanos() })
}
