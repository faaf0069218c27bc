//! Reusing a previous generation's output: a unit of output (a group-version's OpenAPI v3 document or swagger paths,
//! a definition's JSON Schema or swagger schema, a CRD) whose inputs did not change is taken from the files the last
//! run wrote instead of being rendered again; swagger's units are fragments of its one document.
//!
//! Each unit has a fingerprint: a SHA-256 over the generator's identity (its version and a hash of its source, so a
//! different kapi never trusts an older one's output), the options and profile, and everything the unit's emitter
//! reads (its resources and the definitions it reaches, before and after the profile's passes). The unit's record
//! (fingerprint, files, warnings) is kept beside the output ([`manifest`]); the next generation reuses a unit only
//! when its fingerprint is equal and every one of its files is still as that run left it.

pub mod manifest;
pub(crate) mod record;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::{self, Debug, Write as _};
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, PoisonError};

use kapi_model::{DefName, Registry, SchemaNode};
use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::infra::artifacts::Artifacts;
use crate::infra::closure::references;
use crate::infra::definitions::Definitions;
use crate::infra::parallel::parallel_map;
use crate::infra::reuse::record::Stamp;
pub use crate::infra::reuse::record::UnitRecord;
use crate::options::Options;

/// Who generated: a generator with other code may render the same inputs differently.
const GENERATOR: &str = concat!(env!("CARGO_PKG_VERSION"), "+", env!("KAPI_CODEGEN_SOURCE_HASH"));

/// A file of the previous output: the stamp it had when read, and its bytes.
pub(crate) type PreviousFile = (Stamp, Vec<u8>);

/// The reusable units of a previous generation and the bytes of their files; empty when there is none.
#[derive(Debug, Default)]
pub struct Previous {
    units: BTreeMap<String, UnitRecord>,
    /// Files with their stamps; moved out when reused, so a large output is not held twice.
    files: Mutex<BTreeMap<String, PreviousFile>>,
}

impl Previous {
    /// No previous output: everything is rendered.
    pub const fn none() -> Self {
        Self { units: BTreeMap::new(), files: Mutex::new(BTreeMap::new()) }
    }

    /// Units whose files are all among `files` (by path, with the stamp they had when read, and their bytes).
    pub(crate) fn new(units: BTreeMap<String, UnitRecord>, files: BTreeMap<String, PreviousFile>) -> Self {
        let units = units.into_iter().filter(|(_, unit)| unit.files.iter().all(|f| files.contains_key(f))).collect();
        Self { units, files: Mutex::new(files) }
    }

    /// How many units may be reused.
    pub fn len(&self) -> usize {
        self.units.len()
    }

    /// True when nothing may be reused.
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// The record of `unit`, when it was rendered from the same inputs.
    pub(crate) fn matching(&self, unit: &str, fingerprint: &str) -> Option<&UnitRecord> {
        self.units.get(unit).filter(|previous| previous.fingerprint == fingerprint)
    }

    /// Takes a file's previous stamp and bytes; a second take finds nothing.
    pub(crate) fn take_file(&self, path: &str) -> Option<PreviousFile> {
        self.files.lock().unwrap_or_else(PoisonError::into_inner).remove(path)
    }
}

/// A SHA-256 fed with the `Debug` form of inputs; `Debug` output of the model's plain data types is stable for
/// equal values, and every field shows in it.
pub(crate) struct Fingerprint(Sha256);

impl Fingerprint {
    pub fn new(kind: &str) -> Self {
        let mut hasher = Sha256::new();
        hasher.update(GENERATOR.as_bytes());
        hasher.update([0]);
        hasher.update(kind.as_bytes());
        hasher.update([0]);
        Self(hasher)
    }

    /// Adds one input; inputs are separated, so `("ab", "c")` and `("a", "bc")` differ.
    pub fn add(&mut self, input: &impl Debug) -> &mut Self {
        // Writing to a hasher cannot fail.
        let _ = write!(self, "{input:?}");
        self.0.update([0]);
        self
    }

    /// Adds one input by its JSON form: several times faster than its `Debug` form, which made digesting
    /// thousands of definitions a tenth of a generation; the model's types serialise every field that reaches an
    /// artifact. An input JSON cannot express (a map with keys that are not strings) is added by its `Debug` form.
    pub fn add_serialized(&mut self, input: &(impl Serialize + Debug)) -> &mut Self {
        if serde_json::to_writer(HashWriter(&mut self.0), input).is_err() {
            self.0.update(b"\0debug\0");
            let _ = write!(self, "{input:?}");
        }
        self.0.update([0]);
        self
    }

    /// A digest of one input's [`Hash`] feed, to add with [`Fingerprint::add_bytes`]: for inputs of thousands of
    /// small values, whose `Debug` form cost a few tenths of a second at 3 000 groups. `Hash` feeds every field,
    /// each collection's length before its elements and a terminator after each string, so different values feed
    /// different bytes; the feed may change with the compiler, and the generator's version is in every fingerprint.
    pub fn digest_of_hashed(input: &impl Hash) -> [u8; 32] {
        let mut digest = Sha256::new();
        input.hash(&mut HashFeed(&mut digest));
        digest.finalize().into()
    }

    pub fn add_bytes(&mut self, bytes: &[u8]) -> &mut Self {
        self.0.update(bytes);
        self.0.update([0]);
        self
    }

    pub fn hex(self) -> String {
        self.0.finalize().iter().map(|byte| format!("{byte:02x}")).collect()
    }
}

/// Bytes written go to the hash.
struct HashWriter<'h>(&'h mut Sha256);

impl std::io::Write for HashWriter<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A [`Hasher`] that passes what it is fed to a SHA-256.
struct HashFeed<'h>(&'h mut Sha256);

impl Hasher for HashFeed<'_> {
    fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// Never read: a fingerprint is the SHA-256 of the feed.
    fn finish(&self) -> u64 {
        0
    }
}

impl fmt::Write for Fingerprint {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.0.update(text.as_bytes());
        Ok(())
    }
}

/// Digests every unit's fingerprint is made of, computed once per generation.
#[derive(Debug)]
pub(crate) struct Digests {
    /// The options and the profile (without the protobuf ledger, which no reused unit reads).
    settings: String,
    /// The definitions' names, sorted: a definition's position.
    names: Vec<DefName>,
    /// Per definition: a digest of its registry entry and its schema after the passes, with its conventions; and
    /// the definitions it refers to before or after the passes (by position, or by name when there is none).
    definitions: Vec<([u8; 32], Vec<Reference>)>,
}

/// A reference: the position of the definition referred to, or the name no definition has.
type Reference = Result<usize, DefName>;

impl Digests {
    pub fn new(
        registry: &Registry,
        published: Definitions<'_>,
        conventions: &BTreeMap<DefName, kapi_model::Conventions>,
        options: &Options,
    ) -> Self {
        let mut settings = Fingerprint::new("settings");
        let Options {
            profile,
            conventions: chosen,
            disabled,
            proto_ledger: _,
            json_schema_base,
            strict,
            max_description_len,
        } = options;
        settings.add(profile).add(chosen).add(disabled).add(json_schema_base).add(strict).add(max_description_len);
        let digest = |(name, schema): (&DefName, &SchemaNode)| {
            let entry = registry.definition(name);
            let mut digest = Fingerprint(Sha256::new());
            digest.add_bytes(name.as_str().as_bytes()).add_serialized(&entry);
            digest.add_serialized(schema).add_serialized(&conventions.get(name));
            let mut targets = references(schema);
            targets.extend(entry.map(|d| references(&d.schema)).unwrap_or_default());
            (name.clone(), (digest.0.finalize().into(), targets))
        };
        // Thousands of definitions: spread over the cores.
        let all: Vec<(&DefName, &SchemaNode)> = published.iter().collect();
        let digested = parallel_map(&all, |entry| digest(*entry));
        let names: Vec<DefName> = published.keys().cloned().collect();
        let position = |name: DefName| names.binary_search(&name).map_err(|_| name);
        let definitions = digested
            .into_iter()
            .map(|(_, (digest, targets))| (digest, targets.into_iter().map(position).collect()))
            .collect();
        Self { settings: settings.hex(), names, definitions }
    }

    /// A fingerprint of `kind` started with the settings.
    pub fn start(&self, kind: &str) -> Fingerprint {
        let mut fingerprint = Fingerprint::new(kind);
        fingerprint.add_bytes(self.settings.as_bytes());
        fingerprint
    }

    /// Adds the digests of every definition reachable from `roots` (references before and after the passes), in
    /// name order, then the names no definition has, as missing (their emitters report them).
    pub fn add_reachable(&self, fingerprint: &mut Fingerprint, roots: impl IntoIterator<Item = DefName>) {
        // Positions, sorted as names are; a set, not a flag per definition: most units reach a few of thousands.
        let mut reached = BTreeSet::new();
        let mut missing = BTreeSet::new();
        let mut pending: Vec<usize> = Vec::new();
        for root in roots {
            match self.names.binary_search(&root) {
                Ok(position) => pending.push(position),
                Err(_) => drop(missing.insert(root)),
            }
        }
        while let Some(position) = pending.pop() {
            if !reached.insert(position) {
                continue;
            }
            for target in &self.definitions[position].1 {
                match target {
                    Ok(next) if !reached.contains(next) => pending.push(*next),
                    Ok(_) => {}
                    Err(name) => drop(missing.insert(name.clone())),
                }
            }
        }
        for position in reached {
            fingerprint.add_bytes(self.names[position].as_str().as_bytes()).add_bytes(&self.definitions[position].0);
        }
        for name in &missing {
            fingerprint.add_bytes(name.as_str().as_bytes()).add_bytes(b"missing");
        }
    }
}

/// Puts `unit`'s files and warnings into `artifacts`: the previous ones when the fingerprint matches, else what
/// `render` adds. Either way the unit is recorded for the next generation; `data` derives the record's data from
/// the unit's files.
pub(crate) fn reuse_or_render<E>(
    previous: &Previous,
    unit: String,
    fingerprint: String,
    artifacts: &mut Artifacts,
    render: impl FnOnce(&mut Artifacts) -> Result<(), E>,
    data: impl FnOnce(&Artifacts) -> Value,
) -> Result<(), E> {
    if let Some(found) = previous.matching(&unit, &fingerprint) {
        let files: Option<Vec<(String, PreviousFile)>> =
            found.files.iter().map(|path| previous.take_file(path).map(|file| (path.clone(), file))).collect();
        if let Some(files) = files {
            for (path, (stamp, bytes)) in files {
                artifacts.insert_kept(path, bytes, stamp);
            }
            for warning in &found.warnings {
                artifacts.warn(warning.clone());
            }
            artifacts.record_unit(unit, found.clone(), true);
            return Ok(());
        }
    }
    // Rendered apart, so the unit's own files and warnings are known.
    let mut rendered = Artifacts::new();
    render(&mut rendered)?;
    let files = rendered.paths().map(str::to_owned).collect();
    let warnings = rendered.warnings().to_vec();
    let data = data(&rendered);
    artifacts.absorb(rendered);
    artifacts.record_unit(unit, UnitRecord { fingerprint, files, warnings, data }, false);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Fingerprint;

    #[test]
    fn hashed_digests_tell_values_apart() {
        let digest = |pairs: &[(&str, &str)]| {
            let map: std::collections::BTreeMap<String, String> =
                pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
            Fingerprint::digest_of_hashed(&map)
        };
        assert_eq!(digest(&[("a", "bc")]), digest(&[("a", "bc")]));
        // The same bytes split differently, or spread over more entries, are other values.
        assert_ne!(digest(&[("a", "bc")]), digest(&[("ab", "c")]));
        assert_ne!(digest(&[("a", "b")]), digest(&[("a", "b"), ("", "")]));
        assert_ne!(digest(&[]), digest(&[("", "")]));
    }
}
