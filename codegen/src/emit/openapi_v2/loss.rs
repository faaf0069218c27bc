//! The loss report: every keyword swagger 2.0 could not carry, where it was, and its lossless value.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::infra::artifacts::Artifacts;
use kapi_model::Keyword;

pub use crate::infra::render::LossRule;

/// Where a dropped keyword was.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LossLocation {
    /// Inside the named definition.
    Definition(String),
    /// Inside the operations of the URL path.
    Path(String),
}

/// One keyword swagger 2.0 dropped.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LossEntry {
    #[serde(flatten)]
    pub location: LossLocation,
    /// RFC 6901 pointer to the keyword inside the definition (or path item), in the OpenAPI v3 form.
    pub pointer: String,
    pub keyword: Keyword,
    /// The rule that dropped it.
    pub rule: LossRule,
    /// The keyword's value as OpenAPI v3 writes it.
    pub value: Value,
}

/// Everything the swagger 2.0 document lost relative to OpenAPI v3, sorted by location, pointer and keyword.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LossReport {
    entries: Vec<LossEntry>,
}

/// The file form: entries plus per-keyword counts.
#[derive(Serialize, Deserialize)]
struct ReportFile {
    entries: Vec<LossEntry>,
    summary: BTreeMap<Keyword, usize>,
    total: usize,
}

/// Where [`crate::generate`] puts the report.
pub const LOSS_REPORT_PATH: &str = "openapi/v2/loss-report.json";

impl LossReport {
    /// A report of `entries`, sorted.
    pub fn new(mut entries: Vec<LossEntry>) -> Self {
        entries.sort_by(|a, b| (&a.location, &a.pointer, a.keyword).cmp(&(&b.location, &b.pointer, b.keyword)));
        Self { entries }
    }

    /// The entries in order.
    pub fn entries(&self) -> &[LossEntry] {
        &self.entries
    }

    /// True when nothing was lost.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// How many entries each keyword has.
    pub fn summary(&self) -> BTreeMap<Keyword, usize> {
        let mut counts = BTreeMap::new();
        for entry in &self.entries {
            *counts.entry(entry.keyword).or_insert(0) += 1;
        }
        counts
    }

    /// One line for a CLI: `v2 dropped 12 keywords: 5 default, 4 oneOf, 3 nullable`.
    pub fn summary_line(&self) -> String {
        if self.entries.is_empty() {
            return "v2 dropped no keywords".to_owned();
        }
        let mut counts: Vec<(Keyword, usize)> = self.summary().into_iter().collect();
        counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.as_str().cmp(b.0.as_str())));
        let parts: Vec<String> = counts.iter().map(|(keyword, count)| format!("{count} {keyword}")).collect();
        let noun = if self.entries.len() == 1 { "keyword" } else { "keywords" };
        format!("v2 dropped {} {noun}: {}", self.entries.len(), parts.join(", "))
    }

    /// The report as written to `loss-report.json`.
    pub fn to_json(&self) -> Value {
        let file = ReportFile { entries: self.entries.clone(), summary: self.summary(), total: self.entries.len() };
        serde_json::to_value(file).unwrap_or(Value::Null)
    }

    /// Reads a `loss-report.json`.
    pub fn from_json(bytes: &[u8]) -> Result<Self, serde_json::Error> {
        let file: ReportFile = serde_json::from_slice(bytes)?;
        Ok(Self::new(file.entries))
    }

    /// The report among generated artifacts, if it is there and readable.
    pub fn from_artifacts(artifacts: &Artifacts) -> Option<Self> {
        artifacts.get(LOSS_REPORT_PATH).and_then(|bytes| Self::from_json(bytes).ok())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn entry(definition: &str, pointer: &str, keyword: Keyword) -> LossEntry {
        LossEntry {
            location: LossLocation::Definition(definition.into()),
            pointer: pointer.into(),
            keyword,
            rule: LossRule::NotInSwagger2,
            value: json!(1),
        }
    }

    #[test]
    fn sorts_summarises_and_round_trips() {
        let report = LossReport::new(vec![
            entry("B", "/default", Keyword::Default),
            entry("A", "/properties/x/oneOf", Keyword::OneOf),
            entry("A", "/properties/x/default", Keyword::Default),
        ]);
        assert_eq!(report.entries()[0].pointer, "/properties/x/default");
        assert_eq!(report.summary_line(), "v2 dropped 3 keywords: 2 default, 1 oneOf");
        let json = report.to_json();
        assert_eq!(json["summary"], json!({"default": 2, "oneOf": 1}));
        assert_eq!(json["entries"][0]["definition"], json!("A"));
        let bytes = serde_json::to_vec(&json).expect("bytes");
        assert_eq!(LossReport::from_json(&bytes).expect("parse"), report);
        assert_eq!(LossReport::default().summary_line(), "v2 dropped no keywords");
    }
}
