//! What the conversion could not restore: swagger 2.0 carries less than OpenAPI 3.0, and some losses cannot be
//! undone from the v2 text alone.

use serde::Serialize;

/// Why an entry is in the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unrestored {
    /// A schema with no type, no reference and no structure: either it accepts any value, or the v2 emitter
    /// dropped a `oneOf`/`anyOf` here and its alternatives are gone; v2 cannot tell the two apart.
    UntypedSchema,
    /// A `collectionFormat` OpenAPI 3.0 has no `style` for (`tsv`); the parameter keeps the default style.
    CollectionFormat,
    /// A path outside `/api/<version>/…` and `/apis/<group>/<version>/…`: it belongs to no group-version document.
    UngroupedPath,
}

impl Unrestored {
    /// The reason in words.
    pub fn describe(self) -> &'static str {
        match self {
            Self::UntypedSchema => "untyped schema: a oneOf/anyOf v2 may have dropped here cannot be restored",
            Self::CollectionFormat => "collectionFormat has no OpenAPI 3.0 style",
            Self::UngroupedPath => "path belongs to no group-version",
        }
    }
}

/// One place the conversion could not make whole.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct ReportEntry {
    /// The group-version document (`apis/apps/v1`), or empty for a path that belongs to none.
    pub group_version: String,
    /// A JSON pointer into the v2 document.
    pub pointer: String,
    pub reason: Unrestored,
}

/// Everything the conversion could not restore, in a stable order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ConversionReport {
    pub entries: Vec<ReportEntry>,
}

impl ConversionReport {
    /// Losses no v2 document can reveal, so none is listed per place: v2 has no `nullable`, and kube-apiserver
    /// strips `default`, `oneOf` and `anyOf` from its v2 documents (an untyped schema hints at the latter two).
    pub const NEVER_VISIBLE: &'static [&'static str] = &["nullable", "default", "oneOf", "anyOf"];

    pub(crate) fn push(&mut self, group_version: &str, pointer: impl Into<String>, reason: Unrestored) {
        self.entries.push(ReportEntry { group_version: group_version.to_owned(), pointer: pointer.into(), reason });
    }

    /// Sorts and removes repeats (a definition shared by several group-versions is reported once per document).
    pub(crate) fn finish(&mut self) {
        self.entries.sort();
        self.entries.dedup();
    }
}

/// Places one conversion step could not restore, as (JSON pointer, reason); the caller knows the group-version.
pub(crate) type Findings = Vec<(String, Unrestored)>;
