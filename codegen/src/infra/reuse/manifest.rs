//! The record of reusable units kept beside the output, `.kapi-reuse.json` (a dotfile, so `kapi check`, the
//! runtime and the staleness checks ignore it).
//!
//! Each file a unit produced is stamped with its size and modification time after writing: a file edited, replaced
//! or removed since then no longer matches, and its unit is rendered again. The record is removed before new
//! output is written and written (through a temporary file and a rename) only after all of it is in place, so an
//! interrupted generation leaves no record that could vouch for half-written output.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::Previous;
use super::record::{Stamp, UnitRecord, stamp};
use crate::error::Error;
use crate::infra::artifacts::Artifacts;

/// The record's file name in the output directory.
pub const MANIFEST_NAME: &str = ".kapi-reuse.json";

#[derive(Debug, Default, Deserialize)]
struct Manifest {
    units: BTreeMap<String, UnitRecord>,
    /// Size and modification time (nanoseconds since the epoch) of every unit's file when it was written.
    stamps: BTreeMap<String, Stamp>,
}

/// The units the generation that wrote `dir` left intact. No record, an unreadable one, or a unit with a file
/// changed since means less to reuse, never an error: rendering again is always correct.
pub fn previous(dir: &Path) -> Previous {
    let Ok(bytes) = fs::read(dir.join(MANIFEST_NAME)) else { return Previous::none() };
    let Ok(manifest) = serde_json::from_slice::<Manifest>(&bytes) else { return Previous::none() };
    let mut files = BTreeMap::new();
    for (file, recorded) in &manifest.stamps {
        let path = dir.join(file);
        // Stamped after reading: a file changed before or while it was read shows a different stamp.
        if let Ok(bytes) = fs::read(&path)
            && stamp(&path).ok().as_ref() == Some(recorded)
        {
            files.insert(file.clone(), (*recorded, bytes));
        }
    }
    Previous::new(manifest.units, files)
}

/// Removes the record, before new output is written.
pub(crate) fn forget(dir: &Path) -> Result<(), Error> {
    match fs::remove_file(dir.join(MANIFEST_NAME)) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(Error::io(dir.join(MANIFEST_NAME), error)),
        _ => Ok(()),
    }
}

/// Records `artifacts`' units as they now are in `dir`; nothing when they have none.
pub(crate) fn record(dir: &Path, artifacts: &Artifacts) -> Result<(), Error> {
    if artifacts.units().is_empty() {
        return Ok(());
    }
    let mut stamps = BTreeMap::new();
    for file in artifacts.units().values().flat_map(|record| &record.files) {
        let path = dir.join(file);
        stamps.insert(file.clone(), stamp(&path).map_err(|source| Error::io(&path, source))?);
    }
    // Written borrowed: the units of a large output are tens of megabytes to clone.
    #[derive(Serialize)]
    struct Written<'a> {
        units: &'a BTreeMap<String, UnitRecord>,
        stamps: BTreeMap<String, Stamp>,
    }
    let manifest = Written { units: artifacts.units(), stamps };
    let bytes = serde_json::to_vec(&manifest).map_err(|e| Error::serialize(MANIFEST_NAME, e))?;
    let target = dir.join(MANIFEST_NAME);
    let temp = dir.join(format!("{MANIFEST_NAME}.tmp-{}", std::process::id()));
    fs::write(&temp, bytes).map_err(|source| Error::io(&temp, source))?;
    fs::rename(&temp, &target).map_err(|source| {
        let _ = fs::remove_file(&temp);
        Error::io(&target, source)
    })
}
