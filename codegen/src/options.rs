//! What a generation is asked for: the profile, conventions, switched-off group-versions and the previous ledger.

use std::collections::{BTreeMap, BTreeSet};

use kapi_model::{Conventions, GroupVersion};

// The ledger's own module, not `emit::proto`'s re-export: the emitter's module reads the options (through the
// context), so naming it here would close a circle.
use crate::emit::proto::ledger::Ledger;
use crate::infra::profile::Profile;

/// How to generate.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// The document settings and the passes every definition goes through.
    pub profile: Profile,
    /// Conventions per group-version, over the registry's own choices (`kapi generate --profile GV=NAME`).
    pub conventions: BTreeMap<GroupVersion, Conventions>,
    /// Group-versions not to serve: their resources, their discovery entries and the definitions only they use are
    /// left out of every artifact.
    pub disabled: BTreeSet<GroupVersion>,
    /// The field-number ledger of the previous generation (`proto/field-numbers.json`); without it, fields without
    /// `#[kapi(proto = N)]` are numbered from scratch.
    pub proto_ledger: Option<Ledger>,
    /// The start of every JSON Schema document's `$id`, which ends with the file name
    /// (`<base><definition>.json`); [`DEFAULT_JSON_SCHEMA_BASE`] when unset.
    pub json_schema_base: Option<String>,
    /// Turns warnings about defaults (a required field with a default) into errors.
    pub strict: bool,
    /// Shortens CRD schema descriptions longer than this many characters, to keep CRDs within the size
    /// `kubectl apply` can handle.
    pub max_description_len: Option<usize>,
}

/// The `$id` base of JSON Schema documents when none is configured: a URN, so ids are absolute URIs that promise
/// no web address.
pub const DEFAULT_JSON_SCHEMA_BASE: &str = "urn:kapi:jsonschema:";

impl Options {
    /// The JSON Schema `$id` base in effect.
    pub fn json_schema_base(&self) -> &str {
        self.json_schema_base.as_deref().unwrap_or(DEFAULT_JSON_SCHEMA_BASE)
    }
}
