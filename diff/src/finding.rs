//! One incompatibility found: the rule it breaks, where, and what changed.

use kapi_model::GroupVersion;
use serde::Serialize;

use crate::rule::{Rule, Severity};

/// A change between the old and the new API that a rule flags.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Finding {
    /// The group-version the change is seen in.
    pub group_version: GroupVersion,
    /// The kind, for changes inside or to a resource; for a document's findings, the operation (`POST /pets`).
    pub kind: Option<String>,
    /// Where in the kind: a subresource (`/status`) or a field path (`.spec.replicas`); empty for the kind itself.
    /// For a document's findings, where in the operation (`request body.age`, `query parameter status`).
    pub path: String,
    /// The kind of change.
    pub rule: Rule,
    /// The rule's severity after the version's stability was taken into account.
    pub severity: Severity,
    /// What changed, old against new (`minimum 0 -> 1`).
    pub detail: String,
}

impl Finding {
    /// `<apiVersion>[ <Kind><path>]`: what an allow-list entry names. A document's findings have no group-version:
    /// theirs is `<METHOD> <path>[ <where>]` (see [`crate::document`]).
    pub fn location(&self) -> String {
        let api_version = self.group_version.api_version();
        if api_version.is_empty()
            && let Some(operation) = &self.kind
        {
            return if self.path.is_empty() { operation.clone() } else { format!("{operation} {}", self.path) };
        }
        match &self.kind {
            Some(kind) => format!("{api_version} {kind}{}", self.path),
            None => api_version,
        }
    }

    /// The finding as one line of text: `error schema.field-removed apps/v1 Deployment.spec.paused: detail`.
    pub fn to_line(&self) -> String {
        format!("{:<7} {} {}: {}", self.severity.as_str(), self.rule.id(), self.location(), self.detail)
    }

    /// The JSON form (see [`crate::report`] for the document it sits in).
    pub fn to_json(&self) -> FindingJson<'_> {
        FindingJson {
            rule: self.rule.id(),
            severity: self.severity,
            location: self.location(),
            group_version: self.group_version.api_version(),
            kind: self.kind.as_deref(),
            path: &self.path,
            detail: &self.detail,
            reason: self.rule.reason(),
        }
    }
}

/// A finding as JSON output writes it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FindingJson<'a> {
    pub rule: &'static str,
    pub severity: Severity,
    pub location: String,
    pub group_version: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'a str>,
    pub path: &'a str,
    pub detail: &'a str,
    pub reason: &'static str,
}
