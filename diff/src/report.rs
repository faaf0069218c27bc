//! What a comparison found, split into what fails and what an allow-list accepted, as text or JSON.
//!
//! The JSON document (`kapi diff --output json`):
//!
//! ```text
//! {
//!   "findings": [Finding],      // not accepted, most severe first, then by location
//!   "allowed":  [Finding + "allowedBecause": string],
//!   "unusedAllowances": [{"rule", "location", "reason"}],   // allow-list entries that matched nothing
//!   "summary": {"error": n, "warning": n, "info": n, "allowed": n}
//! }
//! Finding = {"rule": id, "severity": "error" | "warning" | "info", "location": "<apiVersion>[ <Kind><path>]",
//!            "groupVersion": "<apiVersion>", "kind"?: string, "path": string, "detail": string, "reason": string}
//! ```

use serde_json::{Value, json};

use crate::allow::{AllowList, Allowed};
use crate::finding::Finding;
use crate::rule::Severity;

/// Findings after the allow-list.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Not accepted: these decide the outcome.
    pub findings: Vec<Finding>,
    /// Accepted by an allow-list entry, with its reason.
    pub allowed: Vec<(Finding, String)>,
    /// Allow-list entries no finding matched (stale once the break has shipped).
    pub unused_allowances: Vec<Allowed>,
}

impl Report {
    /// Splits `findings` by `allow`.
    pub fn new(findings: Vec<Finding>, allow: &AllowList) -> Self {
        let mut report = Report::default();
        let mut used = vec![false; allow.allowed.len()];
        for finding in findings {
            match allow.accepting(&finding) {
                Some(entry) => {
                    if let Some(index) = allow.allowed.iter().position(|e| std::ptr::eq(e, entry)) {
                        used[index] = true;
                    }
                    report.allowed.push((finding, entry.reason.clone()));
                }
                None => report.findings.push(finding),
            }
        }
        report.unused_allowances =
            allow.allowed.iter().zip(used).filter(|(_, used)| !used).map(|(entry, _)| entry.clone()).collect();
        report.findings.sort_by(|a, b| {
            b.severity.cmp(&a.severity).then_with(|| a.location().cmp(&b.location())).then_with(|| a.cmp(b))
        });
        report
    }

    /// How many findings (not accepted) have `severity`.
    pub fn count(&self, severity: Severity) -> usize {
        self.findings.iter().filter(|f| f.severity == severity).count()
    }

    /// True when a finding that is not accepted is an error.
    pub fn fails(&self) -> bool {
        self.count(Severity::Error) > 0
    }

    /// One line per finding, then the accepted ones and a summary line.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for finding in &self.findings {
            text.push_str(&finding.to_line());
            text.push('\n');
            text.push_str(&format!("        why: {}\n", finding.rule.reason()));
        }
        for (finding, reason) in &self.allowed {
            text.push_str(&format!(
                "allowed {} {}: {} (allowed: {reason})\n",
                finding.rule.id(),
                finding.location(),
                finding.detail
            ));
        }
        for entry in &self.unused_allowances {
            text.push_str(&format!("unused allowance {} {}: nothing matched it\n", entry.rule, entry.location));
        }
        text.push_str(&format!(
            "{} errors, {} warnings, {} info, {} allowed\n",
            self.count(Severity::Error),
            self.count(Severity::Warning),
            self.count(Severity::Info),
            self.allowed.len()
        ));
        text
    }

    /// The JSON document described in this module's documentation.
    pub fn to_json(&self) -> Value {
        let allowed: Vec<Value> = self
            .allowed
            .iter()
            .map(|(finding, reason)| {
                let mut value = json!(finding.to_json());
                value["allowedBecause"] = json!(reason);
                value
            })
            .collect();
        json!({
            "findings": self.findings.iter().map(Finding::to_json).collect::<Vec<_>>(),
            "allowed": allowed,
            "unusedAllowances": self.unused_allowances,
            "summary": {
                "error": self.count(Severity::Error),
                "warning": self.count(Severity::Warning),
                "info": self.count(Severity::Info),
                "allowed": self.allowed.len(),
            },
        })
    }
}
